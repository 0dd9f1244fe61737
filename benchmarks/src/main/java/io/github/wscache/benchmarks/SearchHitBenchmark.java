package io.github.wscache.benchmarks;

import io.github.wscache.benchmarks.fixtures.Operation;
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
 * Table 7, doGoogleSearch on the generated ADB beans (GoogleSearchResult, 10 ResultElements,
 * 2 DirectoryCategories; not Serializable, no deep clone): the time to hand a caller its own
 * object on a cache hit, per {@link Representation}; the listed representations are those that
 * apply.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SearchHitBenchmark {
    @Param({"XML", "EVENTS", "KRYO_BYTES", "REFLECTION", "AUTO", "REFERENCE", "HAND_COPY",
            "KRYO_COPY", "CLONING", "XML_TOKENS_ONLY", "EVENTS_ONLY"})
    Representation representation;

    private Hit hit;

    /** Makes the cached form once. */
    @Setup
    public void setup() throws Exception {
        hit = representation.prepare(Subject.of(Operation.SEARCH));
    }

    /** One hit: a fresh object from the cached form. */
    @Benchmark
    public Object hit() throws Exception {
        return hit.get();
    }
}
