package io.github.wscache.benchmarks;

/** One cache hit (or one key derivation): what a benchmark cell invokes per operation. */
@FunctionalInterface
public interface Hit {
    /** Returns the caller's object; the benchmark hands it to JMH's blackhole. */
    Object get() throws Exception;
}
