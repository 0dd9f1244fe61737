package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.testkit.RedisServer;
import io.github.wscache.testkit.Waits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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

    private RedisTier.Builder tier(Duration timeout) {
        return RedisTier.builder().uri(cluster.uri()).namespace(namespace).timeout(timeout)
                .circuitBreaker(3, Duration.ofMillis(200));
    }

    private ResponseCache node(Duration timeout) {
        return node(POLICY, tier(timeout));
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

        Waits.until("b dropped its entry of search", () -> b.stats("search").entryCount() == 0);
        b.call(search("news"), () -> service("news")); // a new generation: loaded again
        a.call(search("news"), () -> service("news")); // b's entry
        assertThat(serviceCalls).hasValue(2);
        assertThat(tiers.get(1).stats().invalidationsReceived()).isEqualTo(1);
    }

    @Test
    void concurrentMissesOnTwoCachesCallTheServiceOnce() throws Exception {
        // the service is held until all 40 callers wait: the lease must outlast that
        List<ResponseCache> n = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            n.add(node(POLICY, tier(Duration.ofSeconds(1)).leaseTime(Duration.ofMinutes(2))
                    .leaseWait(Duration.ofMinutes(1))));
        }

        // the one call that reaches the service is held until every other miss overlaps it
        assertThat(stampede(n, 40, "stampede")).hasSize(40)
                .containsOnly("results for stampede");

        assertThat(serviceCalls).as("%s, %s", tiers.get(0).stats(), tiers.get(1).stats())
                .hasValue(1);
        assertThat(tiers.get(0).stats().leasesAcquired() + tiers.get(1).stats().leasesAcquired())
                .isEqualTo(1);
        assertThat(tiers.get(0).stats().leaseWaits() + tiers.get(1).stats().leaseWaits())
                .isEqualTo(1); // the other cache's leader
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
        // the first call's lookup and store each failed (no seed answers), counted; the other
        // four were hits in the cache's own store and did not ask Redis
        RedisTierStats stats = t.stats();
        assertThat(stats.errors()).as("%s", stats).isEqualTo(2);
        assertThat(stats.skipped()).as("%s", stats).isZero();
        assertThat(c.stats().errors()).isZero();
    }

    /** Last: it leaves the cluster with a master's replica as the master. */
    @Test
    @Order(Integer.MAX_VALUE)
    void aMasterKilledDuringARunLosesNoCallAndItsReplicaTakesOver() throws Exception {
        List<ResponseCache> n = List.of(node(Duration.ofMillis(100)),
                node(Duration.ofMillis(100)));
        RedisServer killed;
        long failover;
        // two workers per key sequence, one on each cache: every key is a miss on one of them
        // and, while Redis answers, a shared hit on the other
        try (Workers workers = Workers.start(4, (w, i) -> {
            String q = "run " + (w / 2) + " " + i;
            return n.get(w % 2).call(search(q), () -> "results for " + q)
                    .equals("results for " + q);
        })) {
            // before the kill and after the failover, every worker makes 50 calls at least
            long before = workers.phase("with every master up", 50, () -> true);
            killed = cluster.masters().get(0);
            killed.kill();
            long killedAt = System.nanoTime();
            cluster.awaitHealthy(3, 2); // the replica of the killed master is a master now
            failover = System.nanoTime() - killedAt;
            long after = workers.phase("after the failover", 50, () -> true);
            assertThat(workers.stop()).as("wrong answers").isZero(); // and no exception

            assertThat(before).as("calls per worker before the kill")
                    .isGreaterThanOrEqualTo(50);
            assertThat(after).as("calls per worker after the failover")
                    .isGreaterThanOrEqualTo(50);
        }
        assertThat(failover).isGreaterThan(TimeUnit.MILLISECONDS.toNanos(500)); // it did fail
        assertThat(cluster.masters()).hasSize(3).doesNotContain(killed);

        // the clients learn the new master (their slot maps are refreshed every second, and
        // at once on an error) and the breakers close: then the caches share on every slot
        Waits.until("both caches share on every slot", () -> {
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
