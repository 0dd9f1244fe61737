package io.github.wscache.benchmarks;

import io.github.wscache.benchmarks.fixtures.Operation;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * Table 6: the time to derive a cache key from a request, per {@link KeyMethod} and
 * {@link Operation}. The invocation is built in {@code @Setup} (an integration builds it for
 * every strategy); the measured work is the whole {@code CacheKey} including its hash.
 */
public class KeyBenchmark extends PreparedBenchmark {
    @Param
    Operation operation;

    @Param
    KeyMethod method;

    /** Builds the invocation once. */
    @Override
    protected Hit prepare() {
        return method.prepare(operation);
    }

    /** One key. */
    @Benchmark
    public Object key() throws Exception {
        return hit.get();
    }
}
