package io.github.wscache.core;

import io.github.wscache.core.copy.Copier;
import io.github.wscache.core.copy.CopierChoice;
import io.github.wscache.core.copy.internal.RetainedSize;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.spi.SharedTier;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * The application-object flow ({@link ResponseCache#call}): a hit hands the caller its own copy
 * of the stored object; a miss calls the loader once for all concurrent callers of the key
 * ({@link SingleFlight}), stores a copy made by the copier {@link CacheStrategy#copier} chooses,
 * and the waiters each take their own copy of the stored entry, or the leader's failure. The
 * caller may be told the {@link CacheOutcome} of its call, as an exchange is.
 */
final class ObjectFlow extends Flow {
    /** Marker for a stored {@code null} result. */
    private static final Object NULL = new Object();
    /** What {@link #materialize} returns when the copy failed. */
    private static final Object FAILED = new Object();

    ObjectFlow(Parts parts) {
        super(parts);
    }

    /**
     * Runs one call.
     *
     * @param onOutcome told what happened, on the calling thread, before the result is
     *     returned or the failure thrown; {@code null} for nobody. Its failure is counted as
     *     the cache's, never the caller's.
     */
    <T, X extends Throwable> T call(Invocation inv, OperationPolicy p, Loader<T, X> loader,
            Consumer<CacheOutcome> onOutcome) throws X {
        Counters c = stats.of(inv);
        Why why = CacheStrategy.bypassOfObjectCall(p, inv);
        if (why != null) {
            return bypass(c, inv, null, why, loader, told(onOutcome, c, inv, null));
        }
        CacheKey key = key(inv, p, c, false);
        if (key == null) {
            return bypass(c, inv, null, Why.of(Reason.NO_KEY, "no key"), loader,
                    told(onOutcome, c, inv, null));
        }
        Entry e = store.get(key);
        if (e != null) {
            Object v = materialize(e, key, c, inv);
            if (v != FAILED) {
                // a hit allocates nothing to tell it: the outcome of a hit is one constant
                hit(c, inv, key);
                if (onOutcome != null) {
                    tellHit(onOutcome, c, inv, key);
                }
                return hit(v);
            }
        }
        return load(inv, p, key, c, loader, told(onOutcome, c, inv, key));
    }

    /** Whom to tell the outcome of a call that is not a plain hit, or {@code null}. */
    private Told told(Consumer<CacheOutcome> onOutcome, Counters c, Invocation inv,
            CacheKey key) {
        if (onOutcome == null) {
            return null;
        }
        Told t = new Told(onOutcome, c, inv);
        t.key = key;
        return t;
    }

    /** Tells a plain hit's outcome; its failure is the cache's, never the caller's. */
    private void tellHit(Consumer<CacheOutcome> onOutcome, Counters c, Invocation inv,
            CacheKey key) {
        try {
            onOutcome.accept(CacheOutcome.PLAIN_HIT);
        } catch (RuntimeException ex) {
            stats.error(c, inv, key, "the caller's outcome callback failed", ex);
        }
    }

    /** Tells {@code told} the outcome, when somebody asked to be told. */
    private static void tell(Told told, CacheOutcome.Kind kind, boolean stored, Why why) {
        if (told != null) {
            told.tell(kind, stored, why);
        }
    }

    /** Whom to tell the outcome of one call. */
    private final class Told {
        final Consumer<CacheOutcome> to;
        final Counters counters;
        final Invocation inv;
        CacheKey key;

        Told(Consumer<CacheOutcome> to, Counters counters, Invocation inv) {
            this.to = to;
            this.counters = counters;
            this.inv = inv;
        }

        void tell(CacheOutcome.Kind kind, boolean stored, Why why) {
            try {
                to.accept(new CacheOutcome(kind, stored, why == null ? null : why.reason(),
                        why == null ? null : why.detail(), -1));
            } catch (RuntimeException e) {
                stats.error(counters, inv, key, "the caller's outcome callback failed", e);
            }
        }
    }

    private <T> T hit(Counters c, Invocation inv, CacheKey key, Object value, Told told) {
        hit(c, inv, key);
        if (told != null) {
            tellHit(told.to, c, inv, key);
        }
        return hit(value);
    }

    @SuppressWarnings("unchecked")
    private static <T> T hit(Object value) {
        return value == NULL ? null : (T) value;
    }

    private <T, X extends Throwable> T bypass(Counters c, Invocation inv, CacheKey key,
            Why why, Loader<T, X> loader, Told told) throws X {
        bypassed(c, inv, key, why);
        try {
            return loader.load();
        } finally {
            tell(told, CacheOutcome.Kind.BYPASS, false, why);
        }
    }

    private <T, X extends Throwable> T load(Invocation inv, OperationPolicy p, CacheKey key,
            Counters c, Loader<T, X> loader, Told told) throws X {
        return loadOnce(key, false, new LoadSteps<T, X>() {
            @Override
            public T lead(SingleFlight.Flight flight) throws X {
                return leadLoad(inv, p, key, c, loader, told, flight);
            }

            @Override
            public T follow(SingleFlight.Flight flight, boolean landed) throws X {
                Entry e = landed && flight.stored() ? store.get(key) : null;
                if (e != null) {
                    Object v = materialize(e, key, c, inv);
                    if (v != FAILED) {
                        return hit(c, inv, key, v, told);
                    }
                }
                missed(c, inv, key, null);
                return missLoad(c, loader, told);
            }

            @Override
            public T reentrant() throws X {
                return bypass(c, inv, key, Why.of(Reason.RE_ENTRANT,
                        "re-entrant call for a key being loaded"), loader, told);
            }

            @Override
            public void sharedFailure() {
                missed(c, inv, key, CONCURRENT_FAILURE);
                tell(told, CacheOutcome.Kind.SHARED, false, CONCURRENT_FAILURE);
            }
        });
    }

    /** Whether the caller's code takes {@code v} ({@link Invocation#resultType}). */
    private static boolean takes(Invocation inv, Object v) {
        return v == null || inv.resultType() == null || inv.resultType().isInstance(v);
    }

    /** The leader's load of a key: the store again, the tier, admission, the loader. */
    private <T, X extends Throwable> T leadLoad(Invocation inv, OperationPolicy p, CacheKey key,
            Counters c, Loader<T, X> loader, Told told, SingleFlight.Flight flight) throws X {
        // a flight that landed between this caller's lookup and its join stored the entry
        Entry stored = store.get(key);
        if (stored != null) {
            Object v = materialize(stored, key, c, inv);
            if (v != FAILED) {
                flight.succeeded(true, null);
                return hit(c, inv, key, v, told);
            }
        }
        // the farm's tier: another JVM may have stored it, or be loading it (a lease)
        SharedTier.Request shared = tier.request(inv, p, key);
        SharedTier.Lookup found = tier.lookup(shared, c, inv, key);
        if (found.isFound() && !takes(inv, found.value())) {
            // not what the caller's code takes: a miss, and this call's result replaces it
            stats.error(c, inv, key, "the shared tier's entry is not a "
                    + inv.resultType().getName(), new ClassCastException(
                            found.value().getClass().getName()));
            found = SharedTier.Lookup.miss(false);
        }
        if (found.isFound()) {
            Object v = found.value();
            flight.succeeded(storeObject(inv, p, key, c, v,
                    Duration.ofNanos(found.freshNanos()), Duration.ofNanos(found.freshNanos()),
                    null) == null, null);
            sharedHit(c, inv, key);
            tell(told, CacheOutcome.Kind.HIT, false, FROM_SHARED_TIER);
            return hit(v == null ? NULL : v);
        }
        Why notAdmitted = notAdmitted(p, key);
        if (notAdmitted != null) {
            // asked for too rarely yet: nothing is copied or stored; waiters call themselves
            tier.release(shared, c, inv, key);
            notAdmittedMiss(c, inv, key, notAdmitted);
            T result;
            try {
                result = timedLoad(c, loader);
            } catch (Throwable t) {
                flight.failed(t);
                tell(told, CacheOutcome.Kind.MISS, false, notAdmitted);
                throw t;
            }
            flight.succeeded(false, null);
            tell(told, CacheOutcome.Kind.MISS, false, notAdmitted);
            return result;
        }
        missed(c, inv, key, null);
        T result;
        try {
            result = timedLoad(c, loader);
        } catch (Throwable t) {
            tier.release(shared, c, inv, key);
            flight.failed(t);
            tell(told, CacheOutcome.Kind.MISS, false, null);
            throw t;
        }
        Why notStored = storeObject(inv, p, key, c, result, p.ttl(), p.ttl(), shared);
        flight.succeeded(notStored == null, null);
        tell(told, CacheOutcome.Kind.MISS, notStored == null, notStored);
        return result;
    }

    /** A waiter's own load, when the leader's result was not stored: a miss of its own. */
    private <T, X extends Throwable> T missLoad(Counters c, Loader<T, X> loader, Told told)
            throws X {
        try {
            return timedLoad(c, loader);
        } finally {
            tell(told, CacheOutcome.Kind.MISS, false, null);
        }
    }

    private <T, X extends Throwable> T timedLoad(Counters c, Loader<T, X> loader) throws X {
        long t0 = System.nanoTime();
        try {
            return loader.load();
        } finally {
            stats.loaded(c, System.nanoTime() - t0);
        }
    }

    /**
     * Stores a copy of a result for {@code fresh}, and hands the result itself to the shared tier
     * (when {@code shared} is not null) once the local store kept it; the tier's lease is
     * released whatever happens. Returns {@code null} when it was stored, else why not.
     */
    @SuppressWarnings("unchecked")
    private Why storeObject(Invocation inv, OperationPolicy p, CacheKey key, Counters c,
            Object result, Duration fresh, Duration retain, SharedTier.Request shared) {
        boolean stored = false;
        try {
            Copier<Object> copier = null;
            Object captured = null;
            long weight = 64;
            if (result != null) {
                Class<Object> type = (Class<Object>) result.getClass();
                CopierChoice<Object> choice = strategy.copier(p, type);
                if (choice.warning().isPresent()) {
                    stats.logOnce("forced:" + inv.operation() + ":" + type.getName(),
                            "wscache: " + inv.operation() + ": " + choice.warning().get(), null);
                }
                if (choice.copier().isEmpty()) {
                    Why why = Why.of(Reason.UNCOPYABLE, choice.reason());
                    bypassed(c, inv, key, why);
                    return why;
                }
                copier = choice.copier().get();
                captured = copier.capture(result);
                weight = captured instanceof byte[] ? 16L + ((byte[]) captured).length
                        : RetainedSize.estimate(captured);
            }
            stored = put(inv, p, key, c, captured, copier, weight, fresh, retain);
            return stored ? null : Why.of(Reason.TOO_LARGE, "larger than maxEntrySize");
        } catch (RuntimeException e) {
            stats.error(c, inv, key, "storing the result failed", e);
            return Why.of(Reason.CACHE_FAILURE, "storing the result failed: " + e);
        } finally {
            if (stored) {
                tier.store(shared, result, Nanos.of(fresh), Nanos.of(retain), c, inv, key);
            } else {
                tier.release(shared, c, inv, key);
            }
        }
    }

    /**
     * Returns the caller's own copy of an entry's value ({@link #NULL} for a stored
     * {@code null}), or {@link #FAILED} (counted) when copying failed.
     */
    private Object materialize(Entry e, CacheKey key, Counters c, Invocation inv) {
        try {
            Object v = e.materialize();
            return v == null ? NULL : v;
        } catch (RuntimeException ex) {
            store.remove(key, e);
            stats.error(c, inv, key, "copying the cached value failed", ex);
            return FAILED;
        }
    }
}
