package io.github.wscache.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testkit.RawHttpServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * RFC 9110 §15.2: a 1xx response is interim. An origin that sends {@code 103 Early Hints} or
 * {@code 100 Continue} before its final response must not have the interim response stored or
 * passed on as if it were the answer: the client gets the final response, the edge stores that
 * one, and the next request is a hit. A 103 is forwarded to an HTTP/1.1 client before the
 * answer (RFC 8297), its fields not repeated in the answer. The origin is a byte-level server
 * ({@link RawHttpServer}), since the JDK's {@code HttpServer} cannot send interim responses.
 */
class InterimResponseTest {
    private RawHttpServer origin;
    private EdgeServer edge;

    /** Answers every request with the interim response, then the final one. */
    private void startOrigin(String interim) throws IOException {
        String body = "final body";
        origin = RawHttpServer.start();
        origin.reply(interim
                + "HTTP/1.1 200 OK\r\n"
                + "Content-Type: text/plain\r\n"
                + "Cache-Control: max-age=600\r\n"
                + "Content-Length: " + body.length() + "\r\n"
                + "Connection: close\r\n\r\n"
                + body);
    }

    @AfterEach
    void close() throws IOException {
        if (edge != null) {
            edge.close();
        }
        if (origin != null) {
            origin.close();
        }
    }

    private void startEdge() {
        edge = EdgeServer.builder().origin(URI.create("http://127.0.0.1:" + origin.port()))
                .build().start();
    }

    @Test
    void earlyHintsAreNeitherPassedOnAsTheAnswerNorStored() throws IOException {
        startOrigin("HTTP/1.1 103 Early Hints\r\n"
                + "Link: </style.css>; rel=preload; as=style\r\n\r\n");
        startEdge();

        HttpResponse<String> first = EdgeTestSupport.get(edge, "/hinted");
        HttpResponse<String> second = EdgeTestSupport.get(edge, "/hinted");

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.body()).isEqualTo("final body");
        assertThat(second.statusCode()).isEqualTo(200);
        assertThat(second.body()).isEqualTo("final body");
        assertThat(second.headers().firstValue("Link")).isEmpty();
        assertThat(origin.requests()).as("the final 200 was stored, the 103 was not")
                .isEqualTo(1);
    }

    /** One GET over a plain socket, as the client sees it on the wire (1xx included). */
    private String rawGet(String path, String protocol) throws IOException {
        try (java.net.Socket s = new java.net.Socket("127.0.0.1", edge.port())) {
            s.setSoTimeout(20_000);
            s.getOutputStream().write(("GET " + path + " " + protocol + "\r\nHost: 127.0.0.1\r\n"
                    + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    @Test
    void earlyHints_reachTheClientBeforeTheAnswer_withoutTheirFieldsInTheAnswer()
            throws IOException {
        startOrigin("HTTP/1.1 103 Early Hints\r\n"
                + "Link: </style.css>; rel=preload; as=style\r\n\r\n");
        startEdge();

        String wire = rawGet("/hinted", "HTTP/1.1");

        // RFC 8297: the 103 first, with its Link; then the final response, without it
        int end = wire.indexOf("\r\n\r\n");
        assertThat(wire).startsWith("HTTP/1.1 103 ");
        assertThat(wire.substring(0, end)).containsIgnoringCase(
                "\r\nLink: </style.css>; rel=preload; as=style");
        String answer = wire.substring(end + 4);
        assertThat(answer).startsWith("HTTP/1.1 200 ").endsWith("final body")
                .doesNotContainIgnoringCase("\r\nLink:");
        // the 103 is not stored: the hit that follows has no interim response
        String hit = rawGet("/hinted", "HTTP/1.1");
        assertThat(hit).startsWith("HTTP/1.1 200 ").endsWith("final body")
                .doesNotContainIgnoringCase("Link:");
        assertThat(origin.requests()).isEqualTo(1);
    }

    @Test
    void earlyHints_neverReachAnHttp10Client() throws IOException {
        startOrigin("HTTP/1.1 103 Early Hints\r\n"
                + "Link: </style.css>; rel=preload; as=style\r\n\r\n");
        startEdge();

        String wire = rawGet("/hinted", "HTTP/1.0");

        assertThat(wire).startsWith("HTTP/1.1 200 ").endsWith("final body")
                .doesNotContainIgnoringCase("Link:");
    }

    @Test
    void anUnaskedHundredContinueIsSkipped() throws IOException {
        startOrigin("HTTP/1.1 100 Continue\r\n\r\n");
        startEdge();

        HttpResponse<String> first = EdgeTestSupport.get(edge, "/continued");
        HttpResponse<String> second = EdgeTestSupport.get(edge, "/continued");

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.body()).isEqualTo("final body");
        assertThat(second.body()).isEqualTo("final body");
        assertThat(origin.requests()).isEqualTo(1);
    }
}
