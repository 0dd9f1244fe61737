package io.github.wscache.portal.load;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Ranks 1 to {@code n} drawn with probability proportional to {@code 1 / rank^beta} (paper 003:
 * beta = 1 over 5,000 documents). Immutable; each caller brings its own random source.
 */
final class Zipf {
    private final double[] cumulative;

    Zipf(int n, double beta) {
        if (n < 1 || beta < 0) {
            throw new IllegalArgumentException("n must be positive and beta not negative");
        }
        cumulative = new double[n];
        double sum = 0;
        for (int r = 1; r <= n; r++) {
            sum += 1 / Math.pow(r, beta);
            cumulative[r - 1] = sum;
        }
        for (int i = 0; i < n; i++) {
            cumulative[i] /= sum;
        }
        cumulative[n - 1] = 1;
    }

    /** Returns a rank, 1 to n. */
    int next(SplittableRandom random) {
        double u = random.nextDouble();
        int i = Arrays.binarySearch(cumulative, u);
        return (i >= 0 ? i : -i - 1) + 1;
    }

    /** Returns the probability of {@code rank}. */
    double probability(int rank) {
        return cumulative[rank - 1] - (rank == 1 ? 0 : cumulative[rank - 2]);
    }

    int size() {
        return cumulative.length;
    }
}
