package io.github.wscache.sim;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongConsumer;

/** Least recently used over bytes: evicts from the cold end until the newcomer fits. */
final class LruPolicy extends CachePolicy {
    private final LinkedHashMap<Long, Integer> entries = new LinkedHashMap<>(256, 0.75f, true);
    private long used;

    LruPolicy(long capacity) {
        super(capacity);
    }

    @Override
    boolean hit(long key, long nowMicros) {
        return entries.get(key) != null;
    }

    @Override
    void admit(long key, int size, int cost, long nowMicros) {
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
    boolean contains(long key) {
        return entries.containsKey(key);
    }

    @Override
    boolean remove(long key) {
        Integer size = entries.remove(key);
        if (size == null) {
            return false;
        }
        used -= size;
        return true;
    }

    @Override
    long weightedSize() {
        return used;
    }

    @Override
    void forEachKey(LongConsumer action) {
        entries.keySet().forEach(action::accept);
    }
}
