package io.github.wscache.benchmarks;

import io.github.wscache.benchmarks.fixtures.Subject;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * Table 7, doGoogleSearch on the POJO mirror of GoogleSearchResult (Serializable, hand-written
 * deep clone() registered with wscache; it has no XML form of its own): the time to hand a
 * caller its own object on a cache hit, per {@link Representation}.
 */
public class SearchPojoHitBenchmark extends PreparedBenchmark {
    @Param({"JAVA_SERIALIZATION", "KRYO_BYTES", "REFLECTION", "CLONE", "AUTO", "REFERENCE",
            "HAND_COPY", "KRYO_COPY", "CLONING", "JACKSON"})
    Representation representation;

    /** Makes the cached form once. */
    @Override
    protected Hit prepare() throws Exception {
        return representation.prepare(Subject.searchPojo());
    }

    /** One hit: a fresh object from the cached form. */
    @Benchmark
    public Object hit() throws Exception {
        return hit.get();
    }
}
