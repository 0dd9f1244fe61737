package io.github.wscache.core.internal.http;

import java.time.Duration;
import java.util.Objects;

/**
 * Settings of the freshness and storability rules in {@link Freshness}.
 *
 * <p>The defaults describe a <em>shared</em> cache (one cache serving many users, which is what an
 * application-wide response cache is): it honours {@code s-maxage} and {@code private}. Heuristic
 * freshness is on, at 10% of the time since {@code Last-Modified}, capped at 24 hours. POST
 * responses are not stored unless {@link #withPostCacheable(boolean)} allows it.
 *
 * <pre>{@code
 * FreshnessOptions opts = FreshnessOptions.defaults()
 *         .withSharedCache(false)
 *         .withMaxHeuristicLifetime(Duration.ofHours(1));
 * }</pre>
 */
public final class FreshnessOptions {

    /** The default cap of heuristic freshness lifetimes. */
    public static final Duration DEFAULT_MAX_HEURISTIC_LIFETIME = Duration.ofHours(24);

    private static final FreshnessOptions DEFAULTS =
            new FreshnessOptions(true, true, DEFAULT_MAX_HEURISTIC_LIFETIME, false);

    private final boolean sharedCache;
    private final boolean heuristicsEnabled;
    private final Duration maxHeuristicLifetime;
    private final boolean postCacheable;

    private FreshnessOptions(boolean sharedCache, boolean heuristicsEnabled,
            Duration maxHeuristicLifetime, boolean postCacheable) {
        this.sharedCache = sharedCache;
        this.heuristicsEnabled = heuristicsEnabled;
        this.maxHeuristicLifetime = maxHeuristicLifetime;
        this.postCacheable = postCacheable;
    }

    /** @return a shared cache with heuristics capped at 24 hours and no POST caching */
    public static FreshnessOptions defaults() {
        return DEFAULTS;
    }

    /**
     * Chooses between shared-cache and private-cache rules.
     *
     * @param shared {@code true} for a cache serving several users
     * @return a copy with the setting
     */
    public FreshnessOptions withSharedCache(boolean shared) {
        return new FreshnessOptions(shared, heuristicsEnabled, maxHeuristicLifetime,
                postCacheable);
    }

    /**
     * Turns heuristic freshness (RFC 9111 §4.2.2) on or off; off means responses without
     * explicit expiry are stale at once.
     *
     * @param enabled whether to estimate lifetimes from {@code Last-Modified}
     * @return a copy with the setting
     */
    public FreshnessOptions withHeuristics(boolean enabled) {
        return new FreshnessOptions(sharedCache, enabled, maxHeuristicLifetime, postCacheable);
    }

    /**
     * Caps heuristic lifetimes.
     *
     * @param max the longest heuristic lifetime, not negative
     * @return a copy with the setting
     */
    public FreshnessOptions withMaxHeuristicLifetime(Duration max) {
        Objects.requireNonNull(max, "max");
        if (max.isNegative()) {
            throw new IllegalArgumentException("negative maximum: " + max);
        }
        return new FreshnessOptions(sharedCache, heuristicsEnabled, max, postCacheable);
    }

    /**
     * Allows storing POST responses that carry explicit freshness (RFC 9110 §9.3.3).
     *
     * @param cacheable whether POST responses may be stored
     * @return a copy with the setting
     */
    public FreshnessOptions withPostCacheable(boolean cacheable) {
        return new FreshnessOptions(sharedCache, heuristicsEnabled, maxHeuristicLifetime,
                cacheable);
    }

    /** @return whether shared-cache rules apply */
    public boolean sharedCache() {
        return sharedCache;
    }

    /** @return whether heuristic freshness is used */
    public boolean heuristicsEnabled() {
        return heuristicsEnabled;
    }

    /** @return the cap of heuristic lifetimes */
    public Duration maxHeuristicLifetime() {
        return maxHeuristicLifetime;
    }

    /** @return whether POST responses with explicit freshness may be stored */
    public boolean postCacheable() {
        return postCacheable;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FreshnessOptions f && sharedCache == f.sharedCache
                && heuristicsEnabled == f.heuristicsEnabled && postCacheable == f.postCacheable
                && maxHeuristicLifetime.equals(f.maxHeuristicLifetime);
    }

    @Override
    public int hashCode() {
        return Objects.hash(sharedCache, heuristicsEnabled, maxHeuristicLifetime, postCacheable);
    }

    @Override
    public String toString() {
        return "FreshnessOptions[shared=" + sharedCache + ", heuristics=" + heuristicsEnabled
                + ", maxHeuristicLifetime=" + maxHeuristicLifetime + ", postCacheable="
                + postCacheable + "]";
    }
}
