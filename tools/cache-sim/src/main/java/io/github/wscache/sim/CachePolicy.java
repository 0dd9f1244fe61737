package io.github.wscache.sim;

import java.util.function.LongConsumer;

/**
 * One simulated cache over a byte capacity. The simulator calls {@link #hit} for every request
 * and, on a miss of an admissible document, {@link #admit}; the cluster schemes also look into
 * ({@link #contains}), take from ({@link #remove}) and list ({@link #forEachKey}) a node's cache.
 * After every call the bytes held never exceed the capacity. Time is the trace's, in
 * microseconds: no policy reads a clock. Not thread-safe: a simulation runs on one thread.
 */
abstract class CachePolicy {
    final long capacity;

    CachePolicy(long capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity must not be negative: " + capacity);
        }
        this.capacity = capacity;
    }

    /** Looks {@code key} up; on a hit, records the access as the policy does. */
    abstract boolean hit(long key, long nowMicros);

    /** Offers a document that just missed; the policy may refuse it. */
    abstract void admit(long key, int size, int cost, long nowMicros);

    /** Whether {@code key} is held, without recording an access. */
    abstract boolean contains(long key);

    /** Removes {@code key}; returns whether it was held. */
    abstract boolean remove(long key);

    /** The bytes held. */
    abstract long weightedSize();

    /** Calls {@code action} with every key held. */
    abstract void forEachKey(LongConsumer action);
}
