package io.github.wscache.micrometer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The binder on a real cache and a {@code SimpleMeterRegistry}: every meter, exact counts. */
class WsCacheMetricsTest {
    static final String POLICY = "maximumSize: 1MB\n"
            + "operations:\n"
            + "  - operation: get\n    ttl: 1m\n"
            + "  - operation: nocache\n    cacheable: false\n"
            + "  - operation: msg\n    ttl: 1m\n    value: events\n"
            + "  - operation: etag\n    ttl: 10s\n"
            + "  - operation: small\n    ttl: 1m\n    maxEntrySize: 1KB\n"
            + "  - operation: http\n    ttl: 1m\n    honorHttpHeaders: true\n"
            + "  - operation: rare\n    ttl: 1m\n    minUses: 2\n";

    private final AtomicReference<Instant> now = new AtomicReference<>(Instant.EPOCH);
    private final InstantSource clock = now::get;
    private final ResponseCache cache = ResponseCache.builder()
            .policy(Policy.parse(POLICY, "test.yaml")).clock(clock).build();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @AfterEach
    void close() {
        cache.close();
    }

    static Invocation call(String op, Object parameter) {
        return Invocation.builder(op).service("S").parameter("p", parameter).build();
    }

    private double counter(String name, String op, String... tags) {
        return registry.get(name).tag("cache", "c").tag("operation", op).tags(tags)
                .functionCounter().count();
    }

    private double gauge(String name, String op) {
        return registry.get(name).tag("operation", op).gauge().value();
    }

    @Test
    void hitsMissesPutsAndLoads_areCountedPerOperation() throws Exception {
        WsCacheMetrics.monitor(registry, cache, "c");
        cache.call(call("get", 1), () -> "one");
        cache.call(call("get", 1), () -> "one");
        cache.call(call("get", 1), () -> "one");
        cache.call(call("get", 2), () -> "two");

        assertThat(counter("cache.gets", "get", "result", "hit")).isEqualTo(2.0);
        assertThat(counter("cache.gets", "get", "result", "miss")).isEqualTo(2.0);
        assertThat(counter("cache.puts", "get")).isEqualTo(2.0);
        FunctionTimer load = registry.get("cache.load.duration").tag("operation", "get")
                .functionTimer();
        assertThat(load.count()).isEqualTo(2.0);
        // the same nanoseconds, through Micrometer's base unit (seconds) and back: equal to
        // within the rounding of that double conversion (3865 came back as 3865.0000000000005)
        assertThat(load.totalTime(TimeUnit.NANOSECONDS))
                .isCloseTo((double) cache.stats("get").loadTimeNanos(), within(0.5))
                .isPositive();
        assertThat(gauge("cache.size", "get")).isEqualTo(2.0);
        assertThat(gauge("cache.weight", "get"))
                .isEqualTo((double) cache.stats("get").weightedSize()).isPositive();
        assertThat(registry.get("cache.weight").gauge().getId().getBaseUnit()).isEqualTo("bytes");
        assertThat(gauge("cache.hit.ratio", "get")).isEqualTo(0.5);
    }

    @Test
    void missesBelowMinUses_areCountedAsNotAdmitted() {
        WsCacheMetrics.monitor(registry, cache, "c");
        cache.call(call("rare", 1), () -> "one");
        cache.call(call("rare", 2), () -> "two");
        cache.call(call("rare", 1), () -> "one");
        cache.call(call("rare", 1), () -> "one");

        assertThat(counter("cache.not.admitted", "rare")).isEqualTo(2.0);
        assertThat(counter("cache.gets", "rare", "result", "miss")).isEqualTo(3.0);
        assertThat(counter("cache.puts", "rare")).isEqualTo(1.0);
    }

    @Test
    void operationsSeenBeforeBinding_countFromTheStart_laterOnesGetMetersAtFirstEvent() {
        cache.call(call("get", 1), () -> "one");
        cache.call(call("get", 1), () -> "one");
        WsCacheMetrics.monitor(registry, cache, "c", "region", "eu");
        assertThat(counter("cache.gets", "get", "result", "hit")).isEqualTo(1.0);
        assertThat(registry.find("cache.gets").tag("operation", "etag").meters()).isEmpty();

        cache.call(call("etag", 1), () -> "x");
        assertThat(counter("cache.gets", "etag", "result", "miss")).isEqualTo(1.0);
        assertThat(registry.get("cache.gets").tag("operation", "etag").tag("region", "eu")
                .meters()).hasSize(2);
    }

