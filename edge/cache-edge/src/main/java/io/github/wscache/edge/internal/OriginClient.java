package io.github.wscache.edge.internal;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentLengthStrategy;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.HttpMessage;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.config.Http1Config;
import org.apache.hc.core5.http.impl.DefaultConnectionReuseStrategy;
import org.apache.hc.core5.http.impl.DefaultContentLengthStrategy;
import org.apache.hc.core5.http.impl.io.DefaultBHttpClientConnection;
import org.apache.hc.core5.http.impl.io.HttpRequestExecutor;
import org.apache.hc.core5.http.io.SessionInputBuffer;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.message.BasicClassicHttpRequest;
import org.apache.hc.core5.http.protocol.HttpCoreContext;
import org.apache.hc.core5.http.protocol.HttpProcessor;
import org.apache.hc.core5.http.protocol.HttpProcessorBuilder;
import org.apache.hc.core5.http.protocol.RequestConnControl;
import org.apache.hc.core5.http.protocol.RequestContent;
import org.apache.hc.core5.http.protocol.RequestTargetHost;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;

/**
 * Sends requests to the origin over HTTP/1.1 (HttpCore 5's classic connections, kept alive in
 * a small pool per origin; no redirects followed: a redirect goes back to the client as it is).
 * Thread-safe.
 *
 * <p>Interim responses: a {@code 1xx} the origin sends before its final response (a
 * {@code 103 Early Hints}) is handed to the {@linkplain #interimsTo sink} of the calling thread,
 * if it set one (the proxy servlet forwards it to its client); it is never part of the
 * response returned, so it is never stored.
 *
 * <p>Before a pooled connection is reused, one read that does not block checks it: one the origin
 * has closed, or that holds bytes no request asked for (an unasked {@code 408}, or the rest of a
 * body longer than its {@code Content-Length}, already in HttpCore's buffer or still on the
 * wire), is closed instead. The connections are
 * NIO channels in blocking mode for this: an interrupt of a thread waiting for the origin closes
 * its connection (the request fails, as it would be abandoned anyway). A pooled connection
 * the origin closes while the request goes out (the check passed a moment before) fails
 * the request sent on it before any byte of an answer comes back. An idempotent request (RFC
 * 9110 §9.2.2: GET, HEAD, PUT, DELETE, OPTIONS, TRACE) is then sent again on a new connection,
 * at most {@value #RETRIES} more times, and the origin's other idle connections are closed (they
 * have waited at least as long, and after a pause every one of them is gone); any other request is
 * never sent twice, since its bytes may have reached the origin, and its failure is the
 * client's 502. A connection refused or a timeout is not retried. A connection is not reused
 * past the origin's {@code Keep-Alive: timeout} nor past {@link #IDLE_MAX} idle.
 */
public final class OriginClient implements AutoCloseable {
    /** How many more times an idempotent request is sent after a closed pooled connection. */
    static final int RETRIES = 2;
    /** The longest a connection waits idle in the pool when the origin names no timeout. */
    static final Duration IDLE_MAX = Duration.ofSeconds(15);
    private static final int IDLE_PER_ORIGIN = 64;
    private static final Set<String> IDEMPOTENT = Set.of("GET", "HEAD", "PUT", "DELETE",
            "OPTIONS", "TRACE");
    private static final ThreadLocal<Consumer<Interim>> SINK = new ThreadLocal<>();

    /** An interim response: its status (100 to 199) and header fields in order. */
    public record Interim(int status, List<Map.Entry<String, String>> fields) {
    }

    private record Idle(Connection connection, long expiresNanos) {
    }

    /**
     * A connection to the origin with the channel under it, so that an idle one can be checked
     * without waiting: HttpCore's {@code isStale()} reads with a 1 ms timeout, which on a live
     * connection always runs out (measured: a request passed through the edge took 2.2 ms on
     * loopback, against 0.07 ms for the origin directly).
     */
    private static final class Connection extends DefaultBHttpClientConnection {
        private final SocketChannel channel;
        private final ByteBuffer probe = ByteBuffer.allocate(1);
        /** HttpCore's read buffer, known once a response had a body. */
        private SessionInputBuffer buffer;

