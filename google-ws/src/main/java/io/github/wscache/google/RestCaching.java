package io.github.wscache.google;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * HTTP caching headers for REST GET operation requests, so that clients can be tested against a
 * server that sends {@code Cache-Control: max-age} and an {@code ETag} and answers
 * {@code 304 Not Modified} to a matching {@code If-None-Match}.
 *
 * <p>Responses are pure functions of the request, so the entity tag is a hash of the request URI,
 * the query string and a content version; {@link #changeContent()} bumps the version, which makes
 * every earlier tag stale. Off until {@link #maxAge(Duration)} is given a value.
 *
 * <p>Thread-safe.
 */
final class RestCaching implements Filter {

    private volatile Duration maxAge;
    private volatile int conditionalStatus = HttpServletResponse.SC_NOT_MODIFIED;
    private final java.util.Map<String, String> lastConditionalHeaders =
            new java.util.concurrent.ConcurrentHashMap<>();
    private final AtomicLong version = new AtomicLong();

    void conditionalStatus(int status) {
        this.conditionalStatus = status;
    }

    String lastConditionalHeader(String name) {
        return lastConditionalHeaders.get(name.toLowerCase(java.util.Locale.ROOT));
    }

    void maxAge(Duration maxAge) {
        this.maxAge = maxAge;
    }

    void changeContent() {
        version.incrementAndGet();
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest http = (HttpServletRequest) request;
        Duration age = maxAge;
        if (age == null || !"GET".equals(http.getMethod())
                || RequestCounter.operationFromPath(http.getRequestURI()).isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        HttpServletResponse out = (HttpServletResponse) response;
        String etag = etag(http);
        out.setHeader("ETag", etag);
        out.setHeader("Cache-Control", "max-age=" + age.toSeconds());
        String ifNoneMatch = http.getHeader("If-None-Match");
        if (ifNoneMatch != null) {
            lastConditionalHeaders.clear();
            for (String name : java.util.Collections.list(http.getHeaderNames())) {
                lastConditionalHeaders.put(name.toLowerCase(java.util.Locale.ROOT),
                        http.getHeader(name));
            }
        }
        if (ifNoneMatch != null && (ifNoneMatch.contains(etag) || ifNoneMatch.trim().equals("*"))) {
            int status = conditionalStatus;
            out.setStatus(status);
            if (status != HttpServletResponse.SC_NOT_MODIFIED) {
                out.setContentType("text/plain");
                out.getWriter().write("unexpected answer to a conditional request");
            }
            return;
        }
        chain.doFilter(request, response);
    }

    private String etag(HttpServletRequest request) {
        String query = request.getQueryString();
        String identity = request.getRequestURI() + '?' + (query == null ? "" : query) + '#'
                + version.get();
        long h = 1125899906842597L;
        for (byte b : identity.getBytes(StandardCharsets.UTF_8)) {
            h = 31 * h + b;
        }
        return "\"" + Long.toHexString(h) + "\"";
    }
}
