package io.github.wscache.core.internal.http;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.TreeSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The directives of one or more {@code Cache-Control} header field lines (RFC 9111 §5.2),
 * request or response.
 *
 * <p>Parsing is tolerant: directive names are case-insensitive, arguments may be tokens or
 * quoted-strings, unknown directives and malformed members are ignored. Duplicates and invalid
 * arguments are resolved towards the safe side:
 * <ul>
 *   <li>the first occurrence of a directive with an argument wins (RFC 9111 §4.2.1);</li>
 *   <li>a missing or invalid {@code max-age} or {@code s-maxage} argument (not a non-negative
 *       integer) reads as zero, so the response is stale (RFC 9111 §4.2.1, "invalid freshness
 *       information");</li>
 *   <li>an invalid {@code stale-while-revalidate}, {@code stale-if-error}, {@code max-stale} or
 *       {@code min-fresh} is ignored;</li>
 *   <li>delta-seconds beyond 2<sup>31</sup> read as 2<sup>31</sup> seconds (RFC 9111
 *       §1.2.2);</li>
 *   <li>{@code no-cache} or {@code private} without field names anywhere in the value makes the
 *       whole directive unqualified; field names of several occurrences are united.</li>
 * </ul>
 *
 * <pre>{@code
 * CacheControl cc = CacheControl.parse(
 *         List.of("max-age=60, s-maxage=\"300\"", "no-cache=\"Set-Cookie\""));
 * cc.maxAge();          // Optional[PT1M]
 * cc.sMaxAge();         // Optional[PT5M]
 * cc.noCacheFields();   // [set-cookie]
 * }</pre>
 */
public final class CacheControl {

    /** The value of an absent or empty header. */
    public static final CacheControl EMPTY = new CacheControl(new Builder());

    /** The largest delta-seconds a recipient has to represent (RFC 9111 §1.2.2). */
    public static final Duration MAX_DELTA_SECONDS = Duration.ofSeconds(1L << 31);

    private final Duration maxAge;
    private final Duration sMaxAge;
    private final boolean noStore;
    private final boolean noCache;
    private final Set<String> noCacheFields;
    private final boolean privateResponse;
    private final Set<String> privateFields;
    private final boolean publicResponse;
    private final boolean mustRevalidate;
    private final boolean proxyRevalidate;
    private final boolean mustUnderstand;
    private final boolean noTransform;
    private final boolean immutable;
    private final Duration staleWhileRevalidate;
    private final Duration staleIfError;
    private final boolean maxStale;
    private final Duration maxStaleLimit;
    private final Duration minFresh;
    private final boolean onlyIfCached;

    private CacheControl(Builder b) {
        maxAge = b.maxAge;
        sMaxAge = b.sMaxAge;
        noStore = b.noStore;
        noCache = b.noCache;
        noCacheFields = b.noCache ? Set.of() : Collections.unmodifiableSet(b.noCacheFields);
        privateResponse = b.privateResponse;
        privateFields = b.privateResponse
                ? Set.of() : Collections.unmodifiableSet(b.privateFields);
        publicResponse = b.publicResponse;
        mustRevalidate = b.mustRevalidate;
        proxyRevalidate = b.proxyRevalidate;
        mustUnderstand = b.mustUnderstand;
        noTransform = b.noTransform;
        immutable = b.immutable;
        staleWhileRevalidate = b.staleWhileRevalidate;
        staleIfError = b.staleIfError;
        maxStale = b.maxStale;
        maxStaleLimit = b.maxStaleLimit;
        minFresh = b.minFresh;
        onlyIfCached = b.onlyIfCached;
    }

    /**
     * Parses a single header field value.
     *
     * @param headerValue for example {@code "public, max-age=3600"}; {@code null} gives
     *     {@link #EMPTY}
     * @return the parsed directives
     */
    public static CacheControl parse(String headerValue) {
        return parse(Collections.singletonList(headerValue));
    }

    /**
     * Parses all field lines of the header, in order, as one combined list.
     *
     * @param headerValues the field line values; {@code null} elements are skipped
     * @return the parsed directives
     */
    public static CacheControl parse(Iterable<String> headerValues) {
        if (headerValues instanceof Collection && ((Collection<?>) headerValues).isEmpty()) {
            return EMPTY; // most requests and many responses: no builder made
        }
        Builder b = new Builder();
        for (DirectiveParser.Directive d : DirectiveParser.parse(headerValues)) {
            if (d.target() == null) {
                b.accept(d);
            }
        }
        return b.isEmpty() ? EMPTY : new CacheControl(b);
    }

    /**
     * Parses a request's directives: its {@code Cache-Control} field lines, or, when they hold
     * no directive this class knows, {@code Pragma: no-cache} as {@code no-cache} (RFC 9111
     * §5.4: Pragma is ignored when Cache-Control is present and understood).
     *
     * @param cacheControl the request's Cache-Control field lines; {@code null} for none
     * @param pragma the request's Pragma field lines; {@code null} for none
     * @return the directives the request gives a cache, {@link #EMPTY} when none
     */
    public static CacheControl ofRequest(Iterable<String> cacheControl, Iterable<String> pragma) {
        CacheControl cc = cacheControl == null ? EMPTY : parse(cacheControl);
        if (cc != EMPTY || pragma == null) {
            return cc;
        }
        for (String line : pragma) {
            for (String member : line == null ? new String[0] : line.split(",")) {
                if (member.strip().equalsIgnoreCase("no-cache")) {
                    return parse("no-cache");
                }
            }
        }
        return EMPTY;
    }

    /**
     * Returns {@code max-age}; zero when the argument was invalid.
     *
     * @return the freshness lifetime the origin assigned
     */
    public Optional<Duration> maxAge() {
        return Optional.ofNullable(maxAge);
    }

    /**
     * Returns {@code s-maxage} (shared caches only); zero when the argument was invalid.
     *
     * @return the freshness lifetime for shared caches
     */
    public Optional<Duration> sMaxAge() {
        return Optional.ofNullable(sMaxAge);
    }

    /** @return whether {@code no-store} is present */
    public boolean noStore() {
        return noStore;
    }

    /** @return whether an unqualified {@code no-cache} is present (revalidate every use) */
    public boolean noCache() {
        return noCache;
    }

    /**
     * Returns the lower-cased field names of a qualified {@code no-cache="..."}; empty when the
     * directive is absent or unqualified.
     *
     * @return field names that must not be reused without revalidation
     */
    public Set<String> noCacheFields() {
        return noCacheFields;
    }

    /** @return whether {@code no-cache} is present in any form */
    public boolean hasNoCache() {
        return noCache || !noCacheFields.isEmpty();
    }

    /** @return whether an unqualified {@code private} is present */
    public boolean isPrivate() {
        return privateResponse;
    }

    /**
     * Returns the lower-cased field names of a qualified {@code private="..."}; empty when the
     * directive is absent or unqualified.
     *
     * @return field names a shared cache must not store
     */
    public Set<String> privateFields() {
        return privateFields;
    }

    /** @return whether {@code private} is present in any form */
    public boolean hasPrivate() {
        return privateResponse || !privateFields.isEmpty();
    }

    /** @return whether {@code public} is present */
    public boolean isPublic() {
        return publicResponse;
    }

    /** @return whether {@code must-revalidate} is present */
    public boolean mustRevalidate() {
        return mustRevalidate;
    }

    /** @return whether {@code proxy-revalidate} is present */
    public boolean proxyRevalidate() {
        return proxyRevalidate;
    }

    /** @return whether {@code must-understand} is present */
    public boolean mustUnderstand() {
        return mustUnderstand;
    }

    /** @return whether {@code no-transform} is present */
    public boolean noTransform() {
        return noTransform;
    }

    /** @return whether {@code immutable} (RFC 8246) is present */
    public boolean immutable() {
        return immutable;
    }

    /**
     * Returns {@code stale-while-revalidate} (RFC 5861).
     *
     * @return how long past expiry the response may be served while it is revalidated
     */
    public Optional<Duration> staleWhileRevalidate() {
        return Optional.ofNullable(staleWhileRevalidate);
    }

    /**
     * Returns {@code stale-if-error} (RFC 5861).
     *
     * @return how long past expiry the response may be served when revalidation fails
     */
    public Optional<Duration> staleIfError() {
        return Optional.ofNullable(staleIfError);
    }

    /**
     * Returns the request's {@code max-stale}: empty when absent, {@link #MAX_DELTA_SECONDS}
     * for {@code max-stale} without a limit ("any staleness").
     *
     * @return how stale a response the client accepts
     */
    public Optional<Duration> maxStale() {
        if (!maxStale) {
            return Optional.empty();
        }
        return Optional.of(maxStaleLimit == null ? MAX_DELTA_SECONDS : maxStaleLimit);
    }

    /**
     * Returns the request's {@code min-fresh}.
     *
     * @return how much freshness the client wants to be left
     */
    public Optional<Duration> minFresh() {
        return Optional.ofNullable(minFresh);
    }

    /** @return whether the request's {@code only-if-cached} is present */
    public boolean onlyIfCached() {
        return onlyIfCached;
    }

    /**
     * Returns these directives without a qualified {@code no-cache="..."} or
     * {@code private="..."}: for a shared cache that stores the response with the named fields
     * removed, which RFC 9111 §5.2.2.4 and §5.2.2.7 allow in place of revalidating or not
     * storing. Unqualified forms are kept.
     *
     * @return the directives, {@code this} when there is no qualified form
     */
    public CacheControl withoutQualifiedFields() {
        if (noCacheFields.isEmpty() && privateFields.isEmpty()) {
            return this;
        }
        return parse(toString().replaceAll("(no-cache|private)=\"[^\"]*\"", ""));
    }

    /** @return whether no known directive was found */
    public boolean isEmpty() {
        return equals(EMPTY);
    }

    /**
     * Renders the known directives in a canonical order, for logs and tests.
     *
     * @return for example {@code "public, max-age=60"}
     */
    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        flag(parts, noStore, "no-store");
        fields(parts, noCache, noCacheFields, "no-cache");
        fields(parts, privateResponse, privateFields, "private");
        flag(parts, publicResponse, "public");
        seconds(parts, "max-age", maxAge);
        seconds(parts, "s-maxage", sMaxAge);
        flag(parts, mustRevalidate, "must-revalidate");
        flag(parts, proxyRevalidate, "proxy-revalidate");
        flag(parts, mustUnderstand, "must-understand");
        flag(parts, noTransform, "no-transform");
        flag(parts, immutable, "immutable");
        seconds(parts, "stale-while-revalidate", staleWhileRevalidate);
        seconds(parts, "stale-if-error", staleIfError);
        if (maxStale) {
            parts.add(maxStaleLimit == null
                    ? "max-stale" : "max-stale=" + maxStaleLimit.getSeconds());
        }
        seconds(parts, "min-fresh", minFresh);
        flag(parts, onlyIfCached, "only-if-cached");
        return String.join(", ", parts);
    }

    private static void flag(List<String> parts, boolean present, String name) {
        if (present) {
            parts.add(name);
        }
    }

    private static void seconds(List<String> parts, String name, Duration value) {
        if (value != null) {
            parts.add(name + "=" + value.getSeconds());
        }
    }

    private static void fields(List<String> parts, boolean unqualified, Set<String> names,
            String name) {
        if (unqualified) {
            parts.add(name);
        } else if (!names.isEmpty()) {
            parts.add(name + "=\"" + String.join(", ", names) + "\"");
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CacheControl c && toString().equals(c.toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }

    /**
     * Reads delta-seconds (RFC 9111 §1.2.2).
     *
     * @return the duration, capped at 2^31 seconds, or {@code null} when invalid
     */
    static Duration deltaSeconds(String argument) {
        if (argument == null || argument.isEmpty()) {
            return null;
        }
        for (int i = 0; i < argument.length(); i++) {
            char c = argument.charAt(i);
            if (c < '0' || c > '9') {
                return null;
            }
        }
        if (argument.length() > 10) {
            return MAX_DELTA_SECONDS;
        }
        long value = Long.parseLong(argument);
        return value > MAX_DELTA_SECONDS.getSeconds()
                ? MAX_DELTA_SECONDS : Duration.ofSeconds(value);
    }

    private static Set<String> fieldNames(String argument) {
        Set<String> names = new TreeSet<>();
        for (String name : argument.split(",")) {
            String n = name.strip().toLowerCase(Locale.ROOT);
            if (!n.isEmpty()) {
                names.add(n);
            }
        }
        return names;
    }

    /** Mutable accumulator used while parsing only. */
    private static final class Builder {
        private Duration maxAge;
        private Duration sMaxAge;
        private boolean noStore;
        private boolean noCache;
        private final Set<String> noCacheFields = new TreeSet<>();
        private boolean privateResponse;
        private final Set<String> privateFields = new TreeSet<>();
        private boolean publicResponse;
        private boolean mustRevalidate;
        private boolean proxyRevalidate;
        private boolean mustUnderstand;
        private boolean noTransform;
        private boolean immutable;
        private Duration staleWhileRevalidate;
        private Duration staleIfError;
        private boolean maxStale;
        private Duration maxStaleLimit;
        private Duration minFresh;
        private boolean onlyIfCached;
        private boolean seen;

        boolean isEmpty() {
            return !seen;
        }

        void accept(DirectiveParser.Directive d) {
            String arg = d.argument();
            boolean known = true;
            switch (d.name()) {
                case "max-age" -> maxAge = first(maxAge, orZero(deltaSeconds(arg)));
                case "s-maxage" -> sMaxAge = first(sMaxAge, orZero(deltaSeconds(arg)));
                case "no-store" -> noStore = true;
                case "no-cache" -> {
                    if (arg == null || fieldNames(arg).isEmpty()) {
                        noCache = true;
                    } else {
                        noCacheFields.addAll(fieldNames(arg));
                    }
                }
                case "private" -> {
                    if (arg == null || fieldNames(arg).isEmpty()) {
                        privateResponse = true;
                    } else {
                        privateFields.addAll(fieldNames(arg));
                    }
                }
                case "public" -> publicResponse = true;
                case "must-revalidate" -> mustRevalidate = true;
                case "proxy-revalidate" -> proxyRevalidate = true;
                case "must-understand" -> mustUnderstand = true;
                case "no-transform" -> noTransform = true;
                case "immutable" -> immutable = true;
                case "stale-while-revalidate" ->
                        staleWhileRevalidate = first(staleWhileRevalidate, deltaSeconds(arg));
                case "stale-if-error" -> staleIfError = first(staleIfError, deltaSeconds(arg));
                case "max-stale" -> {
                    if (arg == null) {
                        maxStale = true;
                    } else if (deltaSeconds(arg) != null && !maxStale) {
                        maxStale = true;
                        maxStaleLimit = deltaSeconds(arg);
                    }
                }
                case "min-fresh" -> minFresh = first(minFresh, deltaSeconds(arg));
                case "only-if-cached" -> onlyIfCached = true;
                default -> known = false;
            }
            seen |= known;
        }

        private static Duration first(Duration existing, Duration candidate) {
            return existing != null ? existing : candidate;
        }

        private static Duration orZero(Duration d) {
            return Objects.requireNonNullElse(d, Duration.ZERO);
        }
    }
}
