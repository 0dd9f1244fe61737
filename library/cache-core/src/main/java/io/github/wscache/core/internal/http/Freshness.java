package io.github.wscache.core.internal.http;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The freshness and storage rules of RFC 9111 as pure functions: every time is passed in.
 *
 * <ul>
 *   <li>{@link #storable} — may this response be stored at all (§3)?</li>
 *   <li>{@link #freshnessLifetime} — how long is it fresh (§4.2.1, heuristics §4.2.2)?</li>
 *   <li>{@link #currentAge} — how old is it now (§4.2.3)?</li>
 *   <li>{@link #evaluate} — may it be reused now, must it be revalidated, or refetched
 *       (§4.2, §4.2.4, §4.3)?</li>
 * </ul>
 *
 * <pre>{@code
 * ResponseMetadata meta = ResponseMetadata.of(200, headers, sentAt, receivedAt);
 * FreshnessOptions opts = FreshnessOptions.defaults();
 * if (Freshness.storable("GET", meta, opts, false).isStorable()) {
 *     store(meta, body);
 * }
 * // later
 * FreshnessDecision d = Freshness.evaluate(meta, now, opts);
 * }</pre>
 */
public final class Freshness {

    /** Status codes that are heuristically cacheable (RFC 9110 §15.1). */
    static final Set<Integer> HEURISTICALLY_CACHEABLE =
            Set.of(200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501);

    /**
     * Status codes whose caching rules this cache implements, which matters with
     * {@code must-understand} (RFC 9111 §5.2.2.3). 206 is absent: ranges are not supported.
     */
    static final Set<Integer> UNDERSTOOD = Set.of(200, 203, 204, 300, 301, 302, 303, 307, 308,
            400, 403, 404, 405, 410, 414, 451, 500, 501, 502, 503, 504);

    /** The fraction of the time since Last-Modified used as heuristic lifetime, 1/10. */
    private static final long HEURISTIC_DIVISOR = 10;

    private Freshness() {
    }

    /**
     * Decides whether a response may be stored, with the shared-cache rules and POST caching
     * taken from the options (RFC 9111 §3). In order:
     * <ol>
     *   <li>the method is GET or HEAD, or POST when {@link FreshnessOptions#postCacheable()} and
     *       the response has explicit freshness;</li>
     *   <li>the status is final and understood: not 206 or 304, and one of the understood
     *       codes when {@code must-understand} is present;</li>
     *   <li>no {@code no-store} in the response (ignored with {@code must-understand} and an
     *       understood status) or the request;</li>
     *   <li>for a shared entry: no {@code private}, and a request with {@code Authorization}
     *       only with {@code public}, {@code s-maxage} or {@code must-revalidate};</li>
     *   <li>explicit expiry ({@code Expires}, {@code max-age}, or {@code s-maxage} in a shared
     *       cache), a heuristically cacheable status, {@code public}, or {@code private} in an
     *       entry that is not shared.</li>
     * </ol>
     * A shared cache whose entry is partitioned per user ({@code perUserEntry}) is treated like
     * a private cache for {@code private} and {@code Authorization}. Qualified
     * {@code private="field"} is treated like unqualified {@code private}, as RFC 9111
     * §5.2.2.7 permits. The request header fields come from
     * {@link ResponseMetadata#withRequestHeaders}.
     *
     * @param method the request method, any case
     * @param meta the response
     * @param opts the cache's settings
     * @param perUserEntry whether the entry is only ever served to the user who caused it
     * @return {@link Storability#STORABLE} or the first reason against storing
     */
    public static Storability storable(String method, ResponseMetadata meta,
            FreshnessOptions opts, boolean perUserEntry) {
        CacheControl cc = meta.cacheControl();
        boolean shared = opts.sharedCache();
        boolean explicit = meta.expires().isPresent() || cc.maxAge().isPresent()
                || (shared && cc.sMaxAge().isPresent());
        String m = method == null ? "" : method.toUpperCase(Locale.ROOT);
        if (m.equals("POST")) {
            if (!opts.postCacheable() || !explicit) {
                return Storability.POST_WITHOUT_EXPLICIT_FRESHNESS;
            }
        } else if (!m.equals("GET") && !m.equals("HEAD")) {
            return Storability.METHOD_NOT_CACHEABLE;
        }
        int status = meta.status();
        if (status < 200 || status > 599) {
            return Storability.STATUS_NOT_FINAL;
        }
        if (status == 206 || status == 304
                || (cc.mustUnderstand() && !UNDERSTOOD.contains(status))) {
            return Storability.STATUS_NOT_UNDERSTOOD;
        }
        if (cc.noStore() && !cc.mustUnderstand()) {
            return Storability.NO_STORE;
        }
        if (CacheControl.parse(meta.requestHeaders().all("Cache-Control")).noStore()) {
            return Storability.REQUEST_NO_STORE;
        }
        boolean sharedEntry = shared && !perUserEntry;
        if (sharedEntry && cc.hasPrivate()) {
            return Storability.PRIVATE;
        }
        if (sharedEntry && meta.requestHeaders().contains("Authorization")
                && !cc.isPublic() && cc.sMaxAge().isEmpty() && !cc.mustRevalidate()) {
            return Storability.AUTHORIZATION;
        }
        if (explicit || HEURISTICALLY_CACHEABLE.contains(status) || cc.isPublic()
                || (!sharedEntry && cc.hasPrivate())) {
            return Storability.STORABLE;
        }
        return Storability.NO_FRESHNESS_INFORMATION;
    }

    /**
     * {@link #storable(String, ResponseMetadata, FreshnessOptions, boolean)} with default
     * options apart from the kind of cache.
     *
     * @param method the request method, any case
     * @param meta the response
     * @param sharedCache whether the cache serves several users
     * @param perUserEntry whether the entry is only ever served to the user who caused it
     * @return {@link Storability#STORABLE} or the first reason against storing
     */
    public static Storability storable(String method, ResponseMetadata meta, boolean sharedCache,
            boolean perUserEntry) {
        return storable(method, meta, FreshnessOptions.defaults().withSharedCache(sharedCache),
                perUserEntry);
    }

    /**
     * Tells whether this cache implements the caching rules of a status code (the statuses
     * that RFC 9110 defines and that a cache may store): a cache that stores only understood
     * statuses never keeps a response whose semantics it does not know.
     *
     * @param status the status code
     * @return whether it is understood; never for 1xx, 206 or 304
     */
    public static boolean isUnderstood(int status) {
        return UNDERSTOOD.contains(status);
    }

    /**
     * Tells whether a response to a request invalidates the stored responses of the target
     * URI and of same-origin {@code Location}/{@code Content-Location} (RFC 9111 §4.4): a
     * non-error (2xx or 3xx) response to an unsafe method, i.e. any method other than GET,
     * HEAD, OPTIONS and TRACE, including methods the cache does not know.
     *
     * @param method the request method, any case
     * @param status the response status
     * @return whether to invalidate
     */
    public static boolean invalidates(String method, int status) {
        String m = method == null ? "" : method.toUpperCase(Locale.ROOT);
        boolean safe = m.equals("GET") || m.equals("HEAD") || m.equals("OPTIONS")
                || m.equals("TRACE");
        return !safe && status >= 200 && status < 400;
    }

    /**
     * Computes the freshness lifetime (RFC 9111 §4.2.1), first match wins:
     * {@code s-maxage} in a shared cache; {@code max-age}; {@code Expires} minus {@code Date}
     * (or minus the response time when {@code Date} is missing); when heuristics are enabled
     * and the status is heuristically cacheable, 10% of {@code Date} minus
     * {@code Last-Modified}, capped by {@link FreshnessOptions#maxHeuristicLifetime()}
     * (§4.2.2); otherwise zero.
     *
     * @param meta the response
     * @param opts the cache's settings
     * @return the lifetime, never negative
     */
    public static Duration freshnessLifetime(ResponseMetadata meta, FreshnessOptions opts) {
        CacheControl cc = meta.cacheControl();
        if (opts.sharedCache() && cc.sMaxAge().isPresent()) {
            return cc.sMaxAge().get();
        }
        if (cc.maxAge().isPresent()) {
            return cc.maxAge().get();
        }
        Instant date = meta.date().orElse(meta.responseTime());
        if (meta.expires().isPresent()) {
            return nonNegative(Duration.between(date, meta.expires().get()));
        }
        // RFC 9111 §4.2.2: heuristics for a heuristically cacheable status, or a response
        // marked explicitly cacheable (public)
        if (opts.heuristicsEnabled() && meta.lastModified().isPresent()
                && (HEURISTICALLY_CACHEABLE.contains(meta.status()) || cc.isPublic())) {
            Duration sinceModified =
                    nonNegative(Duration.between(meta.lastModified().get(), date));
            Duration heuristic = sinceModified.dividedBy(HEURISTIC_DIVISOR);
            return heuristic.compareTo(opts.maxHeuristicLifetime()) > 0
                    ? opts.maxHeuristicLifetime() : heuristic;
        }
        return Duration.ZERO;
    }

    /**
     * The {@linkplain #currentAge current age} of a response as it arrives at {@code now} (its
     * request sent then too): the larger of its {@code Age} and the time since its
     * {@code Date}, read from those two fields alone, without the rest of its metadata.
     *
     * @param headers the response's header fields, names case-insensitive (as a
     *     {@code TreeMap} with {@link String#CASE_INSENSITIVE_ORDER} keeps them)
     * @param now when it arrived
     * @return its age, zero or more
     */
    public static Duration ageOnArrival(Map<String, List<String>> headers, Instant now) {
        List<String> date = headers.get("Date");
        List<String> age = headers.get("Age");
        return currentAge(date == null || date.isEmpty() ? null
                : HttpDates.parse(date.get(0), now).orElse(null),
                age == null || age.isEmpty() ? null
                : ResponseMetadata.parseAge(age.get(0)).orElse(null), now, now, now);
    }

    /**
     * Computes the current age (RFC 9111 §4.2.3):
     * <pre>
     * apparent_age          = max(0, response_time - date_value)
     * response_delay        = response_time - request_time
     * corrected_age_value   = age_value + response_delay
     * corrected_initial_age = max(apparent_age, corrected_age_value)
     * resident_time         = now - response_time
     * current_age           = corrected_initial_age + resident_time
     * </pre>
     * A missing {@code Date} counts as the response time and a missing {@code Age} as zero;
     * a negative response delay or resident time (clocks passed in out of order) counts as zero.
     *
     * @param meta the response
     * @param now the current time
     * @return the current age, never negative
     */
    public static Duration currentAge(ResponseMetadata meta, Instant now) {
        return currentAge(meta.date().orElse(null), meta.age().orElse(null),
                meta.requestTime(), meta.responseTime(), now);
    }

    /** §4.2.3 from the values it reads; {@code date} and {@code age} {@code null} when absent. */
    private static Duration currentAge(Instant date, Duration age, Instant requestTime,
            Instant responseTime, Instant now) {
        Duration apparentAge = date == null ? Duration.ZERO
                : nonNegative(Duration.between(date, responseTime));
        Duration responseDelay = nonNegative(Duration.between(requestTime, responseTime));
        Duration correctedAgeValue = (age == null ? Duration.ZERO : age).plus(responseDelay);
        Duration correctedInitialAge = max(apparentAge, correctedAgeValue);
        Duration residentTime = nonNegative(Duration.between(responseTime, now));
        return correctedInitialAge.plus(residentTime);
    }

    /**
     * Decides whether a stored response may be reused at {@code now}.
     *
     * <ul>
     *   <li>{@code no-cache} in the response:
     *       {@link FreshnessDecision.Kind#STALE_NEEDS_REVALIDATION} (in any form;
     *       qualified {@code no-cache="field"} is treated as unqualified);</li>
     *   <li>lifetime greater than current age: {@link FreshnessDecision.Kind#FRESH};</li>
     *   <li>otherwise stale: {@code STALE_NEEDS_REVALIDATION} when the response has an
     *       {@code ETag} or {@code Last-Modified}, else {@link FreshnessDecision.Kind#STALE}.</li>
     * </ul>
     * The decision also says whether {@code stale-while-revalidate} or {@code stale-if-error}
     * allow serving the stale response; never with {@code no-cache}, {@code must-revalidate},
     * or, in a shared cache, {@code proxy-revalidate} or {@code s-maxage} (RFC 9111 §4.2.4).
     *
     * @param meta the stored response
     * @param now the current time
     * @param opts the cache's settings
     * @return the decision
     */
    public static FreshnessDecision evaluate(ResponseMetadata meta, Instant now,
            FreshnessOptions opts) {
        return evaluate(meta, now, opts, CacheControl.EMPTY);
    }

    /**
     * Like {@link #evaluate(ResponseMetadata, Instant, FreshnessOptions)}, also honouring the
     * new request's directives (RFC 9111 §5.2.1): {@code no-cache} and {@code max-age} beyond
     * the current age force revalidation, as does less freshness left than {@code min-fresh};
     * a stale response within {@code max-stale} counts as {@code FRESH} unless the response
     * forbids serving it stale.
     *
     * @param meta the stored response
     * @param now the current time
     * @param opts the cache's settings
     * @param request the new request's {@code Cache-Control}
     * @return the decision
     */
    public static FreshnessDecision evaluate(ResponseMetadata meta, Instant now,
            FreshnessOptions opts, CacheControl request) {
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(request, "request");
        CacheControl cc = meta.cacheControl();
        Duration lifetime = freshnessLifetime(meta, opts);
        Duration age = currentAge(meta, now);
        Optional<Validators> validators = meta.validators();
        Duration staleness = nonNegative(age.minus(lifetime));
        boolean stale = age.compareTo(lifetime) >= 0;

        boolean staleForbidden = cc.hasNoCache() || cc.mustRevalidate()
                || (opts.sharedCache() && (cc.proxyRevalidate() || cc.sMaxAge().isPresent()));
        boolean revalidate = cc.hasNoCache() || request.noCache()
                || request.maxAge().map(max -> age.compareTo(max) > 0).orElse(false);
        boolean usable;
        if (!stale) {
            Duration remaining = lifetime.minus(age);
            usable = request.minFresh().map(min -> remaining.compareTo(min) >= 0).orElse(true);
        } else {
            usable = !staleForbidden
                    && request.maxStale().map(max -> staleness.compareTo(max) <= 0).orElse(false);
        }

        FreshnessDecision.Kind kind;
        if (usable && !revalidate) {
            kind = FreshnessDecision.Kind.FRESH;
        } else if (validators.isPresent() || cc.hasNoCache()) {
            kind = FreshnessDecision.Kind.STALE_NEEDS_REVALIDATION;
        } else {
            kind = FreshnessDecision.Kind.STALE;
        }
        boolean mayServeStale = stale && kind != FreshnessDecision.Kind.FRESH
                && !staleForbidden && !request.noCache();
        // a request's max-age the response is older than asks for no stale response (§5.2.1.1),
        // as on the engine's own path (CacheStrategy); stale-if-error still stands in on errors
        boolean swr = mayServeStale && !revalidate && cc.staleWhileRevalidate()
                .map(limit -> staleness.compareTo(limit) <= 0).orElse(false);
        boolean sie = mayServeStale && cc.staleIfError()
                .map(limit -> staleness.compareTo(limit) <= 0).orElse(false);
        return new FreshnessDecision(kind, lifetime, age, validators, swr, sie);
    }

    private static Duration nonNegative(Duration d) {
        return d.isNegative() ? Duration.ZERO : d;
    }

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }
}
