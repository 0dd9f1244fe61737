package io.github.wscache.benchmarks;

import io.github.wscache.benchmarks.fixtures.Operation;
import io.github.wscache.benchmarks.fixtures.Subject;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * Table 7, doGoogleSearch on the generated ADB beans (GoogleSearchResult, 10 ResultElements,
 * 2 DirectoryCategories; not Serializable, no deep clone): the time to hand a caller its own
 * object on a cache hit, per {@link Representation}; the listed representations are those that
 * apply.
 */
public class SearchHitBenchmark extends PreparedBenchmark {
    @Param({"XML", "XML_AXIOM", "EVENTS", "EVENTS_AS_STORED", "KRYO_BYTES", "REFLECTION",
            "AUTO", "REFERENCE", "HAND_COPY", "KRYO_COPY", "CLONING", "XML_TOKENS_ONLY",
            "EVENTS_ONLY"})
    Representation representation;

    /** Makes the cached form once. */
    @Override
    protected Hit prepare() throws Exception {
        return representation.prepare(Subject.of(Operation.SEARCH));
    }

    /** One hit: a fresh object from the cached form. */
    @Benchmark
    public Object hit() throws Exception {
        return hit.get();
    }
}
