package io.github.wscache.redis.internal;

import io.github.wscache.core.internal.SharedTier;
import io.github.wscache.core.internal.SharedTierFactory;
import io.github.wscache.core.policy.SharedTierSetting;
import io.github.wscache.redis.RedisTier;
import java.util.Set;

/**
 * Opens a {@link RedisTier} with the builder's defaults for a policy's
 * {@code sharedTier: redis://host:port} (or {@code redis-cluster://host:port,...}), so that a
 * cache built from a policy file shares its farm's Redis without code. Listed in
 * {@code META-INF/services}; not API.
 */
public final class RedisTierFactory implements SharedTierFactory {
    /** Made by {@link java.util.ServiceLoader}. */
    public RedisTierFactory() {
    }

    @Override
    public Set<String> schemes() {
        return Set.of("redis", "redis-cluster");
    }

    @Override
    public SharedTier open(SharedTierSetting setting) {
        return RedisTier.builder().uri(setting.uri()).build();
    }
}
