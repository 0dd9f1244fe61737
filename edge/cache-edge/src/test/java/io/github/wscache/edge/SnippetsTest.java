package io.github.wscache.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testkit.TestOrigin;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The Javadoc examples of the public types, compiled and run. */
class SnippetsTest {
    @Test
    void edgeServerExample_runsInFrontOfAnOrigin() throws Exception {
        try (TestOrigin origin = TestOrigin.start()) {
            origin.route("/", "<h1><esi:include src=\"/title\"/></h1>").esi();
            origin.route("/title", "Pet Shop").header("Cache-Control", "max-age=60");
            URI originUri = origin.uri();

            try (EdgeServer edge = EdgeServer.builder()
                    .origin(originUri)
                    .port(0)
                    .maxIncludeDepth(3)
                    .includeTimeout(Duration.ofSeconds(5))
                    .varyCookies("JSESSIONID", "user")
                    .maxBytes(64L << 20)
                    .build()
                    .start()) {
                HttpResponse<String> page = HttpClient.newHttpClient().send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + edge.port()
                                + "/")).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(page.body()).isEqualTo("<h1>Pet Shop</h1>");
                EdgeStats s = edge.stats();
                System.out.printf("filtered at the edge: %.0f%%%n", 100 * s.filteredShare());
                assertThat(s.requests()).isEqualTo(1);
            }
        }
    }

    @Test
    void clientClassificationExample_buildsAndStarts() throws Exception {
        try (TestOrigin origin = TestOrigin.start()) {
            origin.route("/shop/item", "<p>item</p>").esi();
            try (EdgeServer edge = EdgeServer.builder()
                    .origin(origin.uri())
                    .clientClassification(ClientClassification.builder()
                            .classifyPages("/", "/shop/*")
                            .actionPages("/shop/*")
                            .actions(ClientClassification.ServerAction.GZIP,
                                    ClientClassification.ServerAction.REDUCE)
                            .poorThresholds(Duration.ofSeconds(3), Duration.ofSeconds(5))
                            .build())
                    .build()
                    .start()) {
                HttpResponse<String> page = HttpClient.newHttpClient().send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + edge.port()
                                + "/shop/item")).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(page.headers().firstValue("X-Class")).hasValue("normal");
            }
        }
    }
}
