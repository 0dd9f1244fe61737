package io.github.wscache.benchmarks;

import io.github.wscache.benchmarks.fixtures.Operation;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Table 6: the time to derive a cache key from a request, per {@link KeyMethod} and
 * {@link Operation}. The invocation is built in {@code @Setup} (an integration builds it for
 * every strategy); the measured work is the whole {@code CacheKey} including its hash.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class KeyBenchmark {
    @Param
    Operation operation;

    @Param
    KeyMethod method;

    private Hit key;

    /** Builds the invocation once. */
    @Setup
    public void setup() {
        key = method.prepare(operation);
    }

    /** One key. */
    @Benchmark
    public Object key() throws Exception {
        return key.get();
    }
}
