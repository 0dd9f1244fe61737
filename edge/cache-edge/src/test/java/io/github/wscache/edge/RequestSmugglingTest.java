package io.github.wscache.edge;

import static io.github.wscache.edge.EdgeTestSupport.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testkit.RawHttpServer;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Request smuggling and malformed framing (RFC 9112 §6.3 and §11.2; Kettle, "HTTP Desync
 * Attacks", 2019): requests whose length can be read two ways, written byte for byte on a raw
 * socket to the edge, each followed by a second, plain request. The edge's parser (Tomcat 11 as
 * {@code EdgeTomcat} sets it) refuses each with a 400 (501 for an unknown coding) or reads it one
 * way, and the edge forwards a request of its own making; the origin, which counts every request
 * it reads, never receives the smuggled one, and nothing of it is stored. There is no switch to
 * turn this off: the "naive" run of the other classes has the same parser, so these probes run
 * on the default edge only (and against Varnish in {@code EdgeSecurityComparisonTest}).
 */
class RequestSmugglingTest {
    static final String OK = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n"
            + "Cache-Control: max-age=60\r\nContent-Length: 2\r\n\r\nok";
    static final String SMUGGLED = "GET /smuggled HTTP/1.1\r\nHost: e\r\n\r\n";
    static final String AFTER = "GET /after HTTP/1.1\r\nHost: e\r\nConnection: close\r\n\r\n";

    private RawHttpServer origin;
    private EdgeServer edge;

    /**
     * One probe: the bytes, the statuses the client reads, and the request lines the origin
     * reads.
     */
    record Probe(String name, String bytes, List<Integer> statuses, List<String> originLines) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static String chunk(String data) {
        return Integer.toHexString(data.length()) + "\r\n" + data + "\r\n";
    }

