package io.github.wscache.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.policy.ValueRepresentation;
import io.github.wscache.testkit.Waits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ResponseCacheTest extends CacheFixture {

    private static Invocation search(String q) {
        return Invocation.builder("doSpellingSuggestion").service("Google")
                .parameter("phrase", q).build();
    }

    private static final String SPELLING = "operations:\n"
            + "  - service: Google\n    operation: doSpellingSuggestion\n    ttl: 1h\n";

    @Test
    void call_secondEqualCallIsAHitAndDoesNotCallTheService() {
        cache(SPELLING);
        AtomicInteger calls = new AtomicInteger();

        String first = cache.call(search("britny"), () -> "britney-" + calls.incrementAndGet());
        String second = cache.call(search("britny"), () -> "britney-" + calls.incrementAndGet());
        String other = cache.call(search("shrak"), () -> "shrek-" + calls.incrementAndGet());

        assertThat(first).isEqualTo("britney-1");
        assertThat(second).isEqualTo("britney-1");
        assertThat(other).isEqualTo("shrek-2");
        assertThat(calls).hasValue(2);
        CacheStats s = cache.stats("doSpellingSuggestion");
        assertThat(s.hits()).isEqualTo(1);
        assertThat(s.misses()).isEqualTo(2);
        assertThat(s.stores()).isEqualTo(2);
        assertThat(s.loads()).isEqualTo(2);
        assertThat(s.entryCount()).isEqualTo(2);
        assertThat(s.hitRatio()).isEqualTo(1.0 / 3);
        assertThat(events).extracting(CacheEvent::type).containsExactly(CacheEvent.Type.MISS,
                CacheEvent.Type.STORE, CacheEvent.Type.HIT, CacheEvent.Type.MISS,
                CacheEvent.Type.STORE);
    }

    @Test
    void call_uncacheableOperationAlwaysReachesTheService() {
        cache(SPELLING);
        AtomicInteger calls = new AtomicInteger();
        Invocation cart = Invocation.builder("GetShoppingCart").service("Google").build();

        cache.call(cart, calls::incrementAndGet);
        cache.call(cart, calls::incrementAndGet);

        assertThat(calls).hasValue(2);
        assertThat(cache.stats("GetShoppingCart").bypasses()).isEqualTo(2);
        assertThat(events).extracting(CacheEvent::type)
                .containsExactly(CacheEvent.Type.BYPASS, CacheEvent.Type.BYPASS);
        assertThat(events.get(0).detail()).hasValue("operation is not cacheable");
    }

    @Test
    void call_entryExpiresAfterItsTtl() {
        cache(SPELLING);
        AtomicInteger calls = new AtomicInteger();

        cache.call(search("a"), calls::incrementAndGet);
        clock.advance(Duration.ofMinutes(59));
        assertThat(cache.call(search("a"), calls::incrementAndGet)).isEqualTo(1);
        clock.advance(Duration.ofMinutes(2));
        assertThat(cache.call(search("a"), calls::incrementAndGet)).isEqualTo(2);

        assertThat(calls).hasValue(2);
        assertThat(cache.stats().expirations()).isEqualTo(1);
    }

    @Test
    void call_failuresAreNotCachedAndPassThroughUnchanged() {
        cache(SPELLING);
        IOException boom = new IOException("service down");

        assertThatThrownBy(() -> cache.call(search("a"), () -> {
            throw boom;
        })).isSameAs(boom);
        assertThat(cache.call(search("a"), () -> "ok")).isEqualTo("ok");
        assertThat(cache.stats().stores()).isEqualTo(1);
        assertThat(cache.stats().errors()).isZero();
    }

    @Test
    void call_nullResultIsCachedToo() {
        cache(SPELLING);
        AtomicInteger calls = new AtomicInteger();

        assertThat(cache.call(search("a"), () -> {
            calls.incrementAndGet();
            return (String) null;
        })).isNull();
        assertThat(cache.call(search("a"), () -> "x")).isNull();
        assertThat(calls).hasValue(1);
    }

    @Test
    void call_singleFlight_hundredThreadsOnOneKeyCallTheServiceOnce() throws Exception {
        cache(SPELLING);
        AtomicInteger calls = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        List<Thread> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(100, counted(threads));
        try {
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                results.add(pool.submit(() -> cache.call(search("hot"), () -> {
                    calls.incrementAndGet();
                    started.countDown();
                    release.await();
                    return "value";
                })));
            }
            assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
            awaitWaitersInSingleFlight(threads, 99);
            release.countDown();
            for (Future<String> f : results) {
                assertThat(f.get(10, TimeUnit.SECONDS)).isEqualTo("value");
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(calls).hasValue(1);
        CacheStats s = cache.stats();
        assertThat(s.loads()).isEqualTo(1);
        assertThat(s.hits() + s.misses()).isEqualTo(100);
        assertThat(s.misses()).isEqualTo(1);
    }

    @Test
    void call_singleFlight_everyWaiterSeesTheFailureAndNothingIsCached() throws Exception {
        cache(SPELLING);
        AtomicInteger calls = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(1);
        List<Thread> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(20, counted(threads));
        List<Future<String>> results = new ArrayList<>();
        try {
            for (int i = 0; i < 20; i++) {
                results.add(pool.submit(() -> cache.call(search("bad"), () -> {
                    calls.incrementAndGet();
                    started.countDown();
                    release.await();
                    throw new IOException("partner unavailable");
                })));
            }
            assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
            awaitWaitersInSingleFlight(threads, 19);
            release.countDown();
            for (Future<String> f : results) {
                assertThatThrownBy(() -> f.get(10, TimeUnit.SECONDS))
                        .hasCauseInstanceOf(IOException.class)
                        .hasRootCauseMessage("partner unavailable");
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(calls).hasValue(1);
        assertThat(cache.stats().stores()).isZero();
        assertThat(cache.call(search("bad"), () -> "recovered")).isEqualTo("recovered");
    }

    @Test
    void call_staysUnderTheMaximumSize() {
        cache("maximumSize: 64KB\noperations:\n  - operation: page\n    value: serialization\n");
        for (int i = 0; i < 200; i++) {
            byte[] page = new byte[5_000];
            page[0] = (byte) i;
            int n = i;
            cache.call(Invocation.builder("page").parameter("url", "u" + n).build(), () -> page);
        }
        cache.store().cleanUp();

        assertThat(cache.weightedSize()).isLessThanOrEqualTo(64 * 1024);
        assertThat(cache.stats().evictions()).isGreaterThan(150);
        assertThat(cache.stats().entryCount()).isLessThan(14).isEqualTo(cache.store()
                .estimatedSize());
    }

    @Test
    void call_entriesOverMaxEntrySizeAreReturnedButNotKept() {
        cache("operations:\n  - operation: page\n    maxEntrySize: 1KB\n");
        AtomicInteger calls = new AtomicInteger();
        Invocation inv = Invocation.builder("page").parameter("url", "u").build();

        byte[] first = cache.call(inv, () -> {
            calls.incrementAndGet();
            return new byte[4096];
        });
        cache.call(inv, () -> {
            calls.incrementAndGet();
            return new byte[4096];
        });

        assertThat(first).hasSize(4096);
        assertThat(calls).hasValue(2);
        assertThat(cache.stats().bypasses()).isEqualTo(2);
        assertThat(events).filteredOn(e -> e.type() == CacheEvent.Type.BYPASS).first()
                .satisfies(e -> assertThat(e.detail().orElseThrow())
                        .contains("larger than maxEntrySize 1024"));
    }

    @Test
    void call_failureInsideTheCacheBecomesACountedMissNotAFailedCall() {
        cache("operations:\n  - operation: op\n    key: toString\n");
        Object noToString = new Object() {
        };
        Invocation inv = Invocation.builder("op").parameter("p", noToString).build();

        assertThat(cache.call(inv, () -> "served")).isEqualTo("served");
        assertThat(cache.call(inv, () -> "served again")).isEqualTo("served again");
        assertThat(cache.stats().errors()).isEqualTo(2);
        assertThat(events).extracting(CacheEvent::type).containsExactly(CacheEvent.Type.ERROR,
                CacheEvent.Type.BYPASS, CacheEvent.Type.ERROR, CacheEvent.Type.BYPASS);
    }

    @Test
    void call_listenerThatThrowsDoesNotFailTheCall() {
        cache(SPELLING);
        cache.addListener(e -> {
            throw new IllegalStateException("listener bug");
        });

        assertThat(cache.call(search("a"), () -> "ok")).isEqualTo("ok");
        assertThat(cache.call(search("a"), () -> "other")).isEqualTo("ok");
    }

    @Test
    void call_messageLevelRepresentationsAreLeftToTheIntegration() {
        cache("operations:\n  - operation: op\n    value: events\n");
        AtomicInteger calls = new AtomicInteger();
        Invocation inv = Invocation.builder("op").build();

        cache.call(inv, calls::incrementAndGet);
        cache.call(inv, calls::incrementAndGet);

        assertThat(calls).hasValue(2);
        assertThat(events.get(0).detail()).hasValue("value: events is cached at the message level");
    }

    @Test
    void invalidate_dropsOnlyThatOperation() {
        cache("operations:\n  - operation: '*'\n");
        AtomicInteger calls = new AtomicInteger();
        Invocation a = Invocation.builder("a").build();
        Invocation b = Invocation.builder("b").build();
        cache.call(a, calls::incrementAndGet);
        cache.call(b, calls::incrementAndGet);

        cache.invalidate("a");
        cache.call(a, calls::incrementAndGet);
        cache.call(b, calls::incrementAndGet);

        assertThat(calls).hasValue(3);
        cache.invalidateAll();
        assertThat(cache.stats().entryCount()).isZero();
        assertThat(cache.operations()).containsExactly("a", "b");
    }

    @Test
    void stats_areConsistentAfterMixedTraffic() {
        cache("maximumSize: 4KB\noperations:\n  - operation: op\n    ttl: 1m\n");
        for (int i = 0; i < 500; i++) {
            int n = i % 50;
            cache.call(Invocation.builder("op").parameter("n", n).build(), () -> "v" + n);
            if (i % 100 == 99) {
                clock.advance(Duration.ofSeconds(45));
            }
        }
        cache.store().cleanUp();
        CacheStats s = cache.stats();

        assertThat(s.hits() + s.misses()).isEqualTo(500);
        assertThat(s.loads()).isEqualTo(s.misses());
        assertThat(s.stores()).isEqualTo(s.misses());
        assertThat(s.stores() - s.evictions() - s.expirations()).isEqualTo(s.entryCount());
        assertThat(s.entryCount()).isEqualTo(cache.store().estimatedSize());
    }

    @Test
    void exchange_cachesMessagesAndMarksNonCacheableOnesAsBypassed() {
        cache("operations:\n  - operation: op\n    value: xml\n");
        AtomicInteger calls = new AtomicInteger();
        Invocation inv = Invocation.builder("op").parameter("q", "x").build();
        byte[] body = "<r>ok</r>".getBytes(StandardCharsets.UTF_8);

        CachedResponse first = cache.exchange(inv, stale -> {
            calls.incrementAndGet();
            return CachedResponse.builder(body).contentType("text/xml").build();
        });
        CachedResponse second = cache.exchange(inv, stale -> {
            calls.incrementAndGet();
            return CachedResponse.builder(body).build();
        });

        assertThat(second).isSameAs(first);
        assertThat(calls).hasValue(1);

        Invocation fault = Invocation.builder("op").parameter("q", "fault").build();
        for (int i = 0; i < 2; i++) {
            cache.exchange(fault, stale -> {
                calls.incrementAndGet();
                return CachedResponse.builder(body).status(500).build();
            });
            cache.exchange(Invocation.builder("op").parameter("q", "soapFault").build(),
                    stale -> {
                        calls.incrementAndGet();
                        return CachedResponse.builder(body).notCacheable("SOAP fault").build();
                    });
        }
        assertThat(calls).hasValue(5);
        assertThat(events).filteredOn(e -> e.type() == CacheEvent.Type.BYPASS)
                .extracting(e -> e.detail().orElseThrow())
                .containsExactly("HTTP status 500", "SOAP fault", "HTTP status 500", "SOAP fault");
    }

    /** An exchange of an integration that can hand one response to several callers. */
    private static Exchange<RuntimeException> replayable(AtomicInteger calls,
            CountDownLatch started, CountDownLatch release, CachedResponse response) {
        return new Exchange<>() {
            @Override
            public CachedResponse fetch(Optional<CachedResponse> stale) {
                calls.incrementAndGet();
                started.countDown();
                await(release);
                return response;
            }

            @Override
            public boolean replayableToWaiters(CachedResponse r) {
                return true;
            }
        };
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A thread factory that keeps the threads it makes in {@code threads}. */
    private static java.util.concurrent.ThreadFactory counted(List<Thread> threads) {
        return r -> {
            Thread t = new Thread(r, "single-flight-caller");
            threads.add(t);
            return t;
        };
    }

    /**
     * Waits until {@code n} of {@code threads} wait inside cache-core's single flight for the
     * leader (their stacks say so): the leader is released only then, so every test run
     * exercises the waiting path, whatever the load.
     */
    private static void awaitWaitersInSingleFlight(List<Thread> threads, int n) {
        Waits.untilParkedIn(threads, n, "SingleFlight$Flight", "await");
    }

    /** Runs {@code n} concurrent exchanges of {@code inv}; the first one blocks until all wait. */
    private List<Future<CachedResponse>> concurrently(int n, Invocation inv,
            java.util.function.Supplier<Exchange<RuntimeException>> exchange,
            CountDownLatch started, CountDownLatch release) throws Exception {
        List<Thread> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(n, counted(threads));
        List<Future<CachedResponse>> results = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                results.add(pool.submit(() -> cache.exchange(inv, exchange.get())));
            }
            assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
            awaitWaitersInSingleFlight(threads, n - 1);
            release.countDown();
            for (Future<CachedResponse> f : results) {
                try {
                    f.get(10, TimeUnit.SECONDS);
                } catch (java.util.concurrent.ExecutionException e) {
                    // the caller asserts on the future
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return results;
    }

    private static final CachedResponse FAULT_500 = CachedResponse.builder(
            "<fault/>".getBytes(StandardCharsets.UTF_8)).status(500).notCacheable("SOAP fault")
            .build();

    @Test
    void exchange_singleFlight_waitersGetTheLeadersUnstoredFaultWithoutAnotherCall()
            throws Exception {
        cache("operations:\n  - operation: op\n    value: xml\n");
        AtomicInteger calls = new AtomicInteger();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Invocation inv = Invocation.builder("op").parameter("q", "x").build();

        List<Future<CachedResponse>> results = concurrently(20, inv,
                () -> replayable(calls, started, release, FAULT_500), started, release);

        for (Future<CachedResponse> f : results) {
            assertThat(f.get()).isSameAs(FAULT_500);
        }
        assertThat(calls).hasValue(1);
        assertThat(cache.stats().stores()).isZero();
        assertThat(cache.stats().misses()).isEqualTo(20);
        assertThat(cache.stats().loads()).isEqualTo(1);
        CachedResponse ok = CachedResponse.builder("<r/>".getBytes(StandardCharsets.UTF_8))
                .build();
        CountDownLatch open = new CountDownLatch(0);
        assertThat(cache.exchange(inv, replayable(calls, open, open, ok))).isSameAs(ok);
        assertThat(cache.exchange(inv, replayable(calls, open, open, FAULT_500))).isSameAs(ok);
        assertThat(calls).hasValue(2);
    }

    @Test
    void exchange_singleFlight_waitersCallThemselvesWhenTheIntegrationCannotReplay()
            throws Exception {
        cache("operations:\n  - operation: op\n    value: xml\n");
        AtomicInteger calls = new AtomicInteger();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Invocation inv = Invocation.builder("op").parameter("q", "x").build();

        List<Future<CachedResponse>> results = concurrently(10, inv, () -> stale -> {
            calls.incrementAndGet();
            started.countDown();
            await(release);
            return FAULT_500;
        }, started, release);

        for (Future<CachedResponse> f : results) {
            assertThat(f.get()).isSameAs(FAULT_500);
        }
        assertThat(calls).hasValue(10);
        assertThat(cache.stats().stores()).isZero();
    }

    @Test
    void exchange_singleFlight_everyWaiterSeesTheLeadersExceptionAndNothingIsCached()
            throws Exception {
        cache("operations:\n  - operation: op\n    value: xml\n");
        AtomicInteger calls = new AtomicInteger();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Invocation inv = Invocation.builder("op").parameter("q", "x").build();
        java.io.UncheckedIOException down = new java.io.UncheckedIOException(
                new java.net.ConnectException("Connection refused"));

        List<Future<CachedResponse>> results = concurrently(20, inv, () -> stale -> {
            calls.incrementAndGet();
            started.countDown();
            await(release);
            throw down;
        }, started, release);

        // the leader's own exception, and for each waiter its own copy of it: no two callers
        // share one Throwable (its stack trace and suppressed list are mutable)
        java.util.Set<Throwable> seen = java.util.Collections.newSetFromMap(
                new java.util.IdentityHashMap<>());
        for (Future<CachedResponse> f : results) {
            Throwable t = org.assertj.core.api.Assertions.catchThrowable(f::get).getCause();
            assertThat(t).isInstanceOf(java.io.UncheckedIOException.class)
                    .hasMessage(down.getMessage())
                    .hasCauseInstanceOf(java.net.ConnectException.class);
            assertThat(seen.add(t)).as("a Throwable shared by two callers").isTrue();
        }
        assertThat(seen).contains(down);
        assertThat(calls).hasValue(1);
        assertThat(cache.stats().stores()).isZero();
        assertThat(cache.stats().entryCount()).isZero();
    }

    @Test
    void exchange_integrationThatFailsToSayWhetherItCanReplay_failsNoCall() {
        cache("operations:\n  - operation: op\n    value: xml\n");
        Exchange<RuntimeException> failing = new Exchange<>() {
            @Override
            public CachedResponse fetch(Optional<CachedResponse> stale) {
                return FAULT_500;
            }

            @Override
            public boolean replayableToWaiters(CachedResponse r) {
                throw new IllegalStateException("broken integration");
            }
        };

        assertThat(cache.exchange(Invocation.builder("op").parameter("q", "x").build(), failing))
                .isSameAs(FAULT_500);
        assertThat(cache.stats().errors()).isEqualTo(1);
        assertThat(cache.stats().stores()).isZero();
    }

    @Test
    void exchange_singleFlight_perUserResponsesReachOnlyWaitersOfTheSameIdentity()
            throws Exception {
        cache("operations:\n  - operation: op\n    value: xml\n");
        CachedResponse withCookie = CachedResponse.builder(
                "<fault/>".getBytes(StandardCharsets.UTF_8)).status(500)
                .header("Set-Cookie", "session=alice").build();
        CachedResponse privateFault = CachedResponse.builder(
                "<fault/>".getBytes(StandardCharsets.UTF_8)).status(500)
                .header("Cache-Control", "private").build();
        for (CachedResponse perUser : List.of(withCookie, privateFault)) {
            AtomicInteger anonymous = new AtomicInteger();
            CountDownLatch started = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            concurrently(10, Invocation.builder("op").parameter("q", "anon").build(),
                    () -> replayable(anonymous, started, release, perUser), started, release);
            assertThat(anonymous).hasValue(10);

            AtomicInteger alice = new AtomicInteger();
            CountDownLatch started2 = new CountDownLatch(1);
            CountDownLatch release2 = new CountDownLatch(1);
            concurrently(10, Invocation.builder("op").parameter("q", "alice")
                    .authorization("Basic YWxpY2U6c2VjcmV0").build(),
                    () -> replayable(alice, started2, release2, perUser), started2, release2);
            assertThat(alice).hasValue(1);
        }
    }

    @Test
    void exchange_staleEntryWithValidatorIsRevalidatedAndA304RefreshesIt() {
        cache("operations:\n  - operation: get\n    ttl: 10s\n");
        Invocation inv = Invocation.builder("get").parameter("url", "/x").build();
        List<Map<String, String>> conditional = new ArrayList<>();
        byte[] body = "<r>v1</r>".getBytes(StandardCharsets.UTF_8);

        cache.exchange(inv, stale -> CachedResponse.builder(body).header("ETag", "\"v1\"")
                .build());
        clock.advance(Duration.ofSeconds(11));
        CachedResponse revalidated = cache.exchange(inv, stale -> {
            conditional.add(stale.orElseThrow().conditionalHeaders());
            return CachedResponse.notModified(Map.of("ETag", List.of("\"v1\""),
                    "X-Served", List.of("304")));
        });
        CachedResponse hit = cache.exchange(inv, stale -> {
            throw new AssertionError("fresh again after the 304");
        });

        assertThat(conditional).containsExactly(Map.of("If-None-Match", "\"v1\""));
        assertThat(revalidated.body()).isSameAs(body);
        assertThat(revalidated.status()).isEqualTo(200);
        assertThat(revalidated.header("X-Served")).hasValue("304");
        assertThat(hit).isSameAs(revalidated);
        assertThat(cache.stats().revalidations()).isEqualTo(1);
    }

    @Test
    void exchange_aCookieThatA304Sets_reachesOnlyTheCallerItAnswered() {
        cache("operations:\n  - operation: get\n    ttl: 10s\n");
        Invocation inv = Invocation.builder("get").parameter("url", "/x").build();
        byte[] body = "<r>v1</r>".getBytes(StandardCharsets.UTF_8);

        cache.exchange(inv, stale -> CachedResponse.builder(body).header("ETag", "\"v1\"")
                .build());
        clock.advance(Duration.ofSeconds(11));
        CachedResponse revalidated = cache.exchange(inv, stale -> CachedResponse.notModified(
                Map.of("ETag", List.of("\"v1\""), "Set-Cookie", List.of("session=ann"),
                        "Set-Cookie2", List.of("old=ann"), "X-Served", List.of("304"))));
        CachedResponse hit = cache.exchange(inv, stale -> {
            throw new AssertionError("fresh again after the 304");
        });

        assertThat(revalidated.header("Set-Cookie")).hasValue("session=ann");
        assertThat(hit.body()).isSameAs(body);
        assertThat(hit.header("X-Served")).hasValue("304");
        assertThat(hit.headers()).doesNotContainKeys("Set-Cookie", "Set-Cookie2");
    }

    @Test
    void getIfFresh_returnsOnlyFreshStoredResponsesAndCountsOnlyHits() {
        cache("operations:\n  - operation: get\n    ttl: 10s\n"
                + "  - operation: uncached\n    cacheable: false\n");
        Invocation inv = Invocation.builder("get").parameter("url", "/x").build();
        byte[] body = "<r/>".getBytes(StandardCharsets.UTF_8);

        assertThat(cache.getIfFresh(inv)).isEmpty();
        CachedResponse stored = cache.exchange(inv, stale -> CachedResponse.builder(body).build());
        assertThat(cache.getIfFresh(inv)).containsSame(stored);
        assertThat(cache.getIfFresh(Invocation.builder("get").parameter("url", "/y").build()))
                .isEmpty();
        assertThat(cache.getIfFresh(Invocation.builder("uncached").parameter("url", "/x").build()))
                .isEmpty();
        clock.advance(Duration.ofSeconds(11));
        assertThat(cache.getIfFresh(inv)).as("stale").isEmpty();

        CacheStats s = cache.stats();
        assertThat(s.hits()).isEqualTo(1);
        assertThat(s.misses()).isEqualTo(1);
        assertThat(s.bypasses()).isZero();
    }

    @Test
    void objectAndMessageLevelEntriesOfOneCallNeverCollide() {
        cache("operations:\n  - operation: op\n");
        Invocation inv = Invocation.builder("op").parameter("q", "x").build();
        byte[] body = "<r/>".getBytes(StandardCharsets.UTF_8);

        CachedResponse message = cache.exchange(inv, stale -> CachedResponse.builder(body).build());
        String object = cache.call(inv, () -> "object");

        assertThat(cache.call(inv, () -> "other")).isEqualTo(object);
        assertThat(cache.exchange(inv, stale -> {
            throw new AssertionError("cached");
        })).isSameAs(message);
        assertThat(cache.stats().entryCount()).isEqualTo(2);
    }

    @Test
    void builder_buildLeavesTheBuilderAsItWas() {
        ResponseCache.Builder b = ResponseCache.builder().policy(Policy.parse(SPELLING, "t.yaml"))
                .clock(java.time.Clock.systemUTC());
        try (ResponseCache first = b.build(); ResponseCache second = b.build()) {
            assertThat(first).isNotSameAs(second);
        }
        assertThatThrownBy(() -> b.clock(clock)).isInstanceOf(IllegalStateException.class)
                .hasMessage("clock was already set");
    }

    @Test
    void builder_requiresAPolicyAndRejectsDoubleSettings() {
        assertThatThrownBy(() -> ResponseCache.builder().build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("a policy is required: call policy(...)");
        Policy p = Policy.builder().build();
        assertThatThrownBy(() -> ResponseCache.builder().policy(p).policy(p))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("policy was already set");
    }

    @Test
    void reload_keepsEntriesOfUnchangedOperationsAndDropsChangedOnes() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("wscache");
        java.nio.file.Path file = dir.resolve("wscache.yaml");
        java.nio.file.Files.writeString(file, "operations:\n  - operation: a\n    ttl: 1h\n"
                + "  - operation: b\n    ttl: 1h\n");
        Policy policy = Policy.load(file);
        cache = ResponseCache.builder().policy(policy).clock(clock).build();
        AtomicInteger calls = new AtomicInteger();
        Invocation a = Invocation.builder("a").build();
        Invocation b = Invocation.builder("b").build();
        cache.call(a, calls::incrementAndGet);
        cache.call(b, calls::incrementAndGet);

        java.nio.file.Files.writeString(file, "operations:\n  - operation: a\n    ttl: 1h\n"
                + "  - operation: b\n    ttl: 5m\n");
        assertThat(policy.reload().changed()).isTrue();
        cache.call(a, calls::incrementAndGet);
        cache.call(b, calls::incrementAndGet);
        assertThat(calls).hasValue(3);

        java.nio.file.Files.writeString(file, "operations:\n  - operation: a\n    tll: 1h\n");
        var failed = policy.reload();
        assertThat(failed.succeeded()).isFalse();
        assertThat(failed.error().orElseThrow().getMessage()).contains("unknown key 'tll'");
        assertThat(policy.resolve(null, null, "b").ttl()).isEqualTo(Duration.ofMinutes(5));
        cache.call(a, calls::incrementAndGet);
        assertThat(calls).hasValue(3);
    }

    @Test
    void copiedValue_callerMutationNeverReachesTheNextCaller() {
        cache("operations:\n  - operation: list\n    value: reflection\n");
        Invocation inv = Invocation.builder("list").build();

        List<String> first = cache.call(inv, () -> new ArrayList<>(List.of("a", "b")));
        first.add("mutated by the first caller");
        List<String> second = cache.call(inv, () -> new ArrayList<>());
        second.clear();
        List<String> third = cache.call(inv, () -> new ArrayList<>());

        assertThat(third).containsExactly("a", "b");
        assertThat(ValueRepresentation.REFLECTION.isMessageLevel()).isFalse();
    }

    @Test
    void readOnlyPolicy_sharesTheSameInstance() {
        cache("operations:\n  - operation: list\n    readOnly: true\n");
        Invocation inv = Invocation.builder("list").build();
        List<String> value = new ArrayList<>(List.of("a"));

        List<String> first = cache.call(inv, () -> value);
        List<String> second = cache.call(inv, ArrayList::new);

        assertThat(first).isSameAs(value);
        assertThat(second).isSameAs(value);
        assertThat(OperationPolicy.notCached().cacheable()).isFalse();
    }
}
