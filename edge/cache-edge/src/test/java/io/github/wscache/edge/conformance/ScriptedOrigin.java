package io.github.wscache.edge.conformance;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.github.wscache.core.internal.http.HttpDates;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * An origin for the conformance table: the JDK HTTP server on loopback; each path answers its
 * scripted responses in order (the last one repeats) and keeps the requests it received.
 * Header values may hold {@code {p}} (the case's path prefix), {@code {origin}} (this server's
 * base URL) and {@code {now+N}} (an HTTP date N seconds from now, real time).
 */
final class ScriptedOrigin implements AutoCloseable {
    /** A request as the origin saw it. */
    record Seen(String method, Map<String, List<String>> headers) {
        String header(String name) {
            for (Map.Entry<String, List<String>> e : headers.entrySet()) {
                if (e.getKey().equalsIgnoreCase(name)) {
                    return e.getValue().get(0);
                }
            }
            return null;
        }
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "scripted-origin");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, List<ConformanceCase.Resp>> scripts = new ConcurrentHashMap<>();
    private final Map<String, List<Seen>> seen = new ConcurrentHashMap<>();

    ScriptedOrigin() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    int port() {
        return server.getAddress().getPort();
    }

    String base() {
        return "http://127.0.0.1:" + port();
    }

    void script(String path, List<ConformanceCase.Resp> responses) {
        scripts.put(path, responses);
    }

    List<Seen> seen(String path) {
        return seen.getOrDefault(path, List.of());
    }

    private void handle(HttpExchange x) throws IOException {
        String path = x.getRequestURI().getPath();
        List<Seen> log = seen.computeIfAbsent(path, p -> new CopyOnWriteArrayList<>());
        int n = log.size();
        log.add(new Seen(x.getRequestMethod(), Map.copyOf(x.getRequestHeaders())));
        try (InputStream in = x.getRequestBody()) {
            in.readAllBytes();
        }
        List<ConformanceCase.Resp> script = scripts.get(path);
        if (script == null) {
            byte[] b = ("no script for " + path).getBytes(StandardCharsets.UTF_8);
            x.sendResponseHeaders(404, b.length);
            try (OutputStream o = x.getResponseBody()) {
                o.write(b);
            }
            return;
        }
        ConformanceCase.Resp r = script.get(Math.min(n, script.size() - 1));
        if (r.drop()) {
            x.close();
            return;
        }
        String prefix = path.substring(0, path.indexOf('/', 1));
        for (String[] h : r.headers()) {
            x.getResponseHeaders().add(h[0], expand(h[1], prefix));
        }
        if (!x.getResponseHeaders().containsKey("Content-Type") && r.status() != 304
                && r.status() != 204) {
            x.getResponseHeaders().add("Content-Type", "text/plain; charset=UTF-8");
        }
        byte[] b = r.body().getBytes(StandardCharsets.UTF_8);
        boolean empty = b.length == 0 || r.status() == 304 || r.status() == 204
                || x.getRequestMethod().equals("HEAD");
        x.sendResponseHeaders(r.status(), empty ? -1 : b.length);
        if (!empty) {
            try (OutputStream o = x.getResponseBody()) {
                o.write(b);
            }
        }
        x.close();
    }

    private String expand(String value, String prefix) {
        String v = value.replace("{p}", prefix).replace("{origin}", base());
        int i = v.indexOf("{now");
        if (i >= 0) {
            int end = v.indexOf('}', i);
            long s = Long.parseLong(v.substring(i + 4, end).replace("+", ""));
            v = v.substring(0, i) + HttpDates.format(Instant.now().plusSeconds(s))
                    + v.substring(end + 1);
        }
        return v;
    }

    List<String> paths() {
        return new ArrayList<>(seen.keySet());
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
