package io.github.wscache.core;

import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.testkit.ManualClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The engine as a surrogate ({@code honorSurrogateControl}), the way cache-edge runs it:
 * stale-while-revalidate in the background, only-if-cached, hit-for-miss, personal requests that
 * share only what a response allows, and the targeted field outranking Cache-Control.
 */
class SurrogateFlowTest {
    private final ManualClock clock = new ManualClock();
    private final AtomicInteger calls = new AtomicInteger();
    private ResponseCache cache;

    private ResponseCache cache(boolean hitForMiss) {
        OperationPolicy all = OperationPolicy.builder().cacheable(true).honorHttpHeaders(true)
                .httpHeadersOnly(true).build();
        ResponseCache.Builder b = ResponseCache.builder()
                .policy(Policy.builder().defaults(all).build())
                .honorSurrogateControl(true).clock(clock);
        if (hitForMiss) {
            b.hitForMiss(Duration.ofMinutes(2));
        }
        cache = b.build();
        return cache;
    }

    @AfterEach
    void close() {
        cache.close();
    }

    private static Invocation.Builder get() {
        return Invocation.builder("GET").endpoint("http://origin/a");
    }

    /** An exchange answering {@code body} with the given fields, counting its calls. */
    private class Origin implements Exchange<RuntimeException> {
        final String body;
        final String[] fields;
        volatile CacheOutcome outcome;
        boolean background;
        boolean answersUnavailable;

        Origin(String body, String... fields) {
            this.body = body;
            this.fields = fields;
        }

        @Override
        public CachedResponse fetch(Optional<CachedResponse> stale) {
            calls.incrementAndGet();
            CachedResponse.Builder b = CachedResponse.builder(
                    body.getBytes(StandardCharsets.UTF_8));
            for (int i = 0; i < fields.length; i += 2) {
                b.header(fields[i], fields[i + 1]);
            }
            return b.build();
        }

        @Override
        public boolean refreshesInBackground() {
            return background;
        }

        @Override
        public CachedResponse unavailable() {
            return answersUnavailable ? CachedResponse.builder(new byte[0]).status(504)
                    .notCacheable("only-if-cached").build() : null;
        }

        @Override
        public void onOutcome(CacheOutcome o) {
            if (outcome == null) {
                outcome = o;
            }
        }
    }

    private static String text(CachedResponse r) {
        return new String((byte[]) r.body(), StandardCharsets.UTF_8);
    }

