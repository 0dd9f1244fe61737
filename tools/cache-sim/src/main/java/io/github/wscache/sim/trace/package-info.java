/**
 * Request traces: the column-wise {@link io.github.wscache.sim.trace.Trace}, its CSV format
 * ({@link io.github.wscache.sim.trace.TraceCsv}: {@code time_us,key,size_bytes,miss_cost_us})
 * and the seeded generator of paper 003's workload
 * ({@link io.github.wscache.sim.trace.SyntheticWorkload}); the portal's and the Pet Shop's load
 * drivers write their traces with {@link io.github.wscache.sim.trace.TraceLog}.
 */
package io.github.wscache.sim.trace;
