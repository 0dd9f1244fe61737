package io.github.wscache.core;

import java.util.concurrent.atomic.LongAdder;

/** The counters of one operation; see {@link CacheStats} for their meaning. */
final class Counters {
    static final int HITS = 0;
    static final int MISSES = 1;
    static final int STORES = 2;
    static final int BYPASSES = 3;
    static final int EVICTIONS = 4;
    static final int EXPIRATIONS = 5;
    static final int REVALIDATIONS = 6;
    static final int ERRORS = 7;
    static final int LOADS = 8;
    static final int LOAD_TIME = 9;
    static final int NOT_ADMITTED = 10;
    static final int COUNT = 11;

    final String operation;
    private final LongAdder[] adders = new LongAdder[COUNT];
    final LongAdder entries = new LongAdder();
    final LongAdder weight = new LongAdder();

    Counters(String operation) {
        this.operation = operation;
        for (int i = 0; i < COUNT; i++) {
            adders[i] = new LongAdder();
        }
    }

    void add(int counter, long n) {
        adders[counter].add(n);
    }

    void addTo(long[] sums) {
        for (int i = 0; i < COUNT; i++) {
            sums[i] += adders[i].sum();
        }
    }
}
