package io.github.wscache.benchmarks;

import io.github.wscache.benchmarks.fixtures.Operation;
import io.github.wscache.benchmarks.fixtures.Subject;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * Table 7, doGetCachedPage (a 5 KB byte array): the time to hand a caller its own object on a
 * cache hit, per {@link Representation}; the listed representations are those that apply.
 */
public class CachedPageHitBenchmark extends PreparedBenchmark {
    @Param({"XML", "XML_AXIOM", "EVENTS", "JAVA_SERIALIZATION", "KRYO_BYTES", "REFLECTION", "AUTO",
            "REFERENCE", "HAND_COPY", "KRYO_COPY", "CLONING", "JACKSON"})
    Representation representation;

    /** Makes the cached form once. */
    @Override
    protected Hit prepare() throws Exception {
        return representation.prepare(Subject.of(Operation.CACHED_PAGE));
    }

    /** One hit: a fresh object from the cached form. */
    @Benchmark
    public Object hit() throws Exception {
        return hit.get();
    }
}
