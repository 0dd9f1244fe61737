package io.github.wscache.core;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.RemovalCause;
import com.github.benmanes.caffeine.cache.Ticker;
import io.github.wscache.core.policy.Policy;
import java.time.InstantSource;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

/**
 * Where entries live: a Caffeine cache bounded by the estimated retained bytes of its entries
 * (W-TinyLFU chooses what to evict), each entry expiring after its own retention time, on the
 * cache's ticker. Keeps the per-operation entry counts and weights of {@link Stats} in step:
 * added on {@link #put}, removed in the removal listener (evictions and expirations counted).
 * Thread-safe.
 */
final class Store {
    private final Cache<CacheKey, Entry> cache;
    private final Ticker ticker;
    private final Stats stats;

    /**
     * @param clock the time source entries expire by, or {@code null} for the system's
     *     monotonic clock
     */
    Store(long maximumWeight, InstantSource clock, Stats stats) {
        this.ticker = clock == null ? Ticker.systemTicker()
                : () -> Nanos.sinceEpoch(clock.instant());
        this.stats = stats;
        this.cache = Caffeine.newBuilder()
                .maximumWeight(maximumWeight)
                .weigher((CacheKey k, Entry e) -> e.weight)
                .expireAfter(new Retention())
                .ticker(ticker)
                .executor(Runnable::run)
                .removalListener(this::removed)
                .build();
    }

    /** Returns the store's time in nanoseconds, on the ticker entries expire by. */
    long now() {
        return ticker.read();
    }

    /** Returns the entry of a key, or {@code null}. */
    Entry get(CacheKey key) {
        return cache.getIfPresent(key);
    }

    void put(CacheKey key, Entry e) {
        stats.entryAdded(e.statsKey, e.weight);
        cache.put(key, e);
    }

    void remove(CacheKey key) {
        cache.invalidate(key);
    }

    /** Removes the entry only if it is still {@code e}. */
    void remove(CacheKey key, Entry e) {
        cache.asMap().remove(key, e);
    }

    /** Counts the entries that {@code which} accepts (a walk of the whole store). */
    long count(BiPredicate<CacheKey, Entry> which) {
        long n = 0;
        for (var e : cache.asMap().entrySet()) {
            if (which.test(e.getKey(), e.getValue())) {
                n++;
            }
        }
        return n;
    }

    void removeIf(Predicate<CacheKey> which) {
        cache.asMap().keySet().removeIf(which);
    }

    /** Removes the entries that {@code which} selects; returns how many. */
    int removeEntriesIf(BiPredicate<CacheKey, Entry> which) {
        int removed = 0;
        for (var it = cache.asMap().entrySet().iterator(); it.hasNext();) {
            var en = it.next();
            if (which.test(en.getKey(), en.getValue())) {
                it.remove();
                removed++;
            }
        }
        return removed;
    }

    void invalidateAll() {
        cache.invalidateAll();
    }

    /**
     * Follows a reloaded policy: its new byte bound, and the entries whose operation's settings
     * changed dropped; logs how many.
     */
    void followPolicy(Policy policy) {
        setMaximumWeight(policy.maximumSize());
        int dropped = removeEntriesIf((k, e) ->
                !policy.resolve(k.service(), k.endpoint(), e.policyName).equals(e.policy));
        Stats.LOG.info("policy changed: {} entries of changed operations dropped", dropped);
    }

    void setMaximumWeight(long bytes) {
        cache.policy().eviction().ifPresent(ev -> ev.setMaximum(bytes));
    }

    /** Returns the estimated retained bytes of all entries. */
    long weightedSize() {
        return cache.policy().eviction().map(ev -> ev.weightedSize().orElse(0L)).orElse(0L);
    }

    /** Returns the Caffeine cache, for tests in this package. */
    Cache<CacheKey, Entry> caffeine() {
        return cache;
    }

    private void removed(CacheKey key, Entry e, RemovalCause cause) {
        if (key == null || e == null) {
            return;
        }
        int counted = cause == RemovalCause.SIZE ? Counters.EVICTIONS
                : cause == RemovalCause.EXPIRED ? Counters.EXPIRATIONS : -1;
        stats.entryRemoved(e.statsKey, e.weight, counted);
    }

    /** Each entry is kept for its own retention time, from when it was written. */
    private static final class Retention implements Expiry<CacheKey, Entry> {
        @Override
        public long expireAfterCreate(CacheKey key, Entry value, long currentTime) {
            return value.retainNanos;
        }

        @Override
        public long expireAfterUpdate(CacheKey key, Entry value, long currentTime,
                long currentDuration) {
            return value.retainNanos;
        }

        @Override
        public long expireAfterRead(CacheKey key, Entry value, long currentTime,
                long currentDuration) {
            return currentDuration;
        }
    }
}
