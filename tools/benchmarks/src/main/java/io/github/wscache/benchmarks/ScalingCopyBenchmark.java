package io.github.wscache.benchmarks;

import io.github.wscache.benchmarks.fixtures.Subject;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * Hit cost as the search result grows (10, 100 and 1,000 ResultElements, ADB beans): every
 * representation should grow linearly with the number of elements.
 */
public class ScalingCopyBenchmark extends PreparedBenchmark {
    @Param({"10", "100", "1000"})
    int elements;

    @Param({"AUTO", "HAND_COPY", "KRYO_COPY", "EVENTS", "XML"})
    Representation representation;

    /** Builds the result and its cached form once. */
    @Override
    protected Hit prepare() throws Exception {
        return representation.prepare(Subject.search(elements));
    }

    /** One hit. */
    @Benchmark
    public Object hit() throws Exception {
        return hit.get();
    }
}
