package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.Protocol;

/**
 * The faults of a Redis that is up but not well, on a real {@code redis-server}: one that does not
 * answer for a while ({@code CLIENT PAUSE}, as a slow or stalled server) and one that is full
 * ({@code maxmemory} reached with {@code noeviction}, so every write is refused with an OOM
 * error). In both, every call goes on with the node's own store and returns the service's answer,
 * no call waits on Redis beyond its timeout, the tier counts what happened, and the cache itself
 * counts no error. (Killed and restarted servers and cluster failover: {@link RedisTierTest},
 * {@link RedisClusterTest}.)
 */
class RedisFaultsTest extends RedisFixture {
    private static final Policy POLICY = policy(SEARCH);

    /** A server of each test's own: the tests pause it and fill it. */
    @RegisterExtension
    final LocalRedis redis = LocalRedis.perTest();

    private ResponseCache node(Duration timeout) {
        return node(POLICY, RedisTier.builder().uri(redis.uri()).namespace("faults")
                .timeout(timeout).circuitBreaker(3, Duration.ofMillis(300)));
    }

    @Test
    void aStalledRedisCostsEachCallAtMostItsTimeoutAndNoWrongAnswer() {
        ResponseCache c = node(Duration.ofMillis(50));
        assertThat(c.call(search("before"), () -> service("before"))).isEqualTo(
                "results for before");

        // Redis stops answering every client for 3 s, as a stalled or overloaded server would
        redis.raw().sendCommand(Protocol.Command.CLIENT, "PAUSE", "3000", "ALL");
        long slowest = 0;
        for (int i = 0; i < 20; i++) {
            String q = "stalled" + i;
            long start = System.nanoTime();
            assertThat(c.call(search(q), () -> service(q))).isEqualTo("results for " + q);
            slowest = Math.max(slowest, System.nanoTime() - start);
        }

        RedisTierStats stats = tiers.get(0).stats();
        assertThat(stats.timeouts()).as("lookups and stores that ran into the timeout")
                .isPositive();
        assertThat(stats.breakerOpens()).as("the breaker stops trying for a while").isPositive();
        assertThat(stats.skipped()).as("calls that did not try Redis while it was open")
                .isPositive();
        // 20 misses against a Redis that answers nothing for 3 s: far less than 20 x 3 s, and
        // far less than the pause itself; the bound is generous for a loaded CI machine
        assertThat(Duration.ofNanos(slowest)).isLessThan(Duration.ofMillis(1500));
        assertThat(serviceCalls).hasValue(21);
        assertThat(c.stats().errors()).isZero(); // a tier fault is a miss, not a cache error
        // the node's own store went on working
        assertThat(c.call(search("stalled0"), () -> service("stalled0")))
                .isEqualTo("results for stalled0");
        assertThat(serviceCalls).hasValue(21);
    }

    @Test
    void aFullRedisRefusesStoresAndTheNodesGoOnWithTheirOwnStores() {
        ResponseCache a = node(Duration.ofMillis(1000));
        ResponseCache b = node(Duration.ofMillis(1000));
        // full: any write is refused with "OOM command not allowed when used memory > maxmemory"
        redis.raw().configSet("maxmemory-policy", "noeviction");
        redis.raw().configSet("maxmemory", "1");

        for (int i = 0; i < 10; i++) {
            String q = "full" + i;
            assertThat(a.call(search(q), () -> service(q))).isEqualTo("results for " + q);
            assertThat(a.call(search(q), () -> service(q))).isEqualTo("results for " + q);
        }
        assertThat(serviceCalls).as("the second call of each is a hit in a's own store")
                .hasValue(10);
        assertThat(tiers.get(0).stats().stores()).as("nothing was written to a full Redis")
                .isZero();
        assertThat(tiers.get(0).stats().errors() + tiers.get(0).stats().skipped())
                .as("the refused writes are counted").isPositive();
        assertThat(a.stats().errors()).isZero();

        // b cannot find what a could not store: it asks the service itself, and answers right
        assertThat(b.call(search("full0"), () -> service("full0"))).isEqualTo("results for full0");
        assertThat(serviceCalls).hasValue(11);

        // room again: sharing resumes once the breaker lets the tier try
        redis.raw().configSet("maxmemory", "0");
        awaitSharing(a, b);
    }

    /** Waits (bounded) until a store by {@code a} is a hit on {@code b}. */
    private void awaitSharing(ResponseCache a, ResponseCache b) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        for (int i = 0; System.nanoTime() < deadline; i++) {
            String q = "again" + i;
            int before = serviceCalls.get();
            a.call(search(q), () -> service(q));
            b.call(search(q), () -> service(q));
            if (serviceCalls.get() == before + 1) {
                return;
            }
            sleep(100);
        }
        throw new AssertionError("the nodes did not share again within 10 s after Redis had room:"
                + " a " + tiers.get(0).stats() + ", b " + tiers.get(1).stats());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
