package io.github.wscache.redis.internal;

import java.util.function.LongSupplier;

/**
 * A circuit breaker for the calls to Redis: after {@code threshold} failures in a row it opens
 * for {@code openNanos}, during which {@link #allow} says no (the tier answers misses at once
 * instead of waiting for timeouts); then it lets calls through again, and one more failure opens
 * it again at once (half-open), one success closes it. Thread-safe, lock-free; the clock is
 * passed in.
 */
public final class Breaker {
    private final int threshold;
    private final long openNanos;
    private final LongSupplier nanoTime;
    private volatile int failures;
    private volatile long openUntil;
    private volatile boolean halfOpen;

    public Breaker(int threshold, long openNanos, LongSupplier nanoTime) {
        this.threshold = threshold;
        this.openNanos = openNanos;
        this.nanoTime = nanoTime;
    }

    /** Whether a call may go to Redis now. */
    public boolean allow() {
        long until = openUntil;
        if (until == 0) {
            return true;
        }
        if (nanoTime.getAsLong() - until < 0) {
            return false;
        }
        halfOpen = true;
        openUntil = 0;
        return true;
    }

    public void succeeded() {
        failures = 0;
        halfOpen = false;
    }

    /** Counts a failure; returns whether this failure opened the breaker. */
    public synchronized boolean failed() {
        int f = ++failures;
        if (halfOpen || f >= threshold) {
            boolean wasClosed = openUntil == 0;
            openUntil = nanoTime.getAsLong() + openNanos;
            if (openUntil == 0) {
                openUntil = 1;
            }
            halfOpen = false;
            failures = 0;
            return wasClosed;
        }
        return false;
    }

    public boolean isOpen() {
        long until = openUntil;
        return until != 0 && nanoTime.getAsLong() - until < 0;
    }
}
