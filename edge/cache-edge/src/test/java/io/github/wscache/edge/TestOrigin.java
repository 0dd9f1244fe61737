package io.github.wscache.edge;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * An origin for tests: the JDK HTTP server on loopback serving configured pages and fragments
 * with configured headers, delays and failures, counting requests per path.
 */
final class TestOrigin implements AutoCloseable {
    /** What a route answers. */
    static final class Route {
        int status = 200;
        final Map<String, String> headers = new LinkedHashMap<>();
        Function<HttpExchange, String> body = x -> "";
        long delayMillis;
        String etag;

        Route header(String name, String value) {
            headers.put(name, value);
            return this;
        }

        Route esi() {
            return header("Surrogate-Control", "content=\"ESI/1.0\"");
        }

        Route status(int s) {
            this.status = s;
            return this;
        }

        Route delay(long ms) {
            this.delayMillis = ms;
            return this;
        }

        Route etag(String tag) {
            this.etag = tag;
            return header("ETag", tag);
        }

        Route body(Function<HttpExchange, String> b) {
            this.body = b;
            return this;
        }
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final Map<String, Route> routes = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> notModified = new ConcurrentHashMap<>();
    private volatile Map<String, List<String>> lastRequest = Map.of();
    private volatile String lastBody = "";

    TestOrigin() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    /** Adds (or replaces) a route with a fixed body and returns it for more settings. */
    Route route(String path, String body) {
        Route r = new Route().body(x -> body);
        routes.put(path, r);
        return r;
    }

    URI uri() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    int port() {
        return server.getAddress().getPort();
    }

    int count(String path) {
        AtomicInteger c = counts.get(path);
        return c == null ? 0 : c.get();
    }

    int notModified(String path) {
        AtomicInteger c = notModified.get(path);
        return c == null ? 0 : c.get();
    }

    int total() {
        return counts.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    Map<String, List<String>> lastRequest() {
        return lastRequest;
    }

    String lastBody() {
        return lastBody;
    }

    private void handle(HttpExchange x) throws IOException {
        String path = x.getRequestURI().getPath();
        counts.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
        lastRequest = Map.copyOf(x.getRequestHeaders());
        try (InputStream in = x.getRequestBody()) {
            lastBody = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Route r = routes.get(path);
        if (r == null) {
            send(x, 404, "no route " + path);
            return;
        }
        if (r.delayMillis > 0) {
            try {
                Thread.sleep(r.delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        r.headers.forEach((k, v) -> x.getResponseHeaders().add(k, v));
        if (r.etag != null && r.etag.equals(x.getRequestHeaders().getFirst("If-None-Match"))) {
            notModified.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
            x.sendResponseHeaders(304, -1);
            x.close();
            return;
        }
        if (!r.headers.containsKey("Content-Type")) {
            x.getResponseHeaders().add("Content-Type", "text/html; charset=UTF-8");
        }
        send(x, r.status, r.body.apply(x));
    }

    private static void send(HttpExchange x, int status, String body) throws IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        x.sendResponseHeaders(status, b.length == 0 ? -1 : b.length);
        try (OutputStream o = x.getResponseBody()) {
            o.write(b);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
