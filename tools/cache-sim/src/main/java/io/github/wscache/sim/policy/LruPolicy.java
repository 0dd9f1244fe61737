package io.github.wscache.sim.policy;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/** Least recently used over bytes: evicts from the cold end until the newcomer fits. */
final class LruPolicy extends MapPolicy<Integer> {

    LruPolicy(long capacity) {
        super(capacity, new LinkedHashMap<>(256, 0.75f, true));
    }

    @Override
    public boolean hit(long key, long nowMicros) {
        return entries.get(key) != null;
    }

    @Override
    public void admit(long key, int size, int cost, long nowMicros) {
        if (size > capacity || entries.containsKey(key)) {
            return;
        }
        Iterator<Map.Entry<Long, Integer>> eldest = entries.entrySet().iterator();
        while (used + size > capacity) {
            used -= eldest.next().getValue();
            eldest.remove();
        }
        entries.put(key, size);
        used += size;
    }

    @Override
    int sizeOf(Integer size) {
        return size;
    }
}
