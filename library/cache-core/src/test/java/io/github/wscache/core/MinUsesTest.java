package io.github.wscache.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testkit.Waits;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** {@code minUses}: responses of keys asked for too rarely are passed through, never kept. */
class MinUsesTest extends CacheFixture {
    private static final byte[] BODY = "<r>ok</r>".getBytes(StandardCharsets.UTF_8);

    private void settings(String settings) {
        cache("operations:\n  - operation: op\n" + settings);
    }

    private static Invocation op(String q) {
        return Invocation.builder("op").parameter("q", q).build();
    }

    /** An exchange that counts full fetches and pass-throughs separately. */
    private static final class Counting implements Exchange<RuntimeException> {
        final AtomicInteger fetched = new AtomicInteger();
        final AtomicInteger passed = new AtomicInteger();

        @Override
        public CachedResponse fetch(Optional<CachedResponse> stale) {
            fetched.incrementAndGet();
            return CachedResponse.builder(BODY).contentType("text/xml").build();
        }

        @Override
        public CachedResponse passThrough() {
            passed.incrementAndGet();
            return CachedResponse.builder(null).notCacheable("passed through").build();
        }
    }

    @Test
    void call_keepsTheResultOnlyFromTheSecondRequestOfAKey() {
        settings("    value: reflection\n    minUses: 2\n");
        AtomicInteger calls = new AtomicInteger();

        List<String> got = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            got.add(cache.call(op("a"), () -> "a-" + calls.incrementAndGet()));
        }

