package io.github.wscache.redis;

import io.github.wscache.redis.internal.ValueCodec;
import java.security.SecureRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.SetParams;

/**
 * The salt of the identity hashes in keys ({@code SharedTier.identitySalt}): the same on every
 * JVM of a farm, so that one caller's entries have one key across the farm. A farm that signs
 * derives it from its signing key (HMAC-SHA256 of {@code "wscache identity salt"}), without
 * Redis; otherwise the first JVM stores 32 random bytes in Redis ({@code SET NX}) and every
 * other reads them.
 */
final class IdentitySalt {
    private static final Logger LOG = LoggerFactory.getLogger(RedisTier.class);
    private static final byte[] LABEL = KeyLayout.utf8("wscache identity salt");

    private IdentitySalt() {
    }

    /** Returns the salt of a farm signing with {@code signingKey}, or else the one in Redis. */
    static byte[] of(byte[] signingKey, RedisConnection connection, KeyLayout keys) {
        return signingKey != null ? derived(signingKey) : farm(connection, keys);
    }

    /** The salt derived from the farm's signing key. */
    static byte[] derived(byte[] signingKey) {
        return ValueCodec.hmac(signingKey, LABEL);
    }

    /**
     * The farm's salt in Redis, made once by the first JVM and read by every other; when Redis
     * cannot be reached, this JVM's own (its callers with credentials then share nothing).
     */
    private static byte[] farm(RedisConnection connection, KeyLayout keys) {
        byte[] key = keys.identitySalt();
        byte[] mine = new byte[32];
        new SecureRandom().nextBytes(mine);
        try {
            connection.redis().set(key, mine, SetParams.setParams().nx());
            byte[] farm = connection.redis().get(key);
            if (farm != null && farm.length >= 16) {
                return farm;
            }
        } catch (JedisException e) {
            LOG.warn("wscache: Redis at {} is not reachable to read the farm's identity salt;"
                    + " entries of callers with credentials made here are not shared (set a"
                    + " signingKey to derive the salt without Redis)", connection.address(), e);
        }
        return mine;
    }
}
