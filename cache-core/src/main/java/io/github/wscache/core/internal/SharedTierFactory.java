package io.github.wscache.core.internal;

import io.github.wscache.core.policy.SharedTierSetting;
import java.util.Set;

/**
 * Opens the {@link SharedTier} a policy names ({@code sharedTier: redis://host:port}), so that a
 * cache built from a policy file gets its farm's tier without code, and cache-core does not
 * depend on the module that implements it. Found through {@link java.util.ServiceLoader}
 * ({@code META-INF/services/io.github.wscache.core.internal.SharedTierFactory}); cache-redis
 * provides one. Not API. Implementations have a public no-argument constructor and are
 * thread-safe.
 */
public interface SharedTierFactory {

    /** Returns the address schemes this factory opens, e.g. {@code redis}. */
    Set<String> schemes();

    /**
     * Returns a new tier for {@code setting} (whose scheme is one of {@link #schemes()}), owned
     * by the cache that asked for it: at the setting's address, and signing its entries with the
     * key in the setting's {@linkplain SharedTierSetting#signingKeyFile() signing key file}, if
     * any (read with {@link SigningKeyFile#read}). A server that is down is not an error: the
     * tier then answers misses until it is up.
     *
     * @throws IllegalArgumentException if the factory cannot use this address or key file; the
     *     message says why and what to write instead, and is shown to the administrator with
     *     the setting's place in the policy file
     */
    SharedTier open(SharedTierSetting setting);
}
