/**
 * JMH suites that reproduce Tables 6 and 7 of paper 001 (Takase and Tatsubori, "Efficient Web
 * Services Response Caching by Selecting Optimal Data Representation") with wscache, next to
 * outside reference points (a hand-written deep copy, Kryo {@code copy()}, the cloning library,
 * Jackson), plus scaling suites. Each suite chooses the implementation under test with a
 * {@code @Param} over an enum ({@link io.github.wscache.benchmarks.Representation},
 * {@link io.github.wscache.benchmarks.KeyMethod}), as Caffeine's {@code GetPutBenchmark} does.
 * Tables 8 and 9 (memory) are written by {@link io.github.wscache.benchmarks.report.MemoryTable}.
 */
package io.github.wscache.benchmarks;
