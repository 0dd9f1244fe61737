package io.github.wscache.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.CacheOutcome;
import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.spi.SharedTier;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The charts' data from a real cache and its Micrometer meters, sampled by hand. */
class TelemetryTest {
    private final ResponseCache cache = ResponseCache.builder().policy(Policy.parse(
            "operations:\n  - operation: doGoogleSearch\n    ttl: 1h\n"
                    + "  - operation: doGetCachedPage\n    cacheable: false\n", "t.yaml"))
            .build();

    /** The outcome of the last call, as cache-axis hands the portal its stub's. */
    private final AtomicReference<CacheOutcome> last = new AtomicReference<>();

    private String search(Telemetry t, String q) {
        return t.time("doGoogleSearch", () -> cache.call(
                Invocation.builder("doGoogleSearch").parameter("q", q).build(), () -> q + "!",
                last::set), () -> Optional.ofNullable(last.get()));
    }

    @Test
    @SuppressWarnings("unchecked")
    void series_hasCallsPerSecond_hitRatio_andLatencyOfHitsAndMisses() {
        try (Telemetry t = new Telemetry(cache, false)) {
            t.sample(10_000);
            search(t, "a");
            search(t, "a");
            search(t, "a");
            t.time("doGetCachedPage", () -> cache.call(
                    Invocation.builder("doGetCachedPage").parameter("u", "x").build(), () -> "p",
                    last::set), () -> Optional.ofNullable(last.get()));
            t.sample(12_000);

            Map<String, Object> s = t.series();
            assertThat((List<Long>) s.get("t")).containsExactly(12_000L);
            Map<String, Map<String, Object>> ops =
                    (Map<String, Map<String, Object>>) s.get("operations");
            assertThat((List<Double>) ops.get("doGoogleSearch").get("callsPerSecond"))
                    .containsExactly(1.5);
            assertThat((List<Double>) ops.get("doGoogleSearch").get("hitRatio"))
                    .containsExactly(2.0 / 3);
            assertThat((List<Double>) ops.get("doGetCachedPage").get("callsPerSecond"))
                    .containsExactly(0.5);
            assertThat((List<Double>) ops.get("doGetCachedPage").get("hitRatio"))
                    .containsExactly((Double) null);
            assertThat((List<Double>) ops.get("doSpellingSuggestion").get("callsPerSecond"))
                    .containsExactly(0.0);

            Map<String, Map<String, Object>> latency =
                    (Map<String, Map<String, Object>>) s.get("latency");
            Map<String, Object> hit = latency.get("hit");
            assertThat(hit.get("count")).isEqualTo(2L);
            assertThat(sum((long[]) hit.get("counts"))).isEqualTo(2L);
            assertThat((long[]) hit.get("counts")).hasSize(Telemetry.BUCKETS_MS.length + 1);
            assertThat(latency.get("miss").get("count")).isEqualTo(1L);
            assertThat(t.registry().get("portal.calls").tag("result", "bypass").timer().count())
                    .isEqualTo(1L);
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void theWindow_keepsFiveMinutesOfSamples() {
        try (Telemetry t = new Telemetry(cache, false)) {
            for (int i = 0; i < Telemetry.WINDOW + 10; i++) {
                t.sample(i * 1000L);
            }
            List<Long> times = (List<Long>) t.series().get("t");
            assertThat(times).hasSize(Telemetry.WINDOW - 1);
            assertThat(times.get(times.size() - 1)).isEqualTo((Telemetry.WINDOW + 9) * 1000L);
        }
    }

    private static long sum(long[] a) {
        long n = 0;
        for (long x : a) {
            n += x;
        }
        return n;
    }

    @Test
    void sharedHits_countTheHitsTheFarmsTierAnswered() {
        SharedTier tier = new SharedTier() {
            @Override
            public byte[] identitySalt() {
                return new byte[16];
            }

            @Override
            public void bind(Listener listener) {
                // nothing to hear
            }

            private int lookups;

            @Override
            public Lookup lookup(Request request) {
                // another node's entry for the first key asked, nothing for any other
                return lookups++ == 0 ? Lookup.found("farm!", 60_000_000_000L, 60_000_000_000L)
                        : Lookup.miss(false);
            }

            @Override
            public void store(Request request, Object value, long fresh, long retain) {
                // kept nowhere
            }

            @Override
            public void release(Request request) {
                // no lease
            }

            @Override
            public void invalidate(String operation) {
                // nothing shared
            }

            @Override
            public void invalidateAll() {
                // nothing shared
            }

            @Override
            public void close() {
                // nothing to close
            }
        };
        try (ResponseCache farm = ResponseCache.builder().policy(Policy.parse(
                "operations:\n  - operation: doGoogleSearch\n    ttl: 1h\n", "t.yaml"))
                .sharedTier(tier).build();
                Telemetry t = new Telemetry(farm, false)) {
            for (String q : List.of("farm", "farm", "local", "local")) {
                farm.call(Invocation.builder("doGoogleSearch").parameter("q", q).build(),
                        () -> q + "?");
            }

            assertThat(farm.stats("doGoogleSearch").hits()).isEqualTo(3);
            assertThat(t.sharedHits("doGoogleSearch")).isEqualTo(1); // then the node's own
            assertThat(t.sharedHits("doSpellingSuggestion")).isZero();
        }
    }
}
