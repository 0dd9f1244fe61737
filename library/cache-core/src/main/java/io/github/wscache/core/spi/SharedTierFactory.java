package io.github.wscache.core.spi;

import io.github.wscache.core.policy.SharedTierSetting;
import java.util.Set;

/**
 * Opens the {@link SharedTier} a policy names ({@code sharedTier: redis://host:port}), so that a
 * cache built from a policy file gets its farm's tier without code, and cache-core does not
 * depend on the module that implements it. Found through {@link java.util.ServiceLoader}: on the
 * module path a module {@code provides io.github.wscache.core.spi.SharedTierFactory with} its
 * factory, on the class path a jar lists it in
 * {@code META-INF/services/io.github.wscache.core.spi.SharedTierFactory}; cache-redis does both.
 * The first factory whose {@link #schemes()} has the address's scheme opens the tier.
 * Implementations have a public no-argument constructor and are thread-safe.
 *
 * <pre>{@code
 * public final class MapTierFactory implements SharedTierFactory {
 *     public MapTierFactory() {
 *     }
 *
 *     public Set<String> schemes() {
 *         return Set.of("redis");
 *     }
 *
 *     public SharedTier open(SharedTierSetting setting) {
 *         return new MapTier();   // the package's example; a real one connects to setting.uri()
 *     }
 * }
 *
 * // listed as above, it opens the tier of every cache built from a policy that names one:
 * Policy policy = Policy.parse("sharedTier: redis://127.0.0.1:6379\n", "wscache.yaml");
 * try (ResponseCache cache = ResponseCache.builder().policy(policy).build()) {
 *     // the cache owns the MapTier: closing the cache closes it
 * }
 * }</pre>
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
