package io.github.wscache.benchmarks;

import io.github.wscache.benchmarks.fixtures.Operation;
import io.github.wscache.benchmarks.fixtures.Subject;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * Table 7, doSpellingSuggestion (a String): the time to hand a caller its own object on a
 * cache hit, per {@link Representation}; the listed representations are those that apply.
 */
public class SpellingHitBenchmark extends PreparedBenchmark {
    @Param({"XML", "XML_AXIOM", "EVENTS", "JAVA_SERIALIZATION", "KRYO_BYTES", "AUTO", "REFERENCE",
            "KRYO_COPY", "CLONING", "JACKSON"})
    Representation representation;

    /** Makes the cached form once. */
    @Override
    protected Hit prepare() throws Exception {
        return representation.prepare(Subject.of(Operation.SPELLING));
    }

    /** One hit: a fresh object from the cached form. */
    @Benchmark
    public Object hit() throws Exception {
        return hit.get();
    }
}
