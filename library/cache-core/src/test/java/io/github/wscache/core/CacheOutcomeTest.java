package io.github.wscache.core;

import io.github.wscache.core.policy.Policy;
import io.github.wscache.testkit.ManualClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

/** Every exchange tells its integration what the cache did, exactly once. */
class CacheOutcomeTest {
    private static final byte[] BODY = "<r/>".getBytes(StandardCharsets.UTF_8);
    private final ManualClock clock = new ManualClock();
    private ResponseCache cache;

    @AfterEach
    void close() {
        cache.close();
    }

    /** An exchange that answers a fixed response and records the outcomes it is told. */
    private static final class Recording implements Exchange<RuntimeException> {
        final List<CacheOutcome> outcomes = new CopyOnWriteArrayList<>();
        private final CachedResponse response;
        private final CachedResponse onRevalidation;

        Recording(CachedResponse response, CachedResponse onRevalidation) {
            this.response = response;
            this.onRevalidation = onRevalidation;
        }

        @Override
        public CachedResponse fetch(Optional<CachedResponse> stale) {
            return stale.isPresent() ? onRevalidation : response;
        }

        @Override
        public void onOutcome(CacheOutcome outcome) {
            outcomes.add(outcome);
        }
    }

    private ResponseCache cache(String yaml) {
        cache = ResponseCache.builder().policy(Policy.parse(yaml, "test.yaml")).clock(clock)
                .build();
        return cache;
    }

    @Test
    void missThenHit_thenRevalidated_eachToldOnce() {
        cache("operations:\n  - operation: op\n    ttl: 10s\n");
        Invocation inv = Invocation.builder("op").parameter("q", "x").build();
        Recording e = new Recording(CachedResponse.builder(BODY).header("ETag", "\"1\"").build(),
                CachedResponse.notModified(java.util.Map.of()));

        cache.exchange(inv, e);
        cache.exchange(inv, e);
        clock.advance(Duration.ofSeconds(11));
        cache.exchange(inv, e);

        assertThat(e.outcomes).extracting(CacheOutcome::kind).containsExactly(
                CacheOutcome.Kind.MISS, CacheOutcome.Kind.HIT, CacheOutcome.Kind.REVALIDATED);
        assertThat(e.outcomes).extracting(CacheOutcome::stored).containsExactly(true, false,
                true);
        assertThat(e.outcomes.get(0).exchanged()).isTrue();
        assertThat(e.outcomes.get(1).exchanged()).isFalse();
    }

    @Test
    void hit_saysHowOldTheResponseIs_otherOutcomesDoNot() {
        cache("operations:\n  - operation: op\n    ttl: 1h\n    honorHttpHeaders: true\n");
        Invocation inv = Invocation.builder("op").build();
        Recording e = new Recording(CachedResponse.builder(BODY)
                .header("Cache-Control", "max-age=600").header("Age", "100").build(), null);
        List<CacheOutcome> onHit = new CopyOnWriteArrayList<>();

        cache.exchange(inv, e);
        clock.advance(Duration.ofSeconds(20));
        cache.exchange(inv, e);
        cache.getIfFresh(inv, onHit::add);

        assertThat(e.outcomes).extracting(CacheOutcome::age).containsExactly(Optional.empty(),
                Optional.of(Duration.ofSeconds(120)));
        assertThat(onHit).extracting(CacheOutcome::kind).containsExactly(CacheOutcome.Kind.HIT);
        assertThat(onHit.get(0).age()).contains(Duration.ofSeconds(120));
    }

    @Test
    void staleIfError_theCacheLetsTheStaleEntryStandInForAFailure_withinItsWindowOnly() {
        cache("operations:\n  - operation: op\n    ttl: 10s\n    honorHttpHeaders: true\n");
        Invocation inv = Invocation.builder("op").build();
        CachedResponse ok = CachedResponse.builder(BODY)
                .header("Cache-Control", "max-age=10, stale-if-error=60").build();
        List<Optional<CachedResponse>> given = new CopyOnWriteArrayList<>();
        // the integration reports the failure as it is and decides nothing
        Exchange<RuntimeException> failing = new Exchange<>() {
            @Override
            public CachedResponse fetch(Optional<CachedResponse> stale) {
                given.add(stale);
                if (given.size() == 1) {
                    return ok;
                }
                throw new IllegalStateException("service down");
            }
        };

        cache.exchange(inv, failing);
        clock.advance(Duration.ofSeconds(30));
        CacheOutcome[] seen = new CacheOutcome[1];
        CachedResponse served = cache.exchange(inv, new Exchange<RuntimeException>() {
            @Override
            public CachedResponse fetch(Optional<CachedResponse> stale) {
                return failing.fetch(stale);
            }

            @Override
            public void onOutcome(CacheOutcome outcome) {
                seen[0] = outcome;
            }
        });
        clock.advance(Duration.ofSeconds(41));

        assertThat(served).isSameAs(ok);
        assertThat(seen[0].kind()).isEqualTo(CacheOutcome.Kind.STALE);
        assertThat(seen[0].reason()).contains(Reason.STALE_IF_ERROR);
        assertThat(seen[0].exchanged()).isTrue();
        org.assertj.core.api.Assertions.assertThatIllegalStateException()
                .isThrownBy(() -> cache.exchange(inv, failing)).withMessage("service down");
        assertThat(given).containsExactly(Optional.empty(), Optional.of(ok), Optional.empty());
        assertThat(cache.stats().hits()).isEqualTo(1);
    }

