package io.github.wscache.core;

import io.github.wscache.core.http.CacheControl;
import io.github.wscache.core.http.Freshness;
import io.github.wscache.core.http.FreshnessDecision;
import io.github.wscache.core.http.FreshnessOptions;
import io.github.wscache.core.http.ResponseMetadata;
import io.github.wscache.core.http.Storability;
import io.github.wscache.core.policy.OperationPolicy;
import java.time.Duration;
import java.time.Instant;

/**
 * Decides how long a message-level response stays fresh and how long the store keeps it.
 * Without {@code honorHttpHeaders} the policy's TTL decides. With it, the server's headers decide
 * (RFC 9111, via {@link Freshness}): {@code no-store} and, outside per-user entries,
 * {@code private} are not stored; {@code max-age}/{@code s-maxage}/{@code Expires} set the
 * lifetime; {@code no-cache} makes every use a revalidation; a response that says nothing about
 * freshness gets the TTL. Entries with a validator are kept beyond their freshness (for one more
 * lifetime, at least the TTL) so that they can be revalidated with a conditional request.
 */
final class FreshnessRules {
    private static final FreshnessOptions OPTIONS =
            FreshnessOptions.defaults().withHeuristics(false);

    static final class Decision {
        final String notStorable;
        final Duration fresh;
        final Duration retain;

        Decision(String notStorable, Duration fresh, Duration retain) {
            this.notStorable = notStorable;
            this.fresh = fresh;
            this.retain = retain;
        }
    }

    Decision decide(OperationPolicy p, CachedResponse r, boolean perUser, Instant now) {
        boolean validators = !r.conditionalHeaders().isEmpty();
        if (!p.honorHttpHeaders()) {
            return kept(p.ttl(), p.ttl(), validators);
        }
        ResponseMetadata meta = ResponseMetadata.of(r.status(), r.headers(), now, now);
        Storability s = Freshness.storable("GET", meta, OPTIONS, perUser);
        if (!s.isStorable() && s != Storability.NO_FRESHNESS_INFORMATION) {
            return new Decision(s.reason(), Duration.ZERO, Duration.ZERO);
        }
        CacheControl cc = meta.cacheControl();
        Duration fresh;
        if (cc.noCache()) {
            fresh = Duration.ZERO;
        } else if (cc.maxAge().isPresent() || cc.sMaxAge().isPresent()
                || meta.expires().isPresent()) {
            FreshnessDecision d = Freshness.evaluate(meta, now, OPTIONS);
            fresh = d.remaining();
        } else {
            fresh = p.ttl();
        }
        if (fresh.isZero() && !validators) {
            return new Decision("not storable: stale on arrival and no validator to revalidate it",
                    Duration.ZERO, Duration.ZERO);
        }
        return kept(fresh, p.ttl(), validators);
    }

    private static Decision kept(Duration fresh, Duration ttl, boolean validators) {
        Duration retain = validators ? fresh.plus(fresh.compareTo(ttl) > 0 ? fresh : ttl) : fresh;
        return new Decision(null, fresh, retain);
    }
}
