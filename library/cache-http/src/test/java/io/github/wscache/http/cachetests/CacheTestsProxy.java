package io.github.wscache.http.cachetests;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The harness that measures cache-http with the public
 * <a href="https://github.com/http-tests/cache-tests">http-tests/cache-tests</a> suite: a tiny
 * HTTP/1.1 server on loopback that forwards every request (method, path and query, fields,
 * body) to the suite's origin server through <b>one</b> long-lived caching client, cache-http's
 * {@link io.github.wscache.http.CachingHttpClient} (or, to compare in the same harness,
 * HttpClient 5's or OkHttp's: {@link Upstreams}), and writes back what that client answered:
 * its status, every field (with {@code Age} and {@code Cache-Status}) and its body. The suite's
 * client talks to this proxy as to a reverse proxy cache; what it measures is the private cache
 * in front of the application.
 *
 * <p>The proxy adds nothing of its own but the framing: {@code Content-Length} is the length of
 * the body it writes ({@code Transfer-Encoding} is never sent), a HEAD, 1xx, 204 or 304 answer
 * has no body, and a {@code Connection: close} from the answer, or a 1xx answer (no final
 * response follows it), closes the connection after it.
 * It does not drop the fields the answer carries (not {@code Connection}, {@code Keep-Alive} or
 * the fields {@code Connection} names): those a hit carries are the cache's doing, and the suite
 * checks them. Toward the origin it leaves out the request's hop-by-hop fields and those the JDK
 * client sets itself ({@code Host}, {@code Content-Length}, {@code Expect}). When the client
 * fails with an I/O error (the origin closed the connection, as the suite's {@code disconnect}
 * requests do, and the cache did not stand in with a stale response) the proxy answers
 * {@code 502} with none of the origin's fields, as a gateway does.
 *
 * <p>Each exchange is logged as one JSON line (test id, request number, method, path, status,
 * {@code Cache-Status}, {@code Age}, milliseconds, error) when a log file is given:
 * {@code summarize.mjs} joins it to the suite's failures.
 *
 * <pre>
 * java -cp ... io.github.wscache.http.cachetests.CacheTestsProxy \
 *     --origin http://127.0.0.1:18090 [--port 18091] [--log exchanges.jsonl] \
 *     [--client cache-http|httpclient5|okhttp]
 * </pre>
 *
 * <p>cache-http's policy ({@link Upstreams#policy}): every {@code GET} under the origin, with
 * {@code honorHttpHeaders: only}, so that the response's fields alone decide, and
 * {@code ttl: 1d}, which then only says how long a stale entry is kept to be revalidated.
 */
public final class CacheTestsProxy implements AutoCloseable {
    /** Request fields a proxy does not forward, or that the JDK client sets itself. */
    private static final Set<String> NOT_FORWARDED = Set.of("connection", "keep-alive",
            "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade", "host",
            "content-length", "expect");
    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * The JDK client's idle connection lifetime, in seconds. The suite's node server closes a
     * connection idle for 5 s; a client that keeps it longer may send a request on it as it
     * closes, and the JDK client retries only a GET: a PUT of the suite's configuration then
     * failed now and then (a 502, the test a setup failure). 2 s keeps the client's side shorter.
     */
    static final String KEEPALIVE = "jdk.httpclient.keepalive.timeout";
    /** Reason phrases of the statuses the suite's origin sends; any other is "Status". */
    private static final Map<Integer, String> REASONS = Map.ofEntries(Map.entry(200, "OK"),
            Map.entry(201, "Created"), Map.entry(204, "No Content"),
            Map.entry(206, "Partial Content"), Map.entry(301, "Moved Permanently"),
            Map.entry(302, "Found"), Map.entry(303, "See Other"), Map.entry(304, "Not Modified"),
            Map.entry(307, "Temporary Redirect"), Map.entry(308, "Permanent Redirect"),
            Map.entry(400, "Bad Request"), Map.entry(404, "Not Found"),
            Map.entry(405, "Method Not Allowed"), Map.entry(409, "Conflict"),
            Map.entry(500, "Internal Server Error"), Map.entry(502, "Bad Gateway"),
            Map.entry(503, "Service Unavailable"), Map.entry(504, "Gateway Timeout"));

