package io.github.wscache.sim.policy;

import io.github.wscache.sim.admission.MinUses;

/**
 * The policies the simulator compares, each over a byte capacity: eviction policies from the
 * literature, real Caffeine set up as cache-core's store is, and wscache's own store and
 * admission driven through cache-core's public API ({@link #WSCACHE}).
 *
 * <pre>{@code
 * for (PolicyType type : PolicyType.values()) {
 *     System.out.println(type.label() + ": " + Simulator.run(trace, type, 4_000_000, 256_000, 0)
 *             .warm().documentHitRatio());
 * }
 * }</pre>
 */
public enum PolicyType {
    /**
     * Real Caffeine 3 (W-TinyLFU) weighed by the document's bytes, as cache-core's store is
     * (without its per-entry overhead, its expiry and its key).
     */
    CAFFEINE("Caffeine (W-TinyLFU)"),
    /** Least recently used. */
    LRU("LRU"),
    /** Least frequently used (in-cache counts), ties to the least recent. */
    LFU("LFU"),
    /** Paper 003's LFU*-Aging with A_max = 600 s. */
    LFU_STAR_AGING("LFU*-Aging"),
    /** Greedy-Dual-Size-Frequency: frequency × miss cost / size, with inflation. */
    GDSF("GDSF"),
    /** Cost-aware Greedy-Dual (paper 002's idea): frequency × miss latency, size left out. */
    GD_COST("GD-Cost"),
    /**
     * Real Caffeine with a cost-aware weigher (what wscache could configure): an entry weighs
     * its size scaled by the harmonic mean miss cost over its own, so slow responses take less of
     * the budget; the bytes held are still bounded.
     */
    CAFFEINE_COST("Caffeine, cost weigher"),
    /**
     * wscache's own store: a real cache-core {@code ResponseCache} (Caffeine bounded by each
     * entry's estimated retained bytes, a document of n bytes weighing n + 112), every response
     * kept ({@code minUses: 1}). Not inspectable: only the cluster schemes without peers.
     */
    WSCACHE("wscache store"),
    /** {@link #WSCACHE} with {@code minUses: 2}: a response is kept at its key's second miss. */
    WSCACHE_MIN_USES_2("wscache store, minUses 2"),
    /**
     * LRU behind a mirror of wscache's {@code minUses: 2} admission ({@link MinUses}), as nginx's
     * LRU cache with {@code proxy_cache_min_uses 2}.
     */
    LRU_MIN_USES_2("LRU + minUses 2");

    /** Paper 003's maximum age for LFU*-Aging: 600 s. */
    public static final long PAPER_MAX_AGE_MICROS = 600_000_000L;

    private final String label;

    PolicyType(String label) {
        this.label = label;
    }

    /** Returns a name for tables and charts. */
    public String label() {
        return label;
    }

    /**
     * Returns whether the policy's cache is an {@link InspectablePolicy}: one the peers of a
     * cluster can look into, take from and list. All are but wscache's store.
     */
    public boolean inspectable() {
        return this != WSCACHE && this != WSCACHE_MIN_USES_2;
    }

    /**
     * Returns a new, empty cache of this policy.
     *
     * @param capacityBytes the bytes it may hold
     * @param admissionThreshold the largest response the simulator offers it; wscache's store
     *     takes it as its {@code maxEntrySize} (plus its per-entry overhead), the others are
     *     never offered a larger one
     */
    public CachePolicy create(long capacityBytes, int admissionThreshold) {
        switch (this) {
            case CAFFEINE:
                return new CaffeinePolicy(capacityBytes);
            case LRU:
                return new LruPolicy(capacityBytes);
            case LFU:
                return PriorityPolicy.lfu(capacityBytes);
            case LFU_STAR_AGING:
                return new LfuStarAgingPolicy(capacityBytes, PAPER_MAX_AGE_MICROS);
            case GDSF:
                return PriorityPolicy.gdsf(capacityBytes);
            case GD_COST:
                return PriorityPolicy.gdCost(capacityBytes);
            case CAFFEINE_COST:
                return new CaffeineCostPolicy(capacityBytes);
            case WSCACHE:
                return new WscachePolicy(capacityBytes, admissionThreshold, 1);
            case WSCACHE_MIN_USES_2:
                return new WscachePolicy(capacityBytes, admissionThreshold, 2);
            case LRU_MIN_USES_2:
                return new AdmittedPolicy(new LruPolicy(capacityBytes), new MinUses(2));
            default:
                throw new AssertionError(this);
        }
    }
}
