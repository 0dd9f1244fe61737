package io.github.wscache.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.spi.SharedTier;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A response that varies, first learnt by one JVM of a farm: the other JVMs wait for the
 * lease on the key they looked up (the primary key), so by the time that lease is released the
 * tier must hold both what selects a variant and the variant itself. Otherwise a waiter reads
 * the marker, misses the variant, takes the variant's free lease and calls the service a second
 * time: the composition matrix's cross-JVM single flight failed that way, now and then, for
 * cache-edge's {@code Vary: Cookie} pages.
 */
class VaryAcrossTierTest {
    private static final String POLICY = "operations:\n  - operation: page\n    ttl: 60s\n";

    /**
     * A tier in memory with one lease per key; what a waiter in another JVM would read at the
     * moment a lease is released is kept as {@link #atRelease}.
     */
    static final class LeasingTier implements SharedTier {
        final Map<String, Object> entries = new ConcurrentHashMap<>();
        final Map<String, Boolean> leases = new ConcurrentHashMap<>();
        volatile Map<String, Object> atRelease;

        private static String key(Request r) {
            return Base64.getEncoder().encodeToString(r.key());
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
            if (v != null) {
                return Lookup.found(v, TimeUnit.SECONDS.toNanos(60),
                        TimeUnit.SECONDS.toNanos(60));
            }
            if (leases.putIfAbsent(key(request), Boolean.TRUE) == null) {
                request.lease(key(request));
                return Lookup.miss(true);
            }
            return Lookup.miss(false);
        }

        @Override
        public void store(Request request, Object value, long freshNanos, long retainNanos) {
            entries.put(key(request), value);
            release(request);
        }

        @Override
        public void release(Request request) {
            Object held = request.lease();
            if (held != null) {
                request.lease(null);
                atRelease = Map.copyOf(entries);
                leases.remove((String) held);
            }
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

        /** What another JVM reads: the entries as they were when the lease was released. */
        LeasingTier asSeenAtRelease() {
            LeasingTier seen = new LeasingTier();
            seen.entries.putAll(atRelease);
            return seen;
        }
    }

    private static Invocation page(String cookie) {
        return Invocation.builder("page").parameter("path", "/held")
                .requestFields(f -> f.equalsIgnoreCase("Cookie") ? List.of(cookie) : List.of())
                .build();
    }

    private static Exchange<RuntimeException> service(AtomicInteger calls, String cookie) {
        return stale -> {
            calls.incrementAndGet();
            return CachedResponse.builder(("page of " + cookie).getBytes(StandardCharsets.UTF_8))
                    .header("Vary", "Cookie").build();
        };
    }

    @Test
    void whenTheLeaseIsReleased_theVariantIsAlreadyInTheTier_soAWaiterMakesNoCall() {
        LeasingTier tier = new LeasingTier();
        AtomicInteger calls = new AtomicInteger();
        try (ResponseCache first = ResponseCache.builder().policy(Policy.parse(POLICY, "p.yaml"))
                .sharedTier(tier).build()) {
            first.exchange(page("session=ann"), service(calls, "session=ann"));
        }
        assertThat(calls).hasValue(1);
        assertThat(tier.atRelease).as("the tier when the lease was released").isNotNull();

        // another JVM that waited for that lease reads the tier as it was at that moment
        try (ResponseCache other = ResponseCache.builder().policy(Policy.parse(POLICY, "p.yaml"))
                .sharedTier(tier.asSeenAtRelease()).build()) {
            CachedResponse r = other.exchange(page("session=ann"), service(calls,
                    "session=ann"));

            assertThat(new String((byte[]) r.body(), StandardCharsets.UTF_8))
                    .isEqualTo("page of session=ann");
            assertThat(calls).as("service calls for the farm").hasValue(1);
            assertThat(other.stats().hits()).isEqualTo(1);
        }
    }
}