        Connection(SocketChannel channel) {
            super(Http1Config.DEFAULT, null, null, OriginClient::responseLength, null, null,
                    null);
            this.channel = channel;
        }

        /**
         * Returns whether this idle connection can take a request: open, not closed by the
         * origin, and nothing received since its last response (bytes there, a {@code 408} or
         * anything else, would be read as the next response). One read that does not block.
         */
        boolean reusable() {
            if (!isOpen() || buffer != null && buffer.length() > 0) {
                // closed, or HttpCore read past the last response: a body longer than its
                // Content-Length, which would be taken for the start of the next response
                return false;
            }
            try {
                synchronized (channel.blockingLock()) {
                    channel.configureBlocking(false);
                    try {
                        probe.clear();
                        return channel.read(probe) == 0;
                    } finally {
                        channel.configureBlocking(true);
                    }
                }
            } catch (IOException | RuntimeException e) {
                return false;
            }
        }

        @Override
        protected InputStream createContentInputStream(long length,
                SessionInputBuffer buffer, InputStream in) {
            this.buffer = buffer;
            return super.createContentInputStream(length, buffer, in);
        }
    }

    private final Duration connectTimeout;
    private final HttpRequestExecutor executor = new HttpRequestExecutor();
    private final HttpProcessor processor = HttpProcessorBuilder.create()
            .addAll(new RequestContent(), new RequestTargetHost(), new RequestConnControl())
            .build();
    private final Map<String, Deque<Idle>> idle = new ConcurrentHashMap<>();
    private volatile boolean closed;

    /** Creates a client (the executor is not used: requests run on the calling thread). */
    public OriginClient(Executor executor) {
        this(executor, Duration.ofSeconds(10));
    }

    /** Creates a client which gives up connecting to the origin after {@code connectTimeout}. */
    public OriginClient(Executor executor, Duration connectTimeout) {
        this.connectTimeout = connectTimeout;
    }

    /**
     * Runs {@code call} with {@code sink} receiving the interim responses of the origin
     * requests this thread makes meanwhile; the sink is removed afterwards.
     */
    public static <T> T interimsTo(Consumer<Interim> sink, java.util.function.Supplier<T> call) {
        Consumer<Interim> before = SINK.get();
        SINK.set(sink);
        try {
            return call.get();
        } finally {
            if (before == null) {
                SINK.remove();
            } else {
                SINK.set(before);
            }
        }
    }

    /**
     * Sends one request and waits for the whole response.
     *
     * @param headers end-to-end request fields ({@link HeaderRules#towardOrigin})
     * @param body the request body, or {@code null} for none
     * @param timeout how long the origin may take to answer (each read of its answer)
     * @throws OriginException when the origin cannot be reached or does not answer in time
     */
    public OriginResponse send(String method, URI uri, Map<String, List<String>> headers,
            byte[] body, Duration timeout) {
        HttpHost host = new HttpHost(uri.getScheme(), uri.getHost(), port(uri));
        String key = host.toURI();
        int retries = IDEMPOTENT.contains(method) ? RETRIES : 0;
        while (true) {
            Connection c = null;
            try {
                c = lease(key, host);
                c.setSocketTimeout(Timeout.of(timeout));
                return exchange(c, key, request(method, host, uri, headers, body));
            } catch (IOException | HttpException | RuntimeException e) {
                if (c != null) {
                    c.close(CloseMode.IMMEDIATE);
                }
                if (retries-- > 0 && closedBeforeAnswer(e)) {
                    // the pool is last in, first out: the connections behind this one have been
                    // idle longer and are as likely gone (after a pause, all of them), so the
                    // request goes again on a new connection
                    dropIdle(key);
                    continue;
                }
                throw failure(method, uri, timeout, e);
            }
        }
    }

