package io.github.wscache.core.spi;

import java.util.Objects;

/**
 * A second cache level shared by several JVMs (a farm), behind each cache's own store: what
 * {@code cache-redis} implements and {@code ResponseCache.Builder.sharedTier} takes. The service
 * provider interface of a tier module: applications get a tier from its module
 * ({@code RedisTier}) and never call these methods; the cache that uses the tier does.
 *
 * <p>The flows call it only as the leader of a key's local single flight, so a JVM asks the tier
 * once per key however many of its threads miss: {@link #lookup} after a miss in the local store;
 * then, when the tier had nothing, the load, then {@link #store} of what the local store kept, or
 * {@link #release} when nothing was kept (the load failed, the result was not storable). A
 * lookup may hand this JVM the farm's lease on the key ({@link Lookup#leased()}): the other JVMs
 * wait for the value it stores, so concurrent misses on N JVMs call the service once.
 *
 * <p>Contract: no method throws or blocks beyond the tier's own short timeouts; a tier that
 * cannot answer answers a miss, counts and logs it. Values are {@code CachedResponse}s (message
 * level, their bodies XML bytes, an {@code XmlRecording}, an integration's {@code SharedBody} or
 * none: the flows ask the integration for that form, {@code Exchange.toShared}, and give what a
 * lookup returns back to it, {@code Exchange.fromShared}, which refuses what it does not keep) or
 * application objects (object level); the tier turns them into bytes and back, and hands every
 * lookup a value of its own. Thread-safe.
 *
 * <p>The smallest tier has nothing in it: every lookup misses, so every JVM keeps its own cache
 * (the package's page has one that stores):
 *
 * <pre>{@code
 * final class EmptyTier implements SharedTier {
 *     public byte[] identitySalt() {
 *         return new byte[16];
 *     }
 *
 *     public void bind(SharedTier.Listener listener) {
 *     }
 *
 *     public SharedTier.Lookup lookup(SharedTier.Request request) {
 *         return SharedTier.Lookup.miss(false);
 *     }
 *
 *     public void store(SharedTier.Request request, Object value, long freshNanos,
 *             long retainNanos) {
 *     }
 *
 *     public void release(SharedTier.Request request) {
 *     }
 *
 *     public void invalidate(String operation) {
 *     }
 *
 *     public void invalidateAll() {
 *     }
 *
 *     public void close() {
 *     }
 * }
 *
 * try (ResponseCache cache = ResponseCache.builder().policy(policy)
 *         .sharedTier(new EmptyTier()).build()) {
 *     cache.call(Invocation.builder("search").parameter("q", "wscache").build(),
 *             () -> "result");
 * }   // closing the cache closes its tier
 * }</pre>
 */
public interface SharedTier extends AutoCloseable {

    /**
     * Returns the salt of identity hashes, the same on every JVM sharing the tier, so that one
     * caller's entries have one key across the farm (and no other caller's).
     */
    byte[] identitySalt();

    /** Called once by the cache that uses this tier, before any other call but the salt. */
    void bind(Listener listener);

    /** Looks the key up; on a miss may take, or wait a bounded time for, the farm's lease. */
    Lookup lookup(Request request);

    /**
     * Stores the value the local store kept, fresh for {@code freshNanos} and kept for
     * {@code retainNanos} (at least as long), and releases the lease if this JVM holds it.
     */
    void store(Request request, Object value, long freshNanos, long retainNanos);

    /** Releases the lease if this JVM holds it, storing nothing. */
    void release(Request request);

    /** Drops every entry of the operation named {@code operation} on every JVM. */
    void invalidate(String operation);

    /**
     * Drops every entry of {@code operation} at {@code endpoint} (every caller and variant) on
     * every JVM, as {@link Request#endpoint} names it; another JVM's cache is told through
     * {@link Listener#endpointInvalidated}. A tier may drop more (cache-redis drops the entries
     * of the endpoints that share the endpoint's bucket, one in 1,024); this default drops the
     * whole operation.
     */
    default void invalidate(String operation, String endpoint) {
        invalidate(operation);
    }

    /** Drops every entry on every JVM. */
    void invalidateAll();

    /** Stops using the tier (connections, subscriptions); the farm's entries stay. */
    @Override
    void close();

    /**
     * What the tier tells the cache that uses it: invalidations made on other JVMs. The cache
     * implements it and hands it to {@link SharedTier#bind}; a tier calls it when a message from
     * another JVM arrives (cache-redis subscribes to a channel for them). A tier's own test can
     * bind one that records what the tier tells it:
     *
     * <pre>{@code
     * List<String> told = new CopyOnWriteArrayList<>();
     * tier.bind(new SharedTier.Listener() {
     *     public void operationInvalidated(String operation) {
     *         told.add(operation);
     *     }
     *
     *     public void allInvalidated() {
     *         told.add("*");
     *     }
     * });
     * otherJvmsTier.invalidate("search");   // then told becomes [search]
     * }</pre>
     */
    interface Listener {
        /** Every entry of the operation named {@code operation} is to be dropped. */
        void operationInvalidated(String operation);

