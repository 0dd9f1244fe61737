package io.github.wscache.sim.policy;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.function.LongConsumer;

/**
 * Real Caffeine (W-TinyLFU), set up as cache-core's store is: bounded by weight, where the weight
 * of an entry is its size in bytes. The ticker is the trace's clock, and maintenance (eviction)
 * runs on the calling thread ({@code executor(Runnable::run)}) and is forced after every write
 * ({@code cleanUp()}), so the bytes held never exceed the capacity once {@link #admit} returns
 * and a run is deterministic. Caffeine's weights are {@code int}s, enough for one response.
 */
final class CaffeinePolicy extends InspectablePolicy {
    private final Cache<Long, Integer> cache;
    private long nowNanos;

    CaffeinePolicy(long capacity) {
        super(capacity);
        cache = Caffeine.newBuilder()
                .maximumWeight(capacity)
                .weigher((Long key, Integer size) -> size)
                .executor(Runnable::run)
                .ticker(() -> nowNanos)
                .build();
    }

    @Override
    public boolean hit(long key, long nowMicros) {
        nowNanos = nowMicros * 1000;
        return cache.getIfPresent(key) != null;
    }

    @Override
    public void admit(long key, int size, int cost, long nowMicros) {
        nowNanos = nowMicros * 1000;
        cache.put(key, size);
        cache.cleanUp();
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
        return cache.policy().eviction().orElseThrow().weightedSize().orElseThrow();
    }

    @Override
    public void forEachKey(LongConsumer action) {
        cache.asMap().keySet().forEach(action::accept);
    }
}