    private static int port(URI uri) {
        if (uri.getPort() >= 0) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    private static ClassicHttpRequest request(String method, HttpHost host, URI uri,
            Map<String, List<String>> headers, byte[] body) {
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/"
                : uri.getRawPath();
        String target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        BasicClassicHttpRequest r = new BasicClassicHttpRequest(method, host, target);
        for (Map.Entry<String, List<String>> e : headers.entrySet()) {
            for (String v : e.getValue()) {
                r.addHeader(e.getKey(), v);
            }
        }
        if (body != null && body.length > 0) {
            r.setEntity(new ByteArrayEntity(body, null));
        }
        return r;
    }

    private OriginResponse exchange(Connection c, String key,
            ClassicHttpRequest request) throws IOException, HttpException {
        HttpCoreContext context = HttpCoreContext.create();
        processor.process(request, request.getEntity(), context);
        Consumer<Interim> sink = SINK.get();
        ClassicHttpResponse r = executor.execute(request, c,
                (interim, connection, ctx) -> interim(sink, interim), context);
        processor.process(r, r.getEntity(), context);
        byte[] bytes = r.getEntity() == null ? new byte[0] : EntityUtils.toByteArray(r.getEntity());
        Map<String, List<String>> h = HeaderRules.newHeaders();
        for (Header f : r.getHeaders()) {
            h.computeIfAbsent(f.getName(), n -> new ArrayList<>()).add(f.getValue());
        }
        h.replaceAll((n, v) -> List.copyOf(v));
        if (DefaultConnectionReuseStrategy.INSTANCE.keepAlive(request, r, context)) {
            release(key, c, keepAlive(r));
        } else {
            c.close(CloseMode.GRACEFUL);
        }
        return new OriginResponse(r.getCode(), h, bytes);
    }

    private static void interim(Consumer<Interim> sink, HttpResponse interim) {
        if (sink == null || interim.getCode() == 100 || interim.getCode() == 101) {
            return;
        }
        List<Map.Entry<String, String>> fields = new ArrayList<>();
        for (Header f : interim.getHeaders()) {
            fields.add(Map.entry(f.getName(), f.getValue()));
        }
        try {
            sink.accept(new Interim(interim.getCode(), List.copyOf(fields)));
        } catch (RuntimeException e) {
            // the client's side failed to take it: the final response still comes
        }
    }

    /** How long the origin keeps this connection (its {@code Keep-Alive: timeout}). */
    private static Duration keepAlive(ClassicHttpResponse r) {
        Header k = r.getFirstHeader("Keep-Alive");
        if (k != null) {
            for (String p : k.getValue().split(",")) {
                String[] nv = p.trim().split("=", 2);
                if (nv.length == 2 && nv[0].trim().toLowerCase(Locale.ROOT).equals("timeout")) {
                    try {
                        long s = Long.parseLong(nv[1].trim());
                        // a little before the origin closes it
                        return Duration.ofMillis(Math.max(0, s * 1000 - 500));
                    } catch (NumberFormatException e) {
                        break;
                    }
                }
            }
        }
        return IDLE_MAX;
    }

    private Connection lease(String key, HttpHost host) throws IOException {
        Deque<Idle> q = idle.get(key);
        long now = System.nanoTime();
        for (Idle i = q == null ? null : q.pollFirst(); i != null; i = q.pollFirst()) {
            if (now - i.expiresNanos() < 0 && i.connection().reusable()) {
                return i.connection();
            }
            i.connection().close(CloseMode.IMMEDIATE);
        }
        return connect(host);
    }

    /** Closes the idle connections to an origin. */
    private void dropIdle(String key) {
        Deque<Idle> q = idle.get(key);
        for (Idle i = q == null ? null : q.pollFirst(); i != null; i = q.pollFirst()) {
            i.connection().close(CloseMode.IMMEDIATE);
        }
    }

    private void release(String key, Connection c, Duration keep) {
        if (closed || keep.isZero()) {
            c.close(CloseMode.GRACEFUL);
            return;
        }
        Deque<Idle> q = idle.computeIfAbsent(key, k -> new ConcurrentLinkedDeque<>());
        if (q.size() >= IDLE_PER_ORIGIN) {
            c.close(CloseMode.GRACEFUL);
            return;
        }
        q.addFirst(new Idle(c, System.nanoTime() + keep.toNanos()));
    }

    private Connection connect(HttpHost host) throws IOException {
        SocketChannel channel = SocketChannel.open();
        Socket s = channel.socket();
        try {
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress(host.getHostName(), host.getPort()),
                    (int) Math.min(Integer.MAX_VALUE, connectTimeout.toMillis()));
            Connection c = new Connection(channel);
            if ("https".equalsIgnoreCase(host.getSchemeName())) {
                SSLSocket tls = (SSLSocket) SSLContext.getDefault().getSocketFactory()
                        .createSocket(s, host.getHostName(), host.getPort(), true);
                SSLParameters p = tls.getSSLParameters();
                p.setEndpointIdentificationAlgorithm("HTTPS");
                tls.setSSLParameters(p);
                tls.startHandshake();
                c.bind(tls, s);
            } else {
                c.bind(s);
            }
            return c;
        } catch (IOException | NoSuchAlgorithmException | RuntimeException e) {
            s.close();
            if (e instanceof SocketTimeoutException t) {
                throw new ConnectTimeout("connecting timed out after " + connectTimeout.toMillis()
                        + " ms", t);
            }
            throw e instanceof IOException io ? io : new IOException(e);
        }
    }

