package io.github.wscache.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UseCountsTest {

    @Test
    void count_growsByOnePerRequestOfAKeyAndStopsAtFifteen() {
        UseCounts a = new UseCounts();
        for (int i = 1; i <= 20; i++) {
            assertThat(a.count(42)).isEqualTo(Math.min(i, 15));
        }
        assertThat(a.count(43)).isEqualTo(1);
    }

    @Test
    void count_neverUnderestimates_aKeyAskedForTwiceAmongManyOthersIsSeenTwice() {
        UseCounts a = new UseCounts();
        int distinct = UseCounts.PERIOD / 2;
        for (int i = 0; i < distinct; i++) {
            a.count(i * 0x9E3779B1);
        }
        for (int i = 0; i < distinct; i++) {
            assertThat(a.count(i * 0x9E3779B1)).as("key %d", i).isGreaterThanOrEqualTo(2);
        }
    }

    @Test
    void count_takesFewOnceSeenKeysForRepeatedOnesWithinAPeriod() {
        UseCounts a = new UseCounts();
        int falsePositives = 0;
        int n = UseCounts.PERIOD - 1;
        for (int i = 0; i < n; i++) {
            if (a.count(Integer.reverse(i) ^ 0x5bd1e995) >= 2) {
                falsePositives++;
            }
        }
        // each first sight of a distinct key: the estimate is above one only on collisions
        assertThat(falsePositives / (double) n).isLessThan(0.01);
    }

    @Test
    void count_forgetsKeysAskedForOnceAtTheNextHalving() {
        UseCounts a = new UseCounts();
        assertThat(a.count(7)).isEqualTo(1);
        for (int i = 0; i < 3; i++) {
            a.count(1_000 + i);
        }
        for (int i = 0; i < UseCounts.PERIOD - 4; i++) {
            a.count(-1 - i);
        }
        // the period's last count halved every counter: 7's one became a zero
        assertThat(a.count(7)).isEqualTo(1);
    }

    @Test
    void count_keepsHalfOfAFrequentKeysCountAcrossAHalving() {
        UseCounts a = new UseCounts();
        for (int i = 0; i < 8; i++) {
            a.count(99);
        }
        for (int i = 0; i < UseCounts.PERIOD - 8; i++) {
            a.count(-1 - i);
        }
        assertThat(a.count(99)).isEqualTo(5);
    }
}
