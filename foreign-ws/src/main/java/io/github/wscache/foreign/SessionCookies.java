package io.github.wscache.foreign;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Optionally sets a per-user session cookie on every response, as services behind a login or a
 * load balancer do: {@code Set-Cookie: SESSION=<id>; Path=/; HttpOnly} where the id is
 * {@link ForeignServer#sessionId(String)} of the Basic user, or {@code anon-<n>} for a request
 * without Basic credentials (n counts from 1, again after {@link ForeignServer#reset()}). Off by
 * default. Thread-safe.
 */
final class SessionCookies implements Filter {

    private volatile boolean enabled;
    private final AtomicLong anonymous = new AtomicLong();

    void enabled(boolean enabled) {
        this.enabled = enabled;
    }

    boolean enabled() {
        return enabled;
    }

    /** Numbers anonymous sessions from 1 again. */
    void reset() {
        anonymous.set(0);
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (enabled) {
            String user = BasicAuth.user(((HttpServletRequest) request).getHeader("Authorization"));
            String id = user != null ? ForeignServer.sessionId(user)
                    : "anon-" + anonymous.incrementAndGet();
            ((HttpServletResponse) response).addHeader("Set-Cookie",
                    ForeignServer.SESSION_COOKIE + "=" + id + "; Path=/; HttpOnly");
        }
        chain.doFilter(request, response);
    }
}
