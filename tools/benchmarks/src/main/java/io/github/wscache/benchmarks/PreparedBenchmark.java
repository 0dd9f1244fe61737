package io.github.wscache.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The state and run settings the seven single-operation suites share ({@link KeyBenchmark}, the
 * four Table 7 hit suites, {@link ScalingCopyBenchmark} and {@link ReplayFloorBenchmark}): each
 * cell prepares one {@link Hit} from its {@code @Param}s once per trial, and its
 * {@code @Benchmark} method returns {@code hit.get()} to JMH's blackhole. Per-thread state,
 * average time in nanoseconds, one fork, 3 × 1 s warm-up and 5 × 1 s measurement; JMH's run
 * annotations and {@code @Setup} are inherited by the subclasses, as in JMH's own
 * {@code JMHSample_24_Inheritance}.
 *
 * <p>A subclass declares its {@code @Param} fields (the values are its own: they list the
 * representations that apply to its value), implements {@link #prepare()} from them, and keeps
 * its one {@code @Benchmark} method, so the JMH names of the cells ({@code Suite.method} plus the
 * parameters) are those of the suites before this class existed.
 *
 * <p>JMH makes one instance per measuring thread; it is not shared between threads.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public abstract class PreparedBenchmark {
    /** What one measured operation calls; set by {@link #setup()} before the first iteration. */
    protected Hit hit;

    /** Makes the cached form (or, for keys, the invocation) once per trial. */
    @Setup
    public final void setup() throws Exception {
        hit = prepare();
    }

    /**
     * Builds what one measured operation calls, from this cell's {@code @Param} values; only this
     * runs outside the measurement.
     */
    protected abstract Hit prepare() throws Exception;
}
