package io.github.wscache.sim.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.core.internal.UseCounts;
import org.junit.jupiter.api.Test;

class MinUsesTest {
    @Test
    void admitsAtTheMinUsesThMiss() {
        MinUses three = new MinUses(3);
        assertThat(three.admit(17, 100)).isFalse();
        assertThat(three.admit(17, 100)).isFalse();
        assertThat(three.admit(17, 100)).isTrue();
        assertThat(three.admit(17, 100)).isTrue();
        assertThat(three.admit(18, 100)).isFalse();
    }

    @Test
    void minUses1_admitsEverything() {
        MinUses once = new MinUses(1);
        for (long key = 0; key < 100; key++) {
            assertThat(once.admit(key, 1)).isTrue();
        }
    }

    @Test
    void countsNeverFallBelowTheTrueCountAndStopAtFifteen() {
        MinUses sketch = new MinUses(2);
        for (long key = 0; key < 10_000; key++) {
            for (int n = 1; n <= 3; n++) {
                assertThat(sketch.count(key)).isGreaterThanOrEqualTo(n);
            }
        }
        for (int n = 0; n < 20; n++) {
            sketch.count(-1);
        }
        assertThat(sketch.count(-1)).isEqualTo(15);
    }

    @Test
    void halvingForgetsAKeyAskedForOnce() {
        MinUses sketch = new MinUses(2);
        assertThat(sketch.count(7)).isEqualTo(1);
        sketch.count(8);
        sketch.count(8);
        // the period's other misses, on keys never asked for again
        for (long key = 1_000_000; key < 1_000_000 + UseCounts.PERIOD - 3; key++) {
            sketch.count(key);
        }
        // key 7's one became a zero, key 8's two a one
        assertThat(sketch.count(7)).isEqualTo(1);
        assertThat(sketch.count(8)).isEqualTo(2);
    }

    @Test
    void rejectsMinUsesOutsideWscachesBounds() {
        assertThatThrownBy(() -> new MinUses(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("minUses must be between 1 and 15: 0");
        assertThatThrownBy(() -> new MinUses(16)).isInstanceOf(IllegalArgumentException.class);
    }
}
