package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.policy.PolicyException;
import io.github.wscache.redis.internal.ValueCodec;
import io.github.wscache.testkit.Waits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * The zero-code path: a policy file that says {@code sharedTier: redis://host:port} gives every
 * cache built from it a {@link RedisTier} (found through cache-core's {@code ServiceLoader}),
 * which the cache owns; no {@code RedisTier} appears in the code. With
 * {@code signingKeyFile:} under {@code sharedTier}, the tier signs its entries with the key in
 * that file, and a node without the key does not read them.
 */
class PolicySharedTierTest extends RedisFixture {
    @RegisterExtension
    static final LocalRedis redis = LocalRedis.perClass().flushedAfterEachTest();

    @TempDir
    Path dir;

    /** The farm's key, as {@code openssl rand -base64 32} writes it. */
    private static final String KEY = "q3Jd8vW1mZ0pL6sT9xYc2bN4hG7fK5aRt0Ue3Wy8Ko4=";

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
        Waits.until("b dropped its entry of search", () -> b.stats("search").entryCount() == 0);
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

        Waits.until("both tiers left the channel", () -> subscribers(channel) == 0);
    }

    /** A policy whose tier signs its entries with the key in {@code keyFile}. */
    private static String signedPolicy(Path keyFile) {
        return "sharedTier:\n  uri: " + redis.uri() + "\n  signingKeyFile: " + keyFile + "\n"
                + SEARCH_AND_SPELL;
    }

    private Path keyFile(String content) throws Exception {
        Path file = dir.resolve("farm.key");
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return file;
    }

    /**
     * Reads the one entry of Search's {@code search} in Redis with a codec signed with
     * {@code signingKey}, or unsigned for {@code null}.
     */
    private static Object decode(byte[] signingKey) throws ValueCodec.Rejected {
        List<byte[]> keys = redis.entryKeys("wscache").stream()
                .filter(k -> new String(k, StandardCharsets.UTF_8)
                        .startsWith("wscache:Search/search:"))
                .toList();
        assertThat(keys).hasSize(1);
        byte[] key = keys.get(0);
        return new ValueCodec(signingKey, ValueCodec.DEFAULT_ALLOWED, List.of())
                .decode(key, redis.raw().get(key), false).value;
    }

    @Test
    void cachesBuiltFromASignedPolicy_shareSignedEntries() throws Exception {
        String text = signedPolicy(keyFile(KEY + "\n"));
        ResponseCache a = node(Policy.parse(text, "wscache.yaml"));
        ResponseCache b = node(Policy.parse(text, "wscache.yaml"));
        warmUp("spell", a, b);

        assertThat(a.call(search("farm"), () -> service("farm"))).isEqualTo("results for farm");
        assertThat(b.call(search("farm"), () -> service("farm"))).isEqualTo("results for farm");

        assertThat(serviceCalls).hasValue(1);
        assertThat(b.stats("search").hits()).isEqualTo(1);
        // in Redis the entry is signed with the file's first line
        assertThat(decode(KEY.getBytes(StandardCharsets.UTF_8))).isEqualTo("results for farm");
        assertThatThrownBy(() -> decode(null))
                .isInstanceOf(ValueCodec.Rejected.class)
                .hasMessage("a signed entry, and this node has no signing key");
        assertThatThrownBy(() -> decode("another key of 16 bytes or more".getBytes(
                StandardCharsets.UTF_8)))
                .isInstanceOf(ValueCodec.Rejected.class)
                .hasMessageStartingWith("the signature does not match");
    }

    @Test
    void aCacheBuiltFromAnUnsignedPolicy_doesNotReadTheSignedEntries() throws Exception {
        ResponseCache signed = node(Policy.parse(signedPolicy(keyFile(KEY)), "wscache.yaml"));
        ResponseCache unsigned = node(Policy.parse("sharedTier: " + redis.uri() + "\n"
                + SEARCH_AND_SPELL, "wscache.yaml"));
        warmUp("spell", signed, unsigned);
        signed.call(search("farm"), () -> service("farm"));
        // the entry the unsigned node will look up is there, and signed
        assertThat(decode(KEY.getBytes(StandardCharsets.UTF_8))).isEqualTo("results for farm");

        assertThat(unsigned.call(search("farm"), () -> service("farm")))
                .isEqualTo("results for farm");

        assertThat(serviceCalls).hasValue(2);
        assertThat(unsigned.stats("search").hits()).isZero();
        assertThat(unsigned.stats("search").misses()).isEqualTo(1);
        assertThat(unsigned.stats("search").errors()).isZero();
    }

    @Test
    void aKeyFileTooShortOrMissing_failsAtCacheBuildWithTheSettingsPlace() throws Exception {
        Path shortKey = keyFile("not 16 bytes\n");
        Path policyFile = dir.resolve("wscache.yaml");
        Files.writeString(policyFile, "maximumSize: 1MB\n" + signedPolicy(shortKey),
                StandardCharsets.UTF_8);
        String at = policyFile + ":3:8: 'sharedTier' " + redis.uri() + " cannot be used: ";

        Policy tooShort = Policy.load(policyFile);
        assertThatThrownBy(() -> node(tooShort))
                .isInstanceOfSatisfying(PolicyException.class, e -> {
                    assertThat(e.file()).hasValue(policyFile.toString());
                    assertThat(e.line()).isEqualTo(3);
                    assertThat(e.column()).isEqualTo(8);
                })
                .hasMessage(at + "its signingKeyFile " + shortKey + " holds a key of 12 bytes,"
                        + " too short to sign with; write at least 16 bytes of secret in "
                        + shortKey + " (one line, the same file on every node, e.g. made by"
                        + " openssl rand -base64 32 > " + shortKey + ")");

        Path missing = dir.resolve("missing.key");
        Files.writeString(policyFile, "maximumSize: 1MB\n" + signedPolicy(missing),
                StandardCharsets.UTF_8);
        assertThatThrownBy(() -> node(Policy.load(policyFile)))
                .isInstanceOf(PolicyException.class)
                .hasMessageStartingWith(at + "its signingKeyFile " + missing + " does not exist;"
                        + " write at least 16 bytes of secret in " + missing);
        assertThat(caches).isEmpty();
    }

    private static long subscribers(String channel) {
        try (Jedis j = new Jedis("127.0.0.1", redis.port())) {
            return j.pubsubNumSub(channel).getOrDefault(channel, 0L);
        }
    }
}
