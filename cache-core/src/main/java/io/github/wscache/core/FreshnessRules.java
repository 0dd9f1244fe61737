package io.github.wscache.core;

import io.github.wscache.core.http.CacheControl;
import io.github.wscache.core.http.Freshness;
import io.github.wscache.core.http.FreshnessDecision;
import io.github.wscache.core.http.FreshnessOptions;
import io.github.wscache.core.http.ResponseMetadata;
import io.github.wscache.core.http.Storability;
import io.github.wscache.core.http.SurrogateControl;
import io.github.wscache.core.policy.OperationPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Decides how long a message-level response stays fresh and how long the store keeps it.
 * Without {@code honorHttpHeaders} the policy's TTL decides. With it, the server's headers decide
 * (RFC 9111, via {@link Freshness}): {@code no-store} and, outside per-user entries,
 * {@code private} are not stored; {@code max-age}/{@code s-maxage}/{@code Expires} set the
 * lifetime; {@code no-cache} makes every use a revalidation; a response that says nothing about
 * freshness gets the TTL. Entries with a validator are kept beyond their freshness (for one more
 * lifetime, at least the TTL) so that they can be revalidated with a conditional request.
 *
 * <p>A cache that acts as a surrogate ({@link ResponseCache.Builder#honorSurrogateControl}) reads
 * {@code Surrogate-Control} (W3C Edge Architecture 1.0, untargeted directives) first: its
 * {@code no-store} forbids storing, and its {@code max-age} takes precedence over
 * {@code Cache-Control} and {@code Expires} altogether, as the specification says: the origin
 * addresses the surrogate with Surrogate-Control and the browsers behind it with Cache-Control, so
 * a page may be {@code Cache-Control: private, no-store} for browsers and still be shared by the
 * surrogate for {@code Surrogate-Control: max-age=300}. Without a Surrogate-Control
 * {@code max-age}, Cache-Control rules as for any shared cache.
 */
final class FreshnessRules {
    private static final FreshnessOptions OPTIONS =
            FreshnessOptions.defaults().withHeuristics(false);

    private final boolean surrogate;

    FreshnessRules(boolean surrogate) {
        this.surrogate = surrogate;
    }

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
        SurrogateControl sc = surrogate
                ? SurrogateControl.parse(r.headers().getOrDefault("Surrogate-Control", List.of()),
                        null)
                : SurrogateControl.EMPTY;
        if (sc.noStore()) {
            return new Decision("not storable: Surrogate-Control no-store", Duration.ZERO,
                    Duration.ZERO);
        }
        Duration fresh;
        if (sc.maxAge().isPresent()) {
            // addressed to the surrogate: Cache-Control is for the browsers behind it
            Duration left = sc.maxAge().get().minus(Freshness.currentAge(meta, now));
            fresh = left.isNegative() ? Duration.ZERO : left;
            if (fresh.isZero() && !validators) {
                return new Decision("not storable: stale on arrival and no validator to"
                        + " revalidate it", Duration.ZERO, Duration.ZERO);
            }
            return kept(fresh, p.ttl(), validators);
        }
        Storability s = Freshness.storable("GET", meta, OPTIONS, perUser);
        if (!s.isStorable() && s != Storability.NO_FRESHNESS_INFORMATION) {
            return new Decision(s.reason(), Duration.ZERO, Duration.ZERO);
        }
        CacheControl cc = meta.cacheControl();
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
