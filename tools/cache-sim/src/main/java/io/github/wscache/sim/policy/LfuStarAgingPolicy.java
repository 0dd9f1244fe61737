package io.github.wscache.sim.policy;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;

/**
 * LFU*-Aging, the replacement policy of paper 003 (after Arlitt, Cherkasova, Dilley, Friedrich
 * and Jin, "Evaluating content management techniques for Web proxy caches", 2000).
 *
 * <ul>
 *   <li>LFU*: only documents referenced once since they entered (or since the last aging) may be
 *       evicted, least recently admitted first; if they do not free enough room the newcomer is
 *       not cached. This keeps one-timers from pushing out popular documents.
 *   <li>Bounded counters: a reference count stops at {@link #MAX_COUNT}.
 *   <li>Aging: every {@code A_max} of trace time (600 s in paper 003) every count is halved,
 *       rounding down but never below one, so formerly popular documents become evictable.
 * </ul>
 * The paper gives A_max but not the counter bound; 100 is our choice.
 */
final class LfuStarAgingPolicy extends MapPolicy<LfuStarAgingPolicy.Entry> {
    static final int MAX_COUNT = 100;

    private final long maxAgeMicros;
    /** Entries whose count is one, in the order they became so: the eviction candidates. */
    private final LinkedHashMap<Long, Entry> ones = new LinkedHashMap<>();
    private long lastAging = Long.MIN_VALUE;

    LfuStarAgingPolicy(long capacity, long maxAgeMicros) {
        super(capacity, new HashMap<>());
        if (maxAgeMicros <= 0) {
            throw new IllegalArgumentException("maximum age must be positive: " + maxAgeMicros);
        }
        this.maxAgeMicros = maxAgeMicros;
    }

    private void age(long now) {
        if (lastAging == Long.MIN_VALUE) {
            lastAging = now;
            return;
        }
        if (now - lastAging < maxAgeMicros) {
            return;
        }
        long periods = (now - lastAging) / maxAgeMicros;
        lastAging += periods * maxAgeMicros;
        for (Entry e : entries.values()) {
            long count = e.count >> Math.min(periods, 62);
            e.count = (int) Math.max(1, count);
            if (e.count == 1 && !ones.containsKey(e.key)) {
                ones.put(e.key, e);
            }
        }
    }

    @Override
    public boolean hit(long key, long nowMicros) {
        age(nowMicros);
        Entry e = entries.get(key);
        if (e == null) {
            return false;
        }
        if (e.count == 1) {
            ones.remove(key);
        }
        e.count = Math.min(MAX_COUNT, e.count + 1);
        return true;
    }

    @Override
    public void admit(long key, int size, int cost, long nowMicros) {
        age(nowMicros);
        if (size > capacity || entries.containsKey(key)) {
            return;
        }
        long need = used + size - capacity;
        if (need > 0) {
            long freeable = 0;
            for (Entry e : ones.values()) {
                freeable += e.size;
                if (freeable >= need) {
                    break;
                }
            }
            if (freeable < need) {
                return;
            }
            Iterator<Entry> victims = ones.values().iterator();
            while (used + size > capacity) {
                Entry victim = victims.next();
                victims.remove();
                entries.remove(victim.key);
                used -= victim.size;
            }
        }
        Entry e = new Entry(key, size);
        entries.put(key, e);
        ones.put(key, e);
        used += size;
    }

    /** The reference count of {@code key}, or 0 if absent; for tests. */
    int count(long key) {
        Entry e = entries.get(key);
        return e == null ? 0 : e.count;
    }

    @Override
    int sizeOf(Entry e) {
        return e.size;
    }

    @Override
    void dropped(long key, Entry e) {
        ones.remove(key);
    }

    static final class Entry {
        final long key;
        final int size;
        int count = 1;

        Entry(long key, int size) {
            this.key = key;
            this.size = size;
        }
    }
}
