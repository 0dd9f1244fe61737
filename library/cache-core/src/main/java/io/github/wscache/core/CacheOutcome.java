package io.github.wscache.core;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What the cache did with one message exchange, told to the integration through
 * {@link Exchange#onOutcome}, so that it never has to guess (by comparing objects, or by
 * listening to events on a thread-local): where the response came from, whether it was stored,
 * and why when it was not. Immutable.
 *
 * <pre>{@code
 * cache.exchange(invocation, new Exchange<IOException>() {
 *     public CachedResponse fetch(Optional<CachedResponse> stale) throws IOException { ... }
 *     public void onOutcome(CacheOutcome o) {
 *         if (o.kind() == CacheOutcome.Kind.HIT) { metrics.hit(); }
 *     }
 * });
 * }</pre>
 */
public final class CacheOutcome {
    /** Where the response handed to the caller came from. */
    public enum Kind {
        /** A fresh stored response; the exchange did not run. */
        HIT,
        /** This caller's exchange ran and its response is the one returned. */
        MISS,
        /** This caller's exchange revalidated a stale entry: a 304, the stored body returned. */
        REVALIDATED,
        /** Another caller's concurrent exchange of the same key answered; this one waited. */
        SHARED,
        /** The cache took no part (policy, bypass reason, no key); the exchange ran as is. */
        BYPASS,
        /**
         * This caller's exchange failed and returned the stored stale response in its place, as
         * the response's {@code stale-if-error} allows (RFC 5861 §4); the entry is unchanged.
         */
        STALE
    }

    /** The outcome of every plain hit (no reason, no age): one object for all of them. */
    static final CacheOutcome PLAIN_HIT = new CacheOutcome(Kind.HIT, false, null, null, -1);

    private final Kind kind;
    private final boolean stored;
    private final Reason reason;
    private final String detail;
    /** The age in nanoseconds, or -1 for none: no object is made on a hit for it. */
    private final long ageNanos;

    CacheOutcome(Kind kind, boolean stored, Reason reason, String detail, long ageNanos) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.stored = stored;
        this.reason = reason;
        this.detail = detail;
        this.ageNanos = ageNanos;
    }

    /** Returns where the response came from. */
    public Kind kind() {
        return kind;
    }

    /** Returns whether this call stored (or refreshed) an entry. */
    public boolean stored() {
        return stored;
    }

    /**
     * Returns why the response was not stored, the cache took no part, or a stored response
     * answered in an unusual way ({@link Reason#SHARED_TIER}, {@link Reason#STALE_IF_ERROR}),
     * typed; empty for a plain hit or a stored miss.
     */
    public Optional<Reason> reason() {
        return Optional.ofNullable(reason);
    }

    /** Returns the particulars of {@link #reason()}, for people (never parse it). */
    public Optional<String> detail() {
        return Optional.ofNullable(detail);
    }

    /**
     * Returns how old the response is, when the cache answered with a stored response that the
     * service neither sent nor validated for this call ({@link Kind#HIT}, {@link Kind#STALE}):
     * its age when it was stored and the time it has been stored since (RFC 9111 §4.2.3), for
     * the {@code Age} field an HTTP cache sends with it (§5.1). Empty for every other kind.
     */
    public Optional<Duration> age() {
        return ageNanos < 0 ? Optional.empty() : Optional.of(Duration.ofNanos(ageNanos));
    }

    /** Returns whether this caller's own exchange ran ({@code MISS}, {@code REVALIDATED}, ...). */
    public boolean exchanged() {
        return kind == Kind.MISS || kind == Kind.REVALIDATED || kind == Kind.BYPASS
                || kind == Kind.STALE;
    }

    @Override
    public String toString() {
        return kind + (stored ? ", stored" : "") + (reason == null ? "" : " " + reason)
                + (detail == null ? "" : " (" + detail + ")");
    }
}
