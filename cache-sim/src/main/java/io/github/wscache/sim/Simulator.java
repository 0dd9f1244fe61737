package io.github.wscache.sim;

/**
 * Replays a trace through one policy. Every request is looked up; a miss is offered to the policy
 * if its size is within the admission threshold (paper 003's "cacheability size threshold").
 * Metrics are kept twice: cold, over every request from an empty cache, and warm, over the
 * requests after a warm-up prefix.
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
}
