package io.github.wscache.core;

import io.github.wscache.core.copy.Copier;
import io.github.wscache.core.internal.UseCounts;
import io.github.wscache.core.policy.OperationPolicy;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;

/**
 * What both flows share: the parts of one cache ({@link Keys}, {@link Store}, {@link Stats},
 * {@link SingleFlight}, {@link CacheStrategy}, {@link PolicyResolver}, {@link TierLink}) and the
 * steps every flow takes the same way — making the key, writing an entry within
 * {@code maxEntrySize}, counting a hit, a bypass or a load. A failure inside the cache never
 * fails the call: it is counted as an error and the call goes on to the service.
 */
abstract class Flow {
    final Keys keys;
    final Store store;
    final Stats stats;
    final SingleFlight flights;
    final CacheStrategy strategy;
    final PolicyResolver resolver;
    final TierLink tier;
    final Background background;
    private final InstantSource clock;
    private final Parts parts;

    Flow(Parts parts) {
        this.parts = parts;
        this.keys = parts.keys;
        this.store = parts.store;
        this.stats = parts.stats;
        this.flights = parts.flights;
        this.strategy = parts.strategy;
        this.resolver = parts.resolver;
        this.tier = parts.tier;
        this.background = parts.background;
        this.clock = parts.clock;
    }

    /**
     * What one flow does at each step of the load skeleton ({@link #loadOnce}): what its leader
     * loads and stores, what a waiter takes once the leader landed, what a re-entrant call does,
     * and how a waiter counts the leader's failure as its own.
     *
     * @param <R> what a call returns
     * @param <X> what the load may throw
     */
    interface LoadSteps<R, X extends Throwable> {
        /**
         * The leader's load: it stores what may be stored and leaves on the flight what its
         * waiters may take ({@link SingleFlight.Flight#succeeded}), or its failure
         * ({@link SingleFlight.Flight#failed}) before it throws.
         */
        R lead(SingleFlight.Flight flight) throws X;

        /**
         * A waiter once its leader landed without failing ({@code landed}), or once it was
         * interrupted while waiting (not {@code landed}: it goes on alone).
         */
        R follow(SingleFlight.Flight flight, boolean landed) throws X;

        /** A call of a key that its own thread is loading further up its stack. */
        R reentrant() throws X;

        /** Counts and tells that the leader's failure is this waiter's too; then it is thrown. */
        void sharedFailure();
    }

    /**
     * The one load skeleton of both flows: the first caller of a key leads and loads, the
     * others wait for it and then take what it left, or throw their own copy of its failure;
     * a re-entrant call does not wait for itself; the flight lands whatever happens. With
     * {@code alone} the caller leads a flight no other caller waits for
     * ({@link #passesAlone}).
     */
    <R, X extends Throwable> R loadOnce(CacheKey key, boolean alone, LoadSteps<R, X> steps)
            throws X {
        SingleFlight.Flight flight = alone ? flights.alone() : flights.join(key);
        if (flight.isLeader()) {
            try {
                return steps.lead(flight);
            } finally {
                flights.land(key, flight);
            }
        }
        if (flight.isReentrant()) {
            return steps.reentrant();
        }
        boolean landed = flight.await();
        if (landed && flight.hasFailed()) {
            steps.sharedFailure();
            throw SingleFlight.Flight.<X>sneaky(flight.failureCopy());
        }
        return steps.follow(flight, landed);
    }

    /** The reason of a waiter whose leader failed. */
    static final Why CONCURRENT_FAILURE = Why.of(Reason.CONCURRENT_FAILURE,
            "the concurrent call failed");

    /**
     * Whether misses of a key skip single flight now: its last response could not be stored
     * ({@link ResponseCache.Builder#hitForMiss}).
     */
    boolean passesAlone(CacheKey key) {
        if (parts.hitForMiss == null) {
            return false;
        }
        Long until = parts.hitForMiss.getIfPresent(key.primary());
        return until != null && store.now() - until < 0;
    }

    /** Remembers whether a key's last response was stored, for {@link #passesAlone}. */
    void rememberStored(CacheKey key, boolean stored) {
        if (parts.hitForMiss == null || key.isPartitioned()) {
            return;
        }
        if (stored) {
            parts.hitForMiss.invalidate(key.primary());
        } else {
            parts.hitForMiss.put(key.primary(), store.now() + parts.hitForMissNanos);
        }
    }

    /** The parts of one cache, built once by {@link ResponseCache} and shared by its flows. */
    static final class Parts {
        final Keys keys;
        final Stats stats;
        final Store store;
        final SingleFlight flights = new SingleFlight();
        final CacheStrategy strategy;
        final PolicyResolver resolver;
        final InstantSource clock;
        final TierLink tier;
        final Background background = new Background();
        /**
         * Keys whose last response could not be stored, until when (store nanos) their misses
         * skip single flight ({@link ResponseCache.Builder#hitForMiss}); {@code null}: off.
         */
        final com.github.benmanes.caffeine.cache.Cache<CacheKey, Long> hitForMiss;
        final long hitForMissNanos;
        private volatile UseCounts admission;

