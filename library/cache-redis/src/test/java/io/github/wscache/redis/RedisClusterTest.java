package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@link RedisTier} on a Redis Cluster of three masters with one replica each, on loopback
 * ({@link RedisCluster}): entries, invalidations and leases shared by two caches through the
 * cluster, entries spread over every master, and a master killed during a run (its replica
 * takes over) without a lost call. The service is a loader that counts its calls.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RedisClusterTest extends RedisFixture {
    private static final Policy POLICY = policy(SEARCH_AND_SPELL);
    private static final AtomicInteger NAMESPACES = new AtomicInteger();
    private static RedisCluster cluster;

    private final String namespace = "cluster" + NAMESPACES.incrementAndGet();

    @BeforeAll
    static void startCluster() {
        cluster = RedisCluster.start(3, 1);
    }

    @AfterAll
    static void stopCluster() {
        cluster.close();
    }

    private ResponseCache node(Duration timeout) {
        return node(POLICY, RedisTier.builder().uri(cluster.uri()).namespace(namespace)
                .timeout(timeout).circuitBreaker(3, Duration.ofMillis(200)));
    }

    @Test
    void entriesAreSharedAndSpreadOverEveryMaster() {
        // generous timeouts: the counts are exact, a slow CI machine must not make misses
        ResponseCache a = node(Duration.ofSeconds(1));
        ResponseCache b = node(Duration.ofSeconds(1));

        for (int i = 0; i < 60; i++) {
            String q = "spread " + i;
            assertThat(a.call(search(q), () -> service(q))).isEqualTo("results for " + q);
            assertThat(b.call(search(q), () -> service(q))).isEqualTo("results for " + q);
        }

        assertThat(serviceCalls).hasValue(60);
        assertThat(tiers.get(0).stats().stores()).isEqualTo(60);
        assertThat(tiers.get(1).stats().hits()).isEqualTo(60);
        assertThat(tiers.get(0).stats().errors() + tiers.get(1).stats().errors()).isZero();
        // each entry's key and its lease share a slot (the store releases the lease in the
        // same script), and the digest as hash tag spreads the entries over the masters
        assertThat(cluster.masters()).hasSize(3).allSatisfy(m ->
                assertThat(cluster.keys(m)).isPositive());
    }

    @Test
    void invalidateOnOneCacheReachesTheOtherThroughTheCluster() throws Exception {
        ResponseCache a = node(Duration.ofSeconds(1));
        ResponseCache b = node(Duration.ofSeconds(1));
        a.call(search("news"), () -> service("news"));
        b.call(search("news"), () -> service("news"));
        assertThat(serviceCalls).hasValue(1);

        a.invalidate("search");

        awaitUntil(Duration.ofSeconds(10), Duration.ofMillis(50),
                () -> b.stats("search").entryCount() == 0);
        b.call(search("news"), () -> service("news")); // a new generation: loaded again
        a.call(search("news"), () -> service("news")); // b's entry
        assertThat(serviceCalls).hasValue(2);
        assertThat(tiers.get(1).stats().invalidationsReceived()).isEqualTo(1);
    }

    @Test
    void concurrentMissesOnTwoCachesCallTheServiceOnce() throws Exception {
        List<ResponseCache> n = List.of(node(Duration.ofSeconds(1)), node(Duration.ofSeconds(1)));
        ExecutorService pool = Executors.newFixedThreadPool(40);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                ResponseCache c = n.get(i % 2);
                results.add(pool.submit(() -> {
                    start.await();
                    return c.call(search("stampede"), () -> {
                        Thread.sleep(300);
                        return service("stampede");
                    });
                }));
            }
            start.countDown();
            for (Future<String> f : results) {
                assertThat(f.get(30, TimeUnit.SECONDS)).isEqualTo("results for stampede");
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(serviceCalls).as("%s, %s", tiers.get(0).stats(), tiers.get(1).stats())
                .hasValue(1);
        assertThat(tiers.get(0).stats().leasesAcquired() + tiers.get(1).stats().leasesAcquired())
                .isEqualTo(1);
    }

    @Test
    void aPolicyNamingTheClusterGivesItsCachesTheClusterTier() {
        Policy policy = Policy.parse("sharedTier: " + cluster.uri() + "\n"
                + "operations:\n  - service: Search\n    operation: policy\n    ttl: 1h\n",
                "wscache.yaml");
        ResponseCache a = node(policy);
        ResponseCache b = node(policy);
        Invocation call = Invocation.builder("policy").service("Search")
                .parameter("q", "zero code " + namespace).build();

        // the policy's tier has the default 50 ms timeouts: connections and classes first
        warmUp("policy", a, b);
        a.call(call, () -> service("zero code"));
        b.call(call, () -> service("zero code"));

        assertThat(serviceCalls).hasValue(1);
        assertThat(b.stats("policy").hits()).isEqualTo(1);
    }

    @Test
    void aClusterNoSeedOfWhichAnswersMakesATierThatAnswersMisses() {
        RedisServer gone = RedisServer.start();
        int port = gone.port();
        gone.close();
        ResponseCache c = node(POLICY, RedisTier.builder()
                .uri("redis-cluster://127.0.0.1:" + port).timeout(Duration.ofMillis(50)));
        RedisTier t = tiers.get(0);

        for (int i = 0; i < 5; i++) {
            assertThat(c.call(search("down"), () -> service("down")))
                    .isEqualTo("results for down");
        }

        assertThat(serviceCalls).hasValue(1); // the cache's own store still works
        assertThat(t.stats().errors() + t.stats().skipped()).isPositive();
        assertThat(c.stats().errors()).isZero();
    }

    /** Last: it leaves the cluster with a master's replica as the master. */
    @Test
    @Order(Integer.MAX_VALUE)
    void aMasterKilledDuringARunLosesNoCallAndItsReplicaTakesOver() throws Exception {
        List<ResponseCache> n = List.of(node(Duration.ofMillis(100)),
                node(Duration.ofMillis(100)));
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicInteger calls = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<Integer>> workers = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
            ResponseCache c = n.get(w % 2);
            int worker = w;
            workers.add(pool.submit(() -> {
                int wrong = 0;
                // two workers per key sequence, one on each cache: every key is a miss on one
                // of them and, while Redis answers, a shared hit on the other
                for (int i = 0; running.get(); i++) {
                    String q = "run " + (worker / 2) + " " + i;
                    String r = c.call(search(q), () -> "results for " + q);
                    wrong += r.equals("results for " + q) ? 0 : 1;
                    calls.incrementAndGet();
                }
                return wrong;
            }));
        }
        Thread.sleep(300);
        RedisServer killed = cluster.masters().get(0);
        killed.kill();
        long killedAt = System.nanoTime();
        cluster.awaitHealthy(3, 2); // the replica of the killed master is a master now
        long failover = System.nanoTime() - killedAt;
        Thread.sleep(200);
        running.set(false);
        for (Future<Integer> f : workers) {
            assertThat(f.get(10, TimeUnit.SECONDS)).isZero(); // no exception, no wrong value
        }
        pool.shutdownNow();
        assertThat(calls.get()).isGreaterThan(100);
        assertThat(failover).isGreaterThan(TimeUnit.MILLISECONDS.toNanos(500)); // it did fail
        assertThat(cluster.masters()).hasSize(3).doesNotContain(killed);

        // the clients learn the new master (their slot maps are refreshed every second, and
        // at once on an error) and the breakers close: then the caches share on every slot
        awaitUntil(Duration.ofSeconds(10), Duration.ofMillis(50), () -> {
            long before = tiers.get(1).stats().hits();
            String round = "probe " + System.nanoTime() + " ";
            for (int i = 0; i < 30; i++) {
                n.get(0).call(search(round + i), () -> "probe");
                n.get(1).call(search(round + i), () -> "probe");
            }
            return tiers.get(1).stats().hits() - before == 30;
        });
        for (int i = 0; i < 30; i++) {
            String q = "after " + i;
            n.get(0).call(search(q), () -> service(q));
            n.get(1).call(search(q), () -> service(q));
        }
        assertThat(serviceCalls).hasValue(30);
    }
}
