package io.github.wscache.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.policy.PolicyException;
import io.github.wscache.core.policy.SharedTierSetting;
import io.github.wscache.core.spi.SharedTier;
import io.github.wscache.core.spi.SharedTierFactory;
import io.github.wscache.core.spi.SigningKeyFile;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A policy's {@code sharedTier} when a cache is built from it: opened through the
 * {@link SharedTierFactory} found by {@code ServiceLoader} (here a fake one, on a class loader
 * made for the test), and a located {@link PolicyException} when no factory knows it: cache-core
 * alone has none, as cache-redis is not on its class path.
 */
class SharedTierPolicyTest {
    private static final String YAML = "maximumSize: 1MB\nsharedTier: redis://127.0.0.1:6379\n"
            + "operations:\n  - operation: search\n";

    /** The tiers the fake factory opened. */
    static final List<FakeTier> OPENED = new ArrayList<>();

    @TempDir
    Path dir;

    @Test
    void withoutAFactory_buildingTheCacheFailsAtTheSettingsPlace() {
        Policy policy = Policy.parse(YAML, "wscache.yaml");

        assertThatThrownBy(() -> ResponseCache.builder().policy(policy).build())
                .isInstanceOf(PolicyException.class)
                .hasMessage("wscache.yaml:2:13: 'sharedTier' redis://127.0.0.1:6379 needs"
                        + " cache-redis on the class path (io.github.wscache:cache-redis, the"
                        + " version of cache-core); add it, or remove 'sharedTier' to give every"
                        + " JVM its own cache only");
    }

    @Test
    void aTierSetInCode_winsOverThePolicys() {
        Policy policy = Policy.parse(YAML, "wscache.yaml");
        FakeTier mine = new FakeTier("code");

        try (ResponseCache cache = ResponseCache.builder().policy(policy).sharedTier(mine)
                .build()) {
            assertThat(cache.call(search(), () -> "r")).isEqualTo("r");
        }
        assertThat(mine.lookups).isEqualTo(1);
        assertThat(mine.closed).isTrue();
    }

    @Test
    void aFactoryOnTheClassPath_opensTheTierTheCacheThenOwns() throws Exception {
        Policy policy = Policy.parse(YAML, "wscache.yaml");

        ResponseCache cache = withFactory(() -> ResponseCache.builder().policy(policy).build());

        FakeTier tier = OPENED.get(OPENED.size() - 1);
        assertThat(tier.uri).isEqualTo("redis://127.0.0.1:6379");
        assertThat(cache.call(search(), () -> "r")).isEqualTo("r");
        assertThat(tier.lookups).isEqualTo(1);
        assertThat(tier.stores).isEqualTo(1);
        cache.invalidate("search");
        assertThat(tier.invalidated).containsExactly("search");
        assertThat(tier.closed).isFalse();
        cache.close();
        assertThat(tier.closed).isTrue();
    }

    @Test
    void aFactoryThatRefusesTheAddress_isALocatedError() throws Exception {
        Policy policy = Policy.parse("sharedTier: redis://refused.example:6379\n",
                "wscache.yaml");

        assertThatThrownBy(() -> withFactory(() -> ResponseCache.builder().policy(policy)
                .build()))
                .isInstanceOf(PolicyException.class)
                .hasMessage("wscache.yaml:1:13: 'sharedTier' redis://refused.example:6379 cannot"
                        + " be used: no such host");
    }

    @Test
    void aSigningKeyFile_reachesTheFactoryWithTheSetting() throws Exception {
        Path key = dir.resolve("farm.key");
        Files.writeString(key, "  0123456789abcdef0123456789abcdef \nignored\n",
                StandardCharsets.UTF_8);
        Policy policy = Policy.parse("sharedTier:\n  uri: redis://127.0.0.1:6379\n"
                + "  signingKeyFile: " + key + "\noperations:\n  - operation: search\n",
                "wscache.yaml");

        try (ResponseCache cache = withFactory(() -> ResponseCache.builder().policy(policy)
                .build())) {
            FakeTier tier = OPENED.get(OPENED.size() - 1);
            assertThat(tier.setting).isEqualTo(policy.sharedTier().orElseThrow());
            assertThat(tier.setting.signingKeyFile()).hasValue(key);
            assertThat(new String(tier.signingKey, StandardCharsets.UTF_8))
                    .isEqualTo("0123456789abcdef0123456789abcdef");
            assertThat(cache.call(search(), () -> "r")).isEqualTo("r");
            assertThat(tier.lookups).isEqualTo(1);
        }
    }

