package io.github.wscache.sim.trace;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Generates a trace with the static workload of paper 003 (Cardellini et al., Table 2):
 * popularity Zipf with β = 1 over 5,000 documents; sizes from a lognormal body (μ = 7.796,
 * σ = 1.624, in bytes) whose draws above k = 75 KB are replaced by a bounded-Pareto tail
 * (α = 1.47, k = 75 KB, s_max = 1 MB). A document keeps one size for the whole trace, drawn
 * independently of its popularity rank; key {@code r} is the document of rank {@code r}
 * (1 = most popular).
 *
 * <p>What the paper leaves open and we chose (the Simulation page repeats it): k is read as
 * kilobytes, since 75 bytes would put 99 % of the draws in the tail; requests arrive as one
 * Poisson stream (default 1,000 per second, inside the paper's 700–3,300) instead of client
 * sessions, which only change the timing and the dispatch of requests, not which documents are
 * requested; and since the paper has no miss cost, each document gets a fixed one: a lognormal
 * origin latency (median 20 ms, σ = 1) plus 8 µs per KB of transfer (1 Gbit/s).
 *
 * <p>The same seed and parameters give the same trace, on any machine: the generator uses only
 * {@link SplittableRandom} and {@link StrictMath}.
 *
 * <pre>{@code
 * Trace trace = SyntheticWorkload.of(42, SyntheticWorkload.DOCUMENTS, 3300).generate(200_000);
 * }</pre>
 */
public final class SyntheticWorkload {
    /** Paper 003's workload constants. */
    public static final int DOCUMENTS = 5_000;
    public static final double ZIPF_BETA = 1.0;
    public static final double BODY_MU = 7.796;
    public static final double BODY_SIGMA = 1.624;
    public static final int TAIL_K = 75 * 1024;
    public static final double TAIL_ALPHA = 1.47;
    public static final int TAIL_MAX = 1024 * 1024;

    private final long seed;
    private final int documents;
    private final double requestsPerSecond;

    private SyntheticWorkload(long seed, int documents, double requestsPerSecond) {
        this.seed = seed;
        this.documents = documents;
        this.requestsPerSecond = requestsPerSecond;
    }

    /** Paper 003's workload over 5,000 documents at 1,000 requests per second. */
    public static SyntheticWorkload paper003(long seed) {
        return new SyntheticWorkload(seed, DOCUMENTS, 1_000);
    }

    /** The same workload with another number of documents and request rate. */
    public static SyntheticWorkload of(long seed, int documents, double requestsPerSecond) {
        if (documents < 1) {
            throw new IllegalArgumentException("documents must be positive: " + documents);
        }
        if (!(requestsPerSecond > 0)) {
            throw new IllegalArgumentException(
                    "requests per second must be positive: " + requestsPerSecond);
        }
        return new SyntheticWorkload(seed, documents, requestsPerSecond);
    }

    /** Returns the size in bytes of every document, index {@code r - 1} for rank {@code r}. */
    public int[] documentSizes() {
        SplittableRandom random = new SplittableRandom(seed);
        int[] sizes = new int[documents];
        for (int r = 0; r < documents; r++) {
            sizes[r] = drawSize(random);
        }
        return sizes;
    }

    /** Returns the miss cost in microseconds of every document, as {@link #documentSizes()}. */
    public int[] documentCosts() {
        int[] sizes = documentSizes();
        SplittableRandom random = new SplittableRandom(seed ^ 0x5DEECE66DL);
        int[] costs = new int[documents];
        for (int r = 0; r < documents; r++) {
            double latency = 20_000 * StrictMath.exp(gaussian(random));
            costs[r] = (int) Math.min(Integer.MAX_VALUE, Math.round(latency + sizes[r] / 128.0));
        }
        return costs;
    }

    /** Generates {@code requests} requests. */
    public Trace generate(int requests) {
        if (requests < 0) {
            throw new IllegalArgumentException("requests must not be negative: " + requests);
        }
        int[] sizes = documentSizes();
        int[] costs = documentCosts();
        double[] cdf = zipfCdf(documents, ZIPF_BETA);
        SplittableRandom random = new SplittableRandom(seed * 31 + 7);
        Trace.Builder trace = new Trace.Builder();
        double meanGapMicros = 1e6 / requestsPerSecond;
        double now = 0;
        for (int i = 0; i < requests; i++) {
            now += -meanGapMicros * StrictMath.log(1 - random.nextDouble());
            int rank = rank(cdf, random.nextDouble());
            trace.add((long) now, rank, sizes[rank - 1], costs[rank - 1]);
        }
        return trace.build();
    }

    static int drawSize(SplittableRandom random) {
        double x = StrictMath.exp(BODY_MU + BODY_SIGMA * gaussian(random));
        if (x > TAIL_K) {
            // bounded Pareto by inversion: F(x) = (1 - (k/x)^α) / (1 - (k/H)^α) on [k, H]
            double u = random.nextDouble();
            double ratio = StrictMath.pow((double) TAIL_K / TAIL_MAX, TAIL_ALPHA);
            x = TAIL_K / StrictMath.pow(1 - u * (1 - ratio), 1 / TAIL_ALPHA);
        }
        return (int) Math.max(1, Math.min(TAIL_MAX, Math.round(x)));
    }

    /** Cumulative Zipf probabilities; {@code cdf[r - 1]} is P(rank ≤ r). */
    static double[] zipfCdf(int n, double beta) {
        double[] cdf = new double[n];
        double sum = 0;
        for (int r = 1; r <= n; r++) {
            sum += 1 / StrictMath.pow(r, beta);
            cdf[r - 1] = sum;
        }
        for (int r = 0; r < n; r++) {
            cdf[r] /= sum;
        }
        cdf[n - 1] = 1;
        return cdf;
    }

    static int rank(double[] cdf, double u) {
        int i = Arrays.binarySearch(cdf, u);
        return (i >= 0 ? i : -i - 1) + 1;
    }

    /** A standard normal draw (Box–Muller), reproducible across JVMs unlike nextGaussian. */
    private static double gaussian(SplittableRandom random) {
        double u1 = 1 - random.nextDouble();
        double u2 = random.nextDouble();
        return StrictMath.sqrt(-2 * StrictMath.log(u1)) * StrictMath.cos(2 * Math.PI * u2);
    }
}
