package io.github.wscache.sim.cluster;

/**
 * How the nodes of a cluster share their caches (paper 003 §3, and wscache's two-level design).
 * Requests reach the nodes round-robin.
 *
 * <pre>{@code
 * ClusterSimulator.run(trace, Scheme.L1_L2, PolicyType.CAFFEINE,
 *         ClusterSimulator.Config.paper003(), 0);
 * }</pre>
 */
public enum Scheme {
    /** Each node alone: a local miss goes to the origin. */
    NO_COOP("No-coop"),
    /** On-demand lookup (broadcast a query on a local miss), Handoff retrieval. */
    ONDE_H("Onde-H"),
    /** On-demand lookup, Migration retrieval (the document moves to the asking node). */
    ONDE_M("Onde-M"),
    /** Informed lookup (a directory of the other caches, refreshed periodically), Handoff. */
    INFO_H("Info-H"),
    /** Informed lookup, Migration. */
    INFO_M("Info-M"),
    /** An L1 per node plus one shared L2, same total memory: wscache's planned shared tier. */
    L1_L2("L1 + shared L2");

    private final String label;

    Scheme(String label) {
        this.label = label;
    }

    /** A name for tables and charts (the paper's abbreviations). */
    public String label() {
        return label;
    }

    /**
     * Returns whether a node looks into, takes from or lists its peers' caches: the four schemes
     * of paper 003; a policy must be {@link io.github.wscache.sim.policy.PolicyType#inspectable
     * inspectable} to take part in them.
     */
    public boolean usesPeers() {
        return onDemand() || informed();
    }

    boolean onDemand() {
        return this == ONDE_H || this == ONDE_M;
    }

    boolean informed() {
        return this == INFO_H || this == INFO_M;
    }

    boolean migration() {
        return this == ONDE_M || this == INFO_M;
    }
}
