package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Each cause warns once, and the causes remembered are bounded. */
class OnceLogTest {
    private final OnceLog log = new OnceLog(3);

    @Test
    void aCauseWarnsOnceThenGoesToDebug() {
        assertThat(log.warnOnce("lookup:timeout", "first", null)).isTrue();
        assertThat(log.warnOnce("lookup:timeout", "again", null)).isFalse();
        assertThat(log.warnOnce("store:timeout", "another cause", null)).isTrue();
    }

    @Test
    void beyondTheBoundNoNewCauseWarns() {
        for (int i = 0; i < 3; i++) {
            assertThat(log.warnOnce("cause " + i, "cause " + i, null)).isTrue();
        }

        assertThat(log.warnOnce("one cause too many", "not a warning", null)).isFalse();
    }
}
