package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.redis.internal.Breaker;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The circuit breaker on a clock the test moves. */
class BreakerTest {
    private final AtomicLong now = new AtomicLong(1_000);
    private final Breaker breaker = new Breaker(3, 100, now::get);

    @Test
    void opensAfterThresholdFailuresInARowAndClosesAfterASuccess() {
        assertThat(breaker.failed()).isFalse();
        assertThat(breaker.failed()).isFalse();
        breaker.succeeded();
        assertThat(breaker.failed()).isFalse();
        assertThat(breaker.failed()).isFalse();
        assertThat(breaker.allow()).isTrue();

        assertThat(breaker.failed()).isTrue();

        assertThat(breaker.allow()).isFalse();
        now.addAndGet(99);
        assertThat(breaker.allow()).isFalse();
        now.addAndGet(1);
        assertThat(breaker.allow()).isTrue(); // half-open
        breaker.succeeded();
        assertThat(breaker.failed()).isFalse(); // closed: counting from zero again
        assertThat(breaker.allow()).isTrue();
    }

    @Test
    void oneFailureWhileHalfOpenOpensItAgain() {
        breaker.failed();
        breaker.failed();
        breaker.failed();
        now.addAndGet(100);
        assertThat(breaker.allow()).isTrue();

        breaker.failed();

        assertThat(breaker.allow()).isFalse();
        assertThat(breaker.isOpen()).isTrue();
    }
}
