package io.github.wscache.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.spi.SharedTier;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The message flow's side of the farm's tier: a body leaves in its shared form
 * ({@link Exchange#toShared}) and comes back through the integration
 * ({@link Exchange#fromShared}); an entry the integration does not keep is a counted miss, never
 * an exception in the call. The tier here is a map (the flow's contract with any tier);
 * cache-http's {@code HttpFarmTest} runs the same on Redis across two JVMs.
 */
class SharedBodyFlowTest {
    private static final String POLICY = "operations:\n  - operation: op\n    ttl: 60s\n";
    private static final Invocation CALL = Invocation.builder("op").parameter("q", "x").build();

    /** A tier in memory, shared by the caches given it: what it keeps, as it was given. */
    static final class MapTier implements SharedTier {
        final Map<String, Object> entries = new ConcurrentHashMap<>();
        final AtomicInteger stores = new AtomicInteger();

        private static String key(Request r) {
            return java.util.Base64.getEncoder().encodeToString(r.key());
        }

        @Override
        public byte[] identitySalt() {
            return new byte[16];
        }

        @Override
        public void bind(Listener listener) {
            // one JVM: nothing to hear
        }

        @Override
        public Lookup lookup(Request request) {
            Object v = entries.get(key(request));
            return v == null ? Lookup.miss(false)
                    : Lookup.found(v, TimeUnit.SECONDS.toNanos(60), TimeUnit.SECONDS.toNanos(60));
        }

        @Override
        public void store(Request request, Object value, long freshNanos, long retainNanos) {
            stores.incrementAndGet();
            entries.put(key(request), value);
        }

        @Override
        public void release(Request request) {
            // no lease
        }

        @Override
        public void invalidate(String operation) {
            entries.clear();
        }

        @Override
        public void invalidateAll() {
            entries.clear();
        }

        @Override
        public void close() {
            // the entries stay, as a farm's do
        }
    }

    /** A body type of an integration, with its own shared form. */
    record Text(String value) {
    }

    /** An integration that keeps {@link Text} bodies and shares them as form "text/1". */
    static final class TextExchange implements Exchange<RuntimeException> {
        final AtomicInteger fetches = new AtomicInteger();

        @Override
        public CachedResponse fetch(Optional<CachedResponse> stale) {
            fetches.incrementAndGet();
            return CachedResponse.builder(new Text("answer")).build();
        }

        @Override
        public CachedResponse toShared(CachedResponse stored) {
            return stored.withBody(new SharedBody("text", 1,
                    ((Text) stored.body()).value().getBytes(StandardCharsets.UTF_8)));
        }

        @Override
        public CachedResponse fromShared(CachedResponse shared) {
            if (!(shared.body() instanceof SharedBody b) || !b.is("text", 1)) {
                throw new IllegalArgumentException("not a text body: " + shared.body());
            }
            return shared.withBody(new Text(new String(b.bytes(), StandardCharsets.UTF_8)));
        }
    }

    private static ResponseCache cache(MapTier tier) {
        return ResponseCache.builder().policy(Policy.parse(POLICY, "t.yaml")).sharedTier(tier)
                .build();
    }

    @Test
    void aBodyLeavesInItsSharedForm_andAnotherCacheMakesItsOwnBodyOfIt() {
        MapTier tier = new MapTier();
        TextExchange first = new TextExchange();
        try (ResponseCache a = cache(tier); ResponseCache b = cache(tier)) {
            a.exchange(CALL, first);
            assertThat(tier.entries.values()).singleElement()
                    .satisfies(v -> assertThat(((CachedResponse) v).body())
                            .isEqualTo(new SharedBody("text", 1, "answer".getBytes(
                                    StandardCharsets.UTF_8))));
            TextExchange second = new TextExchange();
            CachedResponse r = b.exchange(CALL, second);
            assertThat(r.body()).isEqualTo(new Text("answer"));
            assertThat(second.fetches).hasValue(0);
            assertThat(b.stats().hits()).isEqualTo(1);
            assertThat(b.stats().errors()).isZero();
        }
    }

    @Test
    void anEntryTheIntegrationDoesNotKeep_isACountedMiss_andIsReplaced() {
        MapTier tier = new MapTier();
        try (ResponseCache xml = cache(tier); ResponseCache text = cache(tier)) {
            // another integration stored XML bytes under the key
            xml.exchange(CALL, stale -> CachedResponse.builder(
                    "<r/>".getBytes(StandardCharsets.UTF_8)).build());
            TextExchange e = new TextExchange();
            CachedResponse r = text.exchange(CALL, e);
            assertThat(r.body()).isEqualTo(new Text("answer"));
            assertThat(e.fetches).as("a miss").hasValue(1);
            assertThat(text.stats().errors()).as("counted").isEqualTo(1);
            assertThat(tier.stores).as("the answer replaced it").hasValue(2);
        }
    }

    @Test
    void anXmlIntegration_refusesAnotherIntegrationsSharedBody() {
        MapTier tier = new MapTier();
        try (ResponseCache text = cache(tier); ResponseCache xml = cache(tier)) {
            text.exchange(CALL, new TextExchange());
            AtomicInteger fetches = new AtomicInteger();
            CachedResponse r = xml.exchange(CALL, stale -> {
                fetches.incrementAndGet();
                return CachedResponse.builder("<r/>".getBytes(StandardCharsets.UTF_8)).build();
            });
            assertThat(r.body()).isInstanceOf(byte[].class);
            assertThat(fetches).hasValue(1);
            assertThat(xml.stats().errors()).isEqualTo(1);
        }
    }

    @Test
    void aBodyWithoutASharedForm_staysInItsJvm_andTheCallGoesOn() {
        MapTier tier = new MapTier();
        try (ResponseCache a = cache(tier)) {
            CachedResponse r = a.exchange(CALL, stale -> CachedResponse.builder(
                    new Text("local")).build());
            assertThat(r.body()).isEqualTo(new Text("local"));
            assertThat(tier.stores).hasValue(0);
            assertThat(a.stats().stores()).isEqualTo(1);
            assertThat(a.stats().errors()).isZero();
        }
    }

    @Test
    void anIntegrationWhoseSharedFormFails_keepsTheEntryLocal_andCountsIt() {
        MapTier tier = new MapTier();
        try (ResponseCache a = cache(tier)) {
            CachedResponse r = a.exchange(CALL, new Exchange<RuntimeException>() {
                @Override
                public CachedResponse fetch(Optional<CachedResponse> stale) {
                    return CachedResponse.builder(new Text("x")).build();
                }

                @Override
                public CachedResponse toShared(CachedResponse stored) {
                    throw new IllegalStateException("broken");
                }
            });
            assertThat(r.body()).isEqualTo(new Text("x"));
            assertThat(tier.stores).hasValue(0);
            assertThat(a.stats().errors()).isEqualTo(1);
        }
    }
}
