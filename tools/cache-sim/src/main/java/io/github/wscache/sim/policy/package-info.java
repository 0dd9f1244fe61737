/**
 * The simulated caches, by family: {@link io.github.wscache.sim.policy.PolicyType} names and
 * makes them all. Recency and frequency over one map ({@code LruPolicy}, {@code PriorityPolicy}:
 * LFU, GDSF, GD-Cost; {@code LfuStarAgingPolicy}: paper 003's LFU*-Aging), real Caffeine weighed
 * by bytes or by cost ({@code CaffeinePolicy}, {@code CaffeineCostPolicy}), any of them behind
 * an {@link io.github.wscache.sim.admission.Admission} ({@code AdmittedPolicy}), and wscache's
 * own store and admission driven through cache-core's public API ({@code WscachePolicy}).
 *
 * <p>Public: the enum, and the two types the simulators in other packages drive, a
 * {@link io.github.wscache.sim.policy.CachePolicy} (a request in, a hit or a miss out) and an
 * {@link io.github.wscache.sim.policy.InspectablePolicy} (separate lookup and insertion, and
 * contents a cluster's peers can see). The policies themselves are package-private.
 */
package io.github.wscache.sim.policy;
