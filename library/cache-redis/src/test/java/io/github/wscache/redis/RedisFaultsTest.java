package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.spi.SharedTier.Lookup;
import io.github.wscache.core.spi.SharedTier.Request;
import io.github.wscache.testkit.Waits;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.Protocol;

/**
 * The faults of a Redis that is up but not well, on a real {@code redis-server}: one that does not
 * answer for a while ({@code CLIENT PAUSE}, as a slow or stalled server) and one that is full
 * ({@code maxmemory} reached with {@code noeviction}, so every write is refused with an OOM
 * error). In both, every call goes on with the node's own store and returns the service's answer,
 * no call waits on Redis beyond its timeout, the tier counts what happened, and the cache itself
 * counts no error; and a read that fails just after a lookup took the farm's lease leaves the
 * lease to the store or release that follows, not to its lease time. (Killed and restarted
 * servers and cluster failover: {@link RedisTierTest}, {@link RedisClusterTest}.)
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

        // Redis stops answering every client for 10 s, as a stalled or overloaded server would
        // (far longer than the 20 calls take: no round trip of theirs is answered)
        redis.raw().sendCommand(Protocol.Command.CLIENT, "PAUSE", "10000", "ALL");
        long slowest = 0;
        for (int i = 0; i < 20; i++) {
            String q = "stalled" + i;
            long start = System.nanoTime();
            assertThat(c.call(search(q), () -> service(q))).isEqualTo("results for " + q);
            slowest = Math.max(slowest, System.nanoTime() - start);
        }

        RedisTierStats stats = tiers.get(0).stats();
        // each of the 20 misses looked up and stored once: each either tried Redis and ran into
        // the timeout, or found the breaker open and skipped it
        assertThat(stats.errors() + stats.skipped()).as("%s", stats).isEqualTo(40);
        assertThat(stats.timeouts()).as("every failure was a timeout; %s", stats)
                .isEqualTo(stats.errors());
        // 3 timeouts in a row opened the breaker; whenever it let one try through again (after
        // 300 ms), that one timed out too and opened it again
        assertThat(stats.breakerOpens()).as("the breaker stops trying for a while; %s", stats)
                .isPositive();
        assertThat(stats.timeouts()).as("%s", stats).isEqualTo(2 + stats.breakerOpens());
        assertThat(stats.skipped()).as("calls that did not try Redis while it was open; %s",
                stats).isPositive();
        // 20 misses against a Redis that answers nothing for 10 s: far less than 20 x 10 s, and
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
        RedisTierStats stats = tiers.get(0).stats();
        assertThat(stats.stores()).as("nothing was written to a full Redis").isZero();
        // each of the 10 misses read Redis (reads are served), then tried to take the key's
        // lease and to store the entry: 20 writes, each refused and counted; the reads that
        // succeed in between keep the breaker closed
        assertThat(stats.errors()).as("the refused writes are counted; %s", stats)
                .isEqualTo(20);
        assertThat(stats.skipped()).as("%s", stats).isZero();
        assertThat(stats.breakerOpens()).as("%s", stats).isZero();
        assertThat(a.stats().errors()).isZero();

        // b cannot find what a could not store: it asks the service itself, and answers right
        assertThat(b.call(search("full0"), () -> service("full0"))).isEqualTo("results for full0");
        assertThat(serviceCalls).hasValue(11);

        // room again: with both breakers closed, the next store by a is a hit on b at once
        redis.raw().configSet("maxmemory", "0");
        assertThat(tiers.get(0).isBreakerOpen()).isFalse();
        assertThat(tiers.get(1).isBreakerOpen()).isFalse();
        a.call(search("again"), () -> service("again"));
        b.call(search("again"), () -> service("again"));
        assertThat(serviceCalls).as("a %s, b %s", tiers.get(0).stats(), tiers.get(1).stats())
                .hasValue(12);
        assertThat(tiers.get(0).stats().stores()).isEqualTo(1);
        assertThat(tiers.get(1).stats().hits()).isEqualTo(1);
    }

    @Test
    void aLeaseTakenJustBeforeAReadFailedIsReleasedByTheReleaseThatFollows() throws Exception {
        ExecutorService threads = Executors.newCachedThreadPool();
        try (RedisTier tier = RedisTier.builder().uri(redis.uri()).namespace("faults")
                .timeout(Duration.ofSeconds(10)).build()) {
            Request request = new Request("Search", "search",
                    "q=lease".getBytes(StandardCharsets.UTF_8), false);
            KeyLayout keys = new KeyLayout("faults");
            byte[] entryKey = keys.entry(request, 0, 0, 0);
            byte[] leaseKey = keys.lease(entryKey);

            // the lookup reads no entry, and its SET NX of the lease waits in Redis
            redis.holdWrites();
            Future<Lookup> lookup = threads.submit(() -> tier.lookup(request));
            Waits.until("the lease's SET waits in Redis", () -> redis.held("set") == 1);
            // a write of another client's waits behind it and runs before the lookup's next
            // read: the entry's key holds a hash, so the read after the lease fails (WRONGTYPE)
            Future<Long> spoil = threads.submit(() -> redis.raw().hset(entryKey,
                    "f".getBytes(StandardCharsets.UTF_8), "v".getBytes(StandardCharsets.UTF_8)));
            Waits.until("the other write waits in Redis", () -> redis.held("hset") == 1);
            redis.releaseWrites();
            Lookup miss = lookup.get(10, TimeUnit.SECONDS);
            spoil.get(10, TimeUnit.SECONDS);

            assertThat(miss.isFound()).isFalse();
            assertThat(tier.stats().errors()).as("%s", tier.stats()).isEqualTo(1);
            assertThat(redis.raw().exists(leaseKey)).as("the lease this JVM took").isTrue();

            tier.release(request); // what a cache calls when its load stores nothing

            assertThat(redis.raw().exists(leaseKey))
                    .as("released now, not left to its lease time of 10 s").isFalse();
        } finally {
            redis.releaseWrites();
            threads.shutdownNow();
        }
    }
}
