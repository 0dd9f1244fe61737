/**
 * Trace-driven simulation of response caches bounded by bytes, laid out by role as Caffeine's
 * simulator is: the simulated caches ({@link io.github.wscache.sim.policy}, among them wscache's
 * own store and admission driven through cache-core's public API), admission in front of any of
 * them ({@link io.github.wscache.sim.admission}), request traces and their sources
 * ({@link io.github.wscache.sim.trace}), cooperation in a cluster of nodes
 * ({@link io.github.wscache.sim.cluster}) and the metrics, tables and charts of a run
 * ({@link io.github.wscache.sim.report}).
 *
 * <p>This package holds the entry points: {@link io.github.wscache.sim.Simulator} replays a
 * trace through one cache, {@link io.github.wscache.sim.Simulate} is the one command that writes
 * every table and chart of the site's Simulation page.
 *
 * <p>Nothing here is used by the cache at run time; it is a study tool.
 */
package io.github.wscache.sim;
