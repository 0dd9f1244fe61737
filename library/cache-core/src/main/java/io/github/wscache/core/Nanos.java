package io.github.wscache.core;

import java.time.Duration;
import java.time.Instant;

/**
 * Saturating nanosecond arithmetic for entry times. A {@link Duration} holds centuries that a
 * {@code long} of nanoseconds cannot (292 years), and an HTTP {@code Expires} may name the year
 * 9999: {@link Duration#toNanos()} and {@code now + nanos} would throw or wrap, and the entry would
 * be lost as an error or be stale at once (issue 13). Durations are clamped to
 * {@link #MAXIMUM}, Caffeine's own longest expiry, and sums stop at {@link Long#MAX_VALUE}.
 */
final class Nanos {
    /** The longest duration kept, in nanoseconds: about 146 years (Caffeine's maximum). */
    static final long MAXIMUM = Long.MAX_VALUE >> 1;

    private static final Duration MAXIMUM_DURATION = Duration.ofNanos(MAXIMUM);

    private Nanos() {
    }

    /** Returns {@code d} in nanoseconds, 0 if negative, at most {@link #MAXIMUM}. */
    static long of(Duration d) {
        if (d.isNegative()) {
            return 0;
        }
        return d.compareTo(MAXIMUM_DURATION) >= 0 ? MAXIMUM : d.toNanos();
    }

    /** Returns the nanoseconds since the epoch of {@code i}, {@link Long#MAX_VALUE} if later. */
    static long sinceEpoch(Instant i) {
        long seconds = i.getEpochSecond();
        if (seconds >= Long.MAX_VALUE / 1_000_000_000L) {
            return Long.MAX_VALUE;
        }
        return seconds * 1_000_000_000L + i.getNano();
    }

    /**
     * Returns {@code to - from}, or {@link Long#MAX_VALUE} / {@link Long#MIN_VALUE} on overflow
     * (a saturated time such as a fresh-until of {@link Long#MAX_VALUE}).
     */
    static long between(long from, long to) {
        long diff = to - from;
        if (((to ^ from) & (to ^ diff)) < 0) {
            return to < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return diff;
    }

    /** Returns {@code a + b}, or {@link Long#MAX_VALUE} / {@link Long#MIN_VALUE} on overflow. */
    static long add(long a, long b) {
        long sum = a + b;
        if (((a ^ sum) & (b ^ sum)) < 0) {
            return a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return sum;
    }
}
