/**
 * A second cache level on Redis for a farm of JVMs: {@link io.github.wscache.redis.RedisTier},
 * given to {@code ResponseCache.Builder.sharedTier}, and its counters
 * {@link io.github.wscache.redis.RedisTierStats}.
 *
 * <p><b>Client.</b> Jedis, not Lettuce: the cache's flows are synchronous (the caller's thread
 * waits for the answer either way), and Jedis is a synchronous client whose every operation is
 * bounded by the socket timeout of a pooled connection (a broken connection is dropped from the
 * pool, so a restarted Redis is used again at once); it brings no event loop and no Netty that
 * could clash with an application's own, and one API ({@code UnifiedJedis}) serves a single
 * server and a cluster. Lettuce's strengths (one multiplexed connection, reactive API, automatic
 * reconnection with queued commands) are not needed here, and its default of queueing commands
 * while disconnected is the opposite of what a cache wants (fail fast, go on without it).
 *
 * <pre>{@code
 * ResponseCache cache = ResponseCache.builder().policy(policy)
 *         .sharedTier(RedisTier.builder().uri("redis://10.0.0.5:6379").build())
 *         .build();
 * }</pre>
 */
package io.github.wscache.redis;
