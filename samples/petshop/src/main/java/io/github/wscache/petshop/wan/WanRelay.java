package io.github.wscache.petshop.wan;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A user-space TCP relay that emulates a wide-area link with a fixed round-trip time.
 *
 * <p>The kernel here has no {@code netem}, so the WAN of the paper (Shunra\Cloud in its test bed)
 * is emulated at the socket level. The relay listens on a loopback port and forwards every
 * accepted connection to a target address:
 * <ul>
 *   <li>Every chunk of bytes read from one side is stamped with a delivery time of
 *       {@code arrival + RTT/2} and written to the other side by a writer thread that sleeps until
 *       that absolute time. Delays therefore do not accumulate: a stream of chunks is shifted by
 *       RTT/2 as a whole, and byte order is preserved because delivery times never decrease.</li>
 *   <li>Connection setup costs one round trip, as a TCP handshake does: the upstream connection is
 *       opened RTT/2 after the accept (the SYN reaching the server) and client bytes may not leave
 *       before {@code accept + RTT} (the SYN-ACK coming back), so the first request/response on a
 *       new connection takes two round trips.</li>
 *   <li>Bandwidth is not limited by default; the paper's links were 100 Mbit/s and
 *       latency-bound. With {@link Builder#bytesPerSecond(long, long)} each direction is a link
 *       of that rate shared by all the relay's connections (one client's access link, as in the
 *       client classification paper 004): a chunk of {@code n} bytes occupies the link for
 *       {@code n / rate} seconds after the previous one, is delivered RTT/2 after it has been
 *       sent, and is cut into pieces of 20 ms each so that delivery is smooth. The reader stops
 *       reading while more than 250 ms of data wait for the link, so the sender feels the
 *       back-pressure of a slow link as it would through TCP.</li>
 *   <li>With {@link Builder#sourceAddress(InetAddress)} the upstream connections come from that
 *       local address (any of 127.0.0.0/8 on Linux), so that a server sees relays as different
 *       clients.</li>
 * </ul>
 *
 * <p>Each connection uses four platform threads (a reader and a writer per direction); this is
 * plenty for the few hundred connections of the load tests. The relay also counts connections,
 * bytes and request <em>turns</em> (a burst of client bytes after the server last spoke), which
 * approximates the number of requests the origin answered: HTTP requests in F0, JDBC round trips
 * in Fdb.
 *
 * <p>Thread-safe; {@link #close()} stops accepting and closes every open connection.
 */
public final class WanRelay implements AutoCloseable {

    private static final int CHUNK = 16 * 1024;
    private static final long THREAD_STACK = 256 * 1024;
    private static final byte[] EOF = new byte[0];

    private final InetSocketAddress target;
    private final long halfRttNanos;
    private final ServerSocket server;
    private final Thread acceptor;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicLong turns = new AtomicLong();
    private final AtomicLong bytesUp = new AtomicLong();
    private final AtomicLong bytesDown = new AtomicLong();
    private final String name;
    private final Pipe upLink;
    private final Pipe downLink;
    private final InetAddress sourceAddress;
    private volatile boolean closed;

    private WanRelay(String name, int listenPort, InetSocketAddress target, long rttMillis)
            throws IOException {
        this(builder(name, target).listenPort(listenPort).rttMillis(rttMillis));
    }

    private WanRelay(Builder b) throws IOException {
        this.name = b.name;
        this.target = b.target;
        this.halfRttNanos = TimeUnit.MILLISECONDS.toNanos(b.rttMillis) / 2;
        this.upLink = new Pipe(b.upBytesPerSecond);
        this.downLink = new Pipe(b.downBytesPerSecond);
        this.sourceAddress = b.sourceAddress;
        this.server = new ServerSocket(b.listenPort, 1000, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::acceptLoop, "wan-relay-" + name + "-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /**
     * Starts a relay on {@code listenPort} (0 picks a free port) that forwards to {@code target}
     * with the given round-trip time in milliseconds.
     */
    public static WanRelay start(String name, int listenPort, InetSocketAddress target,
            long rttMillis) throws IOException {
        return new WanRelay(name, listenPort, target, rttMillis);
    }

    /**
     * Returns a builder for a relay to {@code target}: no delay, no bandwidth limit, a free
     * port.
     */
    public static Builder builder(String name, InetSocketAddress target) {
        return new Builder(name, target);
    }

    /** The rate of the client-to-target direction in bytes per second; 0 = unlimited. */
    public long upBytesPerSecond() {
        return upLink.bytesPerSecond;
    }

    /** The rate of the target-to-client direction in bytes per second; 0 = unlimited. */
    public long downBytesPerSecond() {
        return downLink.bytesPerSecond;
    }

    /** The loopback port the relay listens on. */
    public int port() {
        return server.getLocalPort();
    }

    /** The emulated round-trip time in milliseconds. */
    public long rttMillis() {
        return TimeUnit.NANOSECONDS.toMillis(halfRttNanos * 2);
    }

    /** Connections accepted so far. */
    public int connections() {
        return connections.get();
    }

    /** Request turns so far: bursts of client bytes after server bytes or a new connection. */
    public long turns() {
        return turns.get();
    }

    /** Bytes relayed from clients to the target. */
    public long bytesUp() {
        return bytesUp.get();
    }

    /** Bytes relayed from the target to clients. */
    public long bytesDown() {
        return bytesDown.get();
    }

    @Override
    public void close() {
        closed = true;
        closeQuietly(server);
        for (Socket s : open) {
            closeQuietly(s);
        }
        acceptor.interrupt();
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return;
            }
            connections.incrementAndGet();
            new Link(client).start();
        }
    }

    /** One relayed connection: the two directions and the delayed upstream connect. */
    private final class Link {
        private final Socket client;
        private final long acceptedAt = System.nanoTime();
        private final BlockingQueue<Chunk> up = new LinkedBlockingQueue<>();
        private final BlockingQueue<Chunk> down = new LinkedBlockingQueue<>();
        private final AtomicInteger finished = new AtomicInteger();
        private volatile Socket upstream;
        /** True while the last bytes seen came from the server (or nothing has been seen yet). */
        private volatile boolean serverSpokeLast = true;

        Link(Socket client) {
            this.client = client;
        }

        void start() {
            open.add(client);
            try {
                client.setTcpNoDelay(true);
            } catch (SocketException e) {
                abort();
                return;
            }
            long handshakeDone = acceptedAt + 2 * halfRttNanos;
            thread("up-read", () -> read(client, up, handshakeDone, true, upLink));
            thread("up-write", this::connectThenWriteUp);
        }

        private void connectThenWriteUp() {
            sleepUntil(acceptedAt + halfRttNanos);
            Socket s = new Socket();
            try {
                s.setTcpNoDelay(true);
                if (sourceAddress != null) {
                    s.bind(new InetSocketAddress(sourceAddress, 0));
                }
                s.connect(target, 10_000);
            } catch (IOException e) {
                closeQuietly(s);
                abort();
                return;
            }
            upstream = s;
            open.add(s);
            if (closed) {
                abort();
                return;
            }
            thread("down-read", () -> read(s, down, 0, false, downLink));
            thread("down-write", () -> write(down, client));
            write(up, s);
        }

        private void read(Socket from, BlockingQueue<Chunk> queue, long notBefore,
                boolean clientSide, Pipe link) {
            byte[] buf = new byte[CHUNK];
            try {
                InputStream in = from.getInputStream();
                while (true) {
                    int n = in.read(buf);
                    long now = System.nanoTime();
                    long deliverAt = Math.max(now, notBefore) + halfRttNanos;
                    if (n < 0) {
                        queue.add(new Chunk(EOF, deliverAt));
                        return;
                    }
                    if (clientSide) {
                        bytesUp.addAndGet(n);
                        if (serverSpokeLast) {
                            serverSpokeLast = false;
                            turns.incrementAndGet();
                        }
                    } else {
                        bytesDown.addAndGet(n);
                        serverSpokeLast = true;
                    }
                    if (link.bytesPerSecond == 0) {
                        byte[] copy = new byte[n];
                        System.arraycopy(buf, 0, copy, 0, n);
                        queue.add(new Chunk(copy, deliverAt));
                        continue;
                    }
                    long base = deliverAt - halfRttNanos;
                    for (int off = 0; off < n; off += link.piece) {
                        int len = Math.min(link.piece, n - off);
                        byte[] copy = new byte[len];
                        System.arraycopy(buf, off, copy, 0, len);
                        queue.add(new Chunk(copy, link.send(base, len) + halfRttNanos));
                    }
                    // back-pressure: stop reading while the link is busy for a while yet
                    sleepUntil(link.freeAt() - Pipe.BUFFER_NANOS);
                }
            } catch (IOException e) {
                queue.add(new Chunk(null, System.nanoTime()));
            }
        }

        private void write(BlockingQueue<Chunk> queue, Socket to) {
            try {
                OutputStream out = to.getOutputStream();
                while (true) {
                    Chunk c = queue.take();
                    sleepUntil(c.deliverAt);
                    if (c.bytes == null) {
                        abort();
                        return;
                    }
                    if (c.bytes.length == 0) {
                        to.shutdownOutput();
                        if (finished.incrementAndGet() == 2) {
                            abort();
                        }
                        return;
                    }
                    out.write(c.bytes);
                    out.flush();
                }
            } catch (IOException e) {
                abort();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                abort();
            }
        }

        private void abort() {
            closeQuietly(client);
            open.remove(client);
            Socket s = upstream;
            if (s != null) {
                closeQuietly(s);
                open.remove(s);
            }
        }

        private void thread(String role, Runnable body) {
            Thread t = new Thread(null, body, "wan-relay-" + name + "-" + role, THREAD_STACK);
            t.setDaemon(true);
            t.start();
        }
    }

    /** One direction's link: its rate and when it is free again (shared by all connections). */
    private static final class Pipe {
        static final long BUFFER_NANOS = TimeUnit.MILLISECONDS.toNanos(250);
        final long bytesPerSecond;
        /** Bytes sent in 20 ms, at least 256, at most a chunk. */
        final int piece;
        private long freeAt = Long.MIN_VALUE;

        Pipe(long bytesPerSecond) {
            this.bytesPerSecond = bytesPerSecond;
            this.piece = (int) Math.max(256, Math.min(CHUNK, bytesPerSecond / 50));
        }

        /** Sends {@code n} bytes no earlier than {@code at}; returns when the last one left. */
        synchronized long send(long at, int n) {
            long start = freeAt == Long.MIN_VALUE ? at : Math.max(at, freeAt);
            freeAt = start + n * 1_000_000_000L / bytesPerSecond;
            return freeAt;
        }

        synchronized long freeAt() {
            return freeAt;
        }
    }

    /** Configures a {@link WanRelay}. */
    public static final class Builder {
        private final String name;
        private final InetSocketAddress target;
        private int listenPort;
        private long rttMillis;
        private long upBytesPerSecond;
        private long downBytesPerSecond;
        private InetAddress sourceAddress;

        private Builder(String name, InetSocketAddress target) {
            this.name = name;
            this.target = target;
        }

        /** The loopback port to listen on; 0 (the default) picks a free one. */
        public Builder listenPort(int port) {
            this.listenPort = port;
            return this;
        }

        /**
         * The emulated round-trip time in milliseconds (default 0).
         *
         * @throws IllegalArgumentException if negative
         */
        public Builder rttMillis(long rtt) {
            if (rtt < 0) {
                throw new IllegalArgumentException("rtt must not be negative: " + rtt);
            }
            this.rttMillis = rtt;
            return this;
        }

        /**
         * Limits each direction to a rate in bytes per second (0 = unlimited, the default);
         * e.g. {@code 7_000} for a 56 kbit/s modem.
         *
         * @throws IllegalArgumentException if negative
         */
        public Builder bytesPerSecond(long up, long down) {
            if (up < 0 || down < 0) {
                throw new IllegalArgumentException("bytes per second must not be negative: "
                        + up + ", " + down);
            }
            this.upBytesPerSecond = up;
            this.downBytesPerSecond = down;
            return this;
        }

        /** Connects to the target from this local address (a server then sees it). */
        public Builder sourceAddress(InetAddress address) {
            this.sourceAddress = address;
            return this;
        }

        /** Starts the relay. */
        public WanRelay start() throws IOException {
            return new WanRelay(this);
        }
    }

    /** Bytes to deliver at an absolute {@link System#nanoTime()}; empty = EOF, null = error. */
    private static final class Chunk {
        final byte[] bytes;
        final long deliverAt;

        Chunk(byte[] bytes, long deliverAt) {
            this.bytes = bytes;
            this.deliverAt = deliverAt;
        }
    }

    private static void sleepUntil(long deadlineNanos) {
        long wait;
        while ((wait = deadlineNanos - System.nanoTime()) > 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // closing a socket that is already broken: nothing left to do
        }
    }

    @Override
    public String toString() {
        return "WanRelay[" + name + " :" + port() + " -> " + target + ", rtt=" + rttMillis()
                + "ms" + (upLink.bytesPerSecond == 0 && downLink.bytesPerSecond == 0 ? ""
                        : ", " + upLink.bytesPerSecond + "/" + downLink.bytesPerSecond + " B/s")
                + "]";
    }
}
