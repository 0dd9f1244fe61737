package io.github.wscache.edge;

import static io.github.wscache.edge.EdgeTestSupport.CLIENT;
import static io.github.wscache.edge.EdgeTestSupport.admin;
import static io.github.wscache.edge.EdgeTestSupport.get;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.github.wscache.testkit.Gate;
import io.github.wscache.testkit.Waits;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The operator's side of the edge: the admin port, the access log and the graceful stop. */
class EdgeOperationsTest extends EdgeTestBase {
    private static final Duration QUICK = Duration.ofSeconds(20);

    @Test
    void stats_areServedOnTheAdminPort_andTheProxyPortForwardsTheAdminPathToTheOrigin() {
        origin.route("/a", "A").header("Cache-Control", "max-age=60");
        edge();
        get(edge, "/a");

        HttpResponse<String> stats = admin(edge, EdgeServer.DEFAULT_ADMIN_PATH);
        HttpResponse<String> viaProxy = get(edge, EdgeServer.DEFAULT_ADMIN_PATH);

        assertThat(edge.adminPort()).isPositive().isNotEqualTo(edge.port());
        assertThat(stats.statusCode()).isEqualTo(200);
        assertThat(stats.headers().firstValue("Cache-Control")).hasValue("no-store");
        assertThat(stats.body()).contains("\"requests\":1");
        assertThat(viaProxy.statusCode()).isEqualTo(404);
        assertThat(origin.count(EdgeServer.DEFAULT_ADMIN_PATH)).isEqualTo(1);
        assertThat(admin(edge, "/a").statusCode()).as("the admin port proxies nothing")
                .isEqualTo(404);
        assertThat(origin.count("/a")).isEqualTo(1);
    }

    @Test
    void adminPort_listensOnLoopbackOnly_whileTheProxyListensOnAllAddresses() throws IOException {
        edge();
        // on Linux all of 127/8 reaches this host, but only a socket bound to 0.0.0.0 (not one
        // bound to 127.0.0.1) answers on 127.0.0.2
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.2", edge.port()), 2000);
        }
        assertThatThrownBy(() -> {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.2", edge.adminPort()), 2000);
            }
        }).isInstanceOf(ConnectException.class);
    }

    @Test
    void adminPath_null_turnsTheAdminPortOff() {
        edge(EdgeServer.builder().adminPath(null));
        assertThat(edge.adminPort()).isEqualTo(-1);
    }

    @Test
    void accessLog_writesTheCombinedFormatWithTheCacheOutcomeAndTheTimeTaken() {
        // a slow origin: the time taken that the log shows includes it
        origin.route("/a", "A").header("Cache-Control", "max-age=60")
                .delay(Duration.ofMillis(200));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        edge(EdgeServer.builder().accessLog(log));
        for (int i = 0; i < 2; i++) {
            EdgeTestSupport.get(edge, "/a?x=1", "User-Agent", "test \"agent\"",
                    "Referer", "http://ref.example/");
        }
        edge.close();

        List<String> lines = log.toString(StandardCharsets.UTF_8).lines().toList();
        assertThat(lines).hasSize(2);
        String common = "^127\\.0\\.0\\.1 - - \\[\\d{2}/\\w{3}/\\d{4}:\\d{2}:\\d{2}:\\d{2} "
                + "[+-]\\d{4}\\] \"GET /a\\?x=1 HTTP/1\\.1\" 200 1 \"http://ref\\.example/\" "
                + "\"test \\\\\"agent\\\\\"\" ";
        assertThat(lines.get(0)).matches(common + "MISS \\d+$");
        assertThat(lines.get(1)).matches(common + "HIT \\d+$");
        long missMicros = Long.parseLong(lines.get(0).replaceAll(".* ", ""));
        assertThat(missMicros).as("microseconds, the origin's 200 ms included")
                .isBetween(200_000L, 10_000_000L);
    }

    @Test
    void accessLog_thatCannotWrite_neverSlowsRequests() throws Exception {
        origin.route("/a", "A").header("Cache-Control", "max-age=60");
        CountDownLatch release = new CountDownLatch(1);
        OutputStream stalled = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    throw new InterruptedIOException();
                }
            }
        };
        edge(EdgeServer.builder().accessLog(stalled));
        assertTimeoutPreemptively(QUICK, () -> {
            for (int i = 0; i < 200; i++) {
                assertThat(get(edge, "/a").statusCode()).isEqualTo(200);
            }
        });
        release.countDown();
    }

    @Test
    void close_letsARequestInFlightFinish_andRefusesNewConnections() throws Exception {
        Gate answer = new Gate();
        origin.route("/slow", "slow").hold(answer);
        edge(EdgeServer.builder().drainTimeout(Duration.ofSeconds(10)));
        CompletableFuture<HttpResponse<String>> inFlight = CLIENT.sendAsync(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + edge.port() + "/slow"))
                        .build(), HttpResponse.BodyHandlers.ofString());
        answer.awaitEntered(1);

        long start = System.nanoTime();
        Thread closing = new Thread(edge::close, "closing-the-edge");
        closing.start();
        // the edge drains now: it has stopped accepting and waits for the request held at the
        // origin
        Waits.untilParkedIn(List.of(closing), 1, "TrafficValve", "awaitIdle");
        // a connection made while draining: the kernel takes it, the edge never serves it
        try (Socket late = new Socket()) {
            late.connect(new InetSocketAddress("127.0.0.1", edge.port()), 2000);
            late.getOutputStream().write("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            HttpClient fresh = HttpClient.newHttpClient();
            CompletableFuture<HttpResponse<String>> refused = fresh.sendAsync(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + edge.port()
                            + "/slow")).build(), HttpResponse.BodyHandlers.ofString());

            answer.release();
            HttpResponse<String> r = inFlight.get();
            closing.join(QUICK.toMillis());
            assertThat(closing.isAlive()).as("closed").isFalse();
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.body()).isEqualTo("slow");
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .isLessThan(Duration.ofSeconds(8));
            assertThatThrownBy(refused::get).as("no new connections while draining")
                    .hasCauseInstanceOf(ConnectException.class);
            assertThat(answerTo(late)).as("no answer on a connection made while draining")
                    .isEmpty();
        }
    }

    /** What the server sent on {@code s} until it closed the connection (reset or not). */
    private static String answerTo(Socket s) {
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        try {
            InputStream in = s.getInputStream();
            int c;
            while ((c = in.read()) >= 0) {
                got.write(c);
            }
        } catch (IOException e) {
            // reset: nothing more
        }
        return got.toString(StandardCharsets.ISO_8859_1);
    }

    @Test
    void close_cutsOffWhatOutlastsTheDrainTimeout() throws Exception {
        // held at the origin until the test ends: it outlasts any drain
        Gate never = new Gate();
        origin.route("/slower", "slower").hold(never);
        edge(EdgeServer.builder().drainTimeout(Duration.ofMillis(300)));
        CompletableFuture<HttpResponse<String>> inFlight = CLIENT.sendAsync(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + edge.port()
                        + "/slower")).build(), HttpResponse.BodyHandlers.ofString());
        never.awaitEntered(1);

        long start = System.nanoTime();
        edge.close();

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(8));
        assertTimeoutPreemptively(QUICK, () -> {
            try {
                assertThat(inFlight.get().statusCode()).as("cut off: the edge's own error")
                        .isGreaterThanOrEqualTo(500);
            } catch (java.util.concurrent.ExecutionException e) {
                assertThat(e.getCause()).as("cut off: the connection closed")
                        .isInstanceOf(IOException.class);
            }
        });
    }
}
