package io.github.wscache.edge.internal;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import java.util.zip.GZIPOutputStream;

/**
 * The one servlet of the edge: forwards every request to the origin through the
 * {@link EdgeCache}, composes ESI pages with the {@link Composer}, and writes the response.
 *
 * <p>Writing: a page whose body is complete at once (no includes, or all of them already
 * resolved) goes out with {@code Content-Length}. A page with pending includes that may all be
 * dropped silently ({@code onerror="continue"}) is streamed with chunked encoding, flushing the
 * text up to the first unfinished include. A page with a pending include that could still fail
 * the whole page waits for all its includes (which are fetched in parallel) so that a failure is
 * a clean 502/504 instead of a truncated page.
 *
 * <p>The client's conditional GET ({@code If-None-Match}, {@code If-Modified-Since}) is answered
 * here with a 304 when the response the edge has is a 200 whose validators match; a composed
 * page has no validators (its parts change independently), so it is always sent in full.
 */
public final class ProxyServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final int GZIP_MIN = 1024;
    private static final Duration PAGE_TIMEOUT = Duration.ofSeconds(30);

    private final transient String origin;
    private final transient EdgeCache cache;
    private final transient Composer composer;
    private final transient EdgeCounters counters;
    private final transient String adminPath;
    private final transient Supplier<String> statsJson;

    /** Creates the servlet; {@code origin} is the base URL without a trailing slash. */
    public ProxyServlet(String origin, EdgeCache cache, Composer composer, EdgeCounters counters,
            String adminPath, Supplier<String> statsJson) {
        this.origin = origin;
        this.cache = cache;
        this.composer = composer;
        this.counters = counters;
        this.adminPath = adminPath;
        this.statsJson = statsJson;
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = req.getRequestURI();
        if (adminPath != null && path.equals(adminPath)) {
            byte[] json = statsJson.get().getBytes(StandardCharsets.UTF_8);
            resp.setStatus(200);
            resp.setContentType("application/json");
            resp.setHeader("Cache-Control", "no-store");
            resp.setContentLength(json.length);
            resp.getOutputStream().write(json);
            return;
        }
        counters.requests.increment();
        String q = req.getQueryString();
        URI uri = URI.create(origin + path + (q == null ? "" : "?" + q));
        Map<String, List<String>> in = HeaderRules.newHeaders();
        for (String n : Collections.list(req.getHeaderNames())) {
            in.put(n, Collections.list(req.getHeaders(n)));
        }
        Map<String, List<String>> toOrigin = HeaderRules.towardOrigin(in);
        String method = req.getMethod().toUpperCase(Locale.ROOT);
        byte[] body = method.equals("GET") || method.equals("HEAD") ? null
                : req.getInputStream().readAllBytes();
        boolean gzipOk = acceptsGzip(in);

        Fetched f;
        try {
            f = cache.fetch("page", method, uri, toOrigin, body, PAGE_TIMEOUT,
                    method.equals("GET"));
        } catch (OriginException e) {
            counters.misses.increment();
            counters.originRequests.increment();
            error(resp, e.isTimeout() ? 504 : 502, "wscache-edge; fwd=miss",
                    "wscache-edge: origin request failed: " + e.getMessage());
            return;
        }
        int originTrips = f.outcome().forwarded() ? 1 : 0;
        if (f.outcome().forwarded()) {
            counters.misses.increment();
            counters.originRequests.increment();
        } else {
            counters.hits.increment();
        }
        OriginResponse r = f.response();
        Map<String, List<String>> out = HeaderRules.towardClient(r.headers());
        String status = "wscache-edge; " + f.outcome().cacheStatus()
                + (f.stored() ? "; stored" : "");
        if (f.ageSeconds() >= 0) {
            out.put("Age", List.of(Long.toString(f.ageSeconds())));
        }
        String type = r.header("Content-Type");
        boolean textual = HeaderRules.isTextual(type) && !r.headers().containsKey(
                "Content-Encoding");
        if (textual) {
            out.put("Vary", List.of(addVary(out.get("Vary"))));
        }
        if (method.equals("HEAD") || !composer.isEsi(r)) {
            counters.filtered.add(originTrips == 0 ? 1 : 0);
            if (method.equals("GET") && r.status() == 200 && Conditionals.notModified(in, out)) {
                out.keySet().removeIf(n -> !Conditionals.KEPT_ON_304.contains(n)
                        && !n.equalsIgnoreCase("Age"));
                headers(resp, 304, out, status);
                return;
            }
            if (method.equals("HEAD") && r.header("Content-Length") != null) {
                out.put("Content-Length", List.of(r.header("Content-Length")));
            }
            send(resp, r.status(), out, status, r.body(), gzipOk && textual);
            return;
        }

        out.remove("ETag");
        out.remove("Last-Modified");
        Composer.Page page = new Composer.Page(includeHeaders(toOrigin));
        List<Composer.Part> parts = composer.start(r.body(), f.isStoredBody(), uri, 0, page);
        boolean done = parts.stream().allMatch(p -> p.future() == null || p.future().isDone());
        boolean safe = parts.stream().allMatch(p -> p.future() == null
                || p.include().continueOnError() || p.future().isDone());
        if (!done && safe) {
            stream(resp, r.status(), out, status + detail(page), parts, gzipOk && textual);
            counters.filtered.add(originTrips == 0 && page.misses.get() == 0 ? 1 : 0);
        } else {
            ByteArrayOutputStream composed = new ByteArrayOutputStream();
            try {
                for (Composer.Part p : parts) {
                    composed.writeBytes(p.bytes() != null ? p.bytes() : p.future().join());
                }
            } catch (CompletionException e) {
                IncludeFailure fail = Composer.failure(Composer.unwrap(e), "?");
                error(resp, fail.status(), status + detail(page), "wscache-edge: "
                        + fail.getMessage());
                return;
            }
            counters.filtered.add(originTrips == 0 && page.misses.get() == 0 ? 1 : 0);
            send(resp, r.status(), out, status + detail(page), composed.toByteArray(),
                    gzipOk && textual);
        }
    }

    private static String detail(Composer.Page page) {
        return "; detail=\"fragments " + page.hits.get() + " hit " + page.misses.get()
                + " miss\"";
    }

    /** The client's fields for include requests: no body fields, no conditionals. */
    private static Map<String, List<String>> includeHeaders(Map<String, List<String>> toOrigin) {
        Map<String, List<String>> h = HeaderRules.newHeaders();
        h.putAll(toOrigin);
        for (String n : List.of("Content-Type", "Content-Encoding", "If-None-Match",
                "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range", "Range")) {
            h.remove(n);
        }
        return h;
    }

    private static String addVary(List<String> vary) {
        if (vary == null || vary.isEmpty()) {
            return "Accept-Encoding";
        }
        String v = String.join(", ", vary);
        return v.toLowerCase(Locale.ROOT).contains("accept-encoding") ? v
                : v + ", Accept-Encoding";
    }

    private static boolean acceptsGzip(Map<String, List<String>> in) {
        for (String m : HeaderRules.members(in, "Accept-Encoding")) {
            String[] p = m.split(";");
            if (p[0].trim().equalsIgnoreCase("gzip")) {
                return !(p.length > 1 && p[1].trim().replace(" ", "").matches("q=0(\\.0*)?"));
            }
        }
        return false;
    }

    private static void headers(HttpServletResponse resp, int status,
            Map<String, List<String>> out, String cacheStatus) {
        resp.setStatus(status);
        for (Map.Entry<String, List<String>> e : out.entrySet()) {
            for (String v : e.getValue()) {
                resp.addHeader(e.getKey(), v);
            }
        }
        resp.setHeader("Cache-Status", cacheStatus);
    }

    private void send(HttpServletResponse resp, int status, Map<String, List<String>> out,
            String cacheStatus, byte[] body, boolean gzip) throws IOException {
        byte[] b = body;
        if (gzip && b.length > GZIP_MIN) {
            ByteArrayOutputStream z = new ByteArrayOutputStream(b.length / 3 + 64);
            try (GZIPOutputStream gz = new GZIPOutputStream(z)) {
                gz.write(b);
            }
            b = z.toByteArray();
            out.put("Content-Encoding", List.of("gzip"));
        }
        boolean head = out.containsKey("Content-Length");
        headers(resp, status, out, cacheStatus);
        // counted before the bytes leave, so that a client that has the response sees it counted
        counters.bytes.add(head ? 0 : b.length);
        if (!head) {
            resp.setContentLengthLong(b.length);
            resp.getOutputStream().write(b);
        }
    }

    private void stream(HttpServletResponse resp, int status, Map<String, List<String>> out,
            String cacheStatus, List<Composer.Part> parts, boolean gzip) throws IOException {
        if (gzip) {
            out.put("Content-Encoding", List.of("gzip"));
        }
        headers(resp, status, out, cacheStatus);
        CountingStream counting = new CountingStream(resp.getOutputStream());
        OutputStream o = gzip ? new GZIPOutputStream(counting, true) : counting;
        for (Composer.Part p : parts) {
            if (p.bytes() != null) {
                o.write(p.bytes());
            } else {
                if (!p.future().isDone()) {
                    o.flush();
                }
                o.write(p.future().join());
            }
        }
        o.close();
        counters.bytes.add(counting.count);
    }

    private void error(HttpServletResponse resp, int status, String cacheStatus,
            String message) throws IOException {
        counters.errors.increment();
        byte[] b = (message + "\n").getBytes(StandardCharsets.UTF_8);
        resp.setStatus(status);
        resp.setContentType("text/plain; charset=UTF-8");
        resp.setHeader("Cache-Status", cacheStatus);
        resp.setContentLength(b.length);
        resp.getOutputStream().write(b);
    }

    /** Counts the bytes that reach the client. */
    private static final class CountingStream extends OutputStream {
        private final OutputStream out;
        long count;

        CountingStream(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            out.flush();
        }
    }
}
