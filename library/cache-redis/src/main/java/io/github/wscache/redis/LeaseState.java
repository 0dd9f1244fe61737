package io.github.wscache.redis;

/**
 * What a tier keeps in a request between its lookup and its store or release
 * ({@code SharedTier.Request.lease}): the key of the request's entry, and the farm's lease on it
 * when this JVM holds it (the lease's key and the token that proves it is this JVM's).
 * Immutable.
 */
final class LeaseState {
    final byte[] entryKey;
    /** The lease's key, or null when no lease is held. */
    final byte[] leaseKey;
    /** This JVM's token in the lease, or null when no lease is held. */
    final byte[] token;

    private LeaseState(byte[] entryKey, byte[] leaseKey, byte[] token) {
        this.entryKey = entryKey;
        this.leaseKey = leaseKey;
        this.token = token;
    }

    /** The entry key of a request that holds no lease (or no more). */
    static LeaseState notHeld(byte[] entryKey) {
        return new LeaseState(entryKey, null, null);
    }

    /** The entry key of a request and the lease on it that this JVM holds. */
    static LeaseState held(byte[] entryKey, byte[] leaseKey, byte[] token) {
        return new LeaseState(entryKey, leaseKey, token);
    }

    /** Whether this JVM holds the lease. */
    boolean isHeld() {
        return leaseKey != null;
    }
}