    @Test
    void aKeyFileTheFactoryCannotUse_isALocatedErrorThatSaysWhatToWrite() throws Exception {
        Path key = dir.resolve("farm.key");
        Files.writeString(key, "short\n", StandardCharsets.UTF_8);
        Policy tooShort = Policy.parse("sharedTier:\n  uri: redis://127.0.0.1:6379\n"
                + "  signingKeyFile: " + key + "\n", "wscache.yaml");
        Path missing = dir.resolve("missing.key");
        Policy absent = Policy.parse("sharedTier:\n  uri: redis://127.0.0.1:6379\n"
                + "  signingKeyFile: " + missing + "\n", "wscache.yaml");
        String write = "write at least 16 bytes of secret in %s (one line, the same file on"
                + " every node, e.g. made by openssl rand -base64 32 > %s)";

        assertThatThrownBy(() -> withFactory(() -> ResponseCache.builder().policy(tooShort)
                .build()))
                .isInstanceOf(PolicyException.class)
                .hasMessage("wscache.yaml:2:8: 'sharedTier' redis://127.0.0.1:6379 cannot be"
                        + " used: its signingKeyFile " + key + " holds a key of 5 bytes, too"
                        + " short to sign with; " + String.format(write, key, key));
        assertThatThrownBy(() -> withFactory(() -> ResponseCache.builder().policy(absent)
                .build()))
                .isInstanceOf(PolicyException.class)
                .hasMessage("wscache.yaml:2:8: 'sharedTier' redis://127.0.0.1:6379 cannot be"
                        + " used: its signingKeyFile " + missing + " does not exist; "
                        + String.format(write, missing, missing));
    }

    private static Invocation search() {
        return Invocation.builder("search").parameter("q", "x").build();
    }

    /** Runs {@code build} with a context class loader that lists {@link FakeFactory}. */
    private <T> T withFactory(Callable<T> build) throws Exception {
        Path services = dir.resolve("META-INF/services");
        Files.createDirectories(services);
        Files.writeString(services.resolve(SharedTierFactory.class.getName()),
                FakeFactory.class.getName() + "\n", StandardCharsets.UTF_8);
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()},
                SharedTierPolicyTest.class.getClassLoader())) {
            t.setContextClassLoader(loader);
            return build.call();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } finally {
            t.setContextClassLoader(before);
        }
    }

    /** The factory the test's class loader lists. */
    public static final class FakeFactory implements SharedTierFactory {
        @Override
        public Set<String> schemes() {
            return Set.of("redis");
        }

        @Override
        public SharedTier open(SharedTierSetting setting) {
            String uri = setting.uri();
            if (uri.contains("refused")) {
                throw new IllegalArgumentException("no such host");
            }
            FakeTier t = new FakeTier(uri);
            t.setting = setting;
            if (setting.signingKeyFile().isPresent()) {
                t.signingKey = SigningKeyFile.read(setting.signingKeyFile().get());
            }
            OPENED.add(t);
            return t;
        }
    }

    /** A tier that counts what the cache asks of it and finds nothing. */
    static final class FakeTier implements SharedTier {
        final String uri;
        SharedTierSetting setting;
        byte[] signingKey;
        int lookups;
        int stores;
        boolean closed;
        final List<String> invalidated = new ArrayList<>();

        FakeTier(String uri) {
            this.uri = uri;
        }

        @Override
        public byte[] identitySalt() {
            return new byte[16];
        }

        @Override
        public void bind(Listener listener) {
            // nothing to hear
        }

        @Override
        public Lookup lookup(Request request) {
            lookups++;
            return Lookup.miss(false);
        }

        @Override
        public void store(Request request, Object value, long freshNanos, long retainNanos) {
            stores++;
        }

        @Override
        public void release(Request request) {
            // no lease
        }

        @Override
        public void invalidate(String operation) {
            invalidated.add(operation);
        }

        @Override
        public void invalidateAll() {
            invalidated.add("*");
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
