package io.github.wscache.benchmarks;

import io.github.wscache.edge.EdgeServer;
import io.github.wscache.embedded.EmbeddedServer;
import io.github.wscache.varnish.VarnishProcess;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A cached page served by cache-edge, against the same page written from memory by a servlet on
 * the same embedded Tomcat (what the edge's HTTP stack costs with no edge code at all) and served
 * by Varnish 7.1 from its cache: one keep-alive connection over loopback, one request at a time,
 * so each score is one round trip's time, client and server included. The edge's own work per
 * hit (reading the request, the lookup, the fields toward the client) is {@code EDGE} minus
 * {@code TOMCAT}, measured in one run; the wrk comparison with Varnish measures throughput
 * instead, with the load generator on the same two cores.
 *
 * <p>The page is 716 bytes of HTML with {@code Cache-Control: public, s-maxage=3600}, the size
 * of the Pet Shop category page of the edge's throughput rows. {@link Request#WRK} sends what
 * wrk sends ({@code Host} only); {@link Request#BROWSER} the twelve fields a browser sends on a
 * navigation (no cookie: Varnish's built-in rules would not look the page up). The trial fails
 * unless the origin saw exactly one request through the edge or Varnish (the first, a miss) and
 * every answer was a 200 with the page's length. {@link Page#COMPOSED} is the same page as a
 * container of three cached fragments that the cache composes on every hit (ESI), as the Pet
 * Shop's category page that wrk loads is.
 *
 * <p>{@code VARNISH} needs {@code varnishd} on the machine ({@code apt-get install varnish});
 * without it that cell fails with the reason.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EdgeHitBenchmark {
    static final int PAGE_BYTES = 716;

    /** What answers the request. */
    public enum Server {
        /** cache-edge, the page in its cache. */
        EDGE,
        /** The origin's servlet on embedded Tomcat, no cache: the edge's HTTP stack alone. */
        TOMCAT,
        /** Varnish 7.1, the page in its cache. */
        VARNISH
    }

    /** What the origin says of the page. */
    public enum Page {
        /** {@code Cache-Control: public, s-maxage=3600}: the cache answers after the first. */
        CACHED,
        /** {@code Cache-Control: no-store}: every request goes to the origin. */
        UNCACHED,
        /**
         * As {@link #CACHED}, and {@code Surrogate-Control: content="ESI/1.0"}: a container
         * with three {@code esi:include}s of cached fragments, composed by the cache on every
         * hit (as the Pet Shop's category page of the wrk comparison is); {@code TOMCAT} sends
         * the container as it is.
         */
        COMPOSED
    }

    /** The request's header fields. */
    public enum Request {
        /** {@code Host} only, as wrk sends. */
        WRK,
        /** A browser's navigation: twelve fields, no cookie. */
        BROWSER
    }

    @Param
    public Server server;

    @Param
    public Page page;

    @Param
    public Request request;

    private final List<AutoCloseable> open = new ArrayList<>();
    private final AtomicLong originRequests = new AtomicLong();
    private Connection connection;
    private int expectedLength;

    /** Starts the origin and the server measured, and makes the first request (the miss). */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        boolean composed = page == Page.COMPOSED;
        byte[] body = composed ? container() : html();
        expectedLength = composed && server != Server.TOMCAT ? composedLength() : body.length;
        EmbeddedServer origin = EmbeddedServer.builder().address("127.0.0.1")
                .servlet("page", new PageServlet(body, page == Page.UNCACHED
                        ? "no-store" : "public, s-maxage=3600", composed, originRequests),
                        "/category/fish")
                .servlet("fragment", new PageServlet(null, "public, s-maxage=3600", false,
                        originRequests), "/fragment/*")
                .start();
        open.add(origin);
        int port;
        switch (server) {
            case EDGE: {
                EdgeServer edge = EdgeServer.builder()
                        .origin(URI.create("http://127.0.0.1:" + origin.port()))
                        .address("127.0.0.1").adminPath(null).build().start();
                open.add(0, edge);
                port = edge.port();
                break;
            }
            case VARNISH: {
                VarnishProcess varnish = VarnishProcess.start("127.0.0.1", origin.port());
                open.add(0, varnish);
                port = varnish.port();
                break;
            }
            default:
                port = origin.port();
        }
        connection = new Connection(port, requestBytes(request, port));
        open.add(0, connection);
        for (int i = 0; i < 3; i++) {
            get();
        }
    }

    /** One request and its whole response; returns the body's length. */
    @Benchmark
    public int get() throws IOException {
        int length = connection.exchange();
        if (length != expectedLength) {
            throw new IllegalStateException("a body of " + length + " bytes, expected "
                    + expectedLength);
        }
        return length;
    }

    /** Checks that the cache answered every request but the first, and stops the servers. */
    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        try {
            long expected = server == Server.TOMCAT || page == Page.UNCACHED
                    ? connection.exchanges() : page == Page.CACHED ? 1 : 1 + FRAGMENTS.size();
            if (originRequests.get() != expected) {
                throw new IllegalStateException(server + " sent " + originRequests.get()
                        + " requests to the origin for " + connection.exchanges() + " "
                        + page + " pages; expected " + expected);
            }
        } finally {
            for (AutoCloseable c : open) {
                c.close();
            }
            open.clear();
        }
    }

    /** The page: HTML of {@value #PAGE_BYTES} bytes. */
    static byte[] html() {
        StringBuilder html = new StringBuilder("<!DOCTYPE html><html><head><title>Fish</title>"
                + "</head><body><h1>Fish</h1><ul>");
        for (int i = 0; html.length() < PAGE_BYTES - 40; i++) {
            html.append("<li><a href=\"/product/FI-").append(i).append("\">Fish ").append(i)
                    .append("</a></li>");
        }
        html.append("</ul></body></html>");
        while (html.length() < PAGE_BYTES) {
            html.insert(html.length() - "</body></html>".length(), ' ');
        }
        html.setLength(PAGE_BYTES - "</body></html>".length());
        html.append("</body></html>");
        return html.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** The fragments of the {@link Page#COMPOSED} container, by name. */
    static final List<String> FRAGMENTS = List.of("header", "cart", "footer");

    /** A fragment's HTML. */
    static String fragment(String name) {
        return "<div class=\"" + name + "\">The " + name + " of every page of the shop</div>";
    }

    /** The {@link Page#COMPOSED} container: the page's HTML around three includes. */
    static byte[] container() {
        String page = new String(html(), StandardCharsets.US_ASCII);
        int body = page.indexOf("<body>") + "<body>".length();
        int end = page.indexOf("</body>");
        String include = "<esi:include src=\"/fragment/%s\"/>";
        return (page.substring(0, body) + String.format(include, FRAGMENTS.get(0))
                + page.substring(body, end) + String.format(include, FRAGMENTS.get(1))
                + String.format(include, FRAGMENTS.get(2)) + page.substring(end))
                .getBytes(StandardCharsets.US_ASCII);
    }

    /** The length of the composed {@link Page#COMPOSED} page. */
    static int composedLength() {
        int length = PAGE_BYTES;
        for (String f : FRAGMENTS) {
            length += fragment(f).length();
        }
        return length;
    }

    static byte[] requestBytes(Request request, int port) {
        StringBuilder r = new StringBuilder("GET /category/fish HTTP/1.1\r\nHost: 127.0.0.1:")
                .append(port).append("\r\n");
        if (request == Request.BROWSER) {
            r.append("Connection: keep-alive\r\n")
                    .append("sec-ch-ua: \"Chromium\";v=\"130\", \"Not?A_Brand\";v=\"99\"\r\n")
                    .append("sec-ch-ua-mobile: ?0\r\n")
                    .append("sec-ch-ua-platform: \"Linux\"\r\n")
                    .append("Upgrade-Insecure-Requests: 1\r\n")
                    .append("User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36"
                            + " (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36\r\n")
                    .append("Accept: text/html,application/xhtml+xml,application/xml;q=0.9,"
                            + "image/avif,image/webp,*/*;q=0.8\r\n")
                    .append("Sec-Fetch-Site: same-origin\r\n")
                    .append("Sec-Fetch-Mode: navigate\r\n")
                    .append("Accept-Encoding: gzip, deflate, br\r\n")
                    .append("Accept-Language: en-US,en;q=0.9\r\n");
        }
        return r.append("\r\n").toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** Writes the page; counts the requests that reach it. */
    private static final class PageServlet extends HttpServlet {
        private static final long serialVersionUID = 1L;
        private final transient byte[] page;
        private final String cacheControl;
        private final boolean esi;
        private final transient AtomicLong requests;

        /** {@code page} null: a fragment, named by the path's last segment. */
        PageServlet(byte[] page, String cacheControl, boolean esi, AtomicLong requests) {
            this.page = page;
            this.cacheControl = cacheControl;
            this.esi = esi;
            this.requests = requests;
        }

        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse resp)
                throws IOException {
            requests.incrementAndGet();
            byte[] b = page != null ? page : fragment(req.getPathInfo().substring(1))
                    .getBytes(StandardCharsets.US_ASCII);
            resp.setContentType("text/html;charset=UTF-8");
            resp.setHeader("Cache-Control", cacheControl);
            if (esi) {
                resp.setHeader("Surrogate-Control", "content=\"ESI/1.0\"");
            }
            resp.setContentLength(b.length);
            resp.getOutputStream().write(b);
        }
    }

    /**
     * One keep-alive HTTP/1.1 connection: writes the request, reads the status line, the fields
     * and a body of {@code Content-Length} bytes or in chunks (a response with neither fails the
     * cell); after a response with {@code Connection: close} (Tomcat's, every 100th by default)
     * it connects again, as wrk does, so the cost of that is part of the score.
     */
    static final class Connection implements AutoCloseable {
        private final int port;
        private final byte[] request;
        private final byte[] body = new byte[64 * 1024];
        private Socket socket;
        private OutputStream out;
        private InputStream in;
        private long exchanges;

        Connection(int port, byte[] request) throws IOException {
            this.port = port;
            this.request = request;
            connect();
        }

        private void connect() throws IOException {
            socket = new Socket();
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(30_000);
            socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            out = socket.getOutputStream();
            in = new BufferedInputStream(socket.getInputStream(), 16 * 1024);
        }

        /** Returns the number of requests sent. */
        long exchanges() {
            return exchanges;
        }

        /** Sends the request and returns the length of the 200 response's body. */
        int exchange() throws IOException {
            exchanges++;
            out.write(request);
            out.flush();
            String status = line();
            if (!status.startsWith("HTTP/1.1 200")) {
                throw new IllegalStateException("answered " + status);
            }
            int length = -1;
            boolean close = false;
            boolean chunked = false;
            for (String field = line(); !field.isEmpty(); field = line()) {
                int colon = field.indexOf(':');
                if (colon == 14 && field.regionMatches(true, 0, "Content-Length", 0, 14)) {
                    length = Integer.parseInt(field.substring(colon + 1).trim());
                } else if (colon == 10 && field.regionMatches(true, 0, "Connection", 0, 10)) {
                    close = field.substring(colon + 1).trim().equalsIgnoreCase("close");
                } else if (colon == 17
                        && field.regionMatches(true, 0, "Transfer-Encoding", 0, 17)) {
                    chunked = field.substring(colon + 1).trim().equalsIgnoreCase("chunked");
                }
            }
            if (chunked) {
                // Varnish streams a page it composes (ESI) in chunks
                length = 0;
                for (int size = chunkSize(); size > 0; size = chunkSize()) {
                    if (length + size > body.length) {
                        throw new IllegalStateException("a body over " + body.length + " bytes");
                    }
                    readFully(length, size);
                    length += size;
                    line();
                }
                while (!line().isEmpty()) {
                    continue; // trailer fields
                }
            } else {
                if (length < 0 || length > body.length) {
                    throw new IllegalStateException(
                            "a response without a usable Content-Length");
                }
                readFully(0, length);
            }
            if (close) {
                // as wrk does: a new connection for the next request
                socket.close();
                connect();
            }
            return length;
        }

        private void readFully(int from, int length) throws IOException {
            for (int read = 0; read < length; ) {
                int n = in.read(body, from + read, length - read);
                if (n < 0) {
                    throw new IOException("closed after " + read + " of " + length + " bytes");
                }
                read += n;
            }
        }

        /** Reads a chunk's size line; 0 for the last chunk. */
        private int chunkSize() throws IOException {
            String size = line();
            int semicolon = size.indexOf(';');
            return Integer.parseInt((semicolon < 0 ? size : size.substring(0, semicolon)).trim(),
                    16);
        }

        private final StringBuilder line = new StringBuilder();

        /** Reads one line without its CRLF. */
        private String line() throws IOException {
            line.setLength(0);
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    throw new IOException("connection closed in the header section");
                }
                if (c != '\r') {
                    line.append((char) c);
                }
            }
            return line.toString();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
