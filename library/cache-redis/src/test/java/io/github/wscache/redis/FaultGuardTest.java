package io.github.wscache.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.redis.internal.Breaker;
import java.net.SocketTimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;

/** Failures become counters and open the breaker; nothing is thrown to the caller. */
class FaultGuardTest {
    private final AtomicLong now = new AtomicLong(1_000);
    private final Counters counters = new Counters();
    private final FaultGuard guard = new FaultGuard("redis://127.0.0.1:1",
            new Breaker(2, 100, now::get), counters, new OnceLog(10));

    @Test
    void aTimeoutIsAnErrorAndATimeoutAndTheThresholdOpensTheBreakerOnce() {
        JedisConnectionException timeout = new JedisConnectionException(
                new SocketTimeoutException("Read timed out"));

        guard.failed("lookup", "search", timeout);
        assertThat(guard.allow()).isTrue();
        guard.failed("lookup", "search", timeout);

        assertThat(guard.allow()).isFalse();
        assertThat(guard.isOpen()).isTrue();
        RedisTierStats s = counters.snapshot();
        assertThat(s.errors()).isEqualTo(2);
        assertThat(s.timeouts()).isEqualTo(2);
        assertThat(s.breakerOpens()).isEqualTo(1);
    }

    @Test
    void anErrorAnswerIsNoTimeoutAndASuccessStartsTheCountAgain() {
        guard.failed("store", "search", new JedisDataException("OOM command not allowed"));
        guard.succeeded();
        guard.failed("store", "search", new JedisDataException("OOM command not allowed"));

        assertThat(guard.isOpen()).isFalse();
        RedisTierStats s = counters.snapshot();
        assertThat(s.errors()).isEqualTo(2);
        assertThat(s.timeouts()).isZero();
        assertThat(s.breakerOpens()).isZero();
    }
}
