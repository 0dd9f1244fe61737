package io.github.wscache.core.internal;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The caches of the zero-code installs (cache-axis's module, cache-jaxws's CXF bus extension):
 * one {@link ResponseCache} per policy source per JVM (class loader), shared by every client
 * configuration that asks. cache-axis's source is the file named by the system property
 * {@value #POLICY_PROPERTY} (reloadable and watched), else {@code wscache.yaml} on the class
 * path; cache-jaxws's only a file a system property names ({@link #ofFile}).
 */
public final class DefaultCaches {
    /** The system property that names the policy file. */
    public static final String POLICY_PROPERTY = "wscache.policy";

    private static final ConcurrentHashMap<String, ResponseCache> CACHES =
            new ConcurrentHashMap<>();

    private DefaultCaches() {
    }

    /**
     * Returns the cache of the policy this JVM names, creating it on first use; empty when no
     * policy is named and none is on the class path.
     *
     * @throws io.github.wscache.core.policy.PolicyException if the policy is wrong
     */
    public static Optional<ResponseCache> current() {
        Optional<ResponseCache> named = ofFile(POLICY_PROPERTY);
        if (named.isPresent()) {
            return named;
        }
        ClassLoader loader = loader();
        if (loader.getResource(Policy.DEFAULT_RESOURCE) == null) {
            return Optional.empty();
        }
        return Optional.of(CACHES.computeIfAbsent("classpath:" + Policy.DEFAULT_RESOURCE,
                k -> ResponseCache.builder()
                        .policy(Policy.fromClasspath(Policy.DEFAULT_RESOURCE, loader)).build()));
    }

    /**
     * Returns the cache of the policy file named by the system property {@code property},
     * creating it on first use (one per file per JVM, watched); empty when the property is not
     * set.
     *
     * @throws io.github.wscache.core.policy.PolicyException if the policy is wrong
     */
    public static Optional<ResponseCache> ofFile(String property) {
        String file = System.getProperty(property);
        if (file == null || file.isBlank()) {
            return Optional.empty();
        }
        Path path = Path.of(file).toAbsolutePath().normalize();
        return Optional.of(CACHES.computeIfAbsent("file:" + path, k -> {
            Policy policy = Policy.load(path);
            policy.watch();
            return ResponseCache.builder().policy(policy).build();
        }));
    }

    private static ClassLoader loader() {
        ClassLoader tccl = Thread.currentThread().getContextClassLoader();
        return tccl != null ? tccl : DefaultCaches.class.getClassLoader();
    }
}