        Parts(Stats stats, Store store, CacheStrategy strategy, PolicyResolver resolver,
                InstantSource clock, TierLink tier, byte[] identitySalt, Duration hitForMiss) {
            this.hitForMissNanos = hitForMiss == null ? 0 : Nanos.of(hitForMiss);
            this.hitForMiss = hitForMissNanos <= 0 ? null
                    : com.github.benmanes.caffeine.cache.Caffeine.newBuilder()
                            .maximumSize(100_000).<CacheKey, Long>build();
            this.keys = new Keys(identitySalt);
            this.tier = tier;
            this.stats = stats;
            this.store = store;
            this.strategy = strategy;
            this.resolver = resolver;
            this.clock = clock;
        }
    }

    /**
     * Counts a miss of {@code key} for the operation's {@code minUses} and returns why its
     * response is passed through without being kept, or {@code null} when it is admitted.
     */
    Why notAdmitted(OperationPolicy p, CacheKey key) {
        if (p.minUses() <= 1) {
            return null;
        }
        UseCounts a = parts.admission;
        if (a == null) {
            synchronized (parts) {
                a = parts.admission;
                if (a == null) {
                    a = new UseCounts();
                    parts.admission = a;
                }
            }
        }
        int seen = a.count(key.hashCode());
        return seen >= p.minUses() ? null : Why.of(Reason.NOT_ADMITTED, "not kept: asked for "
                + seen + " of minUses " + p.minUses() + " times");
    }

    /** Counts a miss passed through because its key is not yet admitted ({@code minUses}). */
    void notAdmittedMiss(Counters c, Invocation inv, CacheKey key, Why why) {
        c.add(Counters.NOT_ADMITTED, 1);
        missed(c, inv, key, why);
    }

    /** Returns the cache's wall-clock time (for HTTP dates), the system's when none was set. */
    Instant wallClock() {
        return clock == null ? Instant.now() : clock.instant();
    }

    /** Returns the key of a call, or {@code null} (counted as an error) when none can be made. */
    CacheKey key(Invocation inv, OperationPolicy p, Counters c, boolean messageLevel) {
        try {
            return keys.create(inv, p, messageLevel);
        } catch (RuntimeException e) {
            stats.error(c, inv, null, "making the key failed", e);
            return null;
        }
    }

    /** The reason of a hit that the shared tier answered. */
    static final Why FROM_SHARED_TIER = Why.of(Reason.SHARED_TIER, "from the shared tier");

    void bypassed(Counters c, Invocation inv, CacheKey key, Why why) {
        stats.count(c, Counters.BYPASSES, CacheEvent.Type.BYPASS, inv, key, why);
    }

    /** Counts a miss; {@code why} is {@code null} for an ordinary one. */
    void missed(Counters c, Invocation inv, CacheKey key, Why why) {
        stats.count(c, Counters.MISSES, CacheEvent.Type.MISS, inv, key, why);
    }

    void hit(Counters c, Invocation inv, CacheKey key) {
        stats.count(c, Counters.HITS, CacheEvent.Type.HIT, inv, key, null);
    }

    /** Counts a hit answered by the shared tier (it also filled the local store). */
    void sharedHit(Counters c, Invocation inv, CacheKey key) {
        stats.count(c, Counters.HITS, CacheEvent.Type.HIT, inv, key, FROM_SHARED_TIER);
    }

    /**
     * Writes an entry unless it is larger than {@code maxEntrySize} (then counted as a bypass);
     * returns whether it was written.
     */
    boolean put(Invocation inv, OperationPolicy p, CacheKey key, Counters c, Object captured,
            Copier<Object> copier, long weight, Duration fresh, Duration retain) {
        return put(inv, p, key, c, entry(inv, p, captured, copier, weight, fresh, retain,
                Duration.ZERO), weight);
    }

    /**
     * Makes the entry of a value, stored from now: fresh for {@code fresh}, kept for at least
     * as long as {@code retain}, {@code age} old already (a message's age when it arrived).
     */
    Entry entry(Invocation inv, OperationPolicy p, Object captured, Copier<Object> copier,
            long weight, Duration fresh, Duration retain, Duration age) {
        return entry(inv, p, captured, copier, weight, fresh, retain, age, null);
    }

    /** {@link #entry}, with what a surrogate's stored response says ({@code null}: nothing). */
    Entry entry(Invocation inv, OperationPolicy p, Object captured, Copier<Object> copier,
            long weight, Duration fresh, Duration retain, Duration age,
            SurrogateRules.Facts http) {
        long total = weight + 96;
        long freshNanos = Nanos.of(fresh);
        long now = store.now();
        return new Entry(captured, copier, p, resolver.policyName(inv),
                Stats.statsKey(inv.service(), inv.operation()),
                (int) Math.min(Integer.MAX_VALUE, total), Nanos.add(now, freshNanos),
                Math.max(freshNanos, Nanos.of(retain)), now, Nanos.of(age), http);
    }

    /**
     * Writes an entry made by {@link #entry} from a value of {@code weight} estimated bytes,
     * unless it is larger than {@code maxEntrySize} (then counted as a bypass); returns whether
     * it was written.
     */
    boolean put(Invocation inv, OperationPolicy p, CacheKey key, Counters c, Entry e,
            long weight) {
        long total = weight + 96;
        if (total > p.maxEntrySize()) {
            bypassed(c, inv, key, Why.of(Reason.TOO_LARGE, "entry of " + total
                    + " bytes is larger than maxEntrySize " + p.maxEntrySize()));
            return false;
        }
        store.put(key, e);
        stats.count(c, Counters.STORES, CacheEvent.Type.STORE, inv, key, null);
        return true;
    }
}