    static List<Probe> probes() {
        String post = "POST /form HTTP/1.1\r\nHost: e\r\n";
        return List.of(
                new Probe("Content-Length and Transfer-Encoding (CL.TE)", post
                        + "Content-Length: " + ("0\r\n\r\n" + SMUGGLED).length() + "\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + SMUGGLED + AFTER,
                        List.of(200), List.of("POST /form HTTP/1.1")),
                new Probe("Transfer-Encoding and a short Content-Length (TE.CL)", post
                        + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n"
                        + chunk(SMUGGLED) + "0\r\n\r\n" + AFTER,
                        List.of(200), List.of("POST /form HTTP/1.1")),
                new Probe("two differing Content-Length", post + "Content-Length: 3\r\n"
                        + "Content-Length: " + (3 + SMUGGLED.length()) + "\r\n\r\nabc"
                        + SMUGGLED + AFTER, List.of(400), List.of()),
                new Probe("two equal Content-Length", post + "Content-Length: 3\r\n"
                        + "Content-Length: 3\r\n\r\nabc" + AFTER, List.of(400), List.of()),
                new Probe("Content-Length as a list", post + "Content-Length: 3, 3\r\n\r\nabc"
                        + AFTER, List.of(400), List.of()),
                new Probe("Content-Length with a sign", post + "Content-Length: +3\r\n\r\nabc"
                        + AFTER, List.of(400), List.of()),
                new Probe("white space before the colon", post
                        + "Transfer-Encoding : chunked\r\n\r\n0\r\n\r\n" + AFTER,
                        List.of(400), List.of()),
                new Probe("Transfer-Encoding twice", post + "Transfer-Encoding: chunked\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + AFTER,
                        List.of(400), List.of()),
                new Probe("an unknown transfer coding", post
                        + "Transfer-Encoding: xchunked\r\n\r\n0\r\n\r\n" + AFTER,
                        List.of(501), List.of()),
                new Probe("Transfer-Encoding on HTTP/1.0", "POST /form HTTP/1.0\r\nHost: e\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + SMUGGLED,
                        List.of(200), List.of("POST /form HTTP/1.1")),
                new Probe("obs-fold", "GET /fold HTTP/1.1\r\nHost: e\r\nX-A: one\r\n two\r\n"
                        + "\r\n" + AFTER, List.of(200, 200),
                        List.of("GET /fold HTTP/1.1", "GET /after HTTP/1.1")),
                new Probe("bare LF line ends", "GET /lf HTTP/1.1\nHost: e\nX-A: 1\n\n" + AFTER,
                        List.of(200, 200), List.of("GET /lf HTTP/1.1", "GET /after HTTP/1.1")),
                new Probe("a bare LF inside the fields", "GET /lf HTTP/1.1\r\nHost: e\r\n"
                        + "X-A: 1\nGET /smuggled HTTP/1.1\r\n\r\n" + AFTER,
                        List.of(400), List.of()),
                new Probe("a bare CR inside a value", "GET /cr HTTP/1.1\r\nHost: e\r\n"
                        + "X-A: 1\rX-B: 2\r\n\r\n" + AFTER, List.of(400), List.of()),
                new Probe("a NUL inside a value", "GET /nul HTTP/1.1\r\nHost: e\r\n"
                        + "X-A: 1\u0000\r\n\r\n" + AFTER, List.of(400), List.of()),
                new Probe("a body with Content-Length on GET", "GET /body HTTP/1.1\r\nHost: e\r\n"
                        + "Content-Length: " + SMUGGLED.length() + "\r\n\r\n" + SMUGGLED + AFTER,
                        List.of(200, 200), List.of("GET /body HTTP/1.1", "GET /after HTTP/1.1")),
                new Probe("a chunked body on GET", "GET /body HTTP/1.1\r\nHost: e\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n" + chunk(SMUGGLED) + "0\r\n\r\n"
                        + AFTER, List.of(200, 200),
                        List.of("GET /body HTTP/1.1", "GET /after HTTP/1.1")),
                new Probe("no Host", "GET /x HTTP/1.1\r\n\r\n" + AFTER, List.of(400), List.of()),
                new Probe("two Host fields", "GET /x HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"
                        + AFTER, List.of(400), List.of()),
                new Probe("a Host other than the absolute target's", "GET http://a.example/x "
                        + "HTTP/1.1\r\nHost: b.example\r\n\r\n" + AFTER, List.of(400), List.of()),
                new Probe("a space inside the target", "GET /a b HTTP/1.1\r\nHost: e\r\n\r\n"
                        + AFTER, List.of(400), List.of()),
                new Probe("an encoded backslash in the path", "GET /a%5C..%5Csmuggled HTTP/1.1"
                        + "\r\nHost: e\r\n\r\n" + AFTER, List.of(400), List.of()));
    }

    @BeforeEach
    void start() throws IOException {
        origin = RawHttpServer.replying(OK);
        edge = EdgeServer.builder().origin(origin.uri("")).build().start();
    }

    @AfterEach
    void stop() throws IOException {
        edge.close();
        origin.close();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("probes")
    void aRequestThatCouldBeReadTwoWays_isRefusedOrReadOneWay_andNothingIsSmuggled(Probe p) {
        String answer = SecurityFixtures.exchange(edge.port(), p.bytes());
        assertThat(SecurityFixtures.statuses(answer)).as(answer).isEqualTo(p.statuses());
        List<String> heads = origin.requestHeads();
        assertThat(heads.stream().map(h -> h.substring(0, h.indexOf("\r\n"))))
                .isEqualTo(p.originLines());
        for (String h : heads) {
            assertThat(h).doesNotContain("smuggled").doesNotContain("\r\n ")
                    .doesNotContain("\r\n\t").doesNotContainPattern("[^\r]\n")
                    .doesNotContainIgnoringCase("Transfer-Encoding");
        }
        assertThat(get(edge, "/smuggled").headers().firstValue("Cache-Status").orElse(""))
                .as("nothing was stored under the smuggled request's URL")
                .doesNotContain("hit");
    }
}
