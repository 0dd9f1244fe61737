package io.github.wscache.sim;

/**
 * Replays a trace through one policy. Every request is looked up; a miss is offered to the policy
 * if its size is within the admission threshold (paper 003's "cacheability size threshold").
 * Metrics are kept twice: cold, over every request from an empty cache, and warm, over the
 * requests after a warm-up prefix.
 *
 * <pre>{@code
 * Trace trace = SyntheticWorkload.paper003(42).generate(1_000_000);
 * Simulator.Result r = Simulator.run(trace, PolicyType.CAFFEINE, trace.workingSetBytes() / 10,
 *         Simulator.PAPER_ADMISSION_THRESHOLD, 100_000);
 * double dhr = r.warm().documentHitRatio();
 * }</pre>
 */
public final class Simulator {
    /** Paper 003's cacheability size threshold: 250 KB. */
    public static final int PAPER_ADMISSION_THRESHOLD = 250 * 1024;

    private Simulator() {
    }

    /** The metrics of one run. */
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
        return run(trace, type.create(capacityBytes), admissionThreshold, warmup);
    }

    static Result run(Trace trace, CachePolicy policy, int admissionThreshold, int warmup) {
        if (warmup < 0) {
            throw new IllegalArgumentException("warm-up must not be negative: " + warmup);
        }
        Metrics cold = new Metrics();
        Metrics warm = new Metrics();
        for (int i = 0; i < trace.length(); i++) {
            long key = trace.key(i);
            long now = trace.timeMicros(i);
            int size = trace.size(i);
            boolean hit = policy.hit(key, now);
            if (!hit && size <= admissionThreshold) {
                policy.admit(key, size, trace.cost(i), now);
            }
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
        CachePolicy policy = type.create(capacityBytes);
        double[] curve = new double[points];
        long hits = 0;
        int end = (int) Math.min(trace.length(), (long) step * points);
        for (int i = 0; i < end; i++) {
            long key = trace.key(i);
            long now = trace.timeMicros(i);
            boolean hit = policy.hit(key, now);
            if (!hit && trace.size(i) <= admissionThreshold) {
                policy.admit(key, trace.size(i), trace.cost(i), now);
            }
            hits += hit ? 1 : 0;
            if ((i + 1) % step == 0) {
                curve[i / step] = (double) hits / (i + 1);
            }
        }
        return curve;
    }
}
