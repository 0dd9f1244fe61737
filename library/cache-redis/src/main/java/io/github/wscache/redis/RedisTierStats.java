package io.github.wscache.redis;

/**
 * Counters of a {@link RedisTier}, taken at one moment. Immutable.
 *
 * <ul>
 *   <li>{@code hits}, {@code misses}: lookups answered by Redis, and not (a miss then loads, or
 *       waits for the JVM that holds the lease);</li>
 *   <li>{@code stores}: entries written;</li>
 *   <li>{@code rejected}: entries found but not used: unsigned or wrongly signed in signed mode,
 *       of another format version, or holding a class outside the allow-list;</li>
 *   <li>{@code notShareable}: values kept only in the JVM's own store (no byte form, or a class
 *       outside the allow-list);</li>
 *   <li>{@code errors}: failed Redis operations ({@code timeouts} of them timed out), each
 *       answered as a miss;</li>
 *   <li>{@code skipped}: operations not tried because the circuit breaker was open;
 *       {@code breakerOpens}: how often it opened;</li>
 *   <li>{@code leasesAcquired}, {@code leaseWaits}, {@code leaseWaitTimeouts}: misses that took
 *       the farm's lease on a key, that waited for another JVM's, and waits that ran out (the
 *       caller then loaded by itself);</li>
 *   <li>{@code invalidationsSent}, {@code invalidationsReceived}, {@code resubscriptions}:
 *       farm-wide invalidations made here and heard from other JVMs, and reconnections of the
 *       invalidation channel (each drops this JVM's whole store: a message may have been
 *       missed).</li>
 * </ul>
 *
 * <pre>{@code
 * RedisTierStats s = tier.stats();
 * System.out.printf("L2 hit ratio %.2f, %d errors%n", s.hitRatio(), s.errors());
 * }</pre>
 */
public final class RedisTierStats {
    static final int HITS = 0;
    static final int MISSES = 1;
    static final int STORES = 2;
    static final int REJECTED = 3;
    static final int NOT_SHAREABLE = 4;
    static final int ERRORS = 5;
    static final int TIMEOUTS = 6;
    static final int SKIPPED = 7;
    static final int BREAKER_OPENS = 8;
    static final int LEASES_ACQUIRED = 9;
    static final int LEASE_WAITS = 10;
    static final int LEASE_WAIT_TIMEOUTS = 11;
    static final int INVALIDATIONS_SENT = 12;
    static final int INVALIDATIONS_RECEIVED = 13;
    static final int RESUBSCRIPTIONS = 14;
    static final int COUNT = 15;

    private final long[] c;

    RedisTierStats(long[] counters) {
        this.c = counters.clone();
    }

    /** Returns the lookups answered by Redis. */
    public long hits() {
        return c[HITS];
    }

    /** Returns the lookups Redis had nothing for. */
    public long misses() {
        return c[MISSES];
    }

    /** Returns the entries written to Redis. */
    public long stores() {
        return c[STORES];
    }

    /** Returns the entries found but refused (signature, format version, allow-list). */
    public long rejected() {
        return c[REJECTED];
    }

    /** Returns the values kept only in the JVM's own store. */
    public long notShareable() {
        return c[NOT_SHAREABLE];
    }

    /** Returns the Redis operations that failed (answered as misses). */
    public long errors() {
        return c[ERRORS];
    }

    /** Returns the failed Redis operations that timed out. */
    public long timeouts() {
        return c[TIMEOUTS];
    }

    /** Returns the operations not tried because the circuit breaker was open. */
    public long skipped() {
        return c[SKIPPED];
    }

    /** Returns how often the circuit breaker opened. */
    public long breakerOpens() {
        return c[BREAKER_OPENS];
    }

    /** Returns the misses that took the farm's lease on their key. */
    public long leasesAcquired() {
        return c[LEASES_ACQUIRED];
    }

    /** Returns the misses that waited for another JVM's lease. */
    public long leaseWaits() {
        return c[LEASE_WAITS];
    }

    /** Returns the waits for a lease that ran out. */
    public long leaseWaitTimeouts() {
        return c[LEASE_WAIT_TIMEOUTS];
    }

    /** Returns the farm-wide invalidations made by this JVM. */
    public long invalidationsSent() {
        return c[INVALIDATIONS_SENT];
    }

    /** Returns the invalidations heard from other JVMs. */
    public long invalidationsReceived() {
        return c[INVALIDATIONS_RECEIVED];
    }

    /** Returns the reconnections of the invalidation channel. */
    public long resubscriptions() {
        return c[RESUBSCRIPTIONS];
    }

    /** Returns hits / (hits + misses), or 0 when there were none. */
    public double hitRatio() {
        long n = c[HITS] + c[MISSES];
        return n == 0 ? 0.0 : (double) c[HITS] / n;
    }

    @Override
    public String toString() {
        return "RedisTierStats{hits=" + hits() + ", misses=" + misses() + ", stores=" + stores()
                + ", rejected=" + rejected() + ", notShareable=" + notShareable() + ", errors="
                + errors() + ", timeouts=" + timeouts() + ", skipped=" + skipped()
                + ", breakerOpens=" + breakerOpens() + ", leasesAcquired=" + leasesAcquired()
                + ", leaseWaits=" + leaseWaits() + ", leaseWaitTimeouts=" + leaseWaitTimeouts()
                + ", invalidationsSent=" + invalidationsSent() + ", invalidationsReceived="
                + invalidationsReceived() + ", resubscriptions=" + resubscriptions() + "}";
    }
}
