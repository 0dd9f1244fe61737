package io.github.wscache.petshop.wan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class WanRelayTest {

    private ServerSocket echo;
    private ExecutorService pool;

    @BeforeEach
    void startEchoServer() throws IOException {
        echo = new ServerSocket(0, 100, InetAddress.getLoopbackAddress());
        pool = Executors.newCachedThreadPool();
        pool.submit(() -> {
            while (!echo.isClosed()) {
                Socket s = echo.accept();
                pool.submit(() -> echoLoop(s));
            }
            return null;
        });
    }

    @AfterEach
    void stop() throws IOException {
        echo.close();
        pool.shutdownNow();
    }

    private static Void echoLoop(Socket s) throws IOException {
        try (s) {
            s.setTcpNoDelay(true);
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) >= 0) {
                out.write(buf, 0, n);
                out.flush();
            }
            s.shutdownOutput();
        }
        return null;
    }

    private WanRelay relay(long rtt) throws IOException {
        return WanRelay.start("test", 0, new InetSocketAddress(InetAddress.getLoopbackAddress(),
                echo.getLocalPort()), rtt);
    }

    /**
     * Medians over a few samples, after a warm-up connection, so that one scheduling hiccup of a
     * busy shared machine does not decide the result; every sample must still be sane.
     */
    @Test
    void pingPong_takesOneRtt_andConnectionSetupOneMore() throws Exception {
        try (WanRelay relay = relay(100)) {
            try (Socket warm = connect(relay)) {
                pingPong(warm);
            }
            long[] firsts = new long[3];
            long[] rounds = new long[6];
            for (int c = 0; c < firsts.length; c++) {
                try (Socket s = new Socket()) {
                    long t0 = System.nanoTime();
                    s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(),
                            relay.port()));
                    s.setTcpNoDelay(true);
                    pingPong(s);
                    firsts[c] = millisSince(t0);
                    for (int i = 0; i < 2; i++) {
                        long t = System.nanoTime();
                        pingPong(s);
                        rounds[2 * c + i] = millisSince(t);
                    }
                }
            }
            assertThat(median(firsts)).as("handshake + first exchange, median of %s",
                    Arrays.toString(firsts)).isBetween(170L, 230L);
            assertThat(median(rounds)).as("one exchange, median of %s",
                    Arrays.toString(rounds)).isBetween(70L, 130L);
            assertThat(Arrays.stream(firsts).boxed().toList())
                    .allMatch(ms -> ms >= 190 && ms < 400);
            assertThat(Arrays.stream(rounds).boxed().toList())
                    .allMatch(ms -> ms >= 95 && ms < 300);
            assertThat(relay.connections()).isEqualTo(4);
            assertThat(relay.turns()).isEqualTo(1 + 3 * 3);
        }
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    @Test
    void delaysDoNotAccumulate_overManyChunks() throws Exception {
        try (WanRelay relay = relay(60); Socket s = connect(relay)) {
            pingPong(s);
            OutputStream out = s.getOutputStream();
            DataInputStream in = new DataInputStream(s.getInputStream());
            long t = System.nanoTime();
            byte[] back = new byte[20];
            for (int i = 0; i < 20; i++) {
                out.write(i);
                out.flush();
                // real clock: the relay delays by wall time; chunks must leave ~2 ms apart
                Thread.sleep(2);
            }
            in.readFully(back);
            long elapsed = millisSince(t);
            assertThat(elapsed).as("20 chunks sent over ~40 ms arrive ~one RTT later")
                    .isBetween(80L, 180L);
            for (int i = 0; i < 20; i++) {
                assertThat(back[i]).isEqualTo((byte) i);
            }
        }
    }

    @Test
    void oneMegabyte_crossesIntactInBothDirections() throws Exception {
        byte[] data = new byte[1 << 20];
        new Random(42).nextBytes(data);
        try (WanRelay relay = relay(20); Socket s = connect(relay)) {
            Future<byte[]> received = pool.submit(() -> {
                byte[] back = new byte[data.length];
                new DataInputStream(s.getInputStream()).readFully(back);
                return back;
            });
            s.getOutputStream().write(data);
            s.getOutputStream().flush();
            assertThat(received.get(30, TimeUnit.SECONDS)).isEqualTo(data);
            assertThat(relay.bytesUp()).isEqualTo(data.length);
            assertThat(relay.bytesDown()).isEqualTo(data.length);
        }
    }

    @Test
    void fiftyConcurrentConnections_keepTheirBytesApart() throws Exception {
        try (WanRelay relay = relay(20)) {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int c = 0; c < 50; c++) {
                int seed = c;
                results.add(pool.submit(() -> {
                    byte[] data = new byte[64 * 1024];
                    new Random(seed).nextBytes(data);
                    try (Socket s = connect(relay)) {
                        Future<byte[]> back = pool.submit(() -> {
                            byte[] b = new byte[data.length];
                            new DataInputStream(s.getInputStream()).readFully(b);
                            return b;
                        });
                        s.getOutputStream().write(data);
                        s.getOutputStream().flush();
                        byte[] got = back.get(30, TimeUnit.SECONDS);
                        return MessageDigest.isEqual(data, got);
                    }
                }));
            }
            for (Future<Boolean> r : results) {
                assertThat(r.get(60, TimeUnit.SECONDS)).isTrue();
            }
            assertThat(relay.connections()).isEqualTo(50);
        }
    }

    @Test
    void zeroRtt_relaysWithoutDelay() throws Exception {
        try (WanRelay relay = relay(0); Socket s = connect(relay)) {
            long t = System.nanoTime();
            for (int i = 0; i < 10; i++) {
                pingPong(s);
            }
            assertThat(millisSince(t)).isLessThan(500L);
        }
    }

    /** Sends {@code size} bytes through the relay and returns the ms until all came back. */
    private long echoMillis(WanRelay relay, int size) throws Exception {
        return echoMillis(relay, size, null);
    }

    /**
     * Echoes {@code size} bytes through {@code relay}, the sending starting once every party of
     * {@code start} (if any) is connected too, and returns how long it took.
     */
    private long echoMillis(WanRelay relay, int size, CyclicBarrier start) throws Exception {
        byte[] data = new byte[size];
        new Random(7).nextBytes(data);
        try (Socket s = connect(relay)) {
            pingPong(s);
            if (start != null) {
                start.await(30, TimeUnit.SECONDS);
            }
            long t = System.nanoTime();
            Future<byte[]> received = pool.submit(() -> {
                byte[] back = new byte[data.length];
                new DataInputStream(s.getInputStream()).readFully(back);
                return back;
            });
            s.getOutputStream().write(data);
            s.getOutputStream().flush();
            assertThat(received.get(30, TimeUnit.SECONDS)).isEqualTo(data);
            return millisSince(t);
        }
    }

    @Test
    void bandwidthLimit_downstream_takesSizeOverRate() throws Exception {
        InetSocketAddress target = new InetSocketAddress(InetAddress.getLoopbackAddress(),
                echo.getLocalPort());
        try (WanRelay slow = WanRelay.builder("slow", target).bytesPerSecond(0, 50_000)
                .start(); WanRelay fast = WanRelay.builder("fast", target).start()) {
            assertThat(slow.downBytesPerSecond()).isEqualTo(50_000);
            long slowMs = echoMillis(slow, 40_000);
            long fastMs = echoMillis(fast, 40_000);
            assertThat(slowMs).as("40 kB at 50 kB/s").isBetween(750L, 1500L);
            assertThat(fastMs).as("unlimited").isLessThan(300L);
            assertThat(slow.bytesDown()).isEqualTo(40_000 + 3);
        }
    }

    @Test
    void bandwidthLimit_isSharedByTheRelaysConnections_andLimitsUpstreamToo()
            throws Exception {
        InetSocketAddress target = new InetSocketAddress(InetAddress.getLoopbackAddress(),
                echo.getLocalPort());
        try (WanRelay relay = WanRelay.builder("modem", target).bytesPerSecond(40_000, 0)
                .start()) {
            // both connected before either sends: the two transfers share the link throughout
            CyclicBarrier start = new CyclicBarrier(2);
            List<Future<Long>> both = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                both.add(pool.submit(() -> echoMillis(relay, 20_000, start)));
            }
            long slowest = Math.max(both.get(0).get(30, TimeUnit.SECONDS),
                    both.get(1).get(30, TimeUnit.SECONDS));
            assertThat(slowest).as("2 x 20 kB over one 40 kB/s link").isBetween(750L, 1600L);
        }
    }

    @Test
    void sourceAddress_isWhatTheTargetSees() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
                WanRelay relay = WanRelay.builder("client-7", new InetSocketAddress(
                        InetAddress.getLoopbackAddress(), server.getLocalPort()))
                        .sourceAddress(InetAddress.getByName("127.0.0.7")).start();
                Socket s = connect(relay)) {
            s.getOutputStream().write(1);
            try (Socket accepted = server.accept()) {
                assertThat(accepted.getInetAddress().getHostAddress()).isEqualTo("127.0.0.7");
            }
        }
    }

    @Test
    void builder_rejectsNegativeValues() {
        InetSocketAddress target = new InetSocketAddress(InetAddress.getLoopbackAddress(), 1);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> WanRelay.builder("x", target)
                .bytesPerSecond(-1, 0)).hasMessage("bytes per second must not be negative: -1, 0");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> WanRelay.builder("x", target)
                .rttMillis(-5)).hasMessage("rtt must not be negative: -5");
    }

    private static Socket connect(WanRelay relay) throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), relay.port());
        s.setTcpNoDelay(true);
        return s;
    }

    private static void pingPong(Socket s) throws IOException {
        s.getOutputStream().write(new byte[] {1, 2, 3});
        s.getOutputStream().flush();
        new DataInputStream(s.getInputStream()).readFully(new byte[3]);
    }

    private static long millisSince(long t0) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    }
}
