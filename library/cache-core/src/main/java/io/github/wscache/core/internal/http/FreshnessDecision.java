package io.github.wscache.core.internal.http;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * The result of {@link Freshness#evaluate}: whether a stored response can be used as it is,
 * with the numbers behind the decision.
 *
 * <pre>{@code
 * FreshnessDecision d = Freshness.evaluate(meta, now, FreshnessOptions.defaults());
 * switch (d.kind()) {
 *     case FRESH -> serveFromCache();
 *     case STALE_NEEDS_REVALIDATION -> sendConditional(d.validators());
 *     case STALE -> refetch();
 *     default -> throw new AssertionError();
 * }
 * }</pre>
 *
 * @param kind what to do with the stored response
 * @param lifetime the freshness lifetime (RFC 9111 §4.2.1), never negative
 * @param currentAge the current age (RFC 9111 §4.2.3), never negative
 * @param validators the validators for a conditional request, if the response had any
 * @param staleWhileRevalidate whether the stale response may be served while it is revalidated
 *     in the background ({@code stale-while-revalidate}, RFC 5861)
 * @param staleIfError whether the stale response may be served when revalidation fails
 *     ({@code stale-if-error}, RFC 5861)
 */
public record FreshnessDecision(Kind kind, Duration lifetime, Duration currentAge,
        Optional<Validators> validators, boolean staleWhileRevalidate, boolean staleIfError) {

    /** What to do with a stored response. */
    public enum Kind {
        /** Use it without contacting the origin (fresh, or stale within the request's
         *  {@code max-stale}). */
        FRESH,
        /** Revalidate it: it is stale and has a validator, or {@code no-cache} demands it. */
        STALE_NEEDS_REVALIDATION,
        /** Fetch a new response: it is stale and has no validator. */
        STALE
    }

    /**
     * Checks the components.
     *
     * @throws NullPointerException when a component is {@code null}
     */
    public FreshnessDecision {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(lifetime, "lifetime");
        Objects.requireNonNull(currentAge, "currentAge");
        Objects.requireNonNull(validators, "validators");
    }

    /** @return the freshness left, {@code lifetime - currentAge}, or zero when stale */
    public Duration remaining() {
        Duration left = lifetime.minus(currentAge);
        return left.isNegative() ? Duration.ZERO : left;
    }

    /** @return how long ago the response became stale, {@code currentAge - lifetime}, or zero */
    public Duration staleness() {
        Duration over = currentAge.minus(lifetime);
        return over.isNegative() ? Duration.ZERO : over;
    }

    /** @return whether the response may be used without contacting the origin */
    public boolean isFresh() {
        return kind == Kind.FRESH;
    }
}
