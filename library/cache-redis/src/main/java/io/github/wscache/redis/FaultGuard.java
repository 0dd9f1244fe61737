package io.github.wscache.redis;

import io.github.wscache.redis.internal.Breaker;
import java.net.SocketTimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.exceptions.JedisException;

/**
 * What a tier does around each Redis round trip: asks the circuit breaker whether to try at all,
 * tells it of every success, and turns every failure into counters ({@code errors},
 * {@code timeouts}, {@code breakerOpens}) and a warning logged once per cause, never an exception
 * for the caller. Thread-safe.
 */
final class FaultGuard {
    private static final Logger LOG = LoggerFactory.getLogger(RedisTier.class);

    /** The address as given, for messages. */
    private final String address;
    private final Breaker breaker;
    private final Counters counters;
    private final OnceLog log;

    FaultGuard(String address, Breaker breaker, Counters counters, OnceLog log) {
        this.address = address;
        this.breaker = breaker;
        this.counters = counters;
        this.log = log;
    }

    /** Whether Redis may be tried now (the breaker is closed, or half-open). */
    boolean allow() {
        return breaker.allow();
    }

    /** Whether the breaker is open now (Redis is skipped). */
    boolean isOpen() {
        return breaker.isOpen();
    }

    /** A round trip answered: the breaker counts from zero again. */
    void succeeded() {
        breaker.succeeded();
    }

    /**
     * A round trip failed: counts it (and whether it timed out), tells the breaker, warns when
     * that opened it, and logs the failure once per kind of {@code what} and exception.
     *
     * @param what the kind of round trip, for the message ({@code lookup}, {@code store}, ...)
     * @param operation what it was for, for the message
     */
    void failed(String what, String operation, JedisException e) {
        counters.count(RedisTierStats.ERRORS);
        if (isTimeout(e)) {
            counters.count(RedisTierStats.TIMEOUTS);
        }
        if (breaker.failed()) {
            counters.count(RedisTierStats.BREAKER_OPENS);
            LOG.warn("wscache: Redis at {} failed {} times in a row ({}); the shared tier is"
                    + " skipped for a while, every JVM goes on with its own cache", address,
                    "several", e.toString());
        }
        log.warnOnce(what + ":" + e.getClass().getName(), "wscache: Redis " + what + " for "
                + operation + " failed; answered as a miss (logged once per cause)", e);
    }

    /** Whether {@code e} or one of its causes is a socket timeout. */
    private static boolean isTimeout(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SocketTimeoutException) {
                return true;
            }
        }
        return false;
    }
}
