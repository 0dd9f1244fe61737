/**
 * Cache cooperation in a cluster of nodes: the schemes of Poleggi, Ciciani &amp; Colajanni
 * (paper 003: On-demand or Informed lookup, Handoff or Migration retrieval) and wscache's two
 * levels, an L1 per node in front of one shared tier
 * ({@link io.github.wscache.sim.cluster.Scheme}), replayed by
 * {@link io.github.wscache.sim.cluster.ClusterSimulator} with their traffic between nodes.
 */
package io.github.wscache.sim.cluster;
