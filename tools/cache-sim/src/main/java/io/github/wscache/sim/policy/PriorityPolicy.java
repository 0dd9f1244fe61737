package io.github.wscache.sim.policy;

import java.util.Comparator;
import java.util.HashMap;
import java.util.TreeSet;

/**
 * The evict-the-lowest-priority family: LFU (priority = in-cache reference count), GDSF
 * (priority H = L + frequency × cost / size, with L inflated to the H of each victim: Cherkasova,
 * "Improving WWW proxies performance with Greedy-Dual-Size-Frequency caching policy", HP Labs
 * 1998) and GD-Cost, paper 002's closing idea of keeping what is costly to fetch again
 * (H = L + frequency × cost, the same inflation, size left out: a large response that is slow to
 * fetch is worth its room). Ties go to the least recently used. Frequencies are in-cache: a
 * document that is evicted and comes back starts again at one.
 */
final class PriorityPolicy extends MapPolicy<PriorityPolicy.Entry> {
    private static final Comparator<Entry> ORDER =
            Comparator.comparingDouble((Entry e) -> e.priority).thenComparingLong(e -> e.seq);

    private enum Kind { LFU, GDSF, GD_COST }

    private final Kind kind;
    private final TreeSet<Entry> queue = new TreeSet<>(ORDER);
    private long clock;
    private double inflation;

    private PriorityPolicy(long capacity, Kind kind) {
        super(capacity, new HashMap<>());
        this.kind = kind;
    }

    static PriorityPolicy lfu(long capacity) {
        return new PriorityPolicy(capacity, Kind.LFU);
    }

    static PriorityPolicy gdsf(long capacity) {
        return new PriorityPolicy(capacity, Kind.GDSF);
    }

    static PriorityPolicy gdCost(long capacity) {
        return new PriorityPolicy(capacity, Kind.GD_COST);
    }

    @Override
    public boolean hit(long key, long nowMicros) {
        Entry e = entries.get(key);
        if (e == null) {
            return false;
        }
        queue.remove(e);
        e.frequency++;
        e.seq = ++clock;
        e.priority = priority(e);
        queue.add(e);
        return true;
    }

    @Override
    public void admit(long key, int size, int cost, long nowMicros) {
        if (size > capacity || entries.containsKey(key)) {
            return;
        }
        while (used + size > capacity) {
            Entry victim = queue.pollFirst();
            entries.remove(victim.key);
            used -= victim.size;
            if (kind != Kind.LFU) {
                inflation = victim.priority;
            }
        }
        Entry e = new Entry(key, size, cost);
        e.seq = ++clock;
        e.priority = priority(e);
        entries.put(key, e);
        queue.add(e);
        used += size;
    }

    private double priority(Entry e) {
        // a zero cost still ranks by frequency (and size): cost 1 µs
        return switch (kind) {
            case LFU -> e.frequency;
            case GDSF -> inflation + e.frequency * (double) Math.max(1, e.cost)
                    / Math.max(1, e.size);
            case GD_COST -> inflation + e.frequency * (double) Math.max(1, e.cost);
        };
    }

    @Override
    int sizeOf(Entry e) {
        return e.size;
    }

    @Override
    void dropped(long key, Entry e) {
        queue.remove(e);
    }

    static final class Entry {
        final long key;
        final int size;
        final int cost;
        long frequency = 1;
        long seq;
        double priority;

        Entry(long key, int size, int cost) {
            this.key = key;
            this.size = size;
            this.cost = cost;
        }
    }
}
