package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * The zero-code path: a policy file that says {@code sharedTier: redis://host:port} gives every
 * cache built from it a {@link RedisTier} (found through cache-core's {@code ServiceLoader}),
 * which the cache owns; no {@code RedisTier} appears in the code.
 */
class PolicySharedTierTest extends RedisFixture {
    @RegisterExtension
    static final LocalRedis redis = LocalRedis.perClass().flushedAfterEachTest();

    @TempDir
    Path dir;

    private Path policyFile() throws Exception {
        Path file = dir.resolve("wscache.yaml");
        Files.writeString(file, "sharedTier: " + redis.uri() + "\n" + SEARCH_AND_SPELL,
                StandardCharsets.UTF_8);
        return file;
    }

    @Test
    void cachesBuiltFromThePolicyFileShareEntriesAndInvalidations() throws Exception {
        Path file = policyFile();
        ResponseCache a = node(Policy.load(file));
        ResponseCache b = node(Policy.load(file));
        // the policy's tier has the default 50 ms timeouts: connections and classes first
        warmUp("spell", a, b);

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
}
