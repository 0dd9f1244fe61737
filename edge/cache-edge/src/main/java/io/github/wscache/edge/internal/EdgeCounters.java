package io.github.wscache.edge.internal;

import java.util.concurrent.atomic.LongAdder;

/** The edge's counters; thread-safe. */
public final class EdgeCounters {
    /** Client requests, admin requests excluded. */
    public final LongAdder requests = new LongAdder();
    /** Requests whose container (or whole response) came from the cache. */
    public final LongAdder hits = new LongAdder();
    /** Requests whose container (or whole response) was forwarded to the origin. */
    public final LongAdder misses = new LongAdder();
    /** Body bytes sent to clients (after compression). */
    public final LongAdder bytes = new LongAdder();
    /** Fragments served from the cache while composing pages. */
    public final LongAdder fragmentHits = new LongAdder();
    /** Fragments fetched from the origin while composing pages. */
    public final LongAdder fragmentsFetched = new LongAdder();
    /** Round trips to the origin, containers and fragments. */
    public final LongAdder originRequests = new LongAdder();
    /** Requests answered without any origin round trip. */
    public final LongAdder filtered = new LongAdder();
    /** Responses the edge turned into 502 or 504. */
    public final LongAdder errors = new LongAdder();
    /** Purges done (authenticated). */
    public final LongAdder purges = new LongAdder();
    /** Tags named by the purges done. */
    public final LongAdder purgedTags = new LongAdder();
    /** Purges refused: purging off, no secret or a wrong one. */
    public final LongAdder purgesRefused = new LongAdder();
}
