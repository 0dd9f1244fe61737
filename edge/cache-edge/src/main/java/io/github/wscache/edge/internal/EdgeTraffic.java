package io.github.wscache.edge.internal;

import io.github.wscache.edge.EdgeServer;
import java.io.OutputStream;
import java.time.Duration;
import java.time.ZoneId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The edge's view of its clients' requests: the {@link TrafficValve} in front of the proxy
 * servlet, which counts the requests in flight, and the {@link AccessLog} it feeds, when one
 * was asked for. A graceful stop waits here for the requests in flight ({@link #drain}) once the
 * proxy's port has stopped accepting.
 *
 * <p>What the drain logs goes to the logger named after {@link EdgeServer}, as it did when the
 * server drained itself: operators' logging configurations name that logger.
 */
public final class EdgeTraffic implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EdgeServer.class);

    private final AccessLog accessLog;
    private final TrafficValve valve;

    /**
     * Creates the valve and the access log.
     *
     * @param accessLog where the access log's lines go, in the local time zone; {@code null}
     *     for no access log
     */
    public EdgeTraffic(OutputStream accessLog) {
        this.accessLog = accessLog == null ? null
                : new AccessLog(accessLog, ZoneId.systemDefault());
        this.valve = new TrafficValve(this.accessLog);
    }

    /** The valve to put in front of the proxy servlet. */
    public TrafficValve valve() {
        return valve;
    }

    /**
     * Waits until no request is in flight, at most {@code timeout}; logs how many it waits for,
     * and how many are still in flight when the time is up. Returns at once when interrupted,
     * with the interrupt status set.
     */
    public void drain(Duration timeout) {
        int inFlight = valve.inFlight();
        if (inFlight == 0) {
            return;
        }
        LOG.info("stopping: waiting up to {} ms for {} request(s) in flight",
                timeout.toMillis(), inFlight);
        try {
            if (!valve.awaitIdle(timeout.toNanos())) {
                LOG.warn("stopping: {} request(s) still in flight after the drain timeout of {} "
                        + "ms are cut off", valve.inFlight(), timeout.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Writes the access log's last lines and flushes it (the stream is not closed). */
    @Override
    public void close() {
        if (accessLog != null) {
            accessLog.close();
        }
    }
}