    @Test
    void bypasses_areTaggedByReasonClass() throws Exception {
        WsCacheMetrics.monitor(registry, cache, "c");
        cache.call(call("nocache", 1), () -> "x");
        cache.call(call("nocache", 2), () -> "x");
        cache.call(call("msg", 1), () -> "x");
        cache.call(Invocation.builder("get").parameter("p", 9).bypass("no session yet").build(),
                () -> "x");
        cache.exchange(call("small", 1), stale -> CachedResponse.builder(new byte[4096]).build());
        cache.exchange(call("get", 3), stale -> CachedResponse.builder(new byte[1])
                .status(500).build());
        cache.call(call("get", 4), Thread::currentThread);
        cache.exchange(call("http", 1), stale -> CachedResponse.builder(new byte[1])
                .header("Cache-Control", "no-store").build());
        cache.exchange(call("http", 2), stale -> CachedResponse.builder(new byte[1])
                .perUserOnly("Set-Cookie").build());

        assertThat(bypasses("nocache", "not-cacheable")).isEqualTo(2.0);
        assertThat(bypasses("msg", "message-level")).isEqualTo(1.0);
        assertThat(bypasses("get", "integration")).isEqualTo(1.0);
        assertThat(bypasses("small", "too-large")).isEqualTo(1.0);
        assertThat(bypasses("get", "http-status")).isEqualTo(1.0);
        assertThat(bypasses("get", "uncopyable")).isEqualTo(1.0);
        assertThat(bypasses("http", "http-rules")).isEqualTo(1.0);
        assertThat(bypasses("http", "per-user")).isEqualTo(1.0);
        double total = registry.find("cache.bypasses").counters().stream()
                .mapToDouble(c -> c.count()).sum();
        assertThat(total).isEqualTo((double) cache.stats().bypasses());
    }

    private double bypasses(String op, String reason) {
        return registry.get("cache.bypasses").tag("operation", op).tag("reason", reason)
                .counter().count();
    }

    @Test
    void revalidationsErrorsAndSizeEvictions_areCounted() throws Exception {
        WsCacheMetrics.monitor(registry, cache, "c");
        byte[] body = "<r/>".getBytes(StandardCharsets.UTF_8);
        cache.exchange(call("etag", 1), stale -> CachedResponse.builder(body)
                .header("ETag", "\"v1\"").build());
        now.set(now.get().plus(Duration.ofSeconds(11)));
        cache.exchange(call("etag", 1), stale -> {
            assertThat(stale).isPresent();
            return CachedResponse.notModified(java.util.Map.of());
        });
        assertThat(counter("cache.revalidations", "etag")).isEqualTo(1.0);

        cache.recordError(call("etag", 2), "reading the request", new IllegalStateException("x"));
        assertThat(counter("cache.errors", "etag")).isEqualTo(1.0);

        for (int i = 0; i < 40; i++) {
            int n = i;
            cache.exchange(call("get", n), stale -> CachedResponse.builder(new byte[64 << 10])
                    .build());
        }
        assertThat(counter("cache.evictions", "get", "cause", "size"))
                .isEqualTo((double) cache.stats("get").evictions()).isPositive();
        assertThat(counter("cache.evictions", "get", "cause", "expired"))
                .isEqualTo((double) cache.stats("get").expirations());
        assertThat(gauge("cache.size", "get")).isEqualTo((double) cache.stats("get").entryCount());
    }

    @Test
    void oneBinder_inTwoRegistries_countsBypassesInBoth_andCloseRemovesEverything() {
        SimpleMeterRegistry second = new SimpleMeterRegistry();
        WsCacheMetrics metrics = WsCacheMetrics.monitor(registry, cache, "c");
        metrics.bindTo(second);
        cache.call(call("nocache", 1), () -> "x");
        assertThat(second.get("cache.bypasses").counter().count()).isEqualTo(1.0);
        assertThat(bypasses("nocache", "not-cacheable")).isEqualTo(1.0);

        metrics.close();
        assertThat(registry.getMeters()).isEmpty();
        assertThat(second.getMeters()).isEmpty();
        cache.call(call("nocache", 2), () -> "x");
        assertThat(registry.getMeters()).isEmpty();
        assertThatThrownBy(() -> metrics.bindTo(registry))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("this binder was closed");
    }
}
