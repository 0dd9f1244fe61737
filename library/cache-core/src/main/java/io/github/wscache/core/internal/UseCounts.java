package io.github.wscache.core.internal;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * How often the keys of recent misses were asked for, approximately: what
 * {@link io.github.wscache.core.policy.OperationPolicy#minUses() minUses} is decided on. A
 * count-min sketch with conservative update: {@value #COUNTERS} counters of four bits (512 KB,
 * allocated on the first miss of an operation with {@code minUses} above one), four per key;
 * after every {@value #PERIOD} counted misses every counter is halved, so a key asked for once
 * is forgotten at the next halving and the counts follow what is asked for now.
 *
 * <p>An estimate is never below the number of times a key was counted since the last halving:
 * collisions can only make a key look more frequent (then one of its responses is kept one
 * request early), never keep one out. With at most {@value #PERIOD} keys between two halvings,
 * at most one counter in eight is set by them, and a key seen once is taken for one seen twice
 * with a probability below 1 %.
 *
 * <p>Thread-safe without locks: counters change by compare-and-set; two concurrent counts of
 * one key may count it once, which errs towards passing a response through.
 */
public final class UseCounts {
    /** Counters in the table (a power of two). */
    public static final int COUNTERS = 1 << 20;
    /** Counted misses between two halvings. */
    public static final int PERIOD = COUNTERS / 8;
    private static final int MAXIMUM = 15;
    private static final long LOW_THREE_BITS = 0x7777_7777_7777_7777L;
    private static final int[] SEEDS = {0x97cb3127, 0xb5ad4ece, 0x4d2c6dfc, 0x6dc4a7e1};

    private final AtomicLongArray table = new AtomicLongArray(COUNTERS / 16);
    private final AtomicInteger counted = new AtomicInteger();

    /**
     * Counts one more request for the key with this hash and returns its estimated count, this
     * one included (1 to 15).
     */
    public int count(int keyHash) {
        int[] slots = new int[SEEDS.length];
        int min = MAXIMUM;
        for (int i = 0; i < SEEDS.length; i++) {
            int h = (keyHash ^ SEEDS[i]) * 0x9E3779B9;
            h ^= h >>> 15;
            h *= 0x85EBCA6B;
            h ^= h >>> 13;
            slots[i] = h & (COUNTERS - 1);
            min = Math.min(min, get(slots[i]));
        }
        if (min < MAXIMUM) {
            // conservative update: only the counters at the minimum grow
            for (int slot : slots) {
                incrementIfAt(slot, min);
            }
        }
        if (counted.incrementAndGet() == PERIOD) {
            halve();
            counted.addAndGet(-PERIOD);
        }
        return Math.min(MAXIMUM, min + 1);
    }

    private int get(int slot) {
        return (int) (table.get(slot >>> 4) >>> shift(slot)) & MAXIMUM;
    }

    private void incrementIfAt(int slot, int value) {
        int index = slot >>> 4;
        int shift = shift(slot);
        while (true) {
            long word = table.get(index);
            if (((word >>> shift) & MAXIMUM) != value) {
                return;
            }
            if (table.compareAndSet(index, word, word + (1L << shift))) {
                return;
            }
        }
    }

    private static int shift(int slot) {
        return (slot & 15) << 2;
    }

    /** Halves every counter: a one becomes a zero, so keys asked for once are forgotten. */
    private void halve() {
        for (int i = 0; i < table.length(); i++) {
            while (true) {
                long word = table.get(i);
                if (word == 0 || table.compareAndSet(i, word, (word >>> 1) & LOW_THREE_BITS)) {
                    break;
                }
            }
        }
    }
}
