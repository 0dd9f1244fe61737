package io.github.wscache.core;

import io.github.wscache.core.copy.CopierChoice;
import io.github.wscache.core.copy.CopierRegistry;
import io.github.wscache.core.internal.http.CacheControl;
import io.github.wscache.core.internal.http.Freshness;
import io.github.wscache.core.internal.http.FreshnessDecision;
import io.github.wscache.core.internal.http.FreshnessOptions;
import io.github.wscache.core.internal.http.Headers;
import io.github.wscache.core.internal.http.ResponseMetadata;
import io.github.wscache.core.internal.http.Storability;
import io.github.wscache.core.internal.http.SurrogateControl;
import io.github.wscache.core.policy.OperationPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Every decision of the cache, and nothing else: no I/O, no clock of its own, no counters. Given
 * the resolved operation policy, the call, and a stored entry or a fresh response, it says
 * whether the call takes part at all, whether a stored entry answers, whether a response may be
 * stored, for how long it is fresh and kept, and which copier keeps an application object. The
 * flows ({@link ObjectFlow}, {@link MessageFlow}) do what it says; integrations only report
 * facts ({@link CachedResponse}: status, headers, body, not-cacheable and per-user marks).
 *
 * <p><b>Freshness of messages.</b> Without {@code honorHttpHeaders} the policy's TTL decides.
 * With it, the server's headers decide (RFC 9111, via {@link Freshness}): {@code no-store} and,
 * outside per-user entries, {@code private} are not stored; {@code max-age}/{@code s-maxage}/
 * {@code Expires} set the lifetime; {@code no-cache} makes every use a revalidation; a response
 * that says nothing about freshness gets the TTL, or with {@code honorHttpHeaders: only}
 * ({@link OperationPolicy#httpHeadersOnly()}) RFC 9111's heuristic lifetime from its
 * {@code Last-Modified}, else none (kept only to be revalidated, if it has a validator).
 * Entries with a validator are kept beyond their freshness (for one more lifetime, at least the
 * TTL) so that they can be revalidated. A call that asks for a private cache's rules
 * ({@link Invocation#privateCache()}) ignores {@code s-maxage} and {@code proxy-revalidate}, and
 * keeps every entry that long, for a request's {@code max-stale}. A request's own directives
 * decide whether a stored entry answers it ({@link #answers}). No message is stored with the
 * fields a cache must not keep ({@link #storedForm}).
 *
 * <p>A cache that acts as a surrogate ({@link ResponseCache.Builder#honorSurrogateControl})
 * reads {@code Surrogate-Control} (W3C Edge Architecture 1.0, untargeted directives) first: its
 * {@code no-store} forbids storing, and its {@code max-age} takes precedence over
 * {@code Cache-Control} and {@code Expires} altogether: the origin addresses the surrogate with
 * Surrogate-Control and the browsers behind it with Cache-Control.
 */
final class CacheStrategy {
    private static final FreshnessOptions OPTIONS =
            FreshnessOptions.defaults().withHeuristics(false);
    /** The same rules for a private cache: {@code s-maxage}, {@code proxy-revalidate} ignored. */
    private static final FreshnessOptions PRIVATE = OPTIONS.withSharedCache(false);
    /** With {@code honorHttpHeaders: only}: RFC 9111 §4.2.2's heuristic, at most a day. */
    private static final FreshnessOptions HEURISTIC = OPTIONS.withHeuristics(true);
    private static final FreshnessOptions PRIVATE_HEURISTIC = PRIVATE.withHeuristics(true);

    private final boolean surrogate;
    private final CopierRegistry copiers;

    CacheStrategy(boolean surrogate, CopierRegistry copiers) {
        this.surrogate = surrogate;
        this.copiers = copiers;
    }

    /** Why an application-object call bypasses the cache, or {@code null} when it takes part. */
    static Why bypassOfObjectCall(OperationPolicy p, Invocation inv) {
        Why why = bypassOfAnyCall(p, inv);
        if (why == null && p.value().isMessageLevel()) {
            why = Why.of(Reason.MESSAGE_LEVEL, "value: " + p.value().yamlName()
                    + " is cached at the message level");
        }
        return why;
    }

    /** Why a message exchange bypasses the cache, or {@code null} when it takes part. */
    static Why bypassOfAnyCall(OperationPolicy p, Invocation inv) {
        if (!p.cacheable()) {
            return Why.of(Reason.NOT_CACHEABLE, p.source().isPresent()
                    ? "operation is not cacheable (" + p.source().get() + ")"
                    : "operation is not cacheable");
        }
        String integration = inv.bypassReason();
        return integration == null ? null : Why.of(Reason.INTEGRATION, integration);
    }

    /** What a message call does first: the one decision value of {@link MessageFlow}. */
    enum Action {
        /** The cache takes no part: the exchange runs as it is ({@link Plan#why} says why). */
        PASS,
        /** A stored response answers ({@link Plan#entry}). */
        SERVE,
        /**
         * A stale stored response answers within its {@code stale-while-revalidate}, and one
         * background exchange revalidates it.
         */
        SERVE_STALE,
        /** The request said {@code only-if-cached} and nothing stored answers: a 504. */
        UNAVAILABLE,
        /** A stored response is handed to the exchange to revalidate or stand in for errors. */
        REVALIDATE,
        /** Nothing usable is stored: the exchange fetches, once for concurrent callers. */
        FETCH
    }

    /**
     * One plan for a message call, immutable; the entry it serves or revalidates is the one it
     * was planned from. A hit allocates no plan.
     *
     * @param action what to do
     * @param why why the cache takes no part ({@link Action#PASS}), else {@code null}
     */
    record Plan(Action action, Why why) {
        static final Plan SERVE = new Plan(Action.SERVE, null);
        static final Plan SERVE_STALE = new Plan(Action.SERVE_STALE, null);
        static final Plan UNAVAILABLE = new Plan(Action.UNAVAILABLE, null);
        static final Plan REVALIDATE = new Plan(Action.REVALIDATE, null);
        static final Plan FETCH = new Plan(Action.FETCH, null);
    }

    private static final Plan NO_KEY = new Plan(Action.PASS, Why.of(Reason.NO_KEY, "no key"));

    /**
     * Plans a message call from the policy, the call (its request directives among it), its key
     * ({@code null}: none could be made), what the store holds for it and the time; without
     * stale-while-revalidate or only-if-cached answers (the integration can give neither).
     */
    static Plan plan(OperationPolicy p, Invocation inv, CacheKey key, Entry stored,
            long nowNanos) {
        return plan(p, inv, key, stored, nowNanos, false, false);
    }

    /**
     * Plans a message call.
     *
     * @param background whether the integration's exchange may run again in the background
     *     ({@link Exchange#refreshesInBackground}), for stale-while-revalidate
     * @param unavailable whether it can answer only-if-cached with a 504
     *     ({@link Exchange#unavailable})
     */
    static Plan plan(OperationPolicy p, Invocation inv, CacheKey key, Entry stored,
            long nowNanos, boolean background, boolean unavailable) {
        Why bypass = bypassOfAnyCall(p, inv);
        if (bypass != null) {
            return new Plan(Action.PASS, bypass);
        }
        if (key == null) {
            return NO_KEY;
        }
        boolean onlyIfCached = unavailable && inv.requestDirectives().onlyIfCached();
        if (stored == null || !(stored.captured instanceof CachedResponse)) {
            return onlyIfCached ? Plan.UNAVAILABLE : Plan.FETCH;
        }
        if (stored.http != null) {
            // a surrogate's entry: decided on what its response said when it was stored
            boolean allowed = SurrogateRules.allows(stored, inv);
            FreshnessDecision d = SurrogateRules.evaluate(stored, inv, nowNanos);
            if (allowed && d.isFresh()) {
                return Plan.SERVE;
            }
            if (onlyIfCached) {
                return Plan.UNAVAILABLE;
            }
            if (!allowed) {
                return Plan.FETCH;
            }
            return background && d.staleWhileRevalidate() ? Plan.SERVE_STALE
                    : Plan.REVALIDATE;
        }
        if (answers(stored, inv, nowNanos)) {
            return Plan.SERVE;
        }
        if (onlyIfCached) {
            return Plan.UNAVAILABLE;
        }
        if (background && whileRevalidating(stored, inv, nowNanos)) {
            return Plan.SERVE_STALE;
        }
        return toRevalidate(stored) == null ? Plan.FETCH : Plan.REVALIDATE;
    }

    /**
     * Whether a stale stored response answers at once while it is revalidated in the
     * background (RFC 5861 §3): it is stale by no more than its {@code stale-while-revalidate},
     * nothing forbids serving it stale, and the request did not say {@code no-cache} or ask
     * for a younger response ({@code max-age}).
     */
    static boolean whileRevalidating(Entry e, Invocation inv, long nowNanos) {
        CachedResponse r = (CachedResponse) e.captured;
        List<String> lines = r.headers().get("Cache-Control");
        if (lines == null) {
            return false;
        }
        Optional<Duration> window = CacheControl.parse(lines).staleWhileRevalidate();
        if (window.isEmpty() || !maySendStale(r, inv.privateCache())) {
            return false;
        }
        CacheControl req = inv.requestDirectives();
        if (req.noCache() || req.maxAge().isPresent()
                && age(e, nowNanos).compareTo(req.maxAge().get()) > 0) {
            return false;
        }
        long staleNanos = Nanos.between(e.freshUntilNanos, nowNanos);
        return staleNanos >= 0 && staleNanos <= Nanos.of(window.get());
    }

    /**
     * Whether a response that may not be stored ({@code d}) takes away the stored response it
     * would have replaced, the one the call selected: a newer response that says no (no-store,
     * no lifetime, a status HTTP does not keep) is what the resource says now. Not so for a
     * personal request's answer refused only because it may not be shared (it says nothing
     * about the shared entry), nor for a server error (5xx): it says nothing about the
     * representation, and the stored response may yet stand in for a later failure (its own
     * {@code stale-if-error} or a request's, RFC 5861 §4).
     */
    static boolean dropsStored(Decision d, CachedResponse r, Invocation inv) {
        if (d.storable()) {
            return false;
        }
        if (d.notStorable.reason() == Reason.PER_USER && !inv.personalFields().isEmpty()) {
            return false;
        }
        return r.status() < 500 || r.status() > 599;
    }

    /**
     * Whether a stored response stands in for a failed service now (RFC 5861 §4, RFC 9111
     * §4.2.4): the exchange threw an exception (not an interruption) or answered 500, 502, 503
     * or 504; the entry is stale by no more than its response's {@code stale-if-error} (or the
     * request's); nothing forbids serving it stale, and the request did not say
     * {@code no-cache}. The one place where wscache serves stale for errors.
     *
     * @param failure what the exchange threw, or {@code null} when it answered
     * @param status the status it answered with (ignored when it threw)
     */
    static boolean standsInForError(Entry e, Invocation inv, long nowNanos, Throwable failure,
            int status) {
        if (failure != null ? !(failure instanceof Exception)
                || failure instanceof InterruptedException
                || failure instanceof java.io.InterruptedIOException
                : status != 500 && status != 502 && status != 503 && status != 504) {
            return false;
        }
        if (e.http != null) {
            return SurrogateRules.allows(e, inv)
                    && SurrogateRules.evaluate(e, inv, nowNanos).staleIfError();
        }
        CachedResponse r = (CachedResponse) e.captured;
        CacheControl req = inv.requestDirectives();
        if (req.noCache() || !maySendStale(r, inv.privateCache())) {
            return false;
        }
        Optional<Duration> window = CacheControl.parse(r.headers().getOrDefault("Cache-Control",
                List.of())).staleIfError().or(req::staleIfError);
        long staleNanos = Nanos.between(e.freshUntilNanos, nowNanos);
        return window.isPresent() && staleNanos >= 0
                && staleNanos <= Nanos.of(window.get());
    }

    /**
     * Whether a stored message may answer a call at {@code nowNanos} without asking the
     * service: it is fresh and the request's own directives
     * ({@link Invocation.Builder#requestDirectives}) accept it, or it is stale by no more than
     * the request's {@code max-stale} and does not forbid being served stale (RFC 9111 §4.2.4,
     * §5.2.1). A request's {@code no-cache}, an age above its {@code max-age} or less freshness
     * left than its {@code min-fresh} mean no: the call revalidates ({@link #toRevalidate}) or
     * fetches.
     */
    static boolean answers(Entry e, Invocation inv, long nowNanos) {
        if (e.http != null) {
            return SurrogateRules.allows(e, inv)
                    && SurrogateRules.evaluate(e, inv, nowNanos).isFresh();
        }
        boolean fresh = e.isFresh(nowNanos);
        CacheControl req = inv.requestDirectives();
        if (req == CacheControl.EMPTY) {
            return fresh;
        }
        if (req.noCache()) {
            return false;
        }
        if (req.maxAge().isPresent() && age(e, nowNanos).compareTo(req.maxAge().get()) > 0) {
            return false;
        }
        if (fresh) {
            Optional<Duration> minFresh = req.minFresh();
            Duration left = Duration.ofNanos(Nanos.between(nowNanos, e.freshUntilNanos));
            return minFresh.isEmpty() || left.compareTo(minFresh.get()) >= 0;
        }
        Optional<Duration> maxStale = req.maxStale();
        Duration stale = Duration.ofNanos(Nanos.between(e.freshUntilNanos, nowNanos));
        return maxStale.isPresent() && stale.compareTo(maxStale.get()) <= 0
                && maySendStale((CachedResponse) e.captured, inv.privateCache());
    }

    /**
     * Whether a stored response allows a cache to send it stale (RFC 9111 §4.2.4): not with
     * {@code no-cache} or {@code must-revalidate}, and for a shared cache not with
     * {@code proxy-revalidate} or {@code s-maxage}. Read from the response whatever the policy
     * says about honouring its headers: serving stale is never this cache's own idea.
     */
    private static boolean maySendStale(CachedResponse r, boolean privateCache) {
        CacheControl cc = CacheControl.parse(r.headers().getOrDefault("Cache-Control",
                List.of()));
        return !cc.noCache() && !cc.mustRevalidate()
                && (privateCache || (!cc.proxyRevalidate() && cc.sMaxAge().isEmpty()));
    }

    /**
     * How old a stored entry is at {@code nowNanos} (RFC 9111 §4.2.3): its age when it was
     * stored and the time it has been stored since.
     */
    static Duration age(Entry e, long nowNanos) {
        return Duration.ofNanos(ageNanos(e, nowNanos));
    }

    /** {@link #age} in nanoseconds, without making an object (a hit's outcome carries it). */
    static long ageNanos(Entry e, long nowNanos) {
        if (e.http != null) {
            return SurrogateRules.ageNanos(e, nowNanos);
        }
        return Nanos.add(e.initialAgeNanos, Math.max(0, Nanos.between(e.storedNanos, nowNanos)));
    }

    /**
     * How old a message is when this cache receives it at {@code now} (RFC 9111 §4.2.3, the
     * request and response times taken as {@code now}): the larger of its {@code Age} and the
     * time since its {@code Date}.
     */
    static Duration ageOnArrival(CachedResponse r, Instant now) {
        return Freshness.ageOnArrival(r.headers(), now);
    }

    /**
     * Returns the stale message to revalidate with a conditional request, or {@code null} when
     * the entry cannot be revalidated (no validator) and the exchange must fetch in full.
     */
    static CachedResponse toRevalidate(Entry e) {
        CachedResponse stale = (CachedResponse) e.captured;
        if (e.http != null) {
            // a surrogate hands every stale entry on: revalidated when it has validators,
            // standing in for errors within its stale-if-error
            return stale;
        }
        return !stale.hasValidators() && !mayStandInForErrors(stale) ? null : stale;
    }

    /**
     * Whether a stored response says it may be served stale when the service fails
     * ({@code stale-if-error}, RFC 5861 §4): then it is handed to the exchange even without a
     * validator, and {@link #standsInForError} decides whether it answers for a failure.
     */
    static boolean mayStandInForErrors(CachedResponse r) {
        List<String> cc = r.headers().get("Cache-Control");
        return cc != null && CacheControl.parse(cc).staleIfError().isPresent();
    }

    /**
     * Returns a response as it is stored: without the fields a cache never stores
     * ({@link Headers#notStored}: hop-by-hop fields and those {@code Connection} names, proxy
     * authentication fields, and those a qualified {@code no-cache="..."} names, which this
     * cache leaves out rather than revalidating the whole response; in an entry other users may
     * get, those a qualified {@code private="..."} names). The caller whose exchange brought it
     * gets it as it came.
     *
     * @param shared whether other users than the requester may get the entry
     */
    static CachedResponse storedForm(CachedResponse r, boolean shared) {
        Set<String> dropped = Headers.notStored(r.headers(), shared);
        return dropped.isEmpty() ? r : r.withoutHeaders(dropped);
    }

    /**
     * {@link #storedForm(CachedResponse, boolean)}; a surrogate also leaves out the fields the
     * qualified {@code no-cache} and {@code private} of the directives it obeys name
     * ({@code CDN-Cache-Control} among them).
     */
    CachedResponse storedFormOf(CachedResponse r, boolean shared) {
        CachedResponse kept = storedForm(r, shared);
        if (!surrogate) {
            return kept;
        }
        Set<String> qualified = SurrogateRules.qualifiedFields(kept);
        return qualified.isEmpty() ? kept : kept.withoutHeaders(qualified);
    }

    /** What may be done with a response: stored with these lifetimes, or not, and why. */
    static final class Decision {
        final Why notStorable;
        final Duration fresh;
        final Duration retain;
        /** What a surrogate's response says ({@link SurrogateRules}), else {@code null}. */
        final SurrogateRules.Facts facts;

        Decision(Why notStorable, Duration fresh, Duration retain) {
            this(notStorable, fresh, retain, null);
        }

        Decision(Why notStorable, Duration fresh, Duration retain, SurrogateRules.Facts facts) {
            this.notStorable = notStorable;
            this.fresh = fresh;
            this.retain = retain;
            this.facts = facts;
        }

        boolean storable() {
            return notStorable == null;
        }

        static Decision not(Reason reason, String detail) {
            return new Decision(Why.of(reason, detail), Duration.ZERO, Duration.ZERO);
        }
    }

    /** Decides as a shared cache does; see the five-argument form. */
    Decision onResponse(OperationPolicy p, CachedResponse r, boolean partitioned, Instant now) {
        return onResponse(p, r, partitioned, false, now);
    }

    /**
     * Decides whether a message response is stored, and its lifetimes.
     *
     * @param partitioned whether the entry is one caller's own (an identity partition)
     * @param privateCache whether the call asks for a private cache's rules
     *     ({@link Invocation#privateCache()}): {@code s-maxage} then gives no freshness
     * @param now the cache's clock, for the age of the response
     */
    Decision onResponse(OperationPolicy p, CachedResponse r, boolean partitioned,
            boolean privateCache, Instant now) {
        if (r.notCacheableReason().isPresent()) {
            return Decision.not(Reason.INTEGRATION, r.notCacheableReason().get());
        }
        // with honorHttpHeaders: only, HTTP decides which statuses are kept (RFC 9111 §3): a
        // final one with explicit freshness, or heuristically cacheable (never 206 or 304; an
        // unknown one not with must-understand); otherwise only 200, which every integration
        // can replay
        if (r.status() != 200 && !p.httpHeadersOnly()) {
            return Decision.not(Reason.HTTP_STATUS, "HTTP status " + r.status());
        }
        if (!partitioned && r.perUserOnlyReason().isPresent()) {
            return Decision.not(Reason.PER_USER, r.perUserOnlyReason().get()
                    + ": not stored in an entry shared across users");
        }
        return freshness(p, r, partitioned, privateCache, now);
    }

    /**
     * Decides whether a message response is stored, and its lifetimes, for the call
     * {@code inv} whose request was sent at {@code sent}; a surrogate decides by
     * {@link SurrogateRules}.
     */
    Decision onResponse(OperationPolicy p, CachedResponse r, CacheKey key, Invocation inv,
            Instant sent, Instant now) {
        if (!surrogate) {
            return onResponse(p, r, key.isPartitioned(), inv.privateCache(), now);
        }
        if (r.notCacheableReason().isPresent()) {
            return Decision.not(Reason.INTEGRATION, r.notCacheableReason().get());
        }
        if (!key.isPartitioned() && r.perUserOnlyReason().isPresent()) {
            return Decision.not(Reason.PER_USER, r.perUserOnlyReason().get()
                    + ": not stored in an entry shared across users");
        }
        return SurrogateRules.decide(p, r, inv, sent, now);
    }

    /**
     * What a surrogate's response read from the shared tier says, for its local entry, or
     * {@code null} (not a surrogate, or a response it would not store for this call).
     */
    SurrogateRules.Facts factsOf(OperationPolicy p, CachedResponse r, CacheKey key,
            Invocation inv, Instant now) {
        return surrogate ? SurrogateRules.decide(p, r, inv, now, now, false).facts : null;
    }

    private Decision freshness(OperationPolicy p, CachedResponse r, boolean partitioned,
            boolean privateCache, Instant now) {
        // a private cache keeps what it can still use past its freshness: a request's
        // max-stale may accept it; elsewhere only what a validator can refresh is kept
        boolean validators = r.hasValidators();
        boolean keepStale = validators || privateCache;
        if (!p.honorHttpHeaders()) {
            return kept(p.ttl(), p.ttl(), keepStale);
        }
        ResponseMetadata meta = ResponseMetadata.of(r.status(), r.headers(), now, now);
        SurrogateControl sc = surrogate
                ? SurrogateControl.parse(r.headers().getOrDefault("Surrogate-Control", List.of()),
                        SurrogateControl.WSCACHE_EDGE)
                : SurrogateControl.EMPTY;
        if (sc.noStore()) {
            return Decision.not(Reason.HTTP_RULES, "not storable: Surrogate-Control no-store");
        }
        Duration fresh;
        if (sc.maxAge().isPresent()) {
            Duration left = sc.maxAge().get().minus(Freshness.currentAge(meta, now));
            fresh = left.isNegative() ? Duration.ZERO : left;
            if (fresh.isZero() && !validators) {
                return Decision.not(Reason.HTTP_RULES, "not storable: stale on arrival and no"
                        + " validator to revalidate it");
            }
            return kept(fresh, p.ttl(), keepStale);
        }
        // a shared cache's storage rules even for a private cache: private only in an entry
        // of the caller's own (see Invocation.Builder.privateCache)
        Storability s = Freshness.storable("GET", meta, OPTIONS, partitioned);
        if (!s.isStorable() && (s != Storability.NO_FRESHNESS_INFORMATION
                || r.status() != 200)) {
            return Decision.not(r.status() != 200 && s == Storability.NO_FRESHNESS_INFORMATION
                    ? Reason.HTTP_STATUS : Reason.HTTP_RULES, s.reason()
                    + (r.status() != 200 ? " (HTTP status " + r.status() + ")" : ""));
        }
        CacheControl cc = meta.cacheControl();
        // how long ago it became stale, when it arrives stale
        Duration staleAlready = Duration.ZERO;
        if (cc.noCache()) {
            fresh = Duration.ZERO;
        } else if (cc.maxAge().isPresent() || (!privateCache && cc.sMaxAge().isPresent())
                || meta.expires().isPresent()) {
            FreshnessDecision d = Freshness.evaluate(meta, now, privateCache ? PRIVATE : OPTIONS);
            fresh = d.remaining();
            staleAlready = d.staleness();
        } else if (p.httpHeadersOnly()) {
            // no TTL stands in for what the server did not say: a heuristic lifetime from
            // Last-Modified, or none (then stored only to be revalidated)
            fresh = Freshness.evaluate(meta, now, privateCache ? PRIVATE_HEURISTIC : HEURISTIC)
                    .remaining();
            if (fresh.isZero() && !validators) {
                return Decision.not(Reason.HTTP_RULES, "not storable: no freshness information"
                        + " and no validator (honorHttpHeaders: only)");
            }
        } else {
            fresh = p.ttl();
        }
        Duration staleIfError = cc.staleIfError().orElse(Duration.ZERO);
        if (fresh.isZero() && !validators) {
            // stale on arrival: of use only to stand in for a failure, for what is left of its
            // stale-if-error window (RFC 5861 §4); not when it may never be sent stale
            // (no-cache, must-revalidate, ...)
            Duration windowLeft = staleIfError.minus(staleAlready);
            if (!maySendStale(r, privateCache) || windowLeft.isNegative()
                    || windowLeft.isZero()) {
                return Decision.not(Reason.HTTP_RULES, "not storable: stale on arrival and no"
                        + " validator to revalidate it" + (staleIfError.isZero() ? ""
                        : " (past its stale-if-error window)"));
            }
            return new Decision(null, Duration.ZERO, windowLeft);
        }
        Decision d = kept(fresh, p.ttl(), keepStale);
        if (fresh.plus(staleIfError).compareTo(d.retain) > 0) {
            // kept through its stale-if-error window (RFC 5861 §4), to stand in for a failure
            return new Decision(null, fresh, fresh.plus(staleIfError));
        }
        return d;
    }

    private static Decision kept(Duration fresh, Duration ttl, boolean keepStale) {
        Duration retain = keepStale ? fresh.plus(fresh.compareTo(ttl) > 0 ? fresh : ttl) : fresh;
        return new Decision(null, fresh, retain);
    }

    /**
     * Whether an unstored response may be handed to the waiters of the same key: the
     * integration says it can replay it, and on a key shared across callers it carries nothing
     * personal (a cookie, {@code private}, an authentication failure of a caller's credentials).
     */
    static boolean mayHandToWaiters(boolean replayable, Invocation inv, CacheKey key,
            CachedResponse r) {
        if (r.isNotModified() || !replayable) {
            return false;
        }
        if (key.isPartitioned()) {
            return true;
        }
        boolean perUser = r.perUserOnlyReason().isPresent()
                || r.headers().containsKey("Set-Cookie")
                || r.headers().containsKey("Set-Cookie2")
                || CacheControl.parse(
                        r.headers().getOrDefault("Cache-Control", List.of())).hasPrivate()
                || inv.hasCredentials()
                && (r.status() == 401 || r.status() == 403 || r.status() == 407);
        return !perUser;
    }

    /**
     * Chooses the copier of a result type under the cache's registrations
     * ({@link CopierRegistry#choose}, the one choice wscache makes); a warning about a forced
     * {@code value} that cannot copy the type names the operation.
     */
    CopierChoice<Object> copier(OperationPolicy p, Class<Object> type) {
        return copiers.choose(p, type);
    }
}
