package io.github.wscache.sim;

import io.github.wscache.sim.policy.CachePolicy;
import io.github.wscache.sim.policy.PolicyType;
import io.github.wscache.sim.report.Metrics;
import io.github.wscache.sim.trace.Trace;

/**
 * Replays a trace through one policy. Every request goes to the policy, which answers it or
 * misses; a miss is stored only if its size is within the admission threshold (paper 003's
 * "cacheability size threshold"). Metrics are kept twice: cold, over every request from an empty
 * cache, and warm, over the requests after a warm-up prefix.
 *
 * <pre>{@code
 * Trace trace = SyntheticWorkload.paper003(42).generate(1_000_000);
 * Simulator.Result r = Simulator.run(trace, PolicyType.WSCACHE, trace.workingSetBytes() / 10,
 *         Simulator.PAPER_ADMISSION_THRESHOLD, 100_000);
 * double dhr = r.warm().documentHitRatio();
 * }</pre>
 */
public final class Simulator {
    /** Paper 003's cacheability size threshold: 250 KB. */
    public static final int PAPER_ADMISSION_THRESHOLD = 250 * 1024;

    private Simulator() {
    }

    /**
     * The metrics of one run.
     *
     * @param cold over every request, from an empty cache
     * @param warm over the requests after the warm-up
     */
    public record Result(Metrics cold, Metrics warm) {
    }

    /**
     * Runs {@code trace} through a new cache of {@code type} holding {@code capacityBytes}.
     *
     * @param admissionThreshold the largest response cached, in bytes
     * @param warmup the number of leading requests left out of the warm metrics
     */
    public static Result run(Trace trace, PolicyType type, long capacityBytes,
            int admissionThreshold, int warmup) {
        return run(trace, type.create(capacityBytes, admissionThreshold), admissionThreshold,
                warmup);
    }

    /** Runs {@code trace} through {@code policy}, which may have seen requests already. */
    static Result run(Trace trace, CachePolicy policy, int admissionThreshold, int warmup) {
        if (warmup < 0) {
            throw new IllegalArgumentException("warm-up must not be negative: " + warmup);
        }
        Metrics cold = new Metrics();
        Metrics warm = new Metrics();
        for (int i = 0; i < trace.length(); i++) {
            int size = trace.size(i);
            boolean hit = policy.request(trace.key(i), size, trace.cost(i), trace.timeMicros(i),
                    size <= admissionThreshold);
            cold.record(hit, size, trace.cost(i));
            if (i >= warmup) {
                warm.record(hit, size, trace.cost(i));
            }
        }
        return new Result(cold, warm);
    }

    /**
     * The cold start (paper 002's empty cache): the cumulative document hit ratio over the first
     * {@code step}, 2 × {@code step}, … {@code points} × {@code step} requests from an empty cache.
     */
    public static double[] coldCurve(Trace trace, PolicyType type, long capacityBytes,
            int admissionThreshold, int step, int points) {
        if (step < 1 || points < 1) {
            throw new IllegalArgumentException(
                    "step and points must be positive: " + step + ", " + points);
        }
        CachePolicy policy = type.create(capacityBytes, admissionThreshold);
        double[] curve = new double[points];
        long hits = 0;
        int end = (int) Math.min(trace.length(), (long) step * points);
        for (int i = 0; i < end; i++) {
            int size = trace.size(i);
            boolean hit = policy.request(trace.key(i), size, trace.cost(i), trace.timeMicros(i),
                    size <= admissionThreshold);
            hits += hit ? 1 : 0;
            if ((i + 1) % step == 0) {
                curve[i / step] = (double) hits / (i + 1);
            }
        }
        return curve;
    }
}
