package io.github.wscache.google;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Holds requests (after they were counted) while closed, until opened: a test orders concurrent
 * callers against a response that has not come yet, without sleeping. A request held longer than
 * a minute is answered {@code 503} without reaching the service. Open by default. Thread-safe.
 */
final class RequestGate implements Filter {
    private static final long LIMIT_SECONDS = 60;

    private volatile CountDownLatch gate = new CountDownLatch(0);
    private final AtomicInteger held = new AtomicInteger();

    void close() {
        if (gate.getCount() == 0) {
            gate = new CountDownLatch(1);
        }
    }

    void open() {
        gate.countDown();
    }

    int held() {
        return held.get();
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        CountDownLatch current = gate;
        if (current.getCount() > 0) {
            held.incrementAndGet();
            boolean opened;
            try {
                opened = current.await(LIMIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                opened = false;
            } finally {
                held.decrementAndGet();
            }
            if (!opened) {
                HttpServletResponse http = (HttpServletResponse) response;
                http.setStatus(503);
                http.setContentType("text/plain;charset=UTF-8");
                http.getWriter().write("held longer than " + LIMIT_SECONDS + " s\n");
                return;
            }
        }
        chain.doFilter(request, response);
    }
}
