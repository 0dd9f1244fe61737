package io.github.wscache.core;

import io.github.wscache.core.policy.Policy;
import io.github.wscache.testkit.ManualClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

/** The message level with {@code honorHttpHeaders: true}: the server's headers decide. */
class HttpFreshnessCacheTest {
    private static final byte[] BODY = "<r/>".getBytes(StandardCharsets.UTF_8);
    private final ManualClock clock = new ManualClock();
    private final ResponseCache cache = ResponseCache.builder()
            .policy(Policy.parse("operations:\n  - operation: get\n    ttl: 1h\n"
                    + "    honorHttpHeaders: true\n", "t.yaml"))
            .clock(clock).build();
    private final AtomicInteger calls = new AtomicInteger();

    private CachedResponse get(Invocation inv, String name, String value) {
        return cache.exchange(inv, stale -> {
            calls.incrementAndGet();
            return CachedResponse.builder(BODY).header(name, value).build();
        });
    }

    private static Invocation url(String u) {
        return Invocation.builder("get").vary("method", "GET").parameter("url", u).build();
    }

    @Test
    void maxAgeOverridesThePolicyTtl() {
        get(url("/a"), "Cache-Control", "max-age=60");
        clock.advance(Duration.ofSeconds(59));
        get(url("/a"), "Cache-Control", "max-age=60");
        assertThat(calls).hasValue(1);
        clock.advance(Duration.ofSeconds(2));
        get(url("/a"), "Cache-Control", "max-age=60");
        assertThat(calls).hasValue(2);
    }

    @Test
    void noStoreIsNeverStored() {
        get(url("/a"), "Cache-Control", "no-store");
        get(url("/a"), "Cache-Control", "no-store");
        assertThat(calls).hasValue(2);
        assertThat(cache.stats().bypasses()).isEqualTo(2);
    }

    @Test
    void privateIsStoredOnlyInPerUserEntries() {
        get(url("/a"), "Cache-Control", "private, max-age=60");
        get(url("/a"), "Cache-Control", "private, max-age=60");
        assertThat(calls).hasValue(2);

        Invocation alice = Invocation.builder("get").parameter("url", "/a")
                .authorization("Basic YWxpY2U6cHc=").build();
        get(alice, "Cache-Control", "private, max-age=60");
        get(alice, "Cache-Control", "private, max-age=60");
        assertThat(calls).hasValue(3);
    }

    @Test
    void responseWithoutFreshnessInformationGetsTheTtl() {
        get(url("/a"), "X-Other", "1");
        clock.advance(Duration.ofMinutes(59));
        get(url("/a"), "X-Other", "1");
        assertThat(calls).hasValue(1);
    }

    @Test
    void expiresInThePastIsNotStoredWithoutAValidator() {
        get(url("/a"), "Expires", "Thu, 01 Jan 1970 00:00:00 GMT");
        get(url("/a"), "Expires", "Thu, 01 Jan 1970 00:00:00 GMT");
        assertThat(calls).hasValue(2);
    }

    @Test
    void expiresFarInTheFutureIsStoredAndServed() {
        get(url("/a"), "Expires", "Fri, 31 Dec 9999 23:59:59 GMT");
        clock.advance(Duration.ofDays(365));
        get(url("/a"), "Expires", "Fri, 31 Dec 9999 23:59:59 GMT");

        assertThat(calls).hasValue(1);
        assertThat(cache.stats().errors()).isZero();
    }

    @Test
    void hugeMaxAgeIsStoredAndServed() {
        get(url("/a"), "Cache-Control", "max-age=9223372036854775807");
        clock.advance(Duration.ofDays(365));
        get(url("/a"), "Cache-Control", "max-age=9223372036854775807");

        assertThat(calls).hasValue(1);
        assertThat(cache.stats().errors()).isZero();
    }

    private static Invocation asking(String url, String cacheControl) {
        return Invocation.builder("get").vary("method", "GET").parameter("url", url)
                .privateCache(true).requestDirectives(List.of(cacheControl), null).build();
    }

    @Test
    void requestMaxAge0_revalidatesAFreshEntryWithItsValidator() {
        List<Map<String, String>> conditions = new ArrayList<>();
        Exchange<RuntimeException> tagged = stale -> {
            calls.incrementAndGet();
            conditions.add(stale.map(CachedResponse::conditionalHeaders).orElse(Map.of()));
            return stale.isPresent() ? CachedResponse.notModified(Map.of())
                    : CachedResponse.builder(BODY).header("Cache-Control", "max-age=60")
                            .header("ETag", "\"1\"").build();
        };
        cache.exchange(url("/a"), tagged);
        clock.advance(Duration.ofSeconds(1));
        cache.exchange(asking("/a", "max-age=0"), tagged);
        cache.exchange(url("/a"), tagged);

        assertThat(calls).hasValue(2);
        assertThat(conditions).containsExactly(Map.of(), Map.of("If-None-Match", "\"1\""));
    }

    @Test
    void requestMaxStale_servesAStaleEntryOfAPrivateCache_unlessMustRevalidate() {
        Invocation plain = Invocation.builder("get").vary("method", "GET").parameter("url", "/a")
                .privateCache(true).build();
        cache.exchange(plain, stale -> {
            calls.incrementAndGet();
            return CachedResponse.builder(BODY).header("Cache-Control", "max-age=10").build();
        });
        Invocation strictPlain = Invocation.builder("get").vary("method", "GET")
                .parameter("url", "/b").privateCache(true).build();
        cache.exchange(strictPlain, stale -> {
            calls.incrementAndGet();
            return CachedResponse.builder(BODY)
                    .header("Cache-Control", "max-age=10, must-revalidate").build();
        });
        clock.advance(Duration.ofSeconds(30));

        assertThat(cache.getIfFresh(asking("/a", "max-stale=60"))).isPresent();
        assertThat(cache.getIfFresh(asking("/a", "max-stale=5"))).isEmpty();
        assertThat(cache.getIfFresh(asking("/b", "max-stale=60"))).isEmpty();
        assertThat(calls).hasValue(2);
    }
}
