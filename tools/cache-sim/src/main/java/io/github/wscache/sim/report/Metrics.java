package io.github.wscache.sim.report;

/**
 * Hit counts over a run: document hit ratio (hits / requests), byte hit ratio (bytes served from
 * cache / bytes requested) and saved miss cost (summed miss cost of the hits / of all requests).
 * Mutable while a run records; read it afterwards.
 *
 * <pre>{@code
 * Metrics warm = Simulator.run(trace, PolicyType.GDSF, 4_000_000, 256_000, 0).warm();
 * System.out.println(warm.byteHitRatio() + " " + warm.savedCostRatio());
 * }</pre>
 */
public final class Metrics {
    private long requests;
    private long hits;
    private long bytes;
    private long hitBytes;
    private long cost;
    private long savedCost;

    /** Counts one request, the simulators' call: a hit or not, its size and its miss cost. */
    public void record(boolean hit, int size, int missCost) {
        requests++;
        bytes += size;
        cost += missCost;
        if (hit) {
            hits++;
            hitBytes += size;
            savedCost += missCost;
        }
    }

    /** The requests counted. */
    public long requests() {
        return requests;
    }

    /** The requests answered from a cache. */
    public long hits() {
        return hits;
    }

    /** Document hit ratio, 0 to 1 (0 when nothing was requested). */
    public double documentHitRatio() {
        return ratio(hits, requests);
    }

    /** Byte hit ratio, 0 to 1. */
    public double byteHitRatio() {
        return ratio(hitBytes, bytes);
    }

    /** The share of the total miss cost that hits saved, 0 to 1. */
    public double savedCostRatio() {
        return ratio(savedCost, cost);
    }

    /** The miss cost saved by hits, in microseconds. */
    public long savedCostMicros() {
        return savedCost;
    }

    private static double ratio(long part, long whole) {
        return whole == 0 ? 0 : (double) part / whole;
    }

    @Override
    public String toString() {
        return String.format("requests=%d DHR=%.4f BHR=%.4f saved=%.4f", requests,
                documentHitRatio(), byteHitRatio(), savedCostRatio());
    }
}
