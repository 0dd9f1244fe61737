package io.github.wscache.benchmarks;

import io.github.wscache.benchmarks.fixtures.Operation;
import io.github.wscache.benchmarks.fixtures.Payloads;
import io.github.wscache.benchmarks.fixtures.Registrations;
import io.github.wscache.core.Invocation;
import io.github.wscache.core.Loader;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.KeyStrategy;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.policy.ValueRepresentation;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Whole object-level hits through {@link ResponseCache#call} for doGoogleSearch (ADB result,
 * {@code key: auto}): key, lookup, counters, events and the copy, with one and two threads
 * sharing one cache. Throughput should double with two threads on two free cores.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class HitThroughputBenchmark {
    @Param({"AUTO", "REFERENCE", "SERIALIZATION"})
    ValueRepresentation value;

    private ResponseCache cache;
    private Invocation invocation;
    private Loader<Object, RuntimeException> loader;
    private final AtomicLong misses = new AtomicLong();

    /** Builds the cache and stores the one entry. */
    @Setup
    public void setup() {
        OperationPolicy policy = OperationPolicy.builder().cacheable(true)
                .ttl(Duration.ofDays(1)).key(KeyStrategy.AUTO)
                .value(value == ValueRepresentation.REFERENCE ? ValueRepresentation.AUTO : value)
                .readOnly(value == ValueRepresentation.REFERENCE).build();
        cache = ResponseCache.builder()
                .policy(Policy.builder().operation(Operation.SEARCH.operationName(), policy)
                        .build())
                .copiers(Registrations.copiers())
                .build();
        invocation = Payloads.parameterInvocation(Operation.SEARCH);
        Object result = Payloads.value(Operation.SEARCH);
        loader = () -> {
            misses.incrementAndGet();
            return result;
        };
        cache.call(invocation, loader);
    }

    /** Fails the run if a measured call missed: the numbers would not be hits. */
    @TearDown(Level.Trial)
    public void tearDown() {
        cache.close();
        if (misses.get() != 1 || cache.stats().hits() == 0) {
            throw new IllegalStateException("expected hits only after one miss: " + misses
                    + " misses, " + cache.stats());
        }
    }

    /** Hits with one thread. */
    @Benchmark
    @Threads(1)
    public Object oneThread() {
        return cache.call(invocation, loader);
    }

    /** Hits with two threads. */
    @Benchmark
    @Threads(2)
    public Object twoThreads() {
        return cache.call(invocation, loader);
    }
}
