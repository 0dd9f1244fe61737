package io.github.wscache.redis;

import io.github.wscache.core.spi.SharedTier;
import io.github.wscache.redis.internal.Breaker;
import io.github.wscache.redis.internal.ValueCodec;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A second cache level on Redis, shared by every JVM of a farm, behind each
 * {@code ResponseCache}'s own store ({@code ResponseCache.Builder.sharedTier}). Lookups go to
 * the JVM's store, then to Redis, then to the service; an entry found in Redis fills the JVM's
 * store for the lifetime it has left. Thread-safe; one tier serves one cache.
 *
 * <ul>
 *   <li><b>Entries</b> are bytes: XML bytes, {@code XmlRecording}s in their byte form, or
 *       application objects in Kryo's form with registration required ({@link
 *       Builder#kryoClasses}: for classes that are not {@code Serializable}, such as Axis2's
 *       ADB beans) or in Java serialization restricted to an allow-list of classes
 *       ({@link Builder#allowClasses}); optionally signed with a key the farm shares
 *       ({@link Builder#signingKey}), so that whoever can write to Redis cannot make a node read
 *       anything no node stored. Each entry expires in Redis with its retention time.</li>
 *   <li><b>Keys</b> are a readable prefix (namespace, service and operation, generations) and
 *       the SHA-256 of the key's stable bytes (endpoint, operation, the caller's salted identity
 *       hash, parameters, the operation's policy).</li>
 *   <li><b>Invalidation</b> ({@code ResponseCache.invalidate}) increments the operation's
 *       generation in Redis, which is part of every key (no key scan), and tells the other JVMs
 *       on a pub/sub channel to drop their own entries of it. An endpoint's invalidation (an
 *       unsafe request through cache-http or cache-edge) increments the generation of its
 *       bucket only (one of 1,024 per operation, also part of every key), and the other JVMs
 *       drop that endpoint's entries.</li>
 *   <li><b>Single flight across JVMs</b>: a miss takes a lease on the key ({@code SET NX PX});
 *       the other JVMs' misses of the key wait (at most {@link Builder#leaseWait}) for the entry
 *       the holder stores; a holder that crashes blocks nobody beyond its lease.</li>
 *   <li><b>Faults</b>: every operation has a short timeout ({@link Builder#timeout}, 50 ms by
 *       default); after a few failures in a row a circuit breaker skips Redis for a while. A
 *       failure is a miss, counted ({@link #stats}) and logged once; never the caller's
 *       error.</li>
 *   <li><b>Redis Cluster</b> as well as one server: {@code redis-cluster://host:port,...} names
 *       seed nodes; an entry and its lease share a hash slot (the key's digest is its hash tag),
 *       so entries spread over every master and each command touches one slot.</li>
 * </ul>
 *
 * <pre>{@code
 * ResponseCache cache = ResponseCache.builder()
 *         .policy(Policy.load(Path.of("wscache.yaml")))
 *         .sharedTier(RedisTier.builder()
 *                 .uri("redis://10.0.0.5:6379")
 *                 .allowClasses("com.example.search.*")
 *                 .signingKey(farmKey)
 *                 .build())
 *         .build();
 * }</pre>
 *
 * <p>Without code, a policy file that says {@code sharedTier: redis://host:port} gives every
 * cache built from it a tier with this builder's defaults (cache-redis on the class path is
 * enough); written as a mapping with {@code uri:} and {@code signingKeyFile:}, a tier that signs
 * its entries with the key in that file.
 */
public final class RedisTier implements SharedTier {
    // The tier is the flow of SharedTier's calls (the single flight across JVMs: read, lease,
    // read again, wait; store and release) and what each round trip means for the breaker and
    // the counters. Each part it uses, package-private beside it, does one job: RedisConnection
    // (the client), FaultGuard (breaker, failures), KeyLayout (names in Redis), Generations,
    // EntryStore (entries through ValueCodec), Leases, Invalidations (the channel, both ways)
    // and IdentitySalt; Counters and OnceLog are the ones they all count and log into.

    private final Counters counters = new Counters();
    private final OnceLog log = new OnceLog(OnceLog.MAX_LOGGED);
    private final RedisConnection connection;
    private final FaultGuard guard;
    private final EntryStore entries;
    private final Generations generations;
    private final Leases leases;
    private final Invalidations invalidations;
    private final Duration leaseWait;
    private final byte[] salt;

    private RedisTier(Builder b) {
        byte[] id = new byte[9];
        new SecureRandom().nextBytes(id);
        // this JVM's tier in lease tokens, invalidation messages and thread names
        String node = Base64.getUrlEncoder().withoutPadding().encodeToString(id);
        KeyLayout keys = new KeyLayout(b.namespace);
        this.connection = new RedisConnection(b.address, b.timeout, b.connections, node);
        this.guard = new FaultGuard(b.address.uri, new Breaker(b.breakerFailures,
                b.breakerOpen.toNanos(), System::nanoTime), counters, log);
        this.entries = new EntryStore(connection,
                new ValueCodec(b.signingKey, b.allowed, b.kryoClasses), counters, log);
        this.generations = new Generations(keys, key -> {
            byte[] v = connection.redis().get(key);
            guard.succeeded();
            return v;
        });
        this.leases = new Leases(connection, keys, node, b.leaseTime);
        this.leaseWait = b.leaseWait;
        this.salt = IdentitySalt.of(b.signingKey, connection, keys);
        this.invalidations = new Invalidations(node, keys, connection, guard, generations,
                counters, log);
        // last: the tier hears invalidations from here on
        invalidations.start(b.timeout);
    }

    /** Returns a builder. */
    public static Builder builder() {
        return new Builder();
    }

    /** Returns the counters of this tier. */
    public RedisTierStats stats() {
        return counters.snapshot();
    }

    /** Returns whether the circuit breaker is open now (Redis is skipped). */
    public boolean isBreakerOpen() {
        return guard.isOpen();
    }

    @Override
    public byte[] identitySalt() {
        return salt.clone();
    }

    @Override
    public void bind(Listener l) {
        invalidations.bind(l);
    }

    @Override
    public Lookup lookup(Request r) {
        if (!guard.allow()) {
            counters.count(RedisTierStats.SKIPPED);
            return Lookup.miss(false);
        }
        try {
            byte[] key = generations.entryKey(r);
            r.lease(LeaseState.notHeld(key));
            long deadline = System.nanoTime() + leaseWait.toNanos();
            long pause = 1;
            boolean waited = false;
            while (true) {
                Lookup found = read(key, r);
                if (found != null && found != EntryStore.REFUSED) {
                    counters.count(RedisTierStats.HITS);
                    return found;
                }
                LeaseState lease = leases.tryAcquire(key);
                guard.succeeded();
                if (lease != null) {
                    // the request holds it from here on, before another round trip can fail:
                    // the store or release that follows this lookup gives it back then, instead
                    // of leaving the other JVMs to wait out its lease time
                    r.lease(lease);
                    // the lease may have come free because its holder had just stored the
                    // entry (between this read and this SET NX): look once more while holding it
                    Lookup late = found == EntryStore.REFUSED ? null : read(key, r);
                    if (late != null && late != EntryStore.REFUSED) {
                        release(r);
                        counters.count(RedisTierStats.HITS);
                        return late;
                    }
                    counters.count(RedisTierStats.MISSES);
                    counters.count(RedisTierStats.LEASES_ACQUIRED);
                    return Lookup.miss(true);
                }
                if (!waited) {
                    waited = true;
                    counters.count(RedisTierStats.LEASE_WAITS);
                }
                if (System.nanoTime() - deadline >= 0) {
                    counters.count(RedisTierStats.MISSES);
                    counters.count(RedisTierStats.LEASE_WAIT_TIMEOUTS);
                    log.warnOnce("lease-timeout:" + r.operation(), "wscache: waited "
                            + leaseWait.toMillis() + " ms for another JVM's lease on a key of "
                            + r.operation() + "; loading here (logged once per operation)",
                            null);
                    return Lookup.miss(false);
                }
                Thread.sleep(pause);
                pause = Math.min(16, pause * 2);
            }
        } catch (JedisException e) {
            guard.failed("lookup", r.operation(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        counters.count(RedisTierStats.MISSES);
        return Lookup.miss(false);
    }

    /**
     * Returns the entry under {@code key} with its remaining lifetimes,
     * {@link EntryStore#REFUSED} for an entry that fails its checks, or null.
     */
    private Lookup read(byte[] key, Request r) {
        EntryStore.Stored stored = entries.fetch(key);
        guard.succeeded();
        return stored == null ? null : entries.decode(key, stored, r);
    }

    @Override
    public void store(Request r, Object value, long freshNanos, long retainNanos) {
        LeaseState s = (LeaseState) r.lease();
        boolean combined = false;
        try {
            long retain = TimeUnit.NANOSECONDS.toMillis(Math.max(freshNanos, retainNanos));
            if (retain <= 0) {
                return;
            }
            if (!guard.allow()) {
                counters.count(RedisTierStats.SKIPPED);
                return;
            }
            byte[] key = s != null ? s.entryKey : generations.entryKey(r);
            byte[] entry = entries.encode(key, r, value,
                    TimeUnit.NANOSECONDS.toMillis(freshNanos), retain);
            if (entry == null) {
                return; // not shareable: counted and logged
            }
            if (s != null && s.isHeld()) {
                // the entry and the lease's release in one round trip (one slot in a cluster)
                r.lease(LeaseState.notHeld(s.entryKey));
                combined = true;
                leases.storeAndRelease(s, entry, retain);
            } else {
                entries.put(key, entry, retain);
            }
            guard.succeeded();
            counters.count(RedisTierStats.STORES);
        } catch (JedisException e) {
            guard.failed("store", r.operation(), e);
            if (combined) {
                // the script may not have run: release the lease on its own, so that the other
                // JVMs' waiters load now instead of waiting out leaseWait (a lease the script did
                // release is not this JVM's any more, and stays as it is)
                r.lease(s);
            }
        } finally {
            release(r);
        }
    }

    @Override
    public void release(Request r) {
        LeaseState s = (LeaseState) r.lease();
        if (s == null || !s.isHeld()) {
            return;
        }
        r.lease(LeaseState.notHeld(s.entryKey));
        if (!guard.allow()) {
            return; // the lease runs out by itself
        }
        try {
            leases.release(s);
            guard.succeeded();
        } catch (JedisException e) {
            guard.failed("lease release", r.operation(), e);
        }
    }

    @Override
    public void invalidate(String operation) {
        invalidations.invalidate(operation);
    }

    /**
     * Invalidates {@code endpoint}'s entries of {@code operation}: the generation of the
     * endpoint's bucket (one of 1,024, by the endpoint's hash) is incremented in Redis, so the
     * entries of the endpoints in that bucket are left behind, and the other JVMs drop the
     * endpoint's entries from their own stores. The rest of the operation's entries stay.
     */
    @Override
    public void invalidate(String operation, String endpoint) {
        invalidations.invalidate(operation, endpoint);
    }

    @Override
    public void invalidateAll() {
        invalidations.invalidateAll();
    }

    @Override
    public void close() {
        // first, so that neither a client nor a subscription is made again
        connection.close();
        invalidations.close();
    }

    /**
     * Builds a {@link RedisTier}. Not thread-safe. Bad values fail at once with
     * {@link IllegalArgumentException}; an option set twice with {@link IllegalStateException}.
     *
     * <pre>{@code
     * RedisTier tier = RedisTier.builder().uri("redis://127.0.0.1:6379")
     *         .timeout(Duration.ofMillis(50)).build();
     * }</pre>
     */
    public static final class Builder {
        private RedisAddress address;
        private String namespace = "wscache";
        private Duration timeout = Duration.ofMillis(50);
        private Duration leaseTime = Duration.ofSeconds(10);
        private Duration leaseWait = Duration.ofSeconds(2);
        private int breakerFailures = 3;
        private Duration breakerOpen = Duration.ofSeconds(1);
        private int connections = 32;
        private byte[] signingKey;
        private final List<String> allowed = new ArrayList<>(ValueCodec.DEFAULT_ALLOWED);
        private final List<Class<?>> kryoClasses = new ArrayList<>();

        private Builder() {
        }

        /**
         * Sets the server, {@code redis://host:port}, or a Redis Cluster by some of its nodes,
         * {@code redis-cluster://host:port,host:port,...} (one is enough, more are tried in
         * turn; the client learns the others from them). Required.
         *
         * @throws IllegalArgumentException if it is not of either form
         */
        public Builder uri(String redisUri) {
            RedisAddress parsed = RedisAddress.parse(redisUri);
            if (address != null) {
                throw new IllegalStateException("uri was already set");
            }
            this.address = parsed;
            return this;
        }

        /** Sets the prefix of every key and channel ({@code wscache} by default). */
        public Builder namespace(String prefix) {
            Objects.requireNonNull(prefix, "namespace");
            if (prefix.isEmpty() || prefix.contains(" ")) {
                throw new IllegalArgumentException(
                        "namespace must be non-empty without spaces: '" + prefix + "'");
            }
            if (prefix.contains("{") || prefix.contains("}")) {
                // a hash tag in the prefix would put every key in one slot of a cluster
                throw new IllegalArgumentException(
                        "namespace must not contain braces: '" + prefix + "'");
            }
            this.namespace = prefix;
            return this;
        }

        /**
         * Sets the timeout of every Redis operation (connect and read; 50 ms by default): a
         * slower Redis answers a miss.
         */
        public Builder timeout(Duration t) {
            this.timeout = positive(t, "timeout");
            return this;
        }

        /**
         * Sets how long a JVM holds the lease on a key it loads (10 s by default): if it
         * crashes, the others take over after this.
         */
        public Builder leaseTime(Duration t) {
            this.leaseTime = positive(t, "leaseTime");
            return this;
        }

        /**
         * Sets how long a miss waits for another JVM's lease on its key before it loads by
         * itself (2 s by default).
         */
        public Builder leaseWait(Duration t) {
            this.leaseWait = Objects.requireNonNull(t, "leaseWait");
            if (t.isNegative()) {
                throw new IllegalArgumentException("leaseWait must not be negative: " + t);
            }
            return this;
        }

        /**
         * Sets the circuit breaker: after {@code failures} failed operations in a row Redis is
         * skipped for {@code openFor} (3 and 1 s by default).
         */
        public Builder circuitBreaker(int failures, Duration openFor) {
            if (failures < 1) {
                throw new IllegalArgumentException("failures must be at least 1: " + failures);
            }
            this.breakerFailures = failures;
            this.breakerOpen = positive(openFor, "openFor");
            return this;
        }

        /** Sets the most connections to Redis (32 by default). */
        public Builder connections(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("connections must be at least 1: " + n);
            }
            this.connections = n;
            return this;
        }

        /**
         * Signs every entry with HMAC-SHA256 under {@code key} (at least 16 bytes, the same on
         * every JVM of the farm), and refuses entries that are not signed with it; also derives
         * the farm's identity salt from it.
         */
        public Builder signingKey(byte[] key) {
            Objects.requireNonNull(key, "signingKey");
            if (key.length < 16) {
                throw new IllegalArgumentException(
                        "signingKey must have at least 16 bytes: " + key.length);
            }
            if (signingKey != null) {
                throw new IllegalStateException("signingKey was already set");
            }
            this.signingKey = key.clone();
            return this;
        }

        /**
         * Adds classes that application objects in the tier may hold, as
         * {@code ObjectInputFilter} patterns: {@code com.example.Result},
         * {@code com.example.*} (a package), {@code com.example.**} (and its subpackages).
         * Strings, boxed values, {@code java.math}, {@code java.time} and {@code java.util} are
         * allowed already; an object holding any other class stays in the JVM's own store.
         */
        public Builder allowClasses(String... patterns) {
            for (String p : patterns) {
                Objects.requireNonNull(p, "pattern");
                if (p.isBlank() || p.contains(";") || p.startsWith("!") || p.contains("=")
                        || p.equals("*") || p.equals("**")) {
                    throw new IllegalArgumentException("a class pattern names a class or a"
                            + " package (com.example.Type, com.example.*, com.example.**): '"
                            + p + "'");
                }
                allowed.add(p.trim());
            }
            return this;
        }

        /**
         * Registers classes for Kryo's form of application objects, with registration required:
         * an object whose classes are all registered (with the JDK's arrays, lists, maps, sets,
         * {@code BigDecimal}, {@code BigInteger} and {@code Date}, registered first, and
         * strings and boxed values, which Kryo registers itself) is shared in Kryo's form, which
         * needs no {@code Serializable} and is smaller and faster to read; a reader creates only
         * registered classes. An object holding any other class is shared through Java
         * serialization if the allow-list admits it ({@link #allowClasses}), else stays in the
         * JVM's own store (counted as not shareable). Kryo numbers classes by their order:
         * <b>every node must register the same classes in the same order</b>; an entry carries a
         * fingerprint of the list, and a node with another list rejects it (counted) instead of
         * misreading it. Register arrays of a class as well if objects hold them
         * ({@code Result[].class}).
         *
         * <pre>{@code
         * RedisTier.builder().uri("redis://10.0.0.5:6379")
         *         .kryoClasses(GoogleSearchResult.class, ResultElement.class,
         *                 ResultElement[].class, DirectoryCategory.class,
         *                 DirectoryCategory[].class)
         *         .build();
         * }</pre>
         *
         * @throws IllegalArgumentException for a primitive class, or a class given twice
         */
        public Builder kryoClasses(Class<?>... classes) {
            for (Class<?> c : classes) {
                Objects.requireNonNull(c, "class");
                if (c.isPrimitive()) {
                    throw new IllegalArgumentException("a primitive class needs no registration: "
                            + c);
                }
                if (kryoClasses.contains(c) || ValueCodec.kryoRegistersItself(c)) {
                    throw new IllegalArgumentException(c.getName() + " is registered already"
                            + " (given twice, or one of the classes every node registers first)");
                }
                kryoClasses.add(c);
            }
            return this;
        }

        /**
         * Returns the tier, connected (the invalidation channel subscribed); a Redis that is
         * down makes a tier that answers misses until it is up.
         *
         * @throws IllegalStateException if no uri was set
         */
        public RedisTier build() {
            if (address == null) {
                throw new IllegalStateException(
                        "a uri is required: call uri(\"redis://host:port\")");
            }
            return new RedisTier(this);
        }

        private static Duration positive(Duration d, String name) {
            Objects.requireNonNull(d, name);
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException(name + " must be positive: " + d);
            }
            return d;
        }
    }
}
