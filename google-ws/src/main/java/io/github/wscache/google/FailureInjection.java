package io.github.wscache.google;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Answers the next N requests with a fixed HTTP status and a plain-text body instead of passing
 * them to Axis2: a transport failure without a SOAP envelope, for testing that clients and
 * caches treat it as an error.
 *
 * <p>Thread-safe: each request takes one of the remaining failures atomically.
 */
final class FailureInjection implements Filter {

    private final AtomicLong remaining = new AtomicLong();
    private volatile int status;

    void failNext(int count, int status) {
        this.status = status;
        remaining.set(count);
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (remaining.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
            HttpServletResponse http = (HttpServletResponse) response;
            http.setStatus(status);
            http.setContentType("text/plain;charset=UTF-8");
            http.getWriter().write("injected failure " + status + "\n");
            return;
        }
        chain.doFilter(request, response);
    }
}
