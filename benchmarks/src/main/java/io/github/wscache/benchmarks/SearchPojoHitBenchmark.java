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
 * Table 7, doGoogleSearch on the POJO mirror of GoogleSearchResult (Serializable, hand-written
 * deep clone() registered with wscache; it has no XML form of its own): the time to hand a
 * caller its own object on a cache hit, per {@link Representation}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SearchPojoHitBenchmark {
    @Param({"JAVA_SERIALIZATION", "KRYO_BYTES", "REFLECTION", "CLONE", "AUTO", "REFERENCE",
            "HAND_COPY", "KRYO_COPY", "CLONING", "JACKSON"})
    Representation representation;

    private Hit hit;

    /** Makes the cached form once. */
    @Setup
    public void setup() throws Exception {
        hit = representation.prepare(Subject.searchPojo());
    }

    /** One hit: a fresh object from the cached form. */
    @Benchmark
    public Object hit() throws Exception {
        return hit.get();
    }
}
