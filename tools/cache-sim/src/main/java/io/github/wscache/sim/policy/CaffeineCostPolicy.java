package io.github.wscache.sim.policy;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Policy;
import com.github.benmanes.caffeine.cache.RemovalCause;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * Real Caffeine (W-TinyLFU) with the weigher wscache could be given to weigh by cost: an entry
 * weighs {@code size × H / cost}, where H is the harmonic mean of the miss costs offered so far,
 * so an average entry still weighs about its size, a response twice as slow to fetch half its
 * size, and the maximum weight stays the byte capacity. A weight is not a byte count, so the
 * bytes held could exceed the capacity: after every write, while they do, the entry Caffeine
 * would evict next ({@code coldest}) is removed. Both budgets hold, and the comparison with
 * {@link CaffeinePolicy} is at the same memory. Like it, maintenance runs on the calling thread
 * and the ticker is the trace's clock.
 */
final class CaffeineCostPolicy extends InspectablePolicy {
    private final Cache<Long, int[]> cache;
    private final Policy.Eviction<Long, int[]> eviction;
    private long nowNanos;
    private long bytes;
    private long offered;
    private double inverseCostSum;

    CaffeineCostPolicy(long capacity) {
        super(capacity);
        // value: {size in bytes, weight}; the listener runs on this thread (executor)
        cache = Caffeine.newBuilder()
                .maximumWeight(capacity)
                .weigher((Long key, int[] v) -> v[1])
                .executor(Runnable::run)
                .ticker(() -> nowNanos)
                .removalListener((Long key, int[] v, RemovalCause cause) -> bytes -= v[0])
                .build();
        eviction = cache.policy().eviction().orElseThrow();
    }

    @Override
    public boolean hit(long key, long nowMicros) {
        nowNanos = nowMicros * 1000;
        return cache.getIfPresent(key) != null;
    }

    @Override
    public void admit(long key, int size, int cost, long nowMicros) {
        nowNanos = nowMicros * 1000;
        int paid = Math.max(1, cost);
        offered++;
        inverseCostSum += 1.0 / paid;
        double harmonicMean = offered / inverseCostSum;
        long weight = Math.max(1, Math.round(size * harmonicMean / paid));
        if (size > capacity || cache.asMap().containsKey(key)) {
            return;
        }
        cache.put(key, new int[] {size, (int) Math.min(Integer.MAX_VALUE, weight)});
        bytes += size;
        cache.cleanUp();
        if (bytes > capacity) {
            // the coldest entries in Caffeine's eviction order, just enough of them, in one walk
            List<Long> victims = eviction.coldest(entries -> {
                List<Long> keys = new ArrayList<>();
                long freed = 0;
                for (Iterator<Policy.CacheEntry<Long, int[]>> it = entries.iterator();
                        it.hasNext() && bytes - freed > capacity;) {
                    Policy.CacheEntry<Long, int[]> e = it.next();
                    keys.add(e.getKey());
                    freed += e.getValue()[0];
                }
                return keys;
            });
            cache.invalidateAll(victims);
        }
    }

    @Override
    public boolean contains(long key) {
        return cache.asMap().containsKey(key);
    }

    @Override
    public boolean remove(long key) {
        return cache.asMap().remove(key) != null;
    }

    @Override
    public long weightedSize() {
        cache.cleanUp();
        return bytes;
    }

    @Override
    public void forEachKey(LongConsumer action) {
        cache.asMap().keySet().forEach(action::accept);
    }
}
