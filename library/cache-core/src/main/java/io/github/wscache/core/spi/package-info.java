/**
 * The service provider interface of a shared tier: what a module implements to give the JVMs of
 * a farm a second cache level behind each {@link io.github.wscache.core.ResponseCache}'s own
 * store (cache-redis implements it with Redis). Applications do not call it: they take a tier
 * from such a module and hand it to
 * {@link io.github.wscache.core.ResponseCache.Builder#sharedTier}, or name it in a policy
 * ({@code sharedTier: redis://host:port}), which opens it through a {@link
 * io.github.wscache.core.spi.SharedTierFactory} found by {@link java.util.ServiceLoader}.
 *
 * <p>The whole SPI is 6 public types with 26 public methods, 1 public constructor and 2
 * constants:
 * <ul>
 *   <li>{@link io.github.wscache.core.spi.SharedTier} (8 methods), with its nested
 *       {@link io.github.wscache.core.spi.SharedTier.Listener} (2 methods),
 *       {@link io.github.wscache.core.spi.SharedTier.Request} (1 constructor, 6 methods) and
 *       {@link io.github.wscache.core.spi.SharedTier.Lookup} (7 methods);</li>
 *   <li>{@link io.github.wscache.core.spi.SharedTierFactory} (2 methods), listed for
 *       {@code ServiceLoader};</li>
 *   <li>{@link io.github.wscache.core.spi.SigningKeyFile} (1 method, 2 constants), which reads
 *       the signing key a policy's {@code signingKeyFile} names, for a factory.</li>
 * </ul>
 * Changing any of them is an incompatible change for every tier module.
 *
 * <p>A tier in this JVM's memory, enough for a test (it stores values as they are, so only
 * immutable ones: a real tier turns every value into bytes and back, and shares them between
 * JVMs), plugged into a cache:
 *
 * <pre>{@code
 * public final class MapTier implements SharedTier {
 *     private record Entry(String operation, Object value, long freshUntil, long retainUntil) {
 *     }
 *
 *     private final Map<ByteBuffer, Entry> entries = new ConcurrentHashMap<>();
 *
 *     public byte[] identitySalt() {
 *         return new byte[16];  // the same on every JVM of the farm
 *     }
 *
 *     public void bind(SharedTier.Listener listener) {
 *         // one JVM: no other JVM invalidates, so nothing to tell the cache
 *     }
 *
 *     public SharedTier.Lookup lookup(SharedTier.Request request) {
 *         Entry e = entries.get(ByteBuffer.wrap(request.key()));
 *         long now = System.nanoTime();
 *         if (e == null || e.retainUntil() - now <= 0) {
 *             return SharedTier.Lookup.miss(false);
 *         }
 *         return SharedTier.Lookup.found(e.value(), Math.max(0, e.freshUntil() - now),
 *                 e.retainUntil() - now);
 *     }
 *
 *     public void store(SharedTier.Request request, Object value, long freshNanos,
 *             long retainNanos) {
 *         long now = System.nanoTime();
 *         entries.put(ByteBuffer.wrap(request.key()), new Entry(request.operation(), value,
 *                 now + freshNanos, now + retainNanos));
 *     }
 *
 *     public void release(SharedTier.Request request) {
 *         // no lease to release: this tier never hands one out
 *     }
 *
 *     public void invalidate(String operation) {
 *         entries.values().removeIf(e -> e.operation().equals(operation));
 *     }
 *
 *     public void invalidateAll() {
 *         entries.clear();
 *     }
 *
 *     public void close() {
 *     }
 * }
 *
 * Policy policy = Policy.builder()
 *         .operation("search", OperationPolicy.builder().cacheable(true)
 *                 .ttl(Duration.ofMinutes(5)).build())
 *         .build();
 * try (ResponseCache cache = ResponseCache.builder().policy(policy)
 *         .sharedTier(new MapTier()).build()) {
 *     cache.call(Invocation.builder("search").parameter("q", "wscache").build(),
 *             () -> "result");   // loaded, then stored in the local store and in the tier
 * }
 * }</pre>
 */
package io.github.wscache.core.spi;
