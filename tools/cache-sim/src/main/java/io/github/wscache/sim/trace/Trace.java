package io.github.wscache.sim.trace;

import java.util.Arrays;
import java.util.HashMap;

/**
 * An immutable sequence of requests, stored column-wise so that ten million requests fit in a
 * few hundred megabytes. Request {@code i} is for document {@link #key(int)}, whose response has
 * {@link #size(int)} bytes and costs {@link #cost(int)} microseconds to fetch on a miss, at
 * {@link #timeMicros(int)} microseconds from the start of the trace (non-decreasing).
 *
 * <pre>{@code
 * Trace trace = TraceCsv.read(Files.newBufferedReader(Path.of("petshop.csv")));
 * long workingSet = trace.workingSetBytes();
 * }</pre>
 */
public final class Trace {
    private final long[] time;
    private final long[] key;
    private final int[] size;
    private final int[] cost;

    Trace(long[] time, long[] key, int[] size, int[] cost) {
        if (time.length != key.length || key.length != size.length || size.length != cost.length) {
            throw new IllegalArgumentException("trace columns differ in length");
        }
        this.time = time;
        this.key = key;
        this.size = size;
        this.cost = cost;
    }

    /** Returns the number of requests. */
    public int length() {
        return key.length;
    }

    /** Returns the time of request {@code i}, in microseconds from the start of the trace. */
    public long timeMicros(int i) {
        return time[i];
    }

    /** Returns the document requested by request {@code i}. */
    public long key(int i) {
        return key[i];
    }

    /** Returns the size in bytes of the response to request {@code i}. */
    public int size(int i) {
        return size[i];
    }

    /** Returns the cost of a miss for request {@code i}, in microseconds. */
    public int cost(int i) {
        return cost[i];
    }

    /** Returns the sum of the sizes of the distinct documents in the trace (its working set). */
    public long workingSetBytes() {
        HashMap<Long, Integer> sizes = new HashMap<>();
        for (int i = 0; i < key.length; i++) {
            sizes.put(key[i], size[i]);
        }
        long total = 0;
        for (int s : sizes.values()) {
            total += s;
        }
        return total;
    }

    /** Returns the mean size of a request's response, in bytes (0 for an empty trace). */
    public double meanRequestBytes() {
        double sum = 0;
        for (int s : size) {
            sum += s;
        }
        return size.length == 0 ? 0 : sum / size.length;
    }

    /**
     * Appends requests one at a time; {@link #build()} makes the trace. For traces written in
     * code (tests, converters); files are read by {@link TraceCsv}.
     *
     * <pre>{@code
     * Trace trace = new Trace.Builder().add(0, 1, 2048, 15_000).add(1250, 1, 2048, 15_000)
     *         .build();
     * }</pre>
     */
    public static final class Builder {
        private long[] time = new long[1024];
        private long[] key = new long[1024];
        private int[] size = new int[1024];
        private int[] cost = new int[1024];
        private int n;

        /** Creates an empty builder. */
        public Builder() {
        }

        /**
         * Appends one request.
         *
         * @throws IllegalArgumentException if the size or cost is negative or time decreases
         */
        public Builder add(long timeMicros, long docKey, int bytes, int costMicros) {
            if (bytes < 0 || costMicros < 0) {
                throw new IllegalArgumentException(
                        "size and cost must not be negative: " + bytes + ", " + costMicros);
            }
            if (n > 0 && timeMicros < time[n - 1]) {
                throw new IllegalArgumentException("time must not decrease: " + timeMicros
                        + " after " + time[n - 1]);
            }
            if (n == key.length) {
                int grown = n * 2;
                time = Arrays.copyOf(time, grown);
                key = Arrays.copyOf(key, grown);
                size = Arrays.copyOf(size, grown);
                cost = Arrays.copyOf(cost, grown);
            }
            time[n] = timeMicros;
            key[n] = docKey;
            size[n] = bytes;
            cost[n] = costMicros;
            n++;
            return this;
        }

        /** Returns the trace of the requests appended so far. */
        public Trace build() {
            return new Trace(Arrays.copyOf(time, n), Arrays.copyOf(key, n),
                    Arrays.copyOf(size, n), Arrays.copyOf(cost, n));
        }
    }
}
