/**
 * A second cache level on Redis for a farm of JVMs: {@code io.github.wscache.redis.RedisTier},
 * an implementation of cache-core's {@code io.github.wscache.core.spi.SharedTier}, which it also
 * provides through {@link java.util.ServiceLoader} for policies that name
 * {@code sharedTier: redis://host:port}. Its {@code internal} package is exported to no one.
 */
// "requires-automatic": Jedis 5.2 and Kryo 5.6 (with Objenesis 3.4) have no module declaration,
// only an Automatic-Module-Name, which is stable; there is no modular release of them.
@SuppressWarnings("requires-automatic")
module io.github.wscache.redis {
    // RedisTier is a SharedTier, and ResponseCache.Builder.sharedTier takes it
    requires transitive io.github.wscache.core;
    requires redis.clients.jedis;
    requires org.apache.commons.pool2;
    requires com.esotericsoftware.kryo;
    requires org.objenesis;
    requires org.slf4j;

    exports io.github.wscache.redis;

    provides io.github.wscache.core.spi.SharedTierFactory
            with io.github.wscache.redis.internal.RedisTierFactory;
}
