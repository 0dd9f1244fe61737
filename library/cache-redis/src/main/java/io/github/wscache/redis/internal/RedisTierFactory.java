package io.github.wscache.redis.internal;

import io.github.wscache.core.policy.SharedTierSetting;
import io.github.wscache.core.spi.SharedTier;
import io.github.wscache.core.spi.SharedTierFactory;
import io.github.wscache.core.spi.SigningKeyFile;
import io.github.wscache.redis.RedisTier;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;

/**
 * Opens a {@link RedisTier} with the builder's defaults for a policy's
 * {@code sharedTier: redis://host:port} (or {@code redis-cluster://host:port,...}), so that a
 * cache built from a policy file shares its farm's Redis without code; when the setting names a
 * {@code signingKeyFile}, the tier signs its entries with the key in it
 * ({@link RedisTier.Builder#signingKey}). Listed in {@code META-INF/services}; not API.
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
        RedisTier.Builder b = RedisTier.builder().uri(setting.uri());
        Path keyFile = setting.signingKeyFile().orElse(null);
        if (keyFile != null) {
            byte[] key = SigningKeyFile.read(keyFile);
            try {
                b.signingKey(key);
            } finally {
                // the builder keeps its own copy
                Arrays.fill(key, (byte) 0);
            }
        }
        return b.build();
    }
}
