package io.github.wscache.sim.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class SyntheticWorkloadTest {
    @Test
    void sameSeed_givesTheSameTrace() {
        Trace a = SyntheticWorkload.paper003(42).generate(5_000);
        Trace b = SyntheticWorkload.paper003(42).generate(5_000);
        for (int i = 0; i < a.length(); i++) {
            assertThat(b.key(i)).isEqualTo(a.key(i));
            assertThat(b.size(i)).isEqualTo(a.size(i));
            assertThat(b.cost(i)).isEqualTo(a.cost(i));
            assertThat(b.timeMicros(i)).isEqualTo(a.timeMicros(i));
        }
    }

    @Test
    void otherSeed_givesAnotherTrace() {
        Trace a = SyntheticWorkload.paper003(1).generate(1_000);
        Trace b = SyntheticWorkload.paper003(2).generate(1_000);
        int same = 0;
        for (int i = 0; i < a.length(); i++) {
            same += a.key(i) == b.key(i) ? 1 : 0;
        }
        assertThat(same).isLessThan(200);
    }

    @Test
    void sizes_followTheLognormalBodyAndBoundedParetoTail() {
        int[] sizes = SyntheticWorkload.of(3, 200_000, 1000).documentSizes();
        double mean = Arrays.stream(sizes).average().orElseThrow();
        int[] sorted = sizes.clone();
        Arrays.sort(sorted);
        double median = sorted[sorted.length / 2];
        long tail = Arrays.stream(sizes).filter(s -> s > SyntheticWorkload.TAIL_K).count();
        // analytic values: median e^μ = 2,431 B; P(body > k) = 1.67 %; mean 9,198 B
        assertThat(median).isCloseTo(2431, within(2431 * 0.03));
        assertThat(tail / (double) sizes.length).isCloseTo(0.0167, within(0.0015));
        assertThat(mean).isCloseTo(9198, within(9198 * 0.05));
        assertThat(sorted[sorted.length - 1]).isLessThanOrEqualTo(SyntheticWorkload.TAIL_MAX);
        assertThat(sorted[0]).isPositive();
    }

    @Test
    void popularity_followsZipfWithBetaOne() {
        Trace trace = SyntheticWorkload.paper003(5).generate(300_000);
        long[] counts = new long[SyntheticWorkload.DOCUMENTS + 1];
        for (int i = 0; i < trace.length(); i++) {
            counts[(int) trace.key(i)]++;
        }
        double harmonic = 0;
        for (int r = 1; r <= SyntheticWorkload.DOCUMENTS; r++) {
            harmonic += 1.0 / r;
        }
        for (int rank : new int[] {1, 2, 3, 10}) {
            double expected = trace.length() / (rank * harmonic);
            assertThat((double) counts[rank]).as("rank %d", rank)
                    .isCloseTo(expected, within(expected * 0.05));
        }
        assertThat((double) counts[1] / counts[10]).isCloseTo(10, within(0.8));
    }

    @Test
    void arrivals_averageTheConfiguredRate() {
        Trace trace = SyntheticWorkload.of(9, 100, 1000).generate(100_000);
        double seconds = trace.timeMicros(trace.length() - 1) / 1e6;
        assertThat(trace.length() / seconds).isCloseTo(1000, within(20.0));
    }

    @Test
    void missCost_isPositiveAndGrowsWithNothingButTheDraw() {
        int[] costs = SyntheticWorkload.paper003(11).documentCosts();
        int[] sorted = costs.clone();
        Arrays.sort(sorted);
        assertThat(sorted[0]).isPositive();
        // median of the lognormal latency is 20 ms; the transfer term adds a little
        assertThat((double) sorted[sorted.length / 2]).isCloseTo(20_000, within(2_000.0));
    }
}
