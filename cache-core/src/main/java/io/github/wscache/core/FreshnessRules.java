package io.github.wscache.core;

import io.github.wscache.core.policy.OperationPolicy;
import java.time.Duration;
import java.time.Instant;

/** PLACEHOLDER until the http branch lands: TTL only. */
final class FreshnessRules {
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
        Duration fresh = p.ttl();
        Duration retain = r.conditionalHeaders().isEmpty() ? fresh
                : fresh.plus(fresh.compareTo(p.ttl()) > 0 ? fresh : p.ttl());
        return new Decision(null, fresh, retain);
    }
}
