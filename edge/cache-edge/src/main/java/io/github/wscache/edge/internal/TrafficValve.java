package io.github.wscache.edge.internal;

import jakarta.servlet.ServletException;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;

/**
 * Sits in front of the proxy servlet: counts the requests in flight, so that a graceful stop can
 * wait for them ({@link #awaitIdle}), and hands each finished request to the {@link AccessLog},
 * if there is one.
 *
 * <p>A request counts from the moment it enters the pipeline until Tomcat calls
 * {@link #log} after the response is finished (all bytes written), not merely until the servlet
 * returns: a drain that ended earlier could cut the last bytes of a response. Implementing
 * Tomcat's {@link org.apache.catalina.AccessLog} is what makes Tomcat call {@link #log} then,
 * with the bytes sent and the time taken.
 */
public final class TrafficValve extends ValveBase implements org.apache.catalina.AccessLog {
    private static final String COUNTED = TrafficValve.class.getName() + ".counted";

    private final AtomicInteger inFlight = new AtomicInteger();
    private final Object idle = new Object();
    private final AccessLog accessLog;

    /** Creates the valve; {@code accessLog} may be {@code null} (no access log). */
    public TrafficValve(AccessLog accessLog) {
        super(false);
        this.accessLog = accessLog;
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        inFlight.incrementAndGet();
        request.setNote(COUNTED, Boolean.TRUE);
        request.setAttribute(FieldBytes.ATTRIBUTE, response.getCoyoteResponse().getMimeHeaders());
        getNext().invoke(request, response);
    }

    @Override
    public void log(Request request, Response response, long time) {
        if (request.getNote(COUNTED) == null) {
            // refused before the pipeline (e.g. the context was stopping): not counted in
            return;
        }
        request.removeNote(COUNTED);
        try {
            if (accessLog != null) {
                accessLog.log(new AccessLog.Entry(request.getRemoteAddr(),
                        request.getRemoteUser(), System.currentTimeMillis()
                                - TimeUnit.NANOSECONDS.toMillis(time),
                        request.getMethod(), request.getRequestURI(), request.getQueryString(),
                        request.getProtocol(), response.getStatus(),
                        response.getBytesWritten(false), request.getHeader("Referer"),
                        request.getHeader("User-Agent"), response.getHeader("Cache-Status"),
                        time));
            }
        } finally {
            if (inFlight.decrementAndGet() == 0) {
                synchronized (idle) {
                    idle.notifyAll();
                }
            }
        }
    }

    /** Returns the number of requests in flight. */
    public int inFlight() {
        return inFlight.get();
    }

    /**
     * Waits until no request is in flight or {@code timeoutNanos} passed.
     *
     * @return whether all requests finished
     */
    public boolean awaitIdle(long timeoutNanos) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNanos;
        synchronized (idle) {
            while (inFlight.get() > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(idle, left);
            }
        }
        return true;
    }

    @Override
    public void setRequestAttributesEnabled(boolean enabled) {
        // the remote address is always the connection's own
    }

    @Override
    public boolean getRequestAttributesEnabled() {
        return false;
    }
}
