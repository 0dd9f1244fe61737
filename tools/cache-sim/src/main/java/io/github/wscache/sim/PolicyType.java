package io.github.wscache.sim;

/**
 * The eviction policies the simulator compares, each over a byte capacity.
 *
 * <pre>{@code
 * for (PolicyType type : PolicyType.values()) {
 *     System.out.println(type.label() + ": " + Simulator.run(trace, type, 4_000_000, 256_000, 0)
 *             .warm().documentHitRatio());
 * }
 * }</pre>
 */
public enum PolicyType {
    /** Real Caffeine 3 (W-TinyLFU) weighed by bytes: what wscache uses today. */
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
     * the budget; the bytes held are still bounded (see {@link CaffeineCostPolicy}).
     */
    CAFFEINE_COST("Caffeine, cost weigher");

    /** Paper 003's maximum age for LFU*-Aging: 600 s. */
    public static final long PAPER_MAX_AGE_MICROS = 600_000_000L;

    private final String label;

    PolicyType(String label) {
        this.label = label;
    }

    /** A name for tables and charts. */
    public String label() {
        return label;
    }

    CachePolicy create(long capacityBytes) {
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
            default:
                throw new AssertionError(this);
        }
    }
}
