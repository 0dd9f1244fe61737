package io.github.wscache.axis;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A tiny HTTP/1.1 server on loopback that answers every request with one canned reply, written
 * byte by byte as the test says, and counts the requests it reads. It produces what a real
 * service stack will not: bodies cut short, chunked bodies without their last chunk, HTML error
 * pages, empty or broken 200s, answers slower than the client's timeout. {@link #stop()} closes
 * the listening socket (connection refused) and {@link #restart()} binds the same port again.
 *
 * <p>One thread per connection; every connection is closed after one reply. Thread-safe.
 */
final class RawHttpServer implements AutoCloseable {
    /** Thread name prefix; tests check that no such thread outlives the server. */
    static final String THREAD_PREFIX = "raw-http-";

    /** Writes one reply on a connection; the server closes it afterwards. */
    @FunctionalInterface
    interface Reply {
        /** Writes the reply. */
        void write(OutputStream out) throws IOException, InterruptedException;
    }

    private final int port;
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger threads = new AtomicInteger();
    /** Every worker thread made, so that close() can wait until each has ended. */
    private final Queue<Thread> made = new ConcurrentLinkedQueue<>();
    private final ExecutorService workers = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, THREAD_PREFIX + threads.incrementAndGet());
        t.setDaemon(true);
        made.add(t);
        return t;
    });
    private volatile ServerSocket listener;
    private volatile Reply reply = out -> {
        throw new IOException("no reply set");
    };
    private volatile Duration delay = Duration.ZERO;
    private volatile java.util.concurrent.Future<?> acceptor;

    private RawHttpServer(ServerSocket listener) {
        this.listener = listener;
        this.port = listener.getLocalPort();
    }

    /**
     * Starts a server on a free loopback port below the ephemeral range, so that while it is
     * stopped no client socket takes the port (or connects to itself on it).
     */
    static RawHttpServer start() throws IOException {
        java.util.Random random = new java.util.Random();
        for (int attempt = 0;; attempt++) {
            try {
                RawHttpServer s = new RawHttpServer(bind(20_000 + random.nextInt(10_000)));
                s.accept(s.listener);
                return s;
            } catch (java.net.BindException e) {
                if (attempt == 50) {
                    throw e;
                }
            }
        }
    }

    private static ServerSocket bind(int port) throws IOException {
        ServerSocket ss = new ServerSocket();
        ss.setReuseAddress(true);
        ss.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
        return ss;
    }

    /** Returns the URL to point a stub at (the path is ignored). */
    String endpoint() {
        return "http://127.0.0.1:" + port + "/services/GoogleSearchService";
    }

    /** Sets the reply to every following request. */
    void reply(Reply r) {
        this.reply = r;
    }

    /** Waits this long after reading a request before replying. */
    void delay(Duration d) {
        this.delay = d;
    }

    /** Returns the number of requests read since the last {@link #resetCount()}. */
    int requests() {
        return requests.get();
    }

    void resetCount() {
        requests.set(0);
    }

    /**
     * Closes the listening socket: the port refuses connections until {@link #restart()}.
     * Waits for the accepting thread to leave {@code accept()}, since the JDK closes a socket
     * that a thread is blocked on only when that thread returns.
     */
    void stop() throws IOException {
        listener.close();
        try {
            acceptor.get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stopping", e);
        } catch (java.util.concurrent.ExecutionException
                | java.util.concurrent.TimeoutException e) {
            throw new IOException("the accepting thread did not stop", e);
        }
    }

    /** Listens again on the same port, if stopped. */
    void restart() throws IOException {
        if (listener.isClosed()) {
            listener = bind(port);
            accept(listener);
        }
    }

    private void accept(ServerSocket ss) {
        acceptor = workers.submit(() -> {
            while (!ss.isClosed()) {
                Socket s;
                try {
                    s = ss.accept();
                } catch (IOException e) {
                    return;
                }
                try {
                    workers.execute(() -> serve(s));
                } catch (java.util.concurrent.RejectedExecutionException e) {
                    closeQuietly(s);
                    return;
                }
            }
        });
    }

    private void serve(Socket s) {
        try (s) {
            InputStream in = s.getInputStream();
            readRequest(in);
            requests.incrementAndGet();
            Duration d = delay;
            if (!d.isZero()) {
                Thread.sleep(d.toMillis());
            }
            OutputStream out = s.getOutputStream();
            reply.write(out);
            out.flush();
            s.shutdownOutput();
        } catch (IOException | InterruptedException e) {
            // the client went away, or the server is closing
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // nothing to do
        }
    }

    /** Reads one request: headers, then a Content-Length or chunked body. */
    private static void readRequest(InputStream in) throws IOException {
        String head = readHead(in);
        String lower = head.toLowerCase(Locale.ROOT);
        int cl = lower.indexOf("\ncontent-length:");
        if (cl >= 0) {
            int end = lower.indexOf('\r', cl + 1);
            long n = Long.parseLong(head.substring(cl + 16, end).trim());
            in.readNBytes((int) n);
        } else if (lower.contains("\ntransfer-encoding: chunked")) {
            while (true) {
                String size = readLine(in);
                int semi = size.indexOf(';');
                int n = Integer.parseInt((semi < 0 ? size : size.substring(0, semi)).trim(), 16);
                if (n == 0) {
                    while (!readLine(in).isEmpty()) {
                        continue;
                    }
                    return;
                }
                in.readNBytes(n);
                readLine(in);
            }
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int state = 0;
        while (state < 4) {
            int c = in.read();
            if (c < 0) {
                throw new SocketException("connection closed in the request head");
            }
            b.write(c);
            state = c == '\r' && (state == 0 || state == 2) ? state + 1
                    : c == '\n' && (state == 1 || state == 3) ? state + 1 : 0;
        }
        return b.toString(StandardCharsets.ISO_8859_1);
    }

    private static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0 && c != '\n') {
            if (c != '\r') {
                b.write(c);
            }
        }
        return b.toString(StandardCharsets.ISO_8859_1);
    }

    /** Closes the listener and every connection thread, and waits for them. */
    @Override
    public void close() throws IOException {
        listener.close();
        workers.shutdownNow();
        try {
            if (!workers.awaitTermination(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("raw HTTP server threads did not stop");
            }
            // the pool reports itself terminated a moment before its last thread has ended
            for (Thread t : made) {
                t.join(10_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping", e);
        }
    }

    // ---- replies ----

    /** A complete response with a Content-Length. */
    static Reply full(int status, String contentType, String body) {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        return out -> {
            out.write(head(status, contentType, "Content-Length: " + b.length));
            out.write(b);
        };
    }

    /** A response whose Content-Length promises the whole body but only half is sent. */
    static Reply cutWithContentLength(String contentType, String body) {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        return out -> {
            out.write(head(200, contentType, "Content-Length: " + b.length));
            out.write(b, 0, b.length / 2);
        };
    }

    /** A chunked response that stops after its first chunk (half the body), without 0 chunk. */
    static Reply cutChunked(String contentType, String body) {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        return out -> {
            out.write(head(200, contentType, "Transfer-Encoding: chunked"));
            int half = b.length / 2;
            out.write((Integer.toHexString(half) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(b, 0, half);
            out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
        };
    }

    /** Sends the head and half the body, then nothing for {@code d} (the client times out). */
    static Reply stallHalfway(String contentType, String body, Duration d) {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        return out -> {
            out.write(head(200, contentType, "Content-Length: " + b.length));
            out.write(b, 0, b.length / 2);
            out.flush();
            Thread.sleep(d.toMillis());
        };
    }

    /** Sleeps for {@code d} before answering like {@code then} (the client gives up first). */
    static Reply after(Duration d, Reply then) {
        return out -> {
            Thread.sleep(d.toMillis());
            then.write(out);
        };
    }

    private static byte[] head(int status, String contentType, String length) {
        return ("HTTP/1.1 " + status + " " + reason(status) + "\r\n"
                + (contentType == null ? "" : "Content-Type: " + contentType + "\r\n")
                + length + "\r\n"
                + "Connection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String reason(int status) {
        switch (status) {
            case 200:
                return "OK";
            case 500:
                return "Internal Server Error";
            case 503:
                return "Service Unavailable";
            default:
                return "Status";
        }
    }
}
