package io.github.wscache.core.spi;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.policy.SharedTierSetting;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The examples of the SPI's Javadoc, as written there, so that they keep compiling and doing
 * what their comments say.
 */
class SpiExamplesTest {
    @TempDir
    Path dir;

    /** The package's example. */
    public static final class MapTier implements SharedTier {
        private record Entry(String operation, Object value, long freshUntil, long retainUntil) {
        }

        private final Map<ByteBuffer, Entry> entries = new ConcurrentHashMap<>();

        @Override
        public byte[] identitySalt() {
            return new byte[16];  // the same on every JVM of the farm
        }

        @Override
        public void bind(SharedTier.Listener listener) {
            // one JVM: no other JVM invalidates, so nothing to tell the cache
        }

        @Override
        public SharedTier.Lookup lookup(SharedTier.Request request) {
            Entry e = entries.get(ByteBuffer.wrap(request.key()));
            long now = System.nanoTime();
            if (e == null || e.retainUntil() - now <= 0) {
                return SharedTier.Lookup.miss(false);
            }
            return SharedTier.Lookup.found(e.value(), Math.max(0, e.freshUntil() - now),
                    e.retainUntil() - now);
        }

        @Override
        public void store(SharedTier.Request request, Object value, long freshNanos,
                long retainNanos) {
            long now = System.nanoTime();
            entries.put(ByteBuffer.wrap(request.key()), new Entry(request.operation(), value,
                    now + freshNanos, now + retainNanos));
        }

        @Override
        public void release(SharedTier.Request request) {
            // no lease to release: this tier never hands one out
        }

        @Override
        public void invalidate(String operation) {
            entries.values().removeIf(e -> e.operation().equals(operation));
        }

        @Override
        public void invalidateAll() {
            entries.clear();
        }

        @Override
        public void close() {
        }
    }

    /** SharedTier's example. */
    static final class EmptyTier implements SharedTier {
        boolean closed;

        @Override
        public byte[] identitySalt() {
            return new byte[16];
        }

        @Override
        public void bind(SharedTier.Listener listener) {
        }

        @Override
        public SharedTier.Lookup lookup(SharedTier.Request request) {
            return SharedTier.Lookup.miss(false);
        }

        @Override
        public void store(SharedTier.Request request, Object value, long freshNanos,
                long retainNanos) {
        }

        @Override
        public void release(SharedTier.Request request) {
        }

        @Override
        public void invalidate(String operation) {
        }

        @Override
        public void invalidateAll() {
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    /** SharedTierFactory's example. */
    public static final class MapTierFactory implements SharedTierFactory {
        static final Map<String, MapTier> OPENED = new ConcurrentHashMap<>();

        public MapTierFactory() {
        }

        @Override
        public Set<String> schemes() {
            return Set.of("redis");
        }

        @Override
        public SharedTier open(SharedTierSetting setting) {
            MapTier tier = new MapTier();
            OPENED.put(setting.uri(), tier);
            return tier;
        }
    }

    private static Policy policy() {
        return Policy.builder()
                .operation("search", OperationPolicy.builder().cacheable(true)
                        .ttl(Duration.ofMinutes(5)).build())
                .build();
    }

    private static Invocation search() {
        return Invocation.builder("search").parameter("q", "wscache").build();
    }

    @Test
    void packageExample_aMapTierIsSharedByTheCachesThatUseIt() {
        MapTier tier = new MapTier();
        AtomicInteger loads = new AtomicInteger();
        try (ResponseCache cache = ResponseCache.builder().policy(policy()).sharedTier(tier)
                .build()) {
            assertThat(cache.call(search(), () -> "result" + loads.incrementAndGet()))
                    .isEqualTo("result1");
        }
        // a second cache (another JVM of the farm) finds the value in the tier, loading nothing
        try (ResponseCache other = ResponseCache.builder().policy(policy()).sharedTier(tier)
                .build()) {
            assertThat(other.call(search(), () -> "result" + loads.incrementAndGet()))
                    .isEqualTo("result1");
        }
        assertThat(loads).hasValue(1);
    }

    @Test
    void sharedTierExample_anEmptyTierMissesAndIsClosedWithTheCache() {
        EmptyTier tier = new EmptyTier();
        try (ResponseCache cache = ResponseCache.builder().policy(policy()).sharedTier(tier)
                .build()) {
            assertThat(cache.call(search(), () -> "result")).isEqualTo("result");
        }
        assertThat(tier.closed).isTrue();
    }

    @Test
    void requestAndLookupExamples() {
        SharedTier tier = new MapTier();
        SharedTier.Request request = new SharedTier.Request("GoogleSearchService", "search",
                "search|q=wscache".getBytes(StandardCharsets.UTF_8), false);
        if (!tier.lookup(request).isFound()) {
            tier.store(request, "result", TimeUnit.MINUTES.toNanos(5),
                    TimeUnit.MINUTES.toNanos(10));
        }
        assertThat(tier.lookup(request).value()).isEqualTo("result");

        SharedTier.Lookup hit = SharedTier.Lookup.found("result", TimeUnit.MINUTES.toNanos(5),
                TimeUnit.MINUTES.toNanos(10));
        assertThat(hit.isFound()).isTrue();
        assertThat(hit.freshNanos()).isEqualTo(TimeUnit.MINUTES.toNanos(5));
        SharedTier.Lookup miss = SharedTier.Lookup.miss(true);
        assertThat(miss.leased()).isTrue();
        assertThat(miss.isFound()).isFalse();
    }

    @Test
    void factoryExample_opensTheTierAPolicyNames() throws Exception {
        Path services = dir.resolve("META-INF/services");
        Files.createDirectories(services);
        Files.writeString(services.resolve(SharedTierFactory.class.getName()),
                MapTierFactory.class.getName() + "\n", StandardCharsets.UTF_8);
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()},
                SpiExamplesTest.class.getClassLoader())) {
            t.setContextClassLoader(loader);
            Policy policy = Policy.parse("sharedTier: redis://127.0.0.1:6379\n", "wscache.yaml");
            try (ResponseCache cache = ResponseCache.builder().policy(policy).build()) {
                assertThat(cache).isNotNull();
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } finally {
            t.setContextClassLoader(before);
        }
        assertThat(MapTierFactory.OPENED).containsKey("redis://127.0.0.1:6379");
    }

    @Test
    void signingKeyFileExample() throws Exception {
        Path file = Files.writeString(Files.createTempFile(dir, "farm", ".key"),
                "0123456789abcdef0123456789abcdef\n");
        byte[] key = SigningKeyFile.read(file);
        try {
            assertThat(key).hasSize(32);
        } finally {
            Arrays.fill(key, (byte) 0);
        }
    }
}
