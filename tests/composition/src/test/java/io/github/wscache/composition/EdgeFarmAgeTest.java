package io.github.wscache.composition;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.edge.EdgeServer;
import io.github.wscache.testkit.ManualClock;
import io.github.wscache.testkit.RawHttpServer;
import io.github.wscache.testkit.RedisServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A page of an origin that sends no {@code Date}, stored by one edge of a farm and read from
 * Redis by another 30 s later: the other edge knows its age, because the edge dates what it
 * receives (RFC 9110 §6.6.1), and tells its clients (and decides its freshness) by it; without a
 * {@code Date} the page started at age 0 on every edge that read it, and could be served for
 * its whole lifetime again there. Each edge has its own clock, as the machines of a farm do.
 */
class EdgeFarmAgeTest {
    private static final String PAGE = "HTTP/1.1 200 OK\r\nCache-Control: max-age=60\r\n"
            + "Content-Type: text/plain\r\nContent-Length: 4\r\n\r\npage";
    private static RedisServer redis;
    private static RawHttpServer origin;
    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        redis = RedisServer.start();
        origin = RawHttpServer.replying(PAGE);
    }

    @AfterAll
    static void stop() throws Exception {
        origin.close();
        redis.close();
    }

    private static EdgeServer edge(ManualClock clock) {
        return EdgeServer.builder().origin(URI.create("http://127.0.0.1:" + origin.port()))
                .address("127.0.0.1").port(0)
                .adminPath(null).sharedTier(redis.uri()).clock(clock).build().start();
    }

    private HttpResponse<String> get(EdgeServer edge, String path) throws Exception {
        HttpResponse<String> r = EdgeFarmNode.get(client, edge, path, "-");
        assertThat(r.statusCode()).isEqualTo(200);
        return r;
    }

    @Test
    void aPageWithoutDate_readFromTheTierByAnotherEdge_keepsItsAge() throws Exception {
        ManualClock first = ManualClock.startingNow();
        ManualClock second = ManualClock.startingNow();
        try (EdgeServer one = edge(first); EdgeServer two = edge(second)) {
            assertThat(get(one, "p").headers().firstValue("Date")).as("dated by the edge")
                    .isPresent();
            assertThat(origin.requests()).isEqualTo(1);

            // within its freshness on the other edge: a hit from the farm
            second.advance(Duration.ofSeconds(30));
            HttpResponse<String> shared = get(two, "p");
            assertThat(origin.requests()).isEqualTo(1);
            assertThat(shared.headers().firstValue("Age")).hasValue("30");
        }
    }
}
