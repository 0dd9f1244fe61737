package io.github.wscache.portal.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The Farm experiment's query mix: Zipf, beta = 1 over 5,000 queries (paper 003). */
class ZipfTest {

    @Test
    void probabilitiesFollowOneOverRank() {
        Zipf z = new Zipf(5_000, 1.0);
        double harmonic = 0;
        for (int r = 1; r <= 5_000; r++) {
            harmonic += 1.0 / r;
        }

        assertThat(z.size()).isEqualTo(5_000);
        assertThat(z.probability(1)).isCloseTo(1 / harmonic, within(1e-12));
        assertThat(z.probability(10)).isCloseTo(z.probability(1) / 10, within(1e-12));
        assertThat(z.probability(5_000)).isCloseTo(z.probability(1) / 5_000, within(1e-12));
    }

    @Test
    void samplesAreRanksWithTheirFrequencies() {
        Zipf z = new Zipf(5_000, 1.0);
        SplittableRandom random = new SplittableRandom(1);
        int[] counts = new int[5_001];
        int n = 400_000;
        for (int i = 0; i < n; i++) {
            int r = z.next(random);
            assertThat(r).isBetween(1, 5_000);
            counts[r]++;
        }

        assertThat(counts[1] / (double) n).isCloseTo(z.probability(1), within(0.003));
        assertThat(counts[2] / (double) n).isCloseTo(z.probability(2), within(0.003));
        assertThat(counts[100] / (double) n).isCloseTo(z.probability(100), within(0.0005));
    }
}
