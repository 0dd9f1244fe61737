package io.github.wscache.core;

import io.github.wscache.core.copy.internal.RetainedSize;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.spi.SharedTier;
import io.github.wscache.core.xml.XmlRecording;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The message flow ({@link ResponseCache#exchange}, {@link ResponseCache#getIfFresh}): a fresh
 * stored {@link CachedResponse} answers at once; a stale one with validators is revalidated
 * through the integration's {@link Exchange} (a 304 refreshes its headers); otherwise the exchange
 * runs once for all concurrent callers of the key ({@link SingleFlight}), and
 * {@link CacheStrategy#onResponse} decides whether and for how long its response is kept. The
 * waiters get the stored response, or the leader's unstored one when the integration can replay
 * it ({@link Exchange#replayableToWaiters}) and it is not personal, or the leader's failure.
 */
final class MessageFlow extends Flow {
    /** A response's {@code Vary: *}: no request matches it. */
    private static final List<String> ANY = List.of("*");

    /** What waiters are told when the leader passed its response through ({@code minUses}). */
    private static final Object PASSED_THROUGH = new Object();

    /** Whether an exchange class gives shared forms of its own ({@link Exchange#toShared}). */
    private static final ClassValue<Boolean> OVERRIDES_TO_SHARED = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            try {
                return type.getMethod("toShared", CachedResponse.class).getDeclaringClass()
                        != Exchange.class;
            } catch (NoSuchMethodException e) {
                return false;
            }
        }
    };

    MessageFlow(Parts parts) {
        super(parts);
    }

    <X extends Throwable> CachedResponse exchange(Invocation inv, OperationPolicy p,
            Exchange<X> exchange) throws X {
        Counters c = stats.of(inv);
        Why bypass = CacheStrategy.bypassOfAnyCall(p, inv);
        CacheKey key = bypass == null ? key(inv, p, c, true) : null;
        Entry e = key == null ? null : store.get(key);
        if (e != null && e.captured instanceof VaryMarker) {
            key = variant(key, (VaryMarker) e.captured, inv, c);
            e = key == null ? null : store.get(key);
        }
        long now = store.now();
        CacheStrategy.Plan plan = CacheStrategy.plan(p, inv, key, e, now,
                refreshesInBackground(exchange, c, inv, key), true);
        switch (plan.action()) {
            case PASS:
                bypassed(c, inv, null, plan.why());
                return tell(exchange, exchange.fetch(Optional.empty()), CacheOutcome.Kind.BYPASS,
                        false, plan.why(), c, inv, null);
            case SERVE:
                hit(c, inv, key);
                return tell(exchange, (CachedResponse) e.captured, CacheOutcome.Kind.HIT, false,
                        null, c, inv, key, CacheStrategy.ageNanos(e, now));
            case SERVE_STALE:
                return servedStale(inv, p, key, c, exchange, e, now);
            case UNAVAILABLE:
                CachedResponse none = unavailable(exchange, c, inv, key);
                if (none != null) {
                    missed(c, inv, key, ONLY_IF_CACHED);
                    return tell(exchange, none, CacheOutcome.Kind.MISS, false, ONLY_IF_CACHED,
                            c, inv, key);
                }
                return load(inv, p, key, c, exchange,
                        e != null && e.captured instanceof CachedResponse
                                && CacheStrategy.toRevalidate(e) != null ? e : null);
            case REVALIDATE:
                return load(inv, p, key, c, exchange, e);
            default:
                return load(inv, p, key, c, exchange, null);
        }
    }

    private static final Why VARIANT_MISS = Why.of(Reason.VARIANT_MISS,
            "responses of the key are stored, but none for this request's variant");
    private static final Why ONLY_IF_CACHED = Why.of(Reason.ONLY_IF_CACHED,
            "only-if-cached, and no stored response answers it");
    private static final Why WHILE_REVALIDATED = Why.of(Reason.STALE_WHILE_REVALIDATE,
            "served stale while one background exchange revalidates it");

    /**
     * stale-while-revalidate: the stale response answers now, and one background exchange per
     * key revalidates it (the same load a caller would run; its failure is only logged).
     */
    private <X extends Throwable> CachedResponse servedStale(Invocation inv, OperationPolicy p,
            CacheKey key, Counters c, Exchange<X> exchange, Entry e, long now) {
        stats.count(c, Counters.HITS, CacheEvent.Type.HIT, inv, key, WHILE_REVALIDATED);
        CachedResponse out = tell(exchange, (CachedResponse) e.captured,
                CacheOutcome.Kind.STALE, false, WHILE_REVALIDATED, c, inv, key,
                CacheStrategy.ageNanos(e, now));
        background.refresh(key, () -> {
            try {
                load(inv, p, key, c, exchange, e);
            } catch (Throwable t) {
                stats.logOnce("refresh:" + inv.operation(), "wscache: a background"
                        + " revalidation of " + inv.operation() + " failed (the stale response"
                        + " went on answering)", t);
            }
        });
        return out;
    }

    private static boolean refreshesInBackground(Exchange<?> exchange, Counters c,
            Invocation inv, CacheKey key) {
        try {
            return exchange.refreshesInBackground();
        } catch (RuntimeException ex) {
            return false;
        }
    }

    /** The integration's 504 for only-if-cached, or {@code null} (it makes none, or failed). */
    private CachedResponse unavailable(Exchange<?> exchange, Counters c, Invocation inv,
            CacheKey key) {
        try {
            return exchange.unavailable();
        } catch (RuntimeException ex) {
            stats.error(c, inv, key, "the integration's only-if-cached answer failed", ex);
            return null;
        }
    }

    Optional<CachedResponse> getIfFresh(Invocation inv, OperationPolicy p,
            Consumer<CacheOutcome> onHit) {
        if (CacheStrategy.bypassOfAnyCall(p, inv) != null) {
            return Optional.empty();
        }
        Counters c = stats.of(inv);
        CacheKey key = key(inv, p, c, true);
        if (key == null) {
            return Optional.empty();
        }
        Entry e = store.get(key);
        if (e != null && e.captured instanceof VaryMarker) {
            key = variant(key, (VaryMarker) e.captured, inv, c);
            e = key == null ? null : store.get(key);
        }
        long now = store.now();
        if (CacheStrategy.plan(p, inv, key, e, now).action() != CacheStrategy.Action.SERVE) {
            return Optional.empty();
        }
        hit(c, inv, key);
        if (onHit != null) {
            try {
                onHit.accept(new CacheOutcome(CacheOutcome.Kind.HIT, false, null, null,
                        CacheStrategy.ageNanos(e, now)));
            } catch (RuntimeException ex) {
                stats.error(c, inv, key, "the integration's outcome callback failed", ex);
            }
        }
        return Optional.of((CachedResponse) e.captured);
    }

    /**
     * Returns the key of the variant a call selects under a primary key whose response varies,
     * or {@code null} (counted as an error) when the integration's request fields fail.
     */
    private CacheKey variant(CacheKey primary, VaryMarker marker, Invocation inv, Counters c) {
        try {
            return marker.select(primary, inv);
        } catch (RuntimeException ex) {
            stats.error(c, inv, primary, "reading the request fields a response varies by failed",
                    ex);
            return null;
        }
    }

    /**
     * The key of the variant a call selects now that the store may know its primary key's
     * {@code Vary} (another call stored a response), else the primary key; {@code null} when
     * the request's fields cannot be read (counted).
     */
    private CacheKey currentKey(CacheKey key, Invocation inv, Counters c) {
        CacheKey primary = key.primary();
        Entry e = store.get(primary);
        return e != null && e.captured instanceof VaryMarker
                ? variant(primary, (VaryMarker) e.captured, inv, c) : primary;
    }

    /** The stored entry of the variant a call selects now ({@link #currentKey}), or null. */
    private Entry storedVariant(CacheKey key, Invocation inv, Counters c) {
        CacheKey primary = key.primary();
        Entry e = store.get(primary);
        if (e == null || !(e.captured instanceof VaryMarker)) {
            return e;
        }
        CacheKey k = variant(primary, (VaryMarker) e.captured, inv, c);
        return k == null ? null : store.get(k);
    }

    /** Whether a response says {@code Vary}: then it answers only the requests it selects. */
    private static boolean varies(CachedResponse r) {
        return r.headers().containsKey("Vary");
    }

    /**
     * Loads the response of a key once for concurrent callers: from the store (another flight
     * landed), from the shared tier, or through the exchange, which revalidates
     * {@code staleEntry} when there is one; the response stored as the strategy decides.
     */
    private <X extends Throwable> CachedResponse load(Invocation inv, OperationPolicy p,
            CacheKey key, Counters c, Exchange<X> exchange, Entry staleEntry) throws X {
        return loadOnce(key, passesAlone(key), new LoadSteps<CachedResponse, X>() {
            @Override
            public CachedResponse lead(SingleFlight.Flight flight) throws X {
                return leadLoad(inv, p, key, c, exchange, staleEntry, flight);
            }

            @Override
            public CachedResponse follow(SingleFlight.Flight flight, boolean landed) throws X {
                return landed ? followLeader(inv, p, key, c, exchange, flight)
                        : ownFetch(inv, key, c, exchange);
            }

            @Override
            public CachedResponse reentrant() throws X {
                return ownFetch(inv, key, c, exchange);
            }

            @Override
            public void sharedFailure() {
                missed(c, inv, key, CONCURRENT_FAILURE);
                tell(exchange, null, CacheOutcome.Kind.SHARED, false, CONCURRENT_FAILURE, c, inv,
                        key);
            }
        });
    }

    /** A waiter's or a re-entrant call's own exchange: a miss of its own, not stored. */
    private <X extends Throwable> CachedResponse ownFetch(Invocation inv, CacheKey key,
            Counters c, Exchange<X> exchange) throws X {
        missed(c, inv, key, null);
        return tell(exchange, timedFetch(c, exchange, null), CacheOutcome.Kind.MISS, false,
                null, c, inv, key);
    }

    /**
     * A waiter once its leader landed: the stored response (its own variant's when the
     * response varies), the leader's unstored answer when it may have it, or its own exchange.
     */
    private <X extends Throwable> CachedResponse followLeader(Invocation inv, OperationPolicy p,
            CacheKey key, Counters c, Exchange<X> exchange, SingleFlight.Flight flight)
            throws X {
        Object left = flight.forWaiters();
        if (flight.stored() && left instanceof CachedResponse
                && varies((CachedResponse) left)) {
            // the leader stored its own variant: this caller's may be another one, which
            // it then loads under its own key (once for its own concurrent callers)
            CacheKey mineKey = currentKey(key, inv, c);
            Entry mine = mineKey == null ? null : store.get(mineKey);
            long at = store.now();
            if (mine != null && mine.captured instanceof CachedResponse
                    && CacheStrategy.answers(mine, inv, at)) {
                hit(c, inv, key);
                return tell(exchange, (CachedResponse) mine.captured,
                        CacheOutcome.Kind.HIT, false, null, c, inv, key,
                        CacheStrategy.ageNanos(mine, at));
            }
            if (mineKey != null && mineKey.isVariant() && !key.isVariant()) {
                return load(inv, p, mineKey, c, exchange, null);
            }
        } else if (flight.stored() && left instanceof CachedResponse) {
            if (!inv.personalFields().isEmpty() && !sharedWith(key, (CachedResponse) left, inv)) {
                // a personal request, and the entry does not say it may be shared
                return ownFetch(inv, key, c, exchange);
            }
            hit(c, inv, key);
            return tell(exchange, (CachedResponse) left, CacheOutcome.Kind.HIT, false,
                    null, c, inv, key, ageOf(key, (CachedResponse) left));
        }
        if (left == PASSED_THROUGH) {
            // the leader's key is not admitted yet (minUses): pass this one through too
            Why why = Why.of(Reason.NOT_ADMITTED,
                    "the concurrent call of a key not kept yet");
            missed(c, inv, key, why);
            return tell(exchange, timedPass(c, exchange), CacheOutcome.Kind.MISS, false,
                    why, c, inv, key);
        }
        if (left instanceof CachedResponse && !flight.stored()
                && !varies((CachedResponse) left)) {
            // the service's answer to this very request, not kept: a fault, an error page
            Why why = Why.of(Reason.CONCURRENT_UNSTORED,
                    "the concurrent call's response, which was not stored");
            missed(c, inv, key, why);
            return tell(exchange, (CachedResponse) left, CacheOutcome.Kind.SHARED, false,
                    why, c, inv, key);
        }
        return ownFetch(inv, key, c, exchange);
    }

    /**
     * Whether the entry a leader stored under {@code key} for {@code landed} may answer the
     * personal request {@code inv} ({@link SurrogateRules#allows}); not when it is no longer
     * there to say.
     */
    private boolean sharedWith(CacheKey key, CachedResponse landed, Invocation inv) {
        Entry e = store.get(key);
        return e != null && e.captured == landed
                && (e.http == null || SurrogateRules.allows(e, inv));
    }

    /**
     * The leader's load of a key: the store again (a flight that landed meanwhile), the farm's
     * tier, admission, then the exchange, which revalidates {@code staleEntry} when there is
     * one; its response stored as the strategy decides.
     */
    private <X extends Throwable> CachedResponse leadLoad(Invocation inv, OperationPolicy p,
            CacheKey key, Counters c, Exchange<X> exchange, Entry staleEntry,
            SingleFlight.Flight flight) throws X {
        CachedResponse stale = staleEntry == null ? null : (CachedResponse) staleEntry.captured;
        // a flight that landed between this caller's lookup and its join stored the entry
        Entry landed = storedVariant(key, inv, c);
        long now = store.now();
        if (landed != null && landed.captured instanceof CachedResponse
                && CacheStrategy.answers(landed, inv, now)) {
            flight.succeeded(true, landed.captured);
            hit(c, inv, key);
            return tell(exchange, (CachedResponse) landed.captured, CacheOutcome.Kind.HIT,
                    false, null, c, inv, key, CacheStrategy.ageNanos(landed, now));
        }
        // the farm's tier: another JVM may have stored it, or be loading it (a lease)
        SharedTier.Request shared = tier.request(inv, p, key);
        SharedTier.Lookup found = tier.lookup(shared, c, inv, key);
        Object marker = found.isFound() ? sharedMarker(found.value(), c, inv, key) : null;
        if (marker instanceof VaryMarker && !key.isVariant()) {
            // another JVM learnt that this key's responses vary: keep what selects them, and
            // load this call's variant under its own key (once for its concurrent callers)
            tier.release(shared, c, inv, key);
            VaryMarker learnt = (VaryMarker) marker;
            store.put(key, entry(inv, p, learnt, null, 64, Duration.ZERO,
                    Duration.ofNanos(found.retainNanos()), Duration.ZERO));
            CacheKey mine = variant(key, learnt, inv, c);
            if (mine != null) {
                CachedResponse r = load(inv, p, mine, c, exchange, null);
                Entry kept = store.get(mine);
                flight.succeeded(kept != null && kept.captured == r, r);
                return r;
            }
            shared = null;
        }
        CachedResponse fromTier = found.isFound() && marker == null
                ? adopt(exchange, found.value(), c, inv, key) : null;
        if (fromTier != null) {
            CachedResponse r = fromTier;
            long weight = weigh(r);
            Instant at0 = wallClock();
            Entry adopted = entry(inv, p, r, null, weight,
                    Duration.ofNanos(found.freshNanos()),
                    Duration.ofNanos(found.retainNanos()),
                    CacheStrategy.ageOnArrival(r, at0),
                    strategy.factsOf(p, r, key, inv, at0));
            boolean kept = put(inv, p, key, c, adopted, weight);
            long at = store.now();
            if (CacheStrategy.answers(adopted, inv, at)) {
                flight.succeeded(kept, r);
                tier.release(shared, c, inv, key);
                sharedHit(c, inv, key);
                return tell(exchange, r, CacheOutcome.Kind.HIT, false, FROM_SHARED_TIER, c,
                        inv, key, CacheStrategy.ageNanos(adopted, at));
            }
            if (stale == null && CacheStrategy.toRevalidate(adopted) != null) {
                staleEntry = adopted;
                stale = r;
            }
        }
        Why notAdmitted = stale == null ? notAdmitted(p, key) : null;
        if (notAdmitted != null) {
            // asked for too rarely yet: the integration passes the response through
            // untouched, nothing is recorded or stored
            tier.release(shared, c, inv, key);
            CachedResponse passed;
            try {
                passed = timedPass(c, exchange);
            } catch (Throwable t) {
                flight.failed(t);
                missed(c, inv, key, null);
                throw t;
            }
            notAdmittedMiss(c, inv, key, notAdmitted);
            flight.succeeded(false, PASSED_THROUGH);
            return tell(exchange, passed, CacheOutcome.Kind.MISS, false, notAdmitted, c, inv,
                    key);
        }
        CachedResponse r;
        Instant sent = wallClock();
        try {
            r = timedFetch(c, exchange, stale);
        } catch (Throwable t) {
            if (staleEntry == null || !CacheStrategy.standsInForError(staleEntry, inv,
                    store.now(), t, 0)) {
                tier.release(shared, c, inv, key);
                flight.failed(t);
                missed(c, inv, key, null);
                throw t;
            }
            r = stale;
        }
        if (stale != null && r != stale && !r.isNotModified()
                && CacheStrategy.standsInForError(staleEntry, inv, store.now(), null,
                        r.status())) {
            r = stale;
        }
        if (stale != null && r == stale) {
            // the service failed and the stale entry stands in for it (stale-if-error):
            // the entry stays as it is; waiters get the same answer
            tier.release(shared, c, inv, key);
            Why why = Why.of(Reason.STALE_IF_ERROR,
                    "served stale: the service failed (stale-if-error)");
            stats.count(c, Counters.HITS, CacheEvent.Type.HIT, inv, key, why);
            flight.succeeded(false, stale);
            return tell(exchange, stale, CacheOutcome.Kind.STALE, false, why, c, inv, key,
                    ageOf(key, stale));
        }
        if (stale != null && r.isNotModified()) {
            CachedResponse refreshed = stale.withHeadersOf(r);
            stats.count(c, Counters.REVALIDATIONS, CacheEvent.Type.REVALIDATED, inv, key,
                    null);
            Kept kept = storeMessage(inv, p, key, c, refreshed, shared, exchange, sent);
            boolean stored = kept.notStored == null;
            flight.succeeded(stored, kept.stored);
            return tell(exchange, refreshed, CacheOutcome.Kind.REVALIDATED, stored,
                    kept.notStored, c, inv, key);
        }
        missed(c, inv, key, null);
        Kept kept = storeMessage(inv, p, key, c, r, shared, exchange, sent);
        Why notStored = kept.notStored;
        boolean stored = notStored == null;
        rememberStored(key, stored);
        CachedResponse forWaiters = kept.stored;
        if (!stored) {
            try {
                forWaiters = CacheStrategy.mayHandToWaiters(
                        exchange.replayableToWaiters(r), inv, key, r) ? r : null;
            } catch (RuntimeException e) {
                // the waiters then make their own exchanges, as for any unstored response
                stats.error(c, inv, key,
                        "deciding whether waiters may share the response failed", e);
            }
        }
        flight.succeeded(stored, forWaiters);
        return tell(exchange, r, CacheOutcome.Kind.MISS, stored,
                stored && key.isVariant() ? VARIANT_MISS : notStored, c, inv, key);
    }

    private <X extends Throwable> CachedResponse timedPass(Counters c, Exchange<X> exchange)
            throws X {
        long t0 = System.nanoTime();
        try {
            return exchange.passThrough();
        } finally {
            stats.loaded(c, System.nanoTime() - t0);
        }
    }

    private <X extends Throwable> CachedResponse timedFetch(Counters c, Exchange<X> exchange,
            CachedResponse stale) throws X {
        long t0 = System.nanoTime();
        try {
            return exchange.fetch(Optional.ofNullable(stale));
        } finally {
            stats.loaded(c, System.nanoTime() - t0);
        }
    }

    /** What {@link #storeMessage} did: the response as stored, or why it was not stored. */
    private record Kept(CachedResponse stored, Why notStored) {
        static Kept not(Why why) {
            return new Kept(null, why);
        }
    }

    /**
     * Stores a response in its {@linkplain CacheStrategy#storedForm stored form} if the strategy
     * allows it, and hands it to the shared tier (when {@code shared} is not null) once the
     * local store kept it; the tier's lease is released whatever happens.
     */
    private Kept storeMessage(Invocation inv, OperationPolicy p, CacheKey key, Counters c,
            CachedResponse r, SharedTier.Request shared, Exchange<?> exchange, Instant sent) {
        CacheStrategy.Decision stored = null;
        CachedResponse kept = r;
        CacheKey target = key;
        List<String> vary = List.of();
        try {
            kept = strategy.storedFormOf(r, !key.isPartitioned() && !inv.privateCache());
            vary = VaryMarker.fieldsOf(kept);
            if (vary.equals(ANY)) {
                Why why = Why.of(Reason.HTTP_RULES, "not storable: Vary: * (no request matches)");
                store.remove(key);
                bypassed(c, inv, key, why);
                return Kept.not(why);
            }
            CacheKey primary = key.primary();
            target = vary.isEmpty() ? primary : primary.withVariant(
                    VaryMarker.selecting(vary, inv));
            CacheStrategy.Decision d = strategy.onResponse(p, kept, key, inv, sent, wallClock());
            if (!d.storable()) {
                if (CacheStrategy.dropsStored(d, kept, inv)) {
                    // the response the call selected goes, never the primary key's Vary
                    // marker, which selects the other requests' variants
                    store.remove(key);
                }
                bypassed(c, inv, key, d.notStorable);
                return Kept.not(d.notStorable);
            }
            long weight = weigh(kept);
            Entry e = entry(inv, p, kept, null, weight, d.fresh, d.retain,
                    CacheStrategy.ageOnArrival(kept, wallClock()), d.facts);
            if (!put(inv, p, target, c, e, weight)) {
                return Kept.not(Why.of(Reason.TOO_LARGE, "larger than maxEntrySize"));
            }
            if (!vary.isEmpty()) {
                // the primary key now says which request fields select a variant
                store.put(primary, entry(inv, p, VaryMarker.of(vary), null, 64, Duration.ZERO,
                        d.retain, Duration.ZERO));
            }
            stored = d;
            return new Kept(kept, null);
        } catch (RuntimeException e) {
            stats.error(c, inv, key, "storing the response failed", e);
            return Kept.not(Why.of(Reason.CACHE_FAILURE, "storing the response failed: " + e));
        } finally {
            CachedResponse forTier = stored == null || shared == null
                    || !(target.equals(key) || !key.isVariant())
                    ? null : toShared(exchange, kept, c, inv, key);
            if (forTier != null && target.equals(key)) {
                tier.store(shared, forTier, Nanos.of(stored.fresh), Nanos.of(stored.retain), c,
                        inv, key);
            } else if (forTier != null) {
                // a variant first learnt here: the farm gets the variant under its own key,
                // then what selects it under the key this call looked up, which releases that
                // key's lease: the other JVMs wait for that lease, and one that reads the marker
                // must find the variant already there, or it loads the variant itself
                long retain = Nanos.of(stored.retain);
                tier.store(tier.request(inv, p, target), forTier, Nanos.of(stored.fresh), retain,
                        c, inv, target);
                tier.store(shared, VaryMarker.of(vary).toShared(), retain, retain, c, inv, key);
            } else {
                tier.release(shared, c, inv, key);
            }
        }
    }

    /**
     * The response as the tier keeps it ({@link Exchange#toShared}), or {@code null} when its
     * body has no shared form (logged once per operation: it stays in this JVM) or the
     * integration failed (counted).
     */
    private CachedResponse toShared(Exchange<?> exchange, CachedResponse r, Counters c,
            Invocation inv, CacheKey key) {
        CachedResponse shared;
        try {
            shared = exchange.toShared(r);
        } catch (RuntimeException e) {
            stats.error(c, inv, key, "the integration's shared form of a body failed", e);
            return null;
        }
        if (shared == null && !OVERRIDES_TO_SHARED.get(exchange.getClass())) {
            // an integration that gives no shared form decides nothing: say so, once
            stats.logOnce("no-shared-form:" + inv.operation() + ":" + r.body().getClass(),
                    "wscache: a response body of " + r.body().getClass().getName() + " for "
                            + inv.operation() + " has no shared form (the integration does not"
                            + " give one: Exchange.toShared): it stays in this JVM", null);
        }
        return shared;
    }

    /**
     * What a value read from the tier is: a {@link VaryMarker}, {@code null} (a response, for
     * the integration), or {@link #PASSED_THROUGH} for a damaged marker (counted as an error:
     * a miss).
     */
    private Object sharedMarker(Object value, Counters c, Invocation inv, CacheKey key) {
        try {
            return VaryMarker.fromShared(value);
        } catch (RuntimeException e) {
            stats.error(c, inv, key, "a shared tier entry that is a damaged Vary marker", e);
            return PASSED_THROUGH;
        }
    }

    /**
     * A response read from the tier as this integration keeps it ({@link Exchange#fromShared}),
     * or {@code null} when it is not one it keeps: another integration's, another version's, a
     * damaged one. Such an entry is a miss, counted as an error of the cache; the call goes on
     * to the service and its response replaces the entry.
     */
    private CachedResponse adopt(Exchange<?> exchange, Object value, Counters c, Invocation inv,
            CacheKey key) {
        if (!(value instanceof CachedResponse)) {
            stats.error(c, inv, key, "a shared tier entry that is not a response",
                    new IllegalArgumentException(String.valueOf(value)));
            return null;
        }
        try {
            CachedResponse r = exchange.fromShared((CachedResponse) value);
            if (r == null) {
                throw new IllegalArgumentException("the integration returned no response");
            }
            return r;
        } catch (RuntimeException e) {
            stats.error(c, inv, key, "a shared tier entry this integration does not keep", e);
            return null;
        }
    }

    /**
     * The age of a stored response handed out now: from its entry while the store holds it, else
     * (an entry replaced or evicted meanwhile) from its own {@code Date} and {@code Age}.
     */
    private long ageOf(CacheKey key, CachedResponse r) {
        Entry e = store.get(key);
        return e != null && e.captured == r ? CacheStrategy.ageNanos(e, store.now())
                : Nanos.of(CacheStrategy.ageOnArrival(r, wallClock()));
    }

    private <X extends Throwable> CachedResponse tell(Exchange<X> exchange, CachedResponse r,
            CacheOutcome.Kind kind, boolean stored, Why why, Counters c, Invocation inv,
            CacheKey key) {
        return tell(exchange, r, kind, stored, why, c, inv, key, -1);
    }

    /** Tells the integration what happened; its failure is the cache's, never the caller's. */
    private <X extends Throwable> CachedResponse tell(Exchange<X> exchange, CachedResponse r,
            CacheOutcome.Kind kind, boolean stored, Why why, Counters c, Invocation inv,
            CacheKey key, long ageNanos) {
        try {
            exchange.onOutcome(new CacheOutcome(kind, stored, why == null ? null : why.reason(),
                    why == null ? null : why.detail(), ageNanos));
        } catch (RuntimeException e) {
            stats.error(c, inv, key, "the integration's outcome callback failed", e);
        }
        return r;
    }

    private static long weigh(CachedResponse r) {
        long w = 128;
        Object body = r.body();
        if (body instanceof byte[]) {
            w += ((byte[]) body).length;
        } else if (body instanceof XmlRecording) {
            w += ((XmlRecording) body).retainedSize();
        } else if (body != null) {
            w += RetainedSize.estimate(body);
        }
        for (var h : r.headers().entrySet()) {
            w += 48 + 2L * h.getKey().length();
            for (String v : h.getValue()) {
                w += 48 + 2L * v.length();
            }
        }
        return w;
    }
}
