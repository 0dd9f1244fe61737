package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPooled;

/**
 * The zero-code path: a policy file that says {@code sharedTier: redis://host:port} gives every
 * cache built from it a {@link RedisTier} (found through cache-core's {@code ServiceLoader}),
 * which the cache owns; no {@code RedisTier} appears in the code.
 */
class PolicySharedTierTest {
    private static RedisServer redis;
    private static JedisPooled raw;
    private final List<ResponseCache> caches = new ArrayList<>();
    private final AtomicInteger serviceCalls = new AtomicInteger();

    @TempDir
    Path dir;

    @BeforeAll
    static void startRedis() {
        redis = RedisServer.start();
        raw = new JedisPooled("127.0.0.1", redis.port());
    }

    @AfterAll
    static void stopRedis() {
        raw.close();
        redis.close();
    }

    @AfterEach
    void closeCaches() {
        caches.forEach(ResponseCache::close);
        raw.flushAll();
    }

    private Path policyFile() throws Exception {
        Path file = dir.resolve("wscache.yaml");
        Files.writeString(file, "sharedTier: " + redis.uri() + "\n"
                + "operations:\n"
                + "  - service: Search\n    operation: search\n    ttl: 1h\n"
                + "  - service: Search\n    operation: spell\n    ttl: 1h\n",
                StandardCharsets.UTF_8);
        return file;
    }

    private ResponseCache node(Policy policy) {
        ResponseCache c = ResponseCache.builder().policy(policy).build();
        caches.add(c);
        return c;
    }

    private static Invocation search(String q) {
        return Invocation.builder("search").service("Search").parameter("q", q).build();
    }

    private String service(String q) {
        serviceCalls.incrementAndGet();
        return "results for " + q;
    }

    @Test
    void cachesBuiltFromThePolicyFileShareEntriesAndInvalidations() throws Exception {
        Path file = policyFile();
        ResponseCache a = node(Policy.load(file));
        ResponseCache b = node(Policy.load(file));
        // the policy's tier has the default 50 ms timeouts: connections and classes first
        RedisClusterTest.warmUp("spell", a, b);

        assertThat(a.call(search("farm"), () -> service("farm"))).isEqualTo("results for farm");
        assertThat(b.call(search("farm"), () -> service("farm"))).isEqualTo("results for farm");
        assertThat(serviceCalls).hasValue(1);
        assertThat(b.stats("search").hits()).isEqualTo(1);

        a.invalidate("search");
        awaitUntil(() -> b.stats("search").entryCount() == 0);
        b.call(search("farm"), () -> service("farm"));
        assertThat(serviceCalls).hasValue(2);
    }

    @Test
    void theCacheOwnsTheTierItOpened() throws Exception {
        String channel = "wscache:invalidations";
        ResponseCache a = node(Policy.load(policyFile()));
        ResponseCache b = node(Policy.builder().sharedTier(redis.uri()).build());
        assertThat(subscribers(channel)).isEqualTo(2);

        a.close();
        b.close();

        awaitUntil(() -> subscribers(channel) == 0);
    }

    private static long subscribers(String channel) {
        try (Jedis j = new Jedis("127.0.0.1", redis.port())) {
            return j.pubsubNumSub(channel).getOrDefault(channel, 0L);
        }
    }

    private static void awaitUntil(java.util.function.BooleanSupplier condition)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met in 5 s");
            }
            Thread.sleep(10);
        }
    }
}