        /**
         * Every entry of {@code operation} at {@code endpoint} is to be dropped; by default,
         * every entry of the operation.
         */
        default void endpointInvalidated(String operation, String endpoint) {
            operationInvalidated(operation);
        }

        /** Every entry is to be dropped (or may have been missed: a reconnection). */
        void allInvalidated();
    }

    /**
     * One key as the tier sees it: the operation (for its generation and for counters) and the
     * stable bytes of the whole key (endpoint, operation, identity partition, parameters, vary,
     * the operation's policy), the same on every JVM for the same call. Carries the tier's lease
     * state between {@link #lookup} and {@link #store}/{@link #release}. The cache makes them;
     * a tier's own test makes them to call the tier as the cache would:
     *
     * <pre>{@code
     * SharedTier.Request request = new SharedTier.Request("GoogleSearchService", "search",
     *         "search|q=wscache".getBytes(StandardCharsets.UTF_8), false);
     * if (!tier.lookup(request).isFound()) {
     *     tier.store(request, "result", TimeUnit.MINUTES.toNanos(5),
     *             TimeUnit.MINUTES.toNanos(10));
     * }
     * tier.lookup(request).value();   // "result"
     * }</pre>
     */
    final class Request {
        private final String service;
        private final String operation;
        private final byte[] key;
        private final boolean messageLevel;
        private final String endpoint;
        private volatile Object lease;

        /**
         * A key of the operation {@code operation} of {@code service} (or {@code null}), whose
         * stable bytes are {@code key} (kept, not copied); {@code messageLevel} when the value
         * is a {@code CachedResponse}; no endpoint.
         */
        public Request(String service, String operation, byte[] key, boolean messageLevel) {
            this(service, operation, key, messageLevel, null);
        }

        /**
         * {@link #Request(String, String, byte[], boolean)} of a call to {@code endpoint} (or
         * {@code null}), which {@link SharedTier#invalidate(String, String)} names.
         */
        public Request(String service, String operation, byte[] key, boolean messageLevel,
                String endpoint) {
            this.service = service;
            this.operation = Objects.requireNonNull(operation, "operation");
            this.key = Objects.requireNonNull(key, "key");
            this.messageLevel = messageLevel;
            this.endpoint = endpoint;
        }

        /** Returns the endpoint of the call, or {@code null}. */
        public String endpoint() {
            return endpoint;
        }

        /** Returns the service name, or {@code null}. */
        public String service() {
            return service;
        }

        public String operation() {
            return operation;
        }

        /** Returns the stable key bytes (not a copy: do not change them). */
        public byte[] key() {
            return key;
        }

        /** Whether the value is a {@code CachedResponse} rather than an application object. */
        public boolean isMessageLevel() {
            return messageLevel;
        }

        /** Returns the tier's lease state, or {@code null}. */
        public Object lease() {
            return lease;
        }

        public void lease(Object state) {
            this.lease = state;
        }
    }

    /**
     * The answer of a lookup: a value with its remaining lifetimes, or a miss. A tier makes one
     * per lookup from what it keeps:
     *
     * <pre>{@code
     * SharedTier.Lookup hit = SharedTier.Lookup.found("result", TimeUnit.MINUTES.toNanos(5),
     *         TimeUnit.MINUTES.toNanos(10));
     * hit.isFound();       // true
     * hit.freshNanos();    // 5 minutes: served without asking the service until then
     * SharedTier.Lookup miss = SharedTier.Lookup.miss(true);
     * miss.leased();       // true: this JVM loads the key, the other JVMs wait for it
     * }</pre>
     */
    final class Lookup {
        private static final Lookup MISS = new Lookup(false, null, 0, 0, false);
        private static final Lookup LEASED = new Lookup(false, null, 0, 0, true);

        private final boolean found;
        private final Object value;
        private final long freshNanos;
        private final long retainNanos;
        private final boolean leased;

        private Lookup(boolean found, Object value, long freshNanos, long retainNanos,
                boolean leased) {
            this.found = found;
            this.value = value;
            this.freshNanos = freshNanos;
            this.retainNanos = retainNanos;
            this.leased = leased;
        }

        /** A value (possibly null, for a stored null result) and its remaining lifetimes. */
        public static Lookup found(Object value, long freshNanos, long retainNanos) {
            return new Lookup(true, value, freshNanos, Math.max(freshNanos, retainNanos), false);
        }

        /** Nothing; {@code leased} when this JVM now holds the farm's lease on the key. */
        public static Lookup miss(boolean leased) {
            return leased ? LEASED : MISS;
        }

        public boolean isFound() {
            return found;
        }

        public Object value() {
            return value;
        }

        public long freshNanos() {
            return freshNanos;
        }

        public long retainNanos() {
            return retainNanos;
        }

        public boolean leased() {
            return leased;
        }
    }
}
