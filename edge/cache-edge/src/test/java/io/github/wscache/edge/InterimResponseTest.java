package io.github.wscache.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testkit.RawHttpServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * RFC 9110 §15.2: a 1xx response is interim. An origin that sends {@code 103 Early Hints} or
 * {@code 100 Continue} before its final response must not have the interim response stored or
 * passed on as if it were the answer: the client gets the final response, the edge stores that
 * one, and the next request is a hit. The origin is a byte-level server ({@link RawHttpServer}),
 * since the JDK's {@code HttpServer} cannot send interim responses.
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
