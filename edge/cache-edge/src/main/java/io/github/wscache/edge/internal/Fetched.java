package io.github.wscache.edge.internal;

/**
 * A response and how the edge got it.
 *
 * @param response the response (the edge's bookkeeping field removed)
 * @param outcome where it came from
 * @param stored whether this response was stored for later requests
 * @param ageSeconds the {@code Age} to send (a response served from storage), or -1 when it
 *     came straight from the origin
 */
public record Fetched(OriginResponse response, Outcome outcome, boolean stored,
        long ageSeconds) {

    /** Returns whether the body is the cache's stored array (a hit, or stored just now). */
    public boolean isStoredBody() {
        return ageSeconds >= 0 || stored;
    }

    /** Where a response came from, named as RFC 9211 {@code Cache-Status} names it. */
    public enum Outcome {
        /** Served from the cache, no origin round trip. */
        HIT("hit"),
        /** Served stale from the cache while it is revalidated in the background. */
        HIT_STALE("hit; detail=stale-while-revalidate"),
        /** The origin failed (5xx or unreachable); served stale within stale-if-error. */
        STALE_IF_ERROR("fwd=stale; detail=stale-if-error"),
        /** only-if-cached and nothing usable stored: a 504 made by the edge. */
        ONLY_IF_CACHED("fwd=miss; detail=only-if-cached"),
        /** Forwarded; nothing stored for this URL before. */
        URI_MISS("fwd=uri-miss"),
        /** Forwarded; responses of this URL were stored before but none matches. */
        MISS("fwd=miss"),
        /** A stored response was stale and was revalidated or replaced. */
        STALE("fwd=stale"),
        /** The request is not served from the cache (method, Authorization, a cache failure). */
        BYPASS("fwd=bypass");

        private final String cacheStatus;

        Outcome(String cacheStatus) {
            this.cacheStatus = cacheStatus;
        }

        /** Returns the {@code Cache-Status} parameters. */
        public String cacheStatus() {
            return cacheStatus;
        }

        /** Returns whether the origin was asked. */
        public boolean forwarded() {
            return this != HIT && this != HIT_STALE && this != ONLY_IF_CACHED;
        }

        /** Returns whether the response came from the cache without waiting for the origin. */
        public boolean hit() {
            return this == HIT || this == HIT_STALE;
        }
    }
}
