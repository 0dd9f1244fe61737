package io.github.wscache.sim.admission;

import io.github.wscache.core.internal.UseCounts;

/**
 * wscache's {@code minUses} admission in front of any policy: a key's response may be stored once
 * the key has missed {@code minUses} times. The counting is cache-core's own {@link UseCounts}
 * (the count-min sketch the engine keeps per operation), not a copy. The one difference from the
 * engine: the key hashed is the trace's 64-bit key, not wscache's cache key, so which keys
 * collide differs.
 */
public final class MinUses implements Admission {
    private final int minUses;
    private final UseCounts counts = new UseCounts();

    /**
     * Lets a key's response in at its {@code minUses}-th miss.
     *
     * @throws IllegalArgumentException if {@code minUses} is not within 1 and 15 (wscache's
     *     bounds)
     */
    public MinUses(int minUses) {
        if (minUses < 1 || minUses > 15) {
            throw new IllegalArgumentException("minUses must be between 1 and 15: " + minUses);
        }
        this.minUses = minUses;
    }

    @Override
    public boolean admit(long key, int size) {
        return minUses <= 1 || count(key) >= minUses;
    }

    /** Counts one more miss of {@code key}; returns its estimated count, this one included. */
    int count(long key) {
        return counts.count(Long.hashCode(key * 0x9E3779B97F4A7C15L));
    }
}
