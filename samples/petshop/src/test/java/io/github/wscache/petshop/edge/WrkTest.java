package io.github.wscache.petshop.edge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.testkit.TestOrigin;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Debian's wrk (installed by CI) against a real loopback server. */
class WrkTest {

    @Test
    void run_countsOnlyRequestsTheServerAnswered() throws Exception {
        AtomicInteger answered = new AtomicInteger();
        try (TestOrigin s = TestOrigin.start()) {
            s.route("/x", "hello");
            Wrk.Result r = Wrk.run(s.uri("/x"), 4, Duration.ofSeconds(1));
            assertThat(r.requests()).isPositive().isLessThanOrEqualTo(s.count("/x"));
            assertThat(r.requestsPerSecond()).isPositive();
        }
    }

    @Test
    void run_failsWhenTheServerAnswersErrors() throws Exception {
        try (TestOrigin s = TestOrigin.start()) {
            s.route("/x", "hello").status(500);
            assertThatThrownBy(() -> Wrk.run(s.uri("/x"), 2, Duration.ofSeconds(1)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("were not 2xx/3xx");
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
