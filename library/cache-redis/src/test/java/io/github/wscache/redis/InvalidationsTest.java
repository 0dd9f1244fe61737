package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.spi.SharedTier.Request;
import io.github.wscache.redis.internal.Breaker;
import io.github.wscache.testkit.Waits;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * This JVM's own invalidation is never undone by a generation read while it is made: a read
 * that began before it, or that read Redis before its {@code INCR}, is used for the key at hand
 * but not kept, so every key after the invalidation has the new generation. On a real
 * {@code redis-server} of each test's own (the tests hold its writes), with the read of a
 * generation held by a latch where a test needs it.
 */
class InvalidationsTest {
    @RegisterExtension
    final RedisFixture.LocalRedis redis = RedisFixture.LocalRedis.perTest();

    private static final Request SEARCH = new Request("Search", "search",
            "q".getBytes(StandardCharsets.UTF_8), false);

    private final KeyLayout keys = new KeyLayout("invalidations-test");
    private final Counters counters = new Counters();
    private final OnceLog log = new OnceLog(10);
    private final ExecutorService threads = Executors.newCachedThreadPool();
    /** What happens once a generation has been read from Redis (given its key). */
    private volatile Consumer<String> afterRead = k -> { };
    private RedisConnection connection;
    private Generations generations;
    private Invalidations invalidations;

    /** This JVM's parts, on the test's server (started before this runs). */
    @BeforeEach
    void connect() {
        connection = new RedisConnection(RedisAddress.parse(redis.uri()), Duration.ofSeconds(10),
                4, "test");
        generations = new Generations(keys, key -> {
            byte[] v = connection.redis().get(key);
            afterRead.accept(new String(key, StandardCharsets.UTF_8));
            return v;
        });
        invalidations = new Invalidations("this-jvm", keys, connection,
                new FaultGuard(redis.uri(), new Breaker(3, 1_000_000_000L, System::nanoTime),
                        counters, log), generations, counters, log);
    }

    @AfterEach
    void close() {
        threads.shutdownNow();
        connection.close();
        invalidations.close();
    }

    /** What an invalidation covers: one operation, or every operation. */
    enum Scope {
        OPERATION, EVERY_OPERATION;

        byte[] generationKey(KeyLayout keys) {
            return this == OPERATION ? keys.generation("search") : keys.allGeneration();
        }

        void invalidate(Invalidations invalidations) {
            if (this == OPERATION) {
                invalidations.invalidate("search");
            } else {
                invalidations.invalidateAll();
            }
        }

        /** The generations part of an entry key ({@code all.op}) with this one at {@code g}. */
        String generations(int g) {
            return (this == OPERATION ? "0." + g : g + ".0") + ".0";
        }
    }

    /** The generations part of {@code SEARCH}'s entry key now: {@code all.op.endpoints}. */
    private String generationsOfSearch() {
        return new String(generations.entryKey(SEARCH), StandardCharsets.UTF_8).split(":")[2];
    }

    @ParameterizedTest
    @EnumSource(Scope.class)
    void aGenerationReadBeforeThisJvmsInvalidationIsNotKept(Scope scope) throws Exception {
        redis.raw().set(scope.generationKey(keys), "5".getBytes(StandardCharsets.US_ASCII));
        String generationKey = new String(scope.generationKey(keys), StandardCharsets.UTF_8);
        CountDownLatch read = new CountDownLatch(1);
        CountDownLatch invalidated = new CountDownLatch(1);
        afterRead = k -> {
            if (k.equals(generationKey)) {
                afterRead = again -> { };
                read.countDown();
                await(invalidated);
            }
        };

        // a lookup reads generation 5, and is held before it keeps it
        Future<String> reader = threads.submit(this::generationsOfSearch);
        assertThat(read.await(10, TimeUnit.SECONDS)).isTrue();
        scope.invalidate(invalidations); // 6 in Redis
        invalidated.countDown();

        assertThat(reader.get(10, TimeUnit.SECONDS)).isEqualTo(scope.generations(5));
        assertThat(generationsOfSearch()).isEqualTo(scope.generations(6));
        assertThat(counters.snapshot().invalidationsSent()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Scope.class)
    void aGenerationReadBeforeTheInvalidationsIncrIsNotKept(Scope scope) throws Exception {
        redis.raw().set(scope.generationKey(keys), "5".getBytes(StandardCharsets.US_ASCII));
        redis.holdWrites();
        try {
            Future<?> invalidating = threads.submit(() -> scope.invalidate(invalidations));
            Waits.until("the invalidation's INCR waits in Redis", () -> redis.held("incr") == 1);

            // a lookup while the invalidation is under way reads generation 5 from Redis
            assertThat(generationsOfSearch()).isEqualTo(scope.generations(5));

            redis.releaseWrites();
            invalidating.get(10, TimeUnit.SECONDS);
        } finally {
            redis.releaseWrites();
        }

        assertThat(generationsOfSearch()).isEqualTo(scope.generations(6));
        assertThat(counters.snapshot().invalidationsSent()).isEqualTo(1);
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) {
                throw new AssertionError("not released in 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