    private final URI origin;
    private final Upstream upstream;
    private final ServerSocket listener;
    private final ExecutorService workers;
    private final Queue<Socket> connections = new ConcurrentLinkedQueue<>();
    private final PrintStream log;

    private CacheTestsProxy(URI origin, int port, Path logFile, Upstream upstream)
            throws IOException {
        this.origin = origin;
        this.upstream = upstream;
        this.log = logFile == null ? null : new PrintStream(Files.newOutputStream(logFile,
                StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE), true, StandardCharsets.UTF_8);
        this.listener = new ServerSocket(port, 200, InetAddress.getLoopbackAddress());
        this.workers = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "cache-tests-proxy");
            t.setDaemon(true);
            return t;
        });
        workers.execute(this::accept);
    }

    /**
     * Starts a proxy that forwards through cache-http in front of {@code origin} on loopback
     * {@code port} (0: any free port), logging each exchange to {@code logFile} (null: no log).
     */
    public static CacheTestsProxy start(URI origin, int port, Path logFile) throws IOException {
        return start(origin, port, logFile, Upstreams.of("cache-http", origin));
    }

    /** Starts a proxy that forwards through {@code upstream}, which it closes when closed. */
    static CacheTestsProxy start(URI origin, int port, Path logFile, Upstream upstream)
            throws IOException {
        return new CacheTestsProxy(origin, port, logFile, upstream);
    }

    /** The port the proxy listens on (loopback). */
    public int port() {
        return listener.getLocalPort();
    }

    /** The caching client every request goes through. */
    Upstream upstream() {
        return upstream;
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket s = listener.accept();
                workers.execute(() -> serve(s));
            } catch (IOException | java.util.concurrent.RejectedExecutionException e) {
                return;
            }
        }
    }

    private void serve(Socket s) {
        connections.add(s);
        try (s) {
            InputStream in = new BufferedInputStream(s.getInputStream());
            OutputStream out = new BufferedOutputStream(s.getOutputStream());
            while (!listener.isClosed()) {
                Request req = Request.read(in);
                if (req == null) {
                    return;
                }
                if (!exchange(req, out)) {
                    return;
                }
            }
        } catch (IOException e) {
            // the suite's client closed the connection, or the proxy is closing
        } finally {
            connections.remove(s);
        }
    }

    /** Forwards one request and writes the answer; false when the connection must close. */
    private boolean exchange(Request req, OutputStream out) throws IOException {
        long start = System.nanoTime();
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("test", req.first("Test-ID"));
        entry.put("req", req.first("Req-Num"));
        entry.put("method", req.method);
        entry.put("path", req.target);
        Upstream.Answer answer;
        try {
            answer = upstream.send(req.method, URI.create(
                    origin.toString().replaceAll("/+$", "") + req.target), forwarded(req),
                    req.body);
        } catch (IllegalArgumentException e) {
            // a field or method the client refuses: the proxy's failure, shown as a 502
            entry.put("error", e.toString());
            entry.put("status", 502);
            log(entry, start);
            return badGateway(req, e, out);
        } catch (RuntimeException e) {
            // the client's own failure: shown as a 502 with the exception, logged with its
            // stack on standard error
            System.err.println(upstream.name() + " failed on " + req.method + " " + req.target);
            e.printStackTrace(System.err);
            entry.put("error", e.toString());
            entry.put("status", 502);
            log(entry, start);
            return badGateway(req, e, out);
        } catch (IOException e) {
            // the origin closed the connection (a disconnect request) and the cache did not
            // stand in for it: the application got an IOException, a gateway answers 502
            entry.put("error", e.toString());
            entry.put("status", 502);
            log(entry, start);
            return badGateway(req, e, out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        entry.put("status", answer.status());
        entry.put("cacheStatus", answer.cacheStatus());
        entry.put("age", answer.fields().stream().filter(f -> f[0].equalsIgnoreCase("Age"))
                .map(f -> f[1]).findFirst().orElse(null));
        log(entry, start);
        return write(req, answer, out);
    }

    /**
     * Answers 502 with the exception as the text body and no field of the origin's, as a
     * gateway does when its client fails: the suite sees that no response, fresh or stale, came.
     */
    private static boolean badGateway(Request req, Exception e, OutputStream out)
            throws IOException {
        byte[] text = ("cache-tests proxy: " + e + "\n").getBytes(StandardCharsets.UTF_8);
        out.write(("HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/plain\r\n"
                + "Content-Length: " + text.length + "\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        out.write(text);
        out.flush();
        return !req.closes();
    }

    /** The request's fields as forwarded: no hop-by-hop field, none the client sets. */
    private static List<String[]> forwarded(Request req) {
        List<String> named = new ArrayList<>();
        for (String c : req.all("Connection")) {
            for (String n : c.split(",")) {
                named.add(n.trim().toLowerCase(Locale.ROOT));
            }
        }
        List<String[]> fields = new ArrayList<>();
        for (String[] f : req.fields) {
            String lower = f[0].toLowerCase(Locale.ROOT);
            if (!NOT_FORWARDED.contains(lower) && !named.contains(lower)) {
                fields.add(f);
            }
        }
        return fields;
    }

    private static boolean write(Request req, Upstream.Answer answer, OutputStream out)
            throws IOException {
        int status = answer.status();
        byte[] body = answer.body() == null ? new byte[0] : answer.body();
        boolean hasBody = !req.method.equals("HEAD") && status >= 200 && status != 204
                && status != 304;
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(status).append(' ')
                .append(reason(status)).append("\r\n");
        boolean close = false;
        for (String[] f : answer.fields()) {
            String lower = f[0].toLowerCase(Locale.ROOT);
            if (lower.equals("transfer-encoding") || (hasBody && lower.equals("content-length"))) {
                continue;
            }
            head.append(f[0]).append(": ").append(f[1]).append("\r\n");
            if (lower.equals("connection") && f[1].toLowerCase(Locale.ROOT).contains("close")) {
                close = true;
            }
        }
        if (hasBody) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        if (hasBody) {
            out.write(body);
        }
        out.flush();
        // a client that answers a 1xx as its final response (OkHttp 3 does, for 102 and 103):
        // written as it came, then the connection closes, since no final response follows
        return status >= 200 && !close && !req.closes();
    }

    private static String reason(int status) {
        return REASONS.getOrDefault(status, "Status");
    }

    private void log(Map<String, Object> entry, long start) {
        if (log == null) {
            return;
        }
        entry.put("ms", (System.nanoTime() - start) / 1_000_000);
        try {
            String line = JSON.writeValueAsString(entry);
            synchronized (log) {
                log.println(line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops listening, closes every connection and the log. */
    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket s : connections) {
            try {
                s.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
        workers.shutdownNow();
        try {
            workers.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        upstream.close();
        if (log != null) {
            log.close();
        }
    }

    /**
     * Runs the proxy until the JVM is stopped: {@code --origin URL} (required), {@code --port N}
     * (0, any free port, by default), {@code --log FILE}, {@code --client NAME}
     * ({@code cache-http} by default; {@code httpclient5} or {@code okhttp} to compare). Prints
     * {@code Listening on URL} once it listens, and cache-http's stats when stopped.
     */
    public static void main(String[] args) throws Exception {
        URI origin = null;
        int port = 0;
        Path logFile = null;
        String client = "cache-http";
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--origin":
                    origin = URI.create(args[i + 1]);
                    break;
                case "--port":
                    port = Integer.parseInt(args[i + 1]);
                    break;
                case "--log":
                    logFile = Path.of(args[i + 1]);
                    break;
                case "--client":
                    client = args[i + 1];
                    break;
                default:
                    throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (origin == null || args.length % 2 != 0) {
            System.err.println("usage: CacheTestsProxy --origin URL [--port N] [--log FILE]"
                    + " [--client cache-http|httpclient5|okhttp]");
            System.exit(2);
        }
        if (System.getProperty(KEEPALIVE) == null) {
            // before the JDK client's connection pool is made: see KEEPALIVE
            System.setProperty(KEEPALIVE, "2");
        }
        CacheTestsProxy proxy = start(origin, port, logFile, Upstreams.of(client, origin));
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (proxy.upstream instanceof Upstreams.CacheHttp) {
                System.out.println("cache stats: "
                        + ((Upstreams.CacheHttp) proxy.upstream).client().cache().stats());
            }
            try {
                proxy.close();
            } catch (IOException e) {
                // stopping anyway
            }
            stopped.countDown();
        }));
        System.out.println("Listening on http://127.0.0.1:" + proxy.port() + "/ in front of "
                + origin + " through " + proxy.upstream);
        stopped.await();
    }

    /** One request as read from the suite's client. */
    private static final class Request {
        final String method;
        final String target;
        final List<String[]> fields;
        final byte[] body;
        final boolean http10;

        private Request(String method, String target, List<String[]> fields, byte[] body,
                boolean http10) {
            this.method = method;
            this.target = target;
            this.fields = fields;
            this.body = body;
            this.http10 = http10;
        }

        String first(String name) {
            for (String[] f : fields) {
                if (f[0].equalsIgnoreCase(name)) {
                    return f[1];
                }
            }
            return null;
        }

        List<String> all(String name) {
            List<String> values = new ArrayList<>();
            for (String[] f : fields) {
                if (f[0].equalsIgnoreCase(name)) {
                    values.add(f[1]);
                }
            }
            return values;
        }

        boolean closes() {
            for (String c : all("Connection")) {
                if (c.toLowerCase(Locale.ROOT).contains("close")) {
                    return true;
                }
            }
            return http10;
        }

        /** Reads one request, or returns null at the end of the connection. */
        static Request read(InputStream in) throws IOException {
            String line = line(in);
            while (line != null && line.isEmpty()) {
                line = line(in);
            }
            if (line == null) {
                return null;
            }
            String[] parts = line.split(" ");
            if (parts.length != 3) {
                throw new SocketException("not an HTTP request line: " + line);
            }
            List<String[]> fields = new ArrayList<>();
            for (String f = line(in); f != null && !f.isEmpty(); f = line(in)) {
                int colon = f.indexOf(':');
                if (colon > 0) {
                    String name = f.substring(0, colon).trim();
                    fields.add(new String[] {name, f.substring(colon + 1).trim()});
                }
            }
            Request head = new Request(parts[0], parts[1], fields, new byte[0],
                    parts[2].equals("HTTP/1.0"));
            byte[] body;
            String te = head.first("Transfer-Encoding");
            String length = head.first("Content-Length");
            if (te != null && te.toLowerCase(Locale.ROOT).contains("chunked")) {
                body = chunked(in);
            } else if (length != null) {
                body = in.readNBytes(Integer.parseInt(length.trim()));
            } else {
                body = new byte[0];
            }
            return new Request(parts[0], parts[1], fields, body, head.http10);
        }

        private static byte[] chunked(InputStream in) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            while (true) {
                String size = line(in);
                if (size == null) {
                    throw new SocketException("connection closed in a chunked body");
                }
                int semi = size.indexOf(';');
                int n = Integer.parseInt((semi < 0 ? size : size.substring(0, semi)).trim(), 16);
                if (n == 0) {
                    for (String t = line(in); t != null && !t.isEmpty(); t = line(in)) {
                        // trailer fields: not forwarded
                    }
                    return b.toByteArray();
                }
                b.write(in.readNBytes(n));
                line(in);
            }
        }

        /** A line without its CRLF (or LF), or null at the end of the stream. */
        private static String line(InputStream in) throws IOException {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            int c = in.read();
            if (c < 0) {
                return null;
            }
            while (c >= 0 && c != '\n') {
                if (c != '\r') {
                    b.write(c);
                }
                c = in.read();
            }
            return b.toString(StandardCharsets.ISO_8859_1);
        }
    }
}