    @Test
    void staleIfError_aResponseStaleOnArrival_standsInForWhatIsLeftOfItsWindow() {
        cache("operations:\n  - operation: op\n    ttl: 10s\n    honorHttpHeaders: true\n");
        Invocation inv = Invocation.builder("op").build();
        // two seconds old when it arrives (a slow answer, a Date rounded down): 1 s stale
        CachedResponse late = CachedResponse.builder(BODY)
                .header("Date", "Wed, 31 Dec 2025 23:59:58 GMT")
                .header("Cache-Control", "max-age=1, stale-if-error=60").build();
        CachedResponse unavailable = CachedResponse.builder(BODY).status(503).build();

        Recording first = new Recording(late, null);
        cache.exchange(inv, first);
        clock.advance(Duration.ofSeconds(58));
        CachedResponse standIn = cache.exchange(inv, stale -> unavailable);
        clock.advance(Duration.ofSeconds(2));
        CachedResponse pastWindow = cache.exchange(inv, stale -> unavailable);

        assertThat(first.outcomes.get(0).stored()).isTrue();
        assertThat(standIn).isSameAs(late);
        assertThat(pastWindow).isSameAs(unavailable);
        assertThat(cache.stats().hits()).isEqualTo(1);
    }

    @Test
    void staleIfError_aServerErrorStatusIsAFailureToo_aNotFoundIsAnAnswer() {
        cache("operations:\n  - operation: op\n    ttl: 10s\n    honorHttpHeaders: true\n");
        Invocation inv = Invocation.builder("op").build();
        CachedResponse ok = CachedResponse.builder(BODY)
                .header("Cache-Control", "max-age=10, stale-if-error=60").build();
        cache.exchange(inv, stale -> ok);
        clock.advance(Duration.ofSeconds(30));

        CachedResponse unavailable = CachedResponse.builder(BODY).status(503).build();
        CachedResponse notFound = CachedResponse.builder(BODY).status(404).build();

        assertThat(cache.exchange(inv, stale -> unavailable)).isSameAs(ok);
        assertThat(cache.exchange(inv, stale -> notFound)).isSameAs(notFound);
    }

    @Test
    void bypassAndUnstoredMiss_sayWhy() {
        cache("operations:\n  - operation: op\n    ttl: 10s\n");
        Recording fault = new Recording(CachedResponse.builder(BODY).status(500)
                .notCacheable("SOAP fault").build(), null);

        cache.exchange(Invocation.builder("other").build(), fault);
        cache.exchange(Invocation.builder("op").build(), fault);

        assertThat(fault.outcomes).extracting(CacheOutcome::kind)
                .containsExactly(CacheOutcome.Kind.BYPASS, CacheOutcome.Kind.MISS);
        assertThat(fault.outcomes.get(0).reason()).hasValue(Reason.NOT_CACHEABLE);
        assertThat(fault.outcomes.get(0).detail()).hasValue("operation is not cacheable");
        assertThat(fault.outcomes.get(1).reason()).hasValue(Reason.INTEGRATION);
        assertThat(fault.outcomes.get(1).detail()).hasValue("SOAP fault");
        assertThat(fault.outcomes.get(1).stored()).isFalse();
    }

    @Test
    void anOutcomeCallbackThatThrows_isACountedErrorNotAFailedCall() {
        cache("operations:\n  - operation: op\n    ttl: 10s\n");
        CachedResponse ok = CachedResponse.builder(BODY).build();
        Exchange<RuntimeException> throwing = new Exchange<>() {
            @Override
            public CachedResponse fetch(Optional<CachedResponse> stale) {
                return ok;
            }

            @Override
            public void onOutcome(CacheOutcome outcome) {
                throw new IllegalStateException("broken integration");
            }
        };

        assertThat(cache.exchange(Invocation.builder("op").build(), throwing)).isSameAs(ok);
        assertThat(cache.stats("op").errors()).isEqualTo(1);
        assertThat(cache.stats("op").stores()).isEqualTo(1);
    }
}
