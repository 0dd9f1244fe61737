package io.github.wscache.core;

/**
 * Counters of a {@link ResponseCache}, for the whole cache or one operation, taken at one moment.
 * Immutable.
 *
 * <ul>
 *   <li>{@code hits}: calls answered from the cache (including calls that waited for a
 *       concurrent miss of the same key and got its stored result);</li>
 *   <li>{@code misses}: calls that went to the service because nothing usable was stored;</li>
 *   <li>{@code stores}: responses put into the cache;</li>
 *   <li>{@code bypasses}: calls the cache did not handle (operation not cacheable) and responses
 *       it did not keep (fault, too large, not copyable, not storable by HTTP rules);</li>
 *   <li>{@code evictions}, {@code expirations}: entries removed for size and for age;</li>
 *   <li>{@code revalidations}: stale entries refreshed by a 304 Not Modified;</li>
 *   <li>{@code errors}: failures inside the cache, each turned into a miss or a bypass;</li>
 *   <li>{@code loads}, {@code loadTimeNanos}: service calls made on misses and their total
 *       time;</li>
 *   <li>{@code notAdmitted}: misses whose responses were passed through untouched because
 *       their key had been asked for fewer than the operation's {@code minUses} times (also
 *       counted in {@code misses}).</li>
 * </ul>
 *
 * <pre>{@code
 * CacheStats s = cache.stats("doGoogleSearch");
 * System.out.printf("hit ratio %.2f, %d entries%n", s.hitRatio(), s.entryCount());
 * }</pre>
 */
public final class CacheStats {
    private final long hits;
    private final long misses;
    private final long stores;
    private final long bypasses;
    private final long evictions;
    private final long expirations;
    private final long revalidations;
    private final long errors;
    private final long loads;
    private final long loadTimeNanos;
    private final long notAdmitted;
    private final long entryCount;
    private final long weightedSize;

    CacheStats(long[] c, long entryCount, long weightedSize) {
        this.hits = c[0];
        this.misses = c[1];
        this.stores = c[2];
        this.bypasses = c[3];
        this.evictions = c[4];
        this.expirations = c[5];
        this.revalidations = c[6];
        this.errors = c[7];
        this.loads = c[8];
        this.loadTimeNanos = c[9];
        this.notAdmitted = c[10];
        this.entryCount = entryCount;
        this.weightedSize = weightedSize;
    }

    /** Returns the number of calls answered from the cache. */
    public long hits() {
        return hits;
    }

    /** Returns the number of calls that went to the service for want of an entry. */
    public long misses() {
        return misses;
    }

    /** Returns the number of responses stored. */
    public long stores() {
        return stores;
    }

    /** Returns the number of calls and responses the cache let pass without keeping them. */
    public long bypasses() {
        return bypasses;
    }

    /** Returns the number of entries evicted to stay under the maximum size. */
    public long evictions() {
        return evictions;
    }

    /** Returns the number of entries removed because they expired. */
    public long expirations() {
        return expirations;
    }

    /** Returns the number of stale entries refreshed by a 304 Not Modified. */
    public long revalidations() {
        return revalidations;
    }

    /** Returns the number of failures inside the cache (each became a miss or a bypass). */
    public long errors() {
        return errors;
    }

    /** Returns the number of service calls made on misses. */
    public long loads() {
        return loads;
    }

    /** Returns the total time of the service calls made on misses, in nanoseconds. */
    public long loadTimeNanos() {
        return loadTimeNanos;
    }

    /**
     * Returns the number of misses passed through without being kept because their key had not
     * yet been asked for {@code minUses} times (a part of {@link #misses()}).
     */
    public long notAdmitted() {
        return notAdmitted;
    }

    /** Returns the number of entries now in the cache. */
    public long entryCount() {
        return entryCount;
    }

    /** Returns the estimated retained bytes of the entries now in the cache. */
    public long weightedSize() {
        return weightedSize;
    }

    /** Returns hits / (hits + misses), or 0 when there were none. */
    public double hitRatio() {
        long n = hits + misses;
        return n == 0 ? 0.0 : (double) hits / n;
    }

    @Override
    public String toString() {
        return "CacheStats{hits=" + hits + ", misses=" + misses + ", stores=" + stores
                + ", bypasses=" + bypasses + ", evictions=" + evictions + ", expirations="
                + expirations + ", revalidations=" + revalidations + ", errors=" + errors
                + ", loads=" + loads + ", loadTimeNanos=" + loadTimeNanos + ", notAdmitted="
                + notAdmitted + ", entryCount="
                + entryCount + ", weightedSize=" + weightedSize + "}";
    }
}
