package io.github.wscache.sim.policy;

import java.util.Map;
import java.util.function.LongConsumer;

/**
 * A policy that keeps its documents in one map from key to its own per-document record, and the
 * bytes they hold: the lookups, removal and listing the cluster schemes use are the same for all
 * of them. A subclass says how big a record's document is and drops it from its own eviction
 * structures in {@link #dropped}.
 *
 * @param <V> the per-document record
 */
abstract class MapPolicy<V> extends InspectablePolicy {
    final Map<Long, V> entries;
    long used;

    MapPolicy(long capacity, Map<Long, V> entries) {
        super(capacity);
        this.entries = entries;
    }

    /** The size in bytes of the document {@code record} holds. */
    abstract int sizeOf(V record);

    /** Called when {@code key} was taken out by {@link #remove}: forget it in own structures. */
    void dropped(long key, V record) {
    }

    @Override
    public final boolean contains(long key) {
        return entries.containsKey(key);
    }

    @Override
    public final boolean remove(long key) {
        V record = entries.remove(key);
        if (record == null) {
            return false;
        }
        dropped(key, record);
        used -= sizeOf(record);
        return true;
    }

    @Override
    public final long weightedSize() {
        return used;
    }

    @Override
    public final void forEachKey(LongConsumer action) {
        entries.keySet().forEach(action::accept);
    }
}
