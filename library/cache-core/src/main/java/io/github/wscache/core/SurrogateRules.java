package io.github.wscache.core;

import io.github.wscache.core.internal.http.CacheControl;
import io.github.wscache.core.internal.http.Freshness;
import io.github.wscache.core.internal.http.FreshnessDecision;
import io.github.wscache.core.internal.http.FreshnessOptions;
import io.github.wscache.core.internal.http.Headers;
import io.github.wscache.core.internal.http.ResponseMetadata;
import io.github.wscache.core.internal.http.SharedUse;
import io.github.wscache.core.internal.http.Storability;
import io.github.wscache.core.internal.http.SurrogateControl;
import io.github.wscache.core.internal.http.TargetedCacheControl;
import io.github.wscache.core.policy.OperationPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The rules of a shared HTTP cache in front of a site, a surrogate
 * ({@link ResponseCache.Builder#honorSurrogateControl}), as cache-edge runs them: part of
 * {@link CacheStrategy}, kept apart because they read a response once, when it is stored, into
 * {@link Facts} that every later decision about it uses (a hit parses no header).
 *
 * <p><b>Directives.</b> {@code CDN-Cache-Control} (RFC 9213) replaces {@code Cache-Control};
 * else a {@code Surrogate-Control} {@code max-age} gives the lifetime; else
 * {@code Cache-Control} and {@code Expires}; else RFC 9111's heuristic (10% of the time since
 * {@code Last-Modified}, at most a day) for the heuristically cacheable statuses
 * ({@link TargetedCacheControl}). Only statuses the cache understands are stored
 * ({@link Freshness#isUnderstood}); {@code Surrogate-Control: no-store} is never stored; a
 * response stale on arrival is stored only when it can be used later (a validator,
 * {@code stale-if-error} or {@code stale-while-revalidate}).
 *
 * <p><b>Personal requests</b> ({@link Invocation.Builder#personal}) are answered from and
 * stored into a shared entry only as {@link SharedUse} allows.
 */
final class SurrogateRules {
    /** A shared cache with RFC 9111's heuristics. */
    static final FreshnessOptions OPTIONS = FreshnessOptions.defaults();

    private SurrogateRules() {
    }

    /**
     * What a stored response says, worked out once when it is stored.
     *
     * @param meta its metadata with the directives the cache obeys (qualified fields dropped)
     * @param sharedUse what it says about being given to personal requests
     * @param keyFields its secondary key fields: its {@code Vary} and the integration's, lower
     *     case
     * @param received when it was received, on the cache's wall clock
     */
    record Facts(ResponseMetadata meta, SharedUse sharedUse, List<String> keyFields,
            Instant received) {
    }

    /** The fields a stored response leaves out: those the obeyed qualified directives name. */
    static Set<String> qualifiedFields(CachedResponse r) {
        CacheControl all = TargetedCacheControl.of(Headers.of(r.headers()), true).directives();
        Set<String> out = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        out.addAll(all.noCacheFields());
        out.addAll(all.privateFields());
        return out;
    }

    /**
     * Decides whether a response (in its stored form) is stored for the request that brought
     * it, for how long, and what it says.
     *
     * @param sent when the request was sent, {@code received} when the response arrived
     */
    static CacheStrategy.Decision decide(OperationPolicy p, CachedResponse r, Invocation inv,
            Instant sent, Instant received) {
        return decide(p, r, inv, sent, received, true);
    }

    /**
     * {@link #decide(OperationPolicy, CachedResponse, Invocation, Instant, Instant)}; without
     * {@code forTheRequest}, for a response another node stored (read from the shared tier):
     * whether a personal request may use it is then decided when it asks
     * ({@link #allows}), not here.
     */
    static CacheStrategy.Decision decide(OperationPolicy p, CachedResponse r, Invocation inv,
            Instant sent, Instant received, boolean forTheRequest) {
        if (!Freshness.isUnderstood(r.status())) {
            return CacheStrategy.Decision.not(Reason.HTTP_STATUS,
                    "status " + r.status() + " not understood");
        }
        Headers rh = Headers.of(r.headers());
        if (SurrogateControl.parse(rh.all("Surrogate-Control"),
                SurrogateControl.WSCACHE_EDGE).noStore()) {
            return CacheStrategy.Decision.not(Reason.HTTP_RULES, "Surrogate-Control: no-store");
        }
        TargetedCacheControl t = TargetedCacheControl.of(rh, true);
        ResponseMetadata meta = ResponseMetadata.of(r.status(), rh, sent, received)
                .withCacheControl(t.directives().withoutQualifiedFields());
        Storability s = Freshness.storable("GET", meta, OPTIONS, false);
        if (!s.isStorable()) {
            return CacheStrategy.Decision.not(Reason.HTTP_RULES, s.reason());
        }
        List<String> key = keyFields(rh.members("Vary"), inv.keyFields());
        SharedUse use = SharedUse.of(t, rh);
        if (forTheRequest && !use.allows(inv.personalFields(), key)) {
            return CacheStrategy.Decision.not(Reason.PER_USER, SharedUse.NOT_SHARED);
        }
        FreshnessDecision d = Freshness.evaluate(meta, received, OPTIONS);
        CacheControl cc = meta.cacheControl();
        Duration swr = cc.staleWhileRevalidate().orElse(Duration.ZERO);
        Duration sie = cc.staleIfError().orElse(Duration.ZERO);
        if (!d.isFresh() && d.validators().isEmpty() && cc.staleWhileRevalidate().isEmpty()
                && cc.staleIfError().isEmpty()) {
            return CacheStrategy.Decision.not(Reason.HTTP_RULES,
                    "stale on arrival and no validator to revalidate it");
        }
        Duration fresh = d.remaining();
        // kept past its freshness: to be revalidated, served stale within its windows, or to a
        // request's max-stale
        Duration retain = fresh.plus(fresh.compareTo(p.ttl()) > 0 ? fresh : p.ttl())
                .plus(swr).plus(sie);
        return new CacheStrategy.Decision(null, fresh, retain,
                new Facts(meta, use, key, received));
    }

    /** The decision about a stored response for a request at {@code nowNanos}. */
    static FreshnessDecision evaluate(Entry e, Invocation inv, long nowNanos) {
        Facts f = e.http;
        Instant now = f.received().plusNanos(nowNanos - e.storedNanos);
        return Freshness.evaluate(f.meta(), now, OPTIONS, inv.requestDirectives());
    }

    /** Whether a stored response may answer a request, personal or not ({@link SharedUse}). */
    static boolean allows(Entry e, Invocation inv) {
        return inv.personalFields().isEmpty()
                || e.http.sharedUse().allows(inv.personalFields(), e.http.keyFields());
    }

    /** The age of a stored response at {@code nowNanos} (RFC 9111 §4.2.3). */
    static long ageNanos(Entry e, long nowNanos) {
        Facts f = e.http;
        Instant now = f.received().plusNanos(nowNanos - e.storedNanos);
        return Nanos.of(Freshness.currentAge(f.meta(), now));
    }

    /** The members of a {@code Vary} and the integration's key fields, lower case, each once. */
    private static List<String> keyFields(List<String> vary, List<String> added) {
        List<String> out = new ArrayList<>();
        for (String m : vary) {
            String n = m.toLowerCase(Locale.ROOT);
            if (!out.contains(n)) {
                out.add(n);
            }
        }
        for (String n : added) {
            if (!out.contains(n)) {
                out.add(n);
            }
        }
        return out;
    }
}
