package io.github.wscache.sim.policy;

/**
 * One simulated cache over a byte capacity: the simulators hand it every request with
 * {@link #request} and count the hits it answers. After every request the bytes held
 * ({@link #weightedSize()}) never exceed the capacity. Time is the trace's, in microseconds: no
 * policy reads a clock. Not thread-safe: a simulation runs on one thread.
 *
 * <p>Every policy but wscache's own store is also an {@link InspectablePolicy}, whose lookup and
 * insertion are separate steps and whose contents other nodes can see, as paper 003's
 * cooperation schemes need. Policies are made by {@link PolicyType#create}; this package makes
 * the only subclasses.
 *
 * <pre>{@code
 * CachePolicy cache = PolicyType.WSCACHE.create(4_000_000, 256_000);
 * boolean hit = cache.request(key, size, missCostMicros, nowMicros, size <= 256_000);
 * }</pre>
 */
public abstract class CachePolicy {
    final long capacity;

    CachePolicy(long capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity must not be negative: " + capacity);
        }
        this.capacity = capacity;
    }

    /** Returns the capacity in bytes. */
    public final long capacity() {
        return capacity;
    }

    /**
     * Handles one request: answers it from the cache (a hit, recorded as the policy does), or
     * misses and offers the document when it is {@code cacheable} (the policy may refuse it).
     *
     * @param key the document
     * @param size the response's bytes
     * @param cost what a miss costs, in microseconds
     * @param nowMicros the trace's time
     * @param cacheable whether the response may be stored at all (paper 003's threshold)
     * @return whether it was a hit
     */
    public abstract boolean request(long key, int size, int cost, long nowMicros,
            boolean cacheable);

    /** Returns the bytes held: what the capacity bounds. */
    public abstract long weightedSize();
}