    /**
     * The length of a response's body as RFC 9112 §6.3 reads it: chunked when chunked is the
     * last transfer coding; with any other transfer coding, until the origin closes the
     * connection (an unknown coding is the origin's mistake, not a reason to fail the answer);
     * else by {@code Content-Length}.
     */
    private static long responseLength(HttpMessage message) throws HttpException {
        Header[] codings = message.getHeaders("Transfer-Encoding");
        if (codings.length == 0) {
            return DefaultContentLengthStrategy.INSTANCE.determineLength(message);
        }
        String last = codings[codings.length - 1].getValue();
        last = last.substring(last.lastIndexOf(',') + 1).trim();
        return last.equalsIgnoreCase("chunked") ? ContentLengthStrategy.CHUNKED
                : ContentLengthStrategy.UNDEFINED;
    }

    /** A connection that could not be made in time (not retried, answered 504). */
    private static final class ConnectTimeout extends SocketTimeoutException {
        private static final long serialVersionUID = 1L;

        ConnectTimeout(String message, Throwable cause) {
            super(message);
            initCause(cause);
        }
    }

    /**
     * Whether a send failed on a connection that was closed before an answer came: an I/O
     * failure that is neither a timeout nor a refused connection.
     */
    private static boolean closedBeforeAnswer(Throwable c) {
        return c instanceof IOException && !(c instanceof SocketTimeoutException)
                && !(c instanceof ConnectException);
    }

    private static OriginException failure(String method, URI uri, Duration timeout,
            Throwable c) {
        boolean timedOut = c instanceof SocketTimeoutException;
        String what = c instanceof ConnectTimeout ? c.getMessage()
                : timedOut ? "timed out after " + timeout.toMillis() + " ms"
                : "failed: " + c;
        return new OriginException(method + " " + uri + " " + what,
                c instanceof IOException ? (IOException) c : new IOException(c), timedOut);
    }

    /** Closes the idle connections; requests in flight finish, and close theirs after. */
    @Override
    public void close() {
        closed = true;
        for (Deque<Idle> q : idle.values()) {
            for (Idle i = q.pollFirst(); i != null; i = q.pollFirst()) {
                i.connection().close(CloseMode.IMMEDIATE);
            }
        }
    }
}
