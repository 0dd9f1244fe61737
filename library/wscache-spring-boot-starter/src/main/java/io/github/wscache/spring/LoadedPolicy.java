package io.github.wscache.spring;

import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.policy.PolicyWatcher;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;

/**
 * The policy read from {@code wscache.policy}, and the watcher that reloads it when it is a file.
 * A {@code file:} resource is loaded with {@link Policy#load(Path)} (reloadable, and watched
 * unless {@code wscache.watch=false}); a {@code classpath:} resource with
 * {@link Policy#fromClasspath(String, ClassLoader)}; any other resource is read once and parsed.
 * A wrong policy throws cache-core's {@code PolicyException}, whose message starts with
 * {@code file:line:column}. Closing stops the watcher.
 */
final class LoadedPolicy implements AutoCloseable {
    private final Policy policy;
    private final PolicyWatcher watcher;
    private final String location;

    private LoadedPolicy(Policy policy, PolicyWatcher watcher, String location) {
        this.policy = policy;
        this.watcher = watcher;
        this.location = location;
    }

    static LoadedPolicy load(Resource resource, String location, boolean watch,
            ClassLoader loader) {
        if (resource instanceof ClassPathResource cp) {
            ClassLoader l = loader != null ? loader : LoadedPolicy.class.getClassLoader();
            return new LoadedPolicy(Policy.fromClasspath(cp.getPath(), l), null, location);
        }
        if (resource.isFile()) {
            Path file;
            try {
                file = resource.getFile().toPath();
            } catch (IOException e) {
                throw new IllegalStateException("wscache.policy: cannot open " + location, e);
            }
            Policy policy = Policy.load(file);
            return new LoadedPolicy(policy, watch ? policy.watch() : null, location);
        }
        String name = resource.getFilename() != null ? resource.getFilename() : location;
        String text;
        try (InputStream in = resource.getInputStream()) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("wscache.policy: cannot read " + location + ": "
                    + e.getMessage(), e);
        }
        return new LoadedPolicy(Policy.parse(text, name), null, location);
    }

    Policy policy() {
        return policy;
    }

    Optional<PolicyWatcher> watcher() {
        return Optional.ofNullable(watcher);
    }

    String location() {
        return location;
    }

    @Override
    public void close() {
        if (watcher != null) {
            watcher.close();
        }
    }
}
