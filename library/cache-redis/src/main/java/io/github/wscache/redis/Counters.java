package io.github.wscache.redis;

import java.util.concurrent.atomic.LongAdder;

/**
 * The counters behind {@link RedisTier#stats}, indexed by {@link RedisTierStats}'s constants;
 * every part of a tier counts into the one instance it is given. Thread-safe, lock-free.
 */
final class Counters {
    private final LongAdder[] counters = new LongAdder[RedisTierStats.COUNT];

    Counters() {
        for (int i = 0; i < counters.length; i++) {
            counters[i] = new LongAdder();
        }
    }

    /** Adds one to {@code counter}, one of {@link RedisTierStats}'s constants. */
    void count(int counter) {
        counters[counter].increment();
    }

    /** Returns the counters now. */
    RedisTierStats snapshot() {
        long[] c = new long[RedisTierStats.COUNT];
        for (int i = 0; i < c.length; i++) {
            c[i] = counters[i].sum();
        }
        return new RedisTierStats(c);
    }
}
