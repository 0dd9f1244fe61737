package io.github.wscache.spring;

import io.github.wscache.redis.RedisTier;
import io.github.wscache.redis.RedisTierStats;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;

/**
 * The health of the Redis tier of {@code wscache.shared-tier.*}, shown as {@code wscache} in
 * {@code /actuator/health}: {@code UP} while the tier's circuit breaker is closed, and
 * {@link #DEGRADED} while it is open (the cache keeps answering from the JVM's own store and the
 * services; only sharing is lost, so the application is not down). Details: {@code breakerOpen},
 * {@code hits}, {@code misses}, {@code errors}, {@code timeouts}, {@code skipped},
 * {@code breakerOpens}. Add {@code DEGRADED} to {@code management.endpoint.health.status.order}
 * to rank it. Thread-safe.
 */
public class SharedTierHealthIndicator implements HealthIndicator {
    /** The status while the tier's circuit breaker is open. */
    public static final Status DEGRADED = new Status("DEGRADED",
            "the shared tier's circuit breaker is open: Redis is skipped for a while");

    private final RedisTier tier;

    /**
     * Creates the indicator of one tier.
     *
     * @param tier the tier
     */
    public SharedTierHealthIndicator(RedisTier tier) {
        this.tier = tier;
    }

    @Override
    public Health health() {
        RedisTierStats s = tier.stats();
        boolean open = tier.isBreakerOpen();
        return Health.status(open ? DEGRADED : Status.UP)
                .withDetail("breakerOpen", open)
                .withDetail("hits", s.hits())
                .withDetail("misses", s.misses())
                .withDetail("errors", s.errors())
                .withDetail("timeouts", s.timeouts())
                .withDetail("skipped", s.skipped())
                .withDetail("breakerOpens", s.breakerOpens())
                .build();
    }
}