        assertThat(got).containsExactly("a-1", "a-2", "a-2", "a-2");
        assertThat(calls).hasValue(2);
        CacheStats s = cache.stats("op");
        assertThat(s.misses()).isEqualTo(2);
        assertThat(s.notAdmitted()).isEqualTo(1);
        assertThat(s.stores()).isEqualTo(1);
        assertThat(s.hits()).isEqualTo(2);
        assertThat(s.bypasses()).isZero();
        assertThat(events).extracting(CacheEvent::type).containsExactly(CacheEvent.Type.MISS,
                CacheEvent.Type.MISS, CacheEvent.Type.STORE, CacheEvent.Type.HIT,
                CacheEvent.Type.HIT);
        assertThat(events.get(0).detail()).hasValue("not kept: asked for 1 of minUses 2 times");
    }

    @Test
    void call_withMinUsesOneKeepsTheFirstResult() {
        settings("    value: reflection\n    minUses: 1\n");
        AtomicInteger calls = new AtomicInteger();

        cache.call(op("a"), () -> "a-" + calls.incrementAndGet());
        cache.call(op("a"), () -> "a-" + calls.incrementAndGet());

        assertThat(calls).hasValue(1);
        assertThat(cache.stats().notAdmitted()).isZero();
    }

    @Test
    void call_keysThatAreNeverRepeatedAreNeverStored() {
        settings("    value: reflection\n    minUses: 2\n");

        for (int i = 0; i < 1_000; i++) {
            String q = "once " + i;
            assertThat(cache.call(op(q), () -> q.toUpperCase())).isEqualTo(q.toUpperCase());
        }

        CacheStats s = cache.stats();
        assertThat(s.stores()).isZero();
        assertThat(s.entryCount()).isZero();
        assertThat(s.notAdmitted()).isEqualTo(1_000);
        assertThat(s.loads()).isEqualTo(1_000);
    }

    @Test
    void call_minUsesThreeNeedsThreeRequests() {
        settings("    value: reflection\n    minUses: 3\n");
        AtomicInteger calls = new AtomicInteger();

        for (int i = 0; i < 5; i++) {
            cache.call(op("a"), () -> "a-" + calls.incrementAndGet());
        }

        assertThat(calls).hasValue(3);
        assertThat(cache.stats().notAdmitted()).isEqualTo(2);
    }

    @Test
    void call_aFailureOfAKeyNotYetKeptReachesTheCallerAndIsNotCounted() {
        settings("    value: reflection\n    minUses: 2\n");
        IllegalStateException boom = new IllegalStateException("down");

        Throwable thrown = null;
        try {
            cache.call(op("a"), () -> {
                throw boom;
            });
        } catch (IllegalStateException e) {
            thrown = e;
        }

        assertThat(thrown).isSameAs(boom);
        assertThat(cache.stats().stores()).isZero();
        // the failed request still counts as one request for the key
        assertThat(cache.call(op("a"), () -> "a")).isEqualTo("a");
        assertThat(cache.stats().stores()).isEqualTo(1);
    }

    @Test
    void exchange_passesTheFirstResponseThroughAndKeepsTheSecond() {
        settings("    value: xml\n    minUses: 2\n");
        Counting exchange = new Counting();
        List<CacheOutcome> outcomes = new ArrayList<>();
        Exchange<RuntimeException> told = new Exchange<>() {
            @Override
            public CachedResponse fetch(Optional<CachedResponse> stale) {
                return exchange.fetch(stale);
            }

            @Override
            public CachedResponse passThrough() {
                return exchange.passThrough();
            }

            @Override
            public void onOutcome(CacheOutcome outcome) {
                outcomes.add(outcome);
            }
        };

        CachedResponse first = cache.exchange(op("a"), told);
        CachedResponse second = cache.exchange(op("a"), told);
        CachedResponse third = cache.exchange(op("a"), told);

        assertThat(first.body()).isNull();
        assertThat(second.body()).isEqualTo(BODY);
        assertThat(third).isSameAs(second);
        assertThat(exchange.passed).hasValue(1);
        assertThat(exchange.fetched).hasValue(1);
        assertThat(outcomes).extracting(CacheOutcome::kind).containsExactly(
                CacheOutcome.Kind.MISS, CacheOutcome.Kind.MISS, CacheOutcome.Kind.HIT);
        assertThat(outcomes.get(0).stored()).isFalse();
        assertThat(outcomes.get(0).reason()).hasValue(Reason.NOT_ADMITTED);
        assertThat(outcomes.get(0).detail()).hasValue("not kept: asked for 1 of minUses 2 times");
        assertThat(outcomes.get(1).stored()).isTrue();
        CacheStats s = cache.stats("op");
        assertThat(s.notAdmitted()).isEqualTo(1);
        assertThat(s.loads()).isEqualTo(2);
        assertThat(s.bypasses()).isZero();
    }

    @Test
    void exchange_byDefaultAPassThroughIsAPlainFetch() {
        settings("    value: xml\n    minUses: 2\n");
        AtomicInteger calls = new AtomicInteger();

        CachedResponse first = cache.exchange(op("a"), stale -> {
            calls.incrementAndGet();
            return CachedResponse.builder(BODY).build();
        });

        assertThat(first.body()).isEqualTo(BODY);
        assertThat(calls).hasValue(1);
        assertThat(cache.stats().stores()).isZero();
    }

    @Test
    void exchange_waitersOfAKeyNotYetKeptPassThroughThemselves() throws Exception {
        settings("    value: xml\n    minUses: 2\n");
        AtomicInteger passed = new AtomicInteger();
        AtomicInteger fetched = new AtomicInteger();
        CountDownLatch leaderIn = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Exchange<RuntimeException> exchange = new Exchange<>() {
            @Override
            public CachedResponse fetch(Optional<CachedResponse> stale) {
                fetched.incrementAndGet();
                return CachedResponse.builder(BODY).build();
            }

            @Override
            public CachedResponse passThrough() {
                if (passed.incrementAndGet() == 1) {
                    leaderIn.countDown();
                    try {
                        release.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return CachedResponse.builder(null).notCacheable("passed").build();
            }
        };
        List<Thread> waiters = new CopyOnWriteArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<CachedResponse>> results = new ArrayList<>();
            results.add(pool.submit(() -> cache.exchange(op("a"), exchange)));
            assertThat(leaderIn.await(10, TimeUnit.SECONDS)).isTrue();
            for (int i = 0; i < 7; i++) {
                results.add(pool.submit(() -> {
                    waiters.add(Thread.currentThread());
                    return cache.exchange(op("a"), exchange);
                }));
            }
            // every waiter has started and is parked: the only place it can park is the flight
            Waits.until("7 waiters started", () -> waiters.size() == 7);
            Waits.untilParked(waiters);
            release.countDown();
            for (Future<CachedResponse> f : results) {
                assertThat(f.get(10, TimeUnit.SECONDS).body()).isNull();
            }
        } finally {
            pool.shutdownNow();
        }

        // nothing was recorded for anyone: the leader and every waiter passed through
        assertThat(fetched).hasValue(0);
        assertThat(passed).hasValue(8);
        assertThat(cache.stats().stores()).isZero();
    }
}
