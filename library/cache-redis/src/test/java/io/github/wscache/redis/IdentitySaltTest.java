package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testkit.RedisServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every JVM of a farm gets the same salt: derived from the signing key (a value the farm's
 * other versions compute too), or made once in Redis; a JVM that cannot reach Redis uses its
 * own.
 */
class IdentitySaltTest {
    @RegisterExtension
    static final RedisFixture.LocalRedis redis = RedisFixture.LocalRedis.perClass();

    private final KeyLayout keys = new KeyLayout("salt-test");

    @Test
    void aSigningFarmsSaltIsTheHmacOfItsLabelUnderTheKey() {
        byte[] key = "a farm key of 32 bytes, not this".getBytes(StandardCharsets.UTF_8);

        assertThat(HexFormat.of().formatHex(IdentitySalt.of(key, null, keys))).isEqualTo(
                "aa451e71cad6d9f083a0550d622ab45e437c25790b47db449d7e90df0a2aef3b");
    }

    @Test
    void theFirstJvmsSaltIsEveryJvmsAndItIsInRedis() {
        RedisConnection a = connection(redis.uri());
        RedisConnection b = connection(redis.uri());
        try {
            byte[] first = IdentitySalt.of(null, a, keys);
            byte[] second = IdentitySalt.of(null, b, keys);

            assertThat(first).hasSize(32).isEqualTo(second);
            assertThat(redis.raw().get(keys.identitySalt())).isEqualTo(first);
        } finally {
            a.close();
            b.close();
        }
    }

    @Test
    void withoutRedisAJvmUsesASaltOfItsOwn() {
        RedisServer gone = RedisServer.start();
        String uri = gone.uri();
        gone.close();
        RedisConnection c = connection(uri);
        try {
            byte[] one = IdentitySalt.of(null, c, keys);
            byte[] other = IdentitySalt.of(null, c, keys);

            assertThat(one).hasSize(32).isNotEqualTo(other);
        } finally {
            c.close();
        }
    }

    private static RedisConnection connection(String uri) {
        return new RedisConnection(RedisAddress.parse(uri), Duration.ofMillis(1000), 2, "test");
    }
}
