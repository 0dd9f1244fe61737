package io.github.wscache.edge;

/**
 * A snapshot of an {@link EdgeServer}'s counters since it started. Immutable.
 *
 * <pre>{@code
 * EdgeStats s = edge.stats();
 * System.out.printf("filtered at the edge: %.0f%%%n", 100 * s.filteredShare());
 * }</pre>
 *
 * @param requests client requests (the admin path excluded)
 * @param hits requests whose page or container came from the cache
 * @param misses requests whose page or container was forwarded to the origin
 * @param bytes body bytes sent to clients, after compression
 * @param fragmentHits fragments served from the cache while composing pages
 * @param fragmentsFetched fragments fetched from the origin while composing pages
 * @param originRequests round trips to the origin (containers and fragments)
 * @param filtered requests answered without any origin round trip
 * @param errors responses the edge made 502 or 504
 * @param cacheErrors failures inside the cache, each turned into an uncached fetch
 * @param cachedBytes estimated retained bytes of the cache's entries
 * @param storedUrls URLs with stored responses (bounded with the entries by the byte bound)
 * @param storedVariants stored responses, all variants of all URLs
 * @param purges authenticated purges done on the admin port
 * @param purgedTags tags those purges named
 * @param purgesRefused purges refused (purging off, no secret or a wrong one)
 * @param warmed paths the warm-up stored in the cache ({@link EdgeWarmup.Stats#stored()})
 * @param warmFailed paths, list lines and lists the warm-up failed on
 *     ({@link EdgeWarmup.Stats#failed()})
 */
public record EdgeStats(long requests, long hits, long misses, long bytes, long fragmentHits,
        long fragmentsFetched, long originRequests, long filtered, long errors, long cacheErrors,
        long cachedBytes, long storedUrls, long storedVariants, long purges, long purgedTags,
        long purgesRefused, long warmed, long warmFailed) {

    /** Returns the share of requests answered without any origin round trip, 0 to 1. */
    public double filteredShare() {
        return requests == 0 ? 0 : (double) filtered / requests;
    }

    /**
     * Returns the output hit ratio: the share of documents served (pages or containers and
     * fragments) that came from the cache, 0 to 1.
     */
    public double hitRatio() {
        long served = hits + misses + fragmentHits + fragmentsFetched;
        return served == 0 ? 0 : (double) (hits + fragmentHits) / served;
    }

    /** Returns the snapshot as a JSON object, as the admin path serves it. */
    public String toJson() {
        return "{\"requests\":" + requests + ",\"hits\":" + hits + ",\"misses\":" + misses
                + ",\"bytes\":" + bytes + ",\"fragmentHits\":" + fragmentHits
                + ",\"fragmentsFetched\":" + fragmentsFetched + ",\"originRequests\":"
                + originRequests + ",\"filtered\":" + filtered + ",\"filteredShare\":"
                + filteredShare() + ",\"hitRatio\":" + hitRatio() + ",\"errors\":" + errors
                + ",\"cacheErrors\":" + cacheErrors + ",\"cachedBytes\":" + cachedBytes
                + ",\"storedUrls\":" + storedUrls + ",\"storedVariants\":" + storedVariants
                + ",\"purges\":" + purges + ",\"purgedTags\":" + purgedTags
                + ",\"purgesRefused\":" + purgesRefused + ",\"warmed\":" + warmed
                + ",\"warmFailed\":" + warmFailed + "}";
    }
}
