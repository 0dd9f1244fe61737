package io.github.wscache.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;

import io.github.wscache.core.policy.Policy;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link ResponseCache#call} tells its caller what the cache did, as an exchange is told. */
class CallOutcomeTest {
    private final ResponseCache cache = ResponseCache.builder().policy(Policy.parse("""
            operations:
              - operation: search
                ttl: 1h
              - operation: page
                cacheable: false
              - operation: spelling
                ttl: 1h
                value: events
            """, "outcomes.yaml")).build();
    private final List<CacheOutcome> told = new CopyOnWriteArrayList<>();
    private final ExecutorService pool = Executors.newFixedThreadPool(1);

    @AfterEach
    void close() {
        pool.shutdownNow();
        cache.close();
    }

    private static Invocation search(String q) {
        return Invocation.builder("search").parameter("q", q).build();
    }

    @Test
    void missStoredThenHit() {
        cache.call(search("a"), () -> "A", told::add);
        cache.call(search("a"), () -> "never", told::add);

        assertThat(told).extracting(CacheOutcome::kind)
                .containsExactly(CacheOutcome.Kind.MISS, CacheOutcome.Kind.HIT);
        assertThat(told.get(0).stored()).isTrue();
        assertThat(told.get(0).reason()).isEmpty();
    }

    @Test
    void bypasses_sayWhyWithATypedReason() {
        cache.call(Invocation.builder("page").parameter("u", "x").build(), () -> "p", told::add);
        cache.call(Invocation.builder("spelling").parameter("p", "x").build(), () -> "s",
                told::add);

        assertThat(told).extracting(CacheOutcome::kind)
                .containsOnly(CacheOutcome.Kind.BYPASS);
        assertThat(told).extracting(o -> o.reason().orElseThrow())
                .containsExactly(Reason.NOT_CACHEABLE, Reason.MESSAGE_LEVEL);
    }

    @Test
    void anUncopyableResult_isAMissNotStored_withItsReason() {
        cache.call(search("t"), () -> new Thread("uncopyable"), told::add);

        assertThat(told).hasSize(1);
        assertThat(told.get(0).kind()).isEqualTo(CacheOutcome.Kind.MISS);
        assertThat(told.get(0).stored()).isFalse();
        assertThat(told.get(0).reason()).contains(Reason.UNCOPYABLE);
    }

    @Test
    void aFailedLoad_isToldBeforeItIsThrown_andAWaiterIsToldItShared() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<CacheOutcome> waiter = new CopyOnWriteArrayList<>();
        Future<?> leader = pool.submit(() -> cache.call(search("f"), () -> {
            entered.countDown();
            release.await();
            throw new IOException("service down");
        }, told::add));
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        Throwable[] secondFailed = new Throwable[1];
        Thread second = new Thread(() -> {
            try {
                cache.call(search("f"), () -> "own", waiter::add);
            } catch (Throwable t) {
                secondFailed[0] = t;
            }
        });
        second.start();
        // the waiter has joined the leader's flight once it waits on the flight's latch
        while (second.getState() != Thread.State.WAITING) {
            assertThat(second.isAlive()).isTrue();
            Thread.onSpinWait();
        }
        release.countDown();
        second.join(10_000);

        assertThatIOException().isThrownBy(() -> unwrap(leader)).withMessage("service down");
        assertThat(secondFailed[0]).isInstanceOf(IOException.class).hasMessage("service down");
        assertThat(told).extracting(CacheOutcome::kind).containsExactly(CacheOutcome.Kind.MISS);
        assertThat(waiter).extracting(CacheOutcome::kind)
                .containsExactly(CacheOutcome.Kind.SHARED);
        assertThat(waiter.get(0).reason()).contains(Reason.CONCURRENT_FAILURE);
    }

    @Test
    void aFailingCallback_isTheCachesError_neverTheCallers() {
        String r = cache.call(search("cb"), () -> "B", o -> {
            throw new IllegalStateException("listener bug");
        });

        assertThat(r).isEqualTo("B");
        assertThat(cache.stats().errors()).isEqualTo(1);
    }

    private static void unwrap(Future<?> f) throws Exception {
        try {
            f.get(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            throw (Exception) e.getCause();
        }
    }
}
