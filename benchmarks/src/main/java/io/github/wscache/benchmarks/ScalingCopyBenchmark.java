package io.github.wscache.benchmarks;

import io.github.wscache.benchmarks.fixtures.Subject;
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
 * Hit cost as the search result grows (10, 100 and 1,000 ResultElements, ADB beans): every
 * representation should grow linearly with the number of elements.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ScalingCopyBenchmark {
    @Param({"10", "100", "1000"})
    int elements;

    @Param({"AUTO", "HAND_COPY", "KRYO_COPY", "EVENTS", "XML"})
    Representation representation;

    private Hit hit;

    /** Builds the result and its cached form once. */
    @Setup
    public void setup() throws Exception {
        hit = representation.prepare(Subject.search(elements));
    }

    /** One hit. */
    @Benchmark
    public Object hit() throws Exception {
        return hit.get();
    }
}