    @Test
    void staleWhileRevalidate_answersStaleAtOnceAndRevalidatesOnceInTheBackground()
            throws Exception {
        cache(false);
        String[] swr = {"Cache-Control", "max-age=1, stale-while-revalidate=60"};
        cache.exchange(get().build(), new Origin("one", swr));
        clock.advance(Duration.ofSeconds(5));

        CountDownLatch refreshed = new CountDownLatch(1);
        Origin second = new Origin("two", swr) {
            @Override
            public void onOutcome(CacheOutcome o) {
                super.onOutcome(o);
                if (o.kind() != CacheOutcome.Kind.STALE) {
                    // the background revalidation's outcome: told after it stored its answer
                    refreshed.countDown();
                }
            }
        };
        second.background = true;
        CachedResponse r = cache.exchange(get().build(), second);

        assertThat(text(r)).isEqualTo("one");
        assertThat(second.outcome.kind()).isEqualTo(CacheOutcome.Kind.STALE);
        assertThat(second.outcome.reason()).contains(Reason.STALE_WHILE_REVALIDATE);
        assertThat(refreshed.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(text(cache.exchange(get().build(), new Origin("three", swr))))
                .isEqualTo("two");
        assertThat(calls).hasValue(2);
    }

    @Test
    void staleWhileRevalidate_withoutBackgroundExchanges_revalidatesBeforeAnswering() {
        cache(false);
        String[] swr = {"Cache-Control", "max-age=1, stale-while-revalidate=60"};
        cache.exchange(get().build(), new Origin("one", swr));
        clock.advance(Duration.ofSeconds(5));

        CachedResponse r = cache.exchange(get().build(), new Origin("two", swr));

        assertThat(text(r)).isEqualTo("two");
        assertThat(calls).hasValue(2);
    }

    @Test
    void onlyIfCached_withNothingStored_isTheIntegrationsAnswerWithoutAnExchange() {
        cache(false);
        Origin o = new Origin("never");
        o.answersUnavailable = true;
        Invocation inv = get().requestDirectives(List.of("only-if-cached"), null).build();

        CachedResponse r = cache.exchange(inv, o);

        assertThat(r.status()).isEqualTo(504);
        assertThat(calls).hasValue(0);
        assertThat(o.outcome.reason()).contains(Reason.ONLY_IF_CACHED);
        assertThat(cache.stats().entryCount()).isZero();
    }

    @Test
    void onlyIfCached_whenTheIntegrationMakesNoAnswer_goesToTheService() {
        cache(false);
        Invocation inv = get().requestDirectives(List.of("only-if-cached"), null).build();

        CachedResponse r = cache.exchange(inv, new Origin("fetched"));

        assertThat(text(r)).isEqualTo("fetched");
        assertThat(calls).hasValue(1);
    }

    @Test
    void hitForMiss_afterAnUnstorableAnswer_concurrentMissesDoNotWaitForEachOther()
            throws Exception {
        cache(true);
        cache.exchange(get().build(), new Origin("personal", "Cache-Control", "private"));
        CountDownLatch bothInside = new CountDownLatch(2);
        Origin held = new Origin("personal", "Cache-Control", "private") {
            @Override
            public CachedResponse fetch(Optional<CachedResponse> stale) {
                bothInside.countDown();
                try {
                    // each waits for the other: only two exchanges at once get past this
                    bothInside.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return super.fetch(stale);
            }
        };
        CompletableFuture<CachedResponse> a =
                CompletableFuture.supplyAsync(() -> cache.exchange(get().build(), held));
        CompletableFuture<CachedResponse> b =
                CompletableFuture.supplyAsync(() -> cache.exchange(get().build(), held));

        a.get(20, TimeUnit.SECONDS);
        b.get(20, TimeUnit.SECONDS);
        assertThat(bothInside.getCount()).as("both misses reached the service together").isZero();
        assertThat(calls).hasValue(3);
    }

    @Test
    void personalRequest_isNotAnsweredFromAnEntryThatDoesNotSayItIsShared() {
        cache(false);
        String[] plain = {"Cache-Control", "max-age=60"};
        cache.exchange(get().build(), new Origin("for anyone", plain));
        Invocation personal = get().personal(List.of("cookie"), List.of()).build();

        CachedResponse mine = cache.exchange(personal, new Origin("for you", plain));
        CachedResponse anyone = cache.exchange(get().build(), new Origin("again", plain));

        assertThat(text(mine)).isEqualTo("for you");
        assertThat(text(anyone)).as("the personal answer neither replaced nor dropped it")
                .isEqualTo("for anyone");
        assertThat(calls).hasValue(2);
    }

    @Test
    void personalRequest_waitingForAnAnonymousLoad_isNotAnsweredWithItsUnsharedEntry()
            throws Exception {
        cache(false);
        String[] plain = {"Cache-Control", "max-age=60"};
        Invocation personal = get().personal(List.of("cookie"), List.of()).build();
        CachedResponse mine = whileALoadIsHeld(new Origin("for anyone", plain), get().build(),
                new Origin("for you", plain), personal);

        assertThat(text(mine)).isEqualTo("for you");
        assertThat(text(cache.exchange(get().build(), new Origin("never", plain))))
                .isEqualTo("for anyone");
        assertThat(calls).hasValue(2);
    }

    @Test
    void anonymousRequest_waitingForAPersonalLoad_isNotHandedItsAnswer() throws Exception {
        cache(false);
        String[] plain = {"Cache-Control", "max-age=60"};
        Invocation personal = get().personal(List.of("cookie"), List.of()).build();
        CachedResponse anyone = whileALoadIsHeld(new Origin("for you", plain), personal,
                new Origin("for anyone", plain), get().build());

        assertThat(text(anyone)).isEqualTo("for anyone");
        assertThat(calls).hasValue(2);
    }

    @Test
    void personalRequest_waitingForAnAnonymousLoadOfAPublicPage_sharesIt() throws Exception {
        cache(false);
        String[] shared = {"Cache-Control", "public, max-age=60"};
        Invocation personal = get().personal(List.of("cookie"), List.of()).build();
        CachedResponse mine = whileALoadIsHeld(new Origin("for anyone", shared), get().build(),
                new Origin("never", shared), personal);

        assertThat(text(mine)).isEqualTo("for anyone");
        assertThat(calls).hasValue(1);
    }

    /**
     * Runs {@code leaderCall} with {@code leader}'s exchange held until {@code waiterCall} waits
     * for it (its thread parked on the flight), then lets it go; returns the waiter's answer.
     */
    private CachedResponse whileALoadIsHeld(Origin leader, Invocation leaderCall, Origin waiter,
            Invocation waiterCall) throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Origin held = new Origin(leader.body, leader.fields) {
            @Override
            public CachedResponse fetch(Optional<CachedResponse> stale) {
                inside.countDown();
                try {
                    release.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return super.fetch(stale);
            }
        };
        CompletableFuture<CachedResponse> first =
                CompletableFuture.supplyAsync(() -> cache.exchange(leaderCall, held));
        assertThat(inside.await(20, TimeUnit.SECONDS)).isTrue();
        AtomicReference<CachedResponse> answer = new AtomicReference<>();
        Thread second = new Thread(() -> answer.set(cache.exchange(waiterCall, waiter)));
        second.start();
        // parked in the flight's latch: the only place this call blocks before the release
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (second.getState() != Thread.State.WAITING && System.nanoTime() < end) {
            Thread.onSpinWait();
        }
        assertThat(second.getState()).isEqualTo(Thread.State.WAITING);
        release.countDown();
        first.get(20, TimeUnit.SECONDS);
        second.join(TimeUnit.SECONDS.toMillis(20));
        return answer.get();
    }

    @Test
    void personalRequest_isAnsweredFromAPublicEntry() {
        cache(false);
        String[] shared = {"Cache-Control", "public, max-age=60"};
        cache.exchange(get().build(), new Origin("for anyone", shared));
        Invocation personal = get().personal(List.of("cookie"), List.of()).build();

        assertThat(text(cache.exchange(personal, new Origin("never", shared))))
                .isEqualTo("for anyone");
        assertThat(calls).hasValue(1);
    }

    @Test
    void personalRequest_isNotAnsweredFromAnotherNodesEntryThatIsNotShared() {
        SharedBodyFlowTest.MapTier tier = new SharedBodyFlowTest.MapTier();
        OperationPolicy all = OperationPolicy.builder().cacheable(true).honorHttpHeaders(true)
                .httpHeadersOnly(true).build();
        String[] plain = {"Cache-Control", "max-age=60"};
        try (ResponseCache one = ResponseCache.builder().policy(Policy.builder().defaults(all)
                .build()).honorSurrogateControl(true).clock(clock).sharedTier(tier).build();
                ResponseCache two = ResponseCache.builder().policy(Policy.builder()
                        .defaults(all).build()).honorSurrogateControl(true).clock(clock)
                        .sharedTier(tier).build()) {
            cache = one;
            one.exchange(get().build(), new Origin("for anyone", plain));
            Invocation personal = get().personal(List.of("cookie"), List.of()).build();

            assertThat(text(two.exchange(personal, new Origin("for you", plain))))
                    .isEqualTo("for you");
            assertThat(text(two.exchange(get().build(), new Origin("never", plain))))
                    .as("the anonymous entry read from the tier still answers anonymous calls")
                    .isEqualTo("for anyone");
            assertThat(calls).hasValue(2);
        }
    }

    @Test
    void cdnCacheControl_outranksCacheControlNoStore() {
        cache(false);
        String[] h = {"Cache-Control", "no-store", "CDN-Cache-Control", "max-age=60"};
        cache.exchange(get().build(), new Origin("edge only", h));

        AtomicReference<CacheOutcome> o = new AtomicReference<>();
        Origin again = new Origin("again", h) {
            @Override
            public void onOutcome(CacheOutcome outcome) {
                o.set(outcome);
            }
        };
        assertThat(text(cache.exchange(get().build(), again))).isEqualTo("edge only");
        assertThat(o.get().kind()).isEqualTo(CacheOutcome.Kind.HIT);
    }

    @Test
    void staleOnArrivalWithoutAWayToUseIt_isNotStored() {
        cache(false);
        Origin o = new Origin("old", "Cache-Control", "max-age=10", "Age", "60");
        cache.exchange(get().build(), o);

        assertThat(o.outcome.stored()).isFalse();
        assertThat(o.outcome.reason()).contains(Reason.HTTP_RULES);
    }
}
