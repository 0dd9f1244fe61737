package io.github.wscache.core;

import com.github.benmanes.caffeine.cache.Cache;
import io.github.wscache.core.copy.CopierRegistry;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.policy.Rule;
import io.github.wscache.core.policy.SharedTierSetting;
import io.github.wscache.core.spi.SharedTier;
import java.time.Clock;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A response cache for web-service calls: the public face of cache-core. It resolves each call's
 * {@link OperationPolicy}, derives the key, answers hits from a Caffeine store bounded by the
 * estimated retained bytes of its entries, calls the service once for concurrent misses of one
 * key, and hands every caller its own copy. Thread-safe. Two levels: {@link #call} caches
 * application objects (copied by the strategy the policy or the runtime type selects);
 * {@link #exchange} caches messages for transport integrations ({@link CachedResponse}: XML bytes
 * or recorded parse events, HTTP freshness and revalidation). A failure inside the cache never
 * fails the call: it is counted as an error, logged once per cause, and the call goes to the
 * service. The site's Architecture page shows the classes one call passes through.
 *
 * <pre>{@code
 * ResponseCache cache = ResponseCache.builder().policy(Policy.load(path)).build();
 * Invocation call = Invocation.builder("doGoogleSearch").service("GoogleSearchService")
 *         .parameter("q", query).parameter("start", 0).build();
 * GoogleSearchResult r = cache.call(call, () -> stub.doGoogleSearch(query, 0));
 * }</pre>
 */
public final class ResponseCache implements AutoCloseable {
    private final Policy policy;
    private final Stats stats;
    private final Store store;
    private final PolicyResolver resolver;
    private final CopierRegistry copiers;
    private final ObjectFlow objects;
    private final MessageFlow messages;
    private final Runnable onPolicyChange;
    private final TierLink tier;
    private final Background background;

    private ResponseCache(Builder b, InstantSource clock, SharedTier sharedTier) {
        this.policy = b.policy;
        this.copiers = b.copiers;
        this.stats = new Stats(b.listeners);
        this.store = new Store(policy.maximumSize(), clock, stats);
        this.resolver = new PolicyResolver(policy);
        this.tier = new TierLink(sharedTier, stats, store);
        Flow.Parts parts = new Flow.Parts(stats, store, new CacheStrategy(b.surrogate, copiers),
                resolver, clock, tier, tier.identitySalt(), b.hitForMiss);
        this.background = parts.background;
        this.objects = new ObjectFlow(parts);
        this.messages = new MessageFlow(parts);
        this.onPolicyChange = () -> {
            resolver.policyChanged();
            store.followPolicy(policy);
        };
        policy.addChangeListener(onPolicyChange);
    }

    /** Returns a builder. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns the result of an operation call: from a fresh entry when the policy allows it,
     * else from {@code loader}, called once for concurrent misses of one key. Every caller owns
     * what it gets, waiters their own copy of the result or of the exception (failures are never
     * cached). Message-level representations ({@code events}, {@code xml}) are passed by.
     */
    public <T, X extends Throwable> T call(Invocation invocation, Loader<T, X> loader) throws X {
        Objects.requireNonNull(loader, "loader");
        return objects.call(invocation, resolver.policyFor(invocation), loader, null);
    }

    /**
     * Like {@link #call(Invocation, Loader)}, and tells {@code onOutcome}, on the calling thread
     * and before the result is returned (or the loader's failure thrown), what the cache did:
     * {@link CacheOutcome.Kind#HIT}, {@code MISS} (stored or not, and why not), {@code SHARED}
     * (a concurrent call's failure), or {@code BYPASS}, with a typed {@link Reason}. An
     * exception it throws is counted as an error of the cache, never the caller's.
     *
     * <pre>{@code
     * String s = cache.call(call, () -> stub.doSpellingSuggestion(key, phrase),
     *         o -> timer(o.kind()).record(...));
     * }</pre>
     */
    public <T, X extends Throwable> T call(Invocation invocation, Loader<T, X> loader,
            Consumer<CacheOutcome> onOutcome) throws X {
        Objects.requireNonNull(loader, "loader");
        Objects.requireNonNull(onOutcome, "onOutcome");
        return objects.call(invocation, resolver.policyFor(invocation), loader, onOutcome);
    }

    /**
     * Runs one message exchange through the cache, for transport integrations: a fresh entry is
     * returned as it is (when the request's own directives accept it,
     * {@link Invocation.Builder#requestDirectives}), a stale one with validators, or one the
     * request wants revalidated, is handed to {@code exchange} (which may
     * answer {@link CachedResponse#notModified}); else {@code exchange} runs once for concurrent
     * callers of one key, its response stored when it may be (status, size, marks, RFC 9111 if
     * the policy honors HTTP headers). {@link Exchange#onOutcome} tells what happened.
     */
    public <X extends Throwable> CachedResponse exchange(Invocation invocation,
            Exchange<X> exchange) throws X {
        Objects.requireNonNull(exchange, "exchange");
        return messages.exchange(invocation, resolver.policyFor(invocation), exchange);
    }

    /**
     * Returns a fresh stored response without calling anything (a hit; nothing found counts
     * nothing), so that an integration can answer hits on the calling thread and hand only
     * misses, through {@link #exchange}, to another.
     */
    public Optional<CachedResponse> getIfFresh(Invocation invocation) {
        return messages.getIfFresh(invocation, resolver.policyFor(invocation), null);
    }

    /**
     * Like {@link #getIfFresh(Invocation)}, and tells {@code onHit}, on the calling thread and
     * before returning, the outcome of a hit ({@link CacheOutcome#age()} among it), as
     * {@link Exchange#onOutcome} does for {@link #exchange}; an exception it throws is counted
     * as an error of the cache, never the caller's.
     */
    public Optional<CachedResponse> getIfFresh(Invocation invocation,
            Consumer<CacheOutcome> onHit) {
        Objects.requireNonNull(onHit, "onHit");
        return messages.getIfFresh(invocation, resolver.policyFor(invocation), onHit);
    }

    /** Returns the policy of a call: its operation's entry, else an alias's, else defaults. */
    public OperationPolicy policyFor(Invocation invocation) {
        return resolver.policyFor(invocation);
    }

    /**
     * Returns the policy entries reported as naming no operation (logged once each, with the
     * name they most likely meant), that have still matched no call: an entry naming a service
     * whose operation list was {@linkplain #declareOperations declared} and none of its
     * operations, or, without a list, an entry one or two edits away from the name of a call
     * that matched no entry. An entry for an operation merely not called yet is not one.
     */
    public List<Rule> unmatchedEntries() {
        return resolver.unmatchedEntries();
    }

    /**
     * Tells the cache every operation name calls of {@code service} may carry (an integration
     * that knows the service's full operation list, as cache-axis does from a stub's service),
     * so that the policy entries naming the service are judged against it at once, whether
     * they are called or not ({@link #unmatchedEntries}). Asks {@code names} only the first
     * time for a service, so an integration may call this on every call; later lists of the
     * same service are ignored. Thread-safe.
     *
     * <pre>{@code
     * cache.declareOperations("CatalogService", () -> List.of("KeywordSearch", "GetItem"));
     * // an entry "KeywordSerch" of CatalogService is logged now, with
     * // "did you mean operation: KeywordSearch?", and listed by unmatchedEntries()
     * }</pre>
     */
    public void declareOperations(String service,
            Supplier<? extends Collection<String>> names) {
        Objects.requireNonNull(names, "names");
        resolver.declare(Objects.requireNonNull(service, "service"), names);
    }

    /** Records a failure of an integration's own caching work: an error, logged once. */
    public void recordError(Invocation invocation, String what, Throwable cause) {
        stats.error(stats.of(invocation), invocation, null, Objects.requireNonNull(what, "what"),
                Objects.requireNonNull(cause, "cause"));
    }

    /** Removes the entries of the operations named {@code operation}; farm-wide with a tier. */
    public void invalidate(String operation) {
        Objects.requireNonNull(operation, "operation");
        store.removeIf(k -> k.operation().equals(operation));
        tier.invalidate(operation);
    }

    /**
     * Removes the entries of {@code operation} at {@code endpoint}, for every caller and variant
     * (cache-http and cache-edge use it after an unsafe request, RFC 9111 §4.4). With a
     * {@linkplain Builder#sharedTier shared tier}, farm-wide: the tier drops the endpoint's
     * entries ({@link SharedTier#invalidate(String, String)}: cache-redis, those of the endpoints
     * in its bucket, one in 1,024; a tier without endpoints, the whole operation), and every
     * other JVM drops the endpoint's entries from its own store.
     */
    public void invalidate(String operation, String endpoint) {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(endpoint, "endpoint");
        store.removeIf(k -> k.operation().equals(operation) && endpoint.equals(k.endpoint()));
        tier.invalidate(operation, endpoint);
    }

    /** Removes every entry; with a {@linkplain Builder#sharedTier shared tier}, farm-wide. */
    public void invalidateAll() {
        store.invalidateAll();
        tier.invalidateAll();
    }

    /** Returns the counters of the whole cache. */
    public CacheStats stats() {
        return stats.total(weightedSize());
    }

    /** Returns the counters of the operations named {@code operation} (of any service). */
    public CacheStats stats(String operation) {
        return stats.of(operation);
    }

    /** Returns the names of the operations this cache has seen, sorted. */
    public Set<String> operations() {
        return stats.operations();
    }

    /** Returns the estimated retained bytes of all entries. */
    public long weightedSize() {
        return store.weightedSize();
    }

    /**
     * Returns how many responses and results the store holds, each variant a {@code Vary}
     * selects counted once. Walks the store: for an admin view, not for every call.
     */
    public long storedResponses() {
        return store.count((k, e) -> !(e.captured instanceof VaryMarker));
    }

    /**
     * Returns under how many primary keys (a call's key without the variant a {@code Vary}
     * selects) the store holds something: a URL stored in three variants counts once. Walks
     * the store: for an admin view, not for every call.
     */
    public long storedPrimaryKeys() {
        return store.count((k, e) -> !k.isVariant());
    }

    /** Returns the Caffeine store, for tests in this package. */
    Cache<CacheKey, Entry> store() {
        return store.caffeine();
    }

    /** Returns the policy this cache follows. */
    public Policy policy() {
        return policy;
    }

    /** Returns the copier registry this cache copies results under (integrations ask it). */
    public CopierRegistry copiers() {
        return copiers;
    }

    /** Adds a listener for per-call events, called on the calling thread once per decision. */
    public void addListener(Consumer<CacheEvent> listener) {
        stats.addListener(Objects.requireNonNull(listener, "listener"));
    }

    /** Removes a listener. */
    public void removeListener(Consumer<CacheEvent> listener) {
        stats.removeListener(listener);
    }

    /** Stops following reloads, drops this JVM's entries and closes the tier (if any). */
    @Override
    public void close() {
        policy.removeChangeListener(onPolicyChange);
        background.close();
        store.invalidateAll();
        tier.close();
    }

    /** Builds a {@link ResponseCache} (see its example). Not thread-safe. */
    public static final class Builder {
        private Policy policy;
        private InstantSource clock;
        private boolean surrogate;
        private CopierRegistry copiers = CopierRegistry.create();
        private SharedTier sharedTier;
        private Duration hitForMiss;
        private final List<Consumer<CacheEvent>> listeners = new ArrayList<>();

        private Builder() {
        }

        /** Sets the policy (required); {@link IllegalStateException} if already set. */
        public Builder policy(Policy policy) {
            this.policy = once(this.policy, Objects.requireNonNull(policy, "policy"), "policy");
            return this;
        }

        /** Sets the time source (tests pass a fake one; system clock by default), once. */
        public Builder clock(InstantSource clock) {
            this.clock = once(this.clock, Objects.requireNonNull(clock, "clock"), "clock");
            return this;
        }

        private static <V> V once(V current, V value, String name) {
            if (current != null) {
                throw new IllegalStateException(name + " was already set");
            }
            return value;
        }

        /**
         * Makes message-level freshness follow {@code Surrogate-Control} first, as an edge cache
         * does ({@code no-store} forbids storing, {@code max-age} wins); off by default.
         */
        public Builder honorSurrogateControl(boolean honor) {
            this.surrogate = honor;
            return this;
        }

        /**
         * Sets the registry this cache copies under; without it, the cache gets the new, empty
         * registry this builder made ({@link ResponseCache#copiers()} returns it), which no
         * cache of another builder shares.
         */
        public Builder copiers(CopierRegistry registry) {
            this.copiers = Objects.requireNonNull(registry, "registry");
            return this;
        }

        /**
         * Adds a second level shared by a farm of JVMs behind this cache's store (cache-redis's
         * {@code RedisTier}); {@link ResponseCache#invalidate} then reaches every JVM, and
         * {@link ResponseCache#close} closes the tier. Once. The Farm page has an example.
         * Without it, a policy's {@linkplain Policy#sharedTier() sharedTier} is opened at
         * {@link #build}; with it, that setting is not used (logged).
         */
        public Builder sharedTier(SharedTier tier) {
            this.sharedTier = once(this.sharedTier, Objects.requireNonNull(tier, "tier"),
                    "sharedTier");
            return this;
        }

        /**
         * Remembers, for {@code duration}, each key whose last response could not be stored in
         * an entry shared across callers (a personal page, {@code no-store}): its misses then
         * go to the service at once instead of waiting for a concurrent caller's exchange
         * (Varnish's "hit-for-miss"), since waiting for another visitor's unstorable answer only
         * adds that exchange's time. A key leaves when a response of it is stored. Off by
         * default (every miss of a key waits for the one in flight); at most 100,000 keys are
         * remembered. Once.
         *
         * @throws IllegalArgumentException if the duration is negative or zero
         */
        public Builder hitForMiss(Duration duration) {
            Objects.requireNonNull(duration, "duration");
            if (duration.isNegative() || duration.isZero()) {
                throw new IllegalArgumentException("hitForMiss must be positive: " + duration);
            }
            this.hitForMiss = once(this.hitForMiss, duration, "hitForMiss");
            return this;
        }

        /** Adds a listener for per-call events. */
        public Builder listener(Consumer<CacheEvent> listener) {
            listeners.add(Objects.requireNonNull(listener, "listener"));
            return this;
        }

        /**
         * Returns a new cache; {@link IllegalStateException} if no policy was set. A policy
         * that names a {@code sharedTier} (and no tier set here) gets it opened now, through
         * cache-redis.
         *
         * @throws io.github.wscache.core.policy.PolicyException if the policy names a
         *     {@code sharedTier} and cache-redis is not on the class path, or its
         *     {@code signingKeyFile} is missing, unreadable or holds too short a key, with the
         *     setting's place in the file
         */
        public ResponseCache build() {
            if (policy == null) {
                throw new IllegalStateException("a policy is required: call policy(...)");
            }
            // the system clock is read through Caffeine's ticker (nanoTime), not the wall clock
            boolean system = clock instanceof Clock && clock.equals(Clock.systemUTC());
            SharedTier tier = sharedTier;
            boolean opened = false;
            Optional<SharedTierSetting> named = policy.sharedTier();
            if (named.isPresent()) {
                if (tier == null) {
                    tier = TierLink.open(named.get());
                    opened = true;
                } else {
                    Stats.LOG.info("wscache: the policy's sharedTier {} is not used: this cache"
                            + " was given a tier in code", named.get());
                }
            }
            try {
                return new ResponseCache(this, system ? null : clock, tier);
            } catch (RuntimeException e) {
                if (opened) {
                    tier.close();
                }
                throw e;
            }
        }
    }
}
