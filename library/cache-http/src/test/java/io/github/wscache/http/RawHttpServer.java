package io.github.wscache.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A tiny HTTP/1.1 server on loopback that answers every request with one canned reply, byte for
 * byte, and keeps the request heads it read. It sends what Tomcat and the JDK client will not
 * make for a test: a status such as 999, interim 1xx responses, framing and hop-by-hop fields
 * chosen by the test. Replies need a {@code Content-Length}: a connection serves request after
 * request, as the client's pool expects, until the client or {@link #close} ends it. One thread
 * per connection. Thread-safe.
 */
final class RawHttpServer implements AutoCloseable {
    private final ServerSocket listener;
    private final AtomicInteger threads = new AtomicInteger();
    /** Every worker thread made, so that close() can wait until each has ended. */
    private final Queue<Thread> made = new ConcurrentLinkedQueue<>();
    private final Queue<String> heads = new ConcurrentLinkedQueue<>();
    private final Queue<Socket> connections = new ConcurrentLinkedQueue<>();
    private final ExecutorService workers = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "raw-http-" + threads.incrementAndGet());
        t.setDaemon(true);
        made.add(t);
        return t;
    });
    private volatile String reply;

    private RawHttpServer(String reply) throws IOException {
        this.reply = reply;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        workers.execute(this::accept);
    }

    /** Starts a server that answers every request with {@code reply} (CRLFs included). */
    static RawHttpServer replying(String reply) throws IOException {
        return new RawHttpServer(reply);
    }

    /** Replaces the reply to every following request. */
    void reply(String r) {
        this.reply = r;
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + listener.getLocalPort() + "/" + path);
    }

    /** Returns how many requests were read. */
    int requests() {
        return heads.size();
    }

    /** Returns the heads of the requests read, in order (request line and fields). */
    List<String> requestHeads() {
        return List.copyOf(heads);
    }

    private void accept() {
        while (!listener.isClosed()) {
            Socket s;
            try {
                s = listener.accept();
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
    }

    private void serve(Socket s) {
        connections.add(s);
        try (s) {
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            while (!listener.isClosed()) {
                heads.add(readHead(in));
                out.write(reply.getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
            }
        } catch (IOException e) {
            // the client closed the connection, or the server is closing
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

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // nothing to do
        }
    }

    /** Closes the listener and every connection thread, and waits for them. */
    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket s : connections) {
            closeQuietly(s);
        }
        workers.shutdownNow();
        try {
            if (!workers.awaitTermination(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("raw HTTP server threads did not stop");
            }
            for (Thread t : made) {
                t.join(10_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while closing", e);
        }
    }
}
