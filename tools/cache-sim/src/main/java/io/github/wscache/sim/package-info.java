/**
 * Trace-driven simulation of response caches bounded by bytes: a synthetic trace generator with
 * the workload of Cardellini et al.'s Web-cluster study (the site's Simulation page, paper 003),
 * a CSV trace format, the eviction policies compared ({@link io.github.wscache.sim.PolicyType}),
 * hit-ratio metrics, the cluster cooperation schemes ({@link io.github.wscache.sim.Scheme}) and
 * the one command that writes every table and chart ({@link io.github.wscache.sim.Simulate}).
 *
 * <p>Nothing here is used by the cache at run time; it is a study tool.
 */
package io.github.wscache.sim;
