package io.github.wscache.petshop.edge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Debian's wrk (installed by CI) against a real loopback server. */
class WrkTest {

    private static HttpServer server(int status, AtomicInteger answered) throws Exception {
        HttpServer s = HttpServer.create(
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        s.createContext("/", ex -> {
            byte[] b = "hello".getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(status, b.length);
            ex.getResponseBody().write(b);
            ex.close();
            answered.incrementAndGet();
        });
        s.start();
        return s;
    }

    @Test
    void run_countsOnlyRequestsTheServerAnswered() throws Exception {
        AtomicInteger answered = new AtomicInteger();
        HttpServer s = server(200, answered);
        try {
            URI url = URI.create("http://127.0.0.1:" + s.getAddress().getPort() + "/x");
            Wrk.Result r = Wrk.run(url, 4, Duration.ofSeconds(1));
            assertThat(r.requests()).isPositive().isLessThanOrEqualTo(answered.get());
            assertThat(r.requestsPerSecond()).isPositive();
        } finally {
            s.stop(0);
        }
    }

    @Test
    void run_failsWhenTheServerAnswersErrors() throws Exception {
        HttpServer s = server(500, new AtomicInteger());
        try {
            URI url = URI.create("http://127.0.0.1:" + s.getAddress().getPort() + "/x");
            assertThatThrownBy(() -> Wrk.run(url, 2, Duration.ofSeconds(1)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("were not 2xx/3xx");
        } finally {
            s.stop(0);
        }
    }

    @Test
    void parse_readsWrksReport() {
        String report = """
                Running 10s test @ http://127.0.0.1:8080/category?id=FISH
                  2 threads and 8 connections
                  Thread Stats   Avg      Stdev     Max   +/- Stdev
                    Latency     0.97ms    2.05ms  45.88ms   91.74%
                    Req/Sec    11.50k     1.02k   13.20k    70.00%
                  228860 requests in 10.00s, 432.16MB read
                Requests/sec:  22886.03
                Transfer/sec:     43.20MB
                """;
        assertThat(Wrk.parse(report)).isEqualTo(new Wrk.Result(22886.03, 228860));
        assertThatThrownBy(() -> Wrk.parse(report.replace("Transfer/sec",
                "  Socket errors: connect 0, read 3, write 0, timeout 0\nTransfer/sec")))
                .hasMessageStartingWith("socket errors");
        assertThatThrownBy(() -> Wrk.parse("unable to connect to 127.0.0.1:1"))
                .hasMessageStartingWith("not a wrk report");
    }
}
