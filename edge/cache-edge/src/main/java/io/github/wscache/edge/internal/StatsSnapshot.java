package io.github.wscache.edge.internal;

import io.github.wscache.edge.EdgeStats;
import io.github.wscache.edge.EdgeWarmup;

/**
 * Takes the snapshots {@code EdgeServer.stats()} returns: the client counters, plus the numbers
 * the cache and the warm-up keep themselves (purges the origin asked for in its answers, what
 * the warm-up stored and failed on).
 */
public final class StatsSnapshot {
    private StatsSnapshot() {
    }

    /**
     * Returns the snapshot.
     *
     * @param cache the edge's cache, or {@code null} before the start (its numbers are 0)
     * @param warmup the warm-up, or {@code null} when there is none (its numbers are 0)
     */
    public static EdgeStats of(EdgeCounters counters, EdgeCache cache, EdgeWarmup warmup) {
        return new EdgeStats(counters.requests.sum(), counters.hits.sum(),
                counters.misses.sum(), counters.bytes.sum(), counters.fragmentHits.sum(),
                counters.fragmentsFetched.sum(), counters.originRequests.sum(),
                counters.filtered.sum(), counters.errors.sum(),
                cache == null ? 0 : cache.cacheErrors(),
                cache == null ? 0 : cache.weightedSize(),
                cache == null ? 0 : cache.storedUrls(),
                cache == null ? 0 : cache.storedVariants(),
                counters.purges.sum() + (cache == null ? 0 : cache.responsePurges()),
                counters.purgedTags.sum() + (cache == null ? 0 : cache.responsePurgedTags()),
                counters.purgesRefused.sum(),
                warmup == null ? 0 : warmup.stats().stored(),
                warmup == null ? 0 : warmup.stats().failed());
    }
}
