package io.github.wscache.google;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Per-caller session cookies, as a stateful service sets them: a request without a
 * {@code JSESSIONID} cookie gets {@code Set-Cookie: JSESSIONID=s<n>} with a new {@code n}; a
 * request that sends one gets none. Off until switched on. Thread-safe.
 */
final class SessionCookies implements Filter {
    static final String NAME = "JSESSIONID";

    private volatile boolean on;
    private final AtomicLong sessions = new AtomicLong();

    void enable(boolean enabled) {
        this.on = enabled;
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (on && !hasSession((HttpServletRequest) request)) {
            Cookie c = new Cookie(NAME, "s" + sessions.incrementAndGet());
            c.setPath("/");
            ((HttpServletResponse) response).addCookie(c);
        }
        chain.doFilter(request, response);
    }

    private static boolean hasSession(HttpServletRequest request) {
        Cookie[] cookies = request.getCookies();
        if (cookies != null) {
            for (Cookie c : cookies) {
                if (NAME.equals(c.getName())) {
                    return true;
                }
            }
        }
        return false;
    }
}
