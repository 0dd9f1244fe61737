package io.github.wscache.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.wscache.embedded.EmbeddedServer;
import io.github.wscache.testkit.Gate;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real JSON service on embedded Tomcat, written with Jackson, that counts the requests each
 * path receives. Paths under {@code /api/}: {@code items/N} (max-age=60), {@code etag}
 * (max-age=1 and an ETag; answers 304 to a matching If-None-Match), {@code vary} (Vary:
 * Accept-Language), {@code nostore}, {@code me} (private, the caller's Authorization),
 * {@code who/N} (max-age=60, not private, the caller's Authorization),
 * {@code slow} (max-age=60; held like {@code gated/N}), {@code gated/N} (max-age=60, the path
 * and the caller's Authorization, held at the {@link Gate} of {@link #holdGated()}),
 * {@code page/N} and {@code gatedpage/N} (a page for an edge: max-age=60, Vary: Cookie, the
 * caller's Cookie; held like {@code gated/N}), {@code fail} (500; held like {@code gated/N}),
 * {@code flaky} (max-age=1, stale-if-error=60; 503 while {@link #down}),
 * {@code tagged/N} (max-age=3600 and an ETag; 304 to a matching If-None-Match, counted as
 * {@code "tagged/N 304"}), {@code mustrevalidate} and {@code proxyrevalidate} (max-age=1 and the
 * directive), {@code smaxage} (max-age=1, s-maxage=3600), {@code aged} (max-age=3600,
 * Age: 1000 from a cache before this one), {@code hopbyhop} (Connection and
 * the fields it names, Keep-Alive, Upgrade, TE, Proxy-*, chunked), {@code nocachefields}
 * (max-age=60, no-cache="a, b" and fields a, b, c); without Cache-Control or Expires:
 * {@code plain} (nothing else), {@code etagonly} (an ETag; 304 to it, counted as
 * {@code "etagonly 304"}), {@code lastmod} (Last-Modified 100 minutes before the service
 * started; 304 to If-Modified-Since, counted as {@code "lastmod 304"}).
 * Unsafe methods: {@code PUT items/N} answers 200 with
 * {@code Content-Location: /api/items/N+100}; the others 405. Public, in this module's test jar,
 * for composition-tests' matrix.
 */
public final class JsonService implements AutoCloseable {
    /** An item as the service writes it and clients bind it. */
    record Item(int id, String name, List<String> tags) {
    }

    private final ObjectMapper mapper = new ObjectMapper();
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final AtomicInteger notModified = new AtomicInteger();
    /** What {@code lastmod} says it was last modified: 100 minutes before the service started. */
    private final long lastModified = (System.currentTimeMillis() / 1000 - 6000) * 1000;
    volatile boolean down;
    /** Where {@code gated/N}, {@code gatedpage/N}, {@code slow} and {@code fail} wait. */
    private volatile Gate gate = Gate.open();
    private final EmbeddedServer server;

    /** Starts the service on a free loopback port. */
    public JsonService() throws IOException {
        server = EmbeddedServer.builder().quietErrorPages()
                .servlet("json", new Servlet(), "/api/*").start();
    }

    /** The URI of {@code path} under {@code /api/}. */
    public URI uri(String path) {
        return server.url().resolve("api/" + path);
    }

    /** Returns how many requests {@code path} received. */
    public int count(String path) {
        AtomicInteger c = counts.get(path);
        return c == null ? 0 : c.get();
    }

    /** Returns how many requests the paths starting with {@code prefix} received in all. */
    int total(String prefix) {
        int n = 0;
        for (Map.Entry<String, AtomicInteger> e : counts.entrySet()) {
            if (e.getKey().startsWith(prefix)) {
                n += e.getValue().get();
            }
        }
        return n;
    }

    int notModifiedCount() {
        return notModified.get();
    }

    /**
     * Holds every request of {@code gated/N}, {@code gatedpage/N}, {@code slow} and
     * {@code fail} from now on, after counting it, until {@link #releaseGated()}.
     */
    public void holdGated() {
        if (gate.isOpen()) {
            gate = new Gate(Duration.ofSeconds(60));
        }
    }

    /** Waits until {@code n} requests in all have reached the gate since it was shut. */
    public void awaitHeld(int n) throws InterruptedException {
        gate.awaitEntered(n);
    }

    /** Lets the held requests and every later one through; idempotent. */
    public void releaseGated() {
        gate.release();
    }

    /** The number of requests held now. */
    public int heldGated() {
        return gate.waiting();
    }

    @Override
    public void close() {
        server.close();
    }

    /** Waits at the gate; false (a 503 sent) when it stays shut. */
    private boolean awaitGate(HttpServletResponse resp) {
        try {
            gate.pass();
            return true;
        } catch (IllegalStateException e) {
            resp.setStatus(503);
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private final class Servlet extends HttpServlet {
        private static final long serialVersionUID = 1L;

        @Override
        protected void doPut(HttpServletRequest req, HttpServletResponse resp)
                throws IOException {
            String path = req.getPathInfo().substring(1);
            counts.computeIfAbsent("PUT " + path, p -> new AtomicInteger()).incrementAndGet();
            int id = Integer.parseInt(path.substring(6));
            resp.setContentType("application/json");
            resp.setHeader("Content-Location", "/api/items/" + (id + 100));
            mapper.writeValue(resp.getOutputStream(), Map.of("updated", id));
        }

        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
            String path = req.getPathInfo().substring(1);
            counts.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
            resp.setContentType("application/json");
            String first = path.contains("/") ? path.substring(0, path.indexOf('/')) : path;
            Object body;
            switch (first) {
                case "items" -> {
                    int id = Integer.parseInt(path.substring(6));
                    resp.setHeader("Cache-Control", "max-age=60");
                    body = new Item(id, "item " + id, List.of("a", "b"));
                }
                case "etag" -> {
                    resp.setHeader("Cache-Control", "max-age=1");
                    resp.setHeader("ETag", "\"v1\"");
                    if ("\"v1\"".equals(req.getHeader("If-None-Match"))) {
                        notModified.incrementAndGet();
                        resp.setStatus(304);
                        return;
                    }
                    body = new Item(1, "tagged", List.of());
                }
                case "vary" -> {
                    resp.setHeader("Cache-Control", "max-age=60");
                    resp.setHeader("Vary", "Accept-Language");
                    body = Map.of("lang", String.valueOf(req.getHeader("Accept-Language")));
                }
                case "nostore" -> {
                    resp.setHeader("Cache-Control", "no-store");
                    body = Map.of("n", count(path));
                }
                case "me" -> {
                    resp.setHeader("Cache-Control", "private, max-age=60");
                    body = Map.of("user", String.valueOf(req.getHeader("Authorization")));
                }
                case "who" -> {
                    // a personal answer the service does not mark private: the cache must keep
                    // it apart by the caller's identity all the same
                    resp.setHeader("Cache-Control", "max-age=60");
                    body = Map.of("who", path, "user",
                            String.valueOf(req.getHeader("Authorization")));
                }
                case "tagged" -> {
                    resp.setHeader("Cache-Control", "max-age=3600");
                    resp.setHeader("ETag", "\"t1\"");
                    if ("\"t1\"".equals(req.getHeader("If-None-Match"))) {
                        counts.computeIfAbsent(path + " 304", p -> new AtomicInteger())
                                .incrementAndGet();
                        resp.setStatus(304);
                        return;
                    }
                    body = Map.of("tagged", "t1");
                }
                case "mustrevalidate" -> {
                    resp.setHeader("Cache-Control", "max-age=1, must-revalidate");
                    body = Map.of("must", "revalidate");
                }
                case "proxyrevalidate" -> {
                    resp.setHeader("Cache-Control", "max-age=1, proxy-revalidate");
                    body = Map.of("proxy", "revalidate");
                }
                case "plain" -> body = Map.of("says", "nothing");
                case "etagonly" -> {
                    resp.setHeader("ETag", "\"e1\"");
                    if ("\"e1\"".equals(req.getHeader("If-None-Match"))) {
                        counts.computeIfAbsent(path + " 304", p -> new AtomicInteger())
                                .incrementAndGet();
                        resp.setStatus(304);
                        return;
                    }
                    body = Map.of("etag", "only");
                }
                case "lastmod" -> {
                    resp.setDateHeader("Last-Modified", lastModified);
                    if (req.getDateHeader("If-Modified-Since") >= lastModified) {
                        counts.computeIfAbsent(path + " 304", p -> new AtomicInteger())
                                .incrementAndGet();
                        resp.setStatus(304);
                        return;
                    }
                    body = Map.of("last", "modified");
                }
                case "aged" -> {
                    resp.setHeader("Cache-Control", "max-age=3600");
                    resp.setHeader("Age", "1000");
                    body = Map.of("aged", 1000);
                }
                case "smaxage" -> {
                    resp.setHeader("Cache-Control", "max-age=1, s-maxage=3600");
                    body = Map.of("for", "shared caches");
                }
                case "hopbyhop" -> {
                    resp.setHeader("Cache-Control", "max-age=60");
                    resp.setHeader("Connection", "a, b");
                    resp.setHeader("a", "1");
                    resp.setHeader("b", "2");
                    resp.setHeader("c", "3");
                    resp.setHeader("Keep-Alive", "timeout=5");
                    resp.setHeader("Upgrade", "example/1");
                    resp.setHeader("TE", "trailers");
                    resp.setHeader("Proxy-Authenticate", "Basic realm=\"proxy\"");
                    resp.setHeader("Proxy-Connection", "keep-alive");
                    // committed without a length: Tomcat frames the body with chunks
                    resp.flushBuffer();
                    body = Map.of("hop", "by hop");
                }
                case "nocachefields" -> {
                    resp.setHeader("Cache-Control", "max-age=60, no-cache=\"a, b\"");
                    resp.setHeader("a", "1");
                    resp.setHeader("b", "2");
                    resp.setHeader("c", "3");
                    body = Map.of("fields", "named");
                }
                case "page", "gatedpage" -> {
                    // a page as a site serves it to an edge: one per session cookie, held like
                    // gated/N while told to
                    if (first.equals("gatedpage") && !awaitGate(resp)) {
                        return;
                    }
                    resp.setHeader("Cache-Control", "max-age=60");
                    resp.setHeader("Vary", "Cookie");
                    body = Map.of("page", path, "user", String.valueOf(req.getHeader("Cookie")));
                }
                case "gated" -> {
                    if (!awaitGate(resp)) {
                        return;
                    }
                    resp.setHeader("Cache-Control", "max-age=60");
                    body = Map.of("gated", path, "user",
                            String.valueOf(req.getHeader("Authorization")));
                }
                case "slow" -> {
                    if (!awaitGate(resp)) {
                        return;
                    }
                    resp.setHeader("Cache-Control", "max-age=60");
                    body = Map.of("slow", true);
                }
                case "fail" -> {
                    if (!awaitGate(resp)) {
                        return;
                    }
                    resp.setStatus(500);
                    body = Map.of("error", "always");
                }
                case "flaky" -> {
                    if (down) {
                        resp.setStatus(503);
                        body = Map.of("error", "down");
                    } else {
                        resp.setHeader("Cache-Control", "max-age=1, stale-if-error=60");
                        body = Map.of("flaky", "fine");
                    }
                }
                default -> {
                    resp.setStatus(404);
                    body = Map.of("error", "no such path");
                }
            }
            mapper.writeValue(resp.getOutputStream(), body);
        }
    }
}
