package io.github.wscache.petshop.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.edge.ClientClassification;
import io.github.wscache.edge.EdgeServer;
import io.github.wscache.petshop.wan.WanRelay;
import io.github.wscache.testkit.TestOrigin;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Client classification end to end over emulated links: cache-edge with classification in front
 * of an origin, and two clients, each behind its own WAN relay with its own source address
 * (127.0.0.2, 127.0.0.3) and link speed. Nothing tells the edge which client is slow but the
 * timing of their requests: the slow one's embedded object arrives late because its page took
 * long to cross its link.
 */
class ClassificationOverWanTest {
    private static final String ADS = "<div class=\"ads\">" + "special offer! ".repeat(700)
            + "</div>";
    private static final String PAGE = "<html><link rel=\"stylesheet\" href=\"/shop.css\">"
            + "<esi:include src=\"/fragment/ads\" wscache-optional=\"true\"/>"
            + "<esi:include src=\"/fragment/items\"/></html>";
    private static final String ITEMS = "<ul>" + "<li>Iguana</li>".repeat(100) + "</ul>";

    private TestOrigin origin;
    private EdgeServer edge;
    private WanRelay slowLink;
    private WanRelay fastLink;

    @BeforeEach
    void start() throws IOException {
        origin = TestOrigin.start();
        route("/page", PAGE, "text/html", "content=\"ESI/1.0\"");
        route("/fragment/ads", ADS, "text/html", null);
        route("/fragment/items", ITEMS, "text/html", null);
        route("/shop.css", "body{margin:0}", "text/css", null);
        edge = EdgeServer.builder()
                .origin(origin.uri())
                .address("127.0.0.1")
                .clientClassification(ClientClassification.builder()
                        .classifyPages("/page").actionPages("/page")
                        .gzipForAll(false)
                        // every client here is in 127.0.0.0/24: no cluster fallback
                        .clusterPrefixes(32, 128)
                        .poorThresholds(Duration.ofMillis(300), Duration.ofMillis(400))
                        .richThresholds(Duration.ofMillis(100), Duration.ofMillis(150))
                        .build())
                .build().start();
        InetSocketAddress to = new InetSocketAddress(InetAddress.getLoopbackAddress(),
                edge.port());
        // 20 kB/s down: the 12 kB page takes about 0.6 s; 20 ms round trips for both
        slowLink = WanRelay.builder("slow", to).rttMillis(20).bytesPerSecond(20_000, 20_000)
                .sourceAddress(InetAddress.getByName("127.0.0.2")).start();
        fastLink = WanRelay.builder("fast", to).rttMillis(20)
                .sourceAddress(InetAddress.getByName("127.0.0.3")).start();
    }

    private void route(String path, String body, String type, String surrogate) {
        TestOrigin.Route r = origin.route(path, body)
                .header("Content-Type", type + "; charset=UTF-8")
                .header("Cache-Control", "max-age=300");
        if (surrogate != null) {
            r.header("Surrogate-Control", surrogate);
        }
    }

    @AfterEach
    void stop() {
        for (AutoCloseable c : new AutoCloseable[] {slowLink, fastLink, edge}) {
            try {
                if (c != null) {
                    c.close();
                }
            } catch (Exception e) {
                // best effort
            }
        }
        if (origin != null) {
            origin.close();
        }
    }

    /** A browser behind one relay: a page, then its stylesheet; one connection, kept alive. */
    private static final class Browser {
        final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .build();
        final WanRelay link;

        Browser(WanRelay link) {
            this.link = link;
        }

        View view() throws Exception {
            long t = System.nanoTime();
            HttpResponse<byte[]> page = get("/page");
            get("/shop.css");
            return new View(page, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t));
        }

        HttpResponse<byte[]> get(String path) throws Exception {
            return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + link.port() + path)).header("Accept-Encoding", "gzip").build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        }
    }

    private record View(HttpResponse<byte[]> page, long millis) {
        String header(String name) {
            return page.headers().firstValue(name).orElse(null);
        }

        String text() throws IOException {
            byte[] b = page.body();
            if ("gzip".equals(header("Content-Encoding"))) {
                try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(b))) {
                    b = in.readAllBytes();
                }
            }
            return new String(b, StandardCharsets.UTF_8);
        }
    }

    @Test
    void slowLink_isClassifiedPoor_andGetsTheSmallerPage_theFastLinkDoesNot() throws Exception {
        Browser slow = new Browser(slowLink);
        Browser fast = new Browser(fastLink);
        // a warm edge (from 127.0.0.1, a third client): cold-start time is no client's link
        HttpClient direct = HttpClient.newHttpClient();
        for (String path : new String[] {"/page", "/shop.css", "/page"}) {
            direct.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + edge.port()
                    + path)).build(), HttpResponse.BodyHandlers.discarding());
        }
        View fastFirst = fast.view();
        View slowFirst = slow.view();
        assertThat(slowFirst.header("X-Class")).isEqualTo("normal");
        assertThat(slowFirst.text()).contains("special offer!", "Iguana");
        assertThat(slowFirst.page().body().length).as("sent whole").isGreaterThan(12_000);
        assertThat(fastFirst.header("X-Server-Actions")).isEqualTo("none");

        View slowNext = slow.view();
        View fastNext = fast.view();
        assertThat(slowNext.header("X-Class")).as("first view %d ms", slowFirst.millis())
                .isEqualTo("poor");
        assertThat(slowNext.header("X-Server-Actions")).isEqualTo("gzip, reduce");
        assertThat(slowNext.header("Content-Encoding")).isEqualTo("gzip");
        assertThat(slowNext.text()).contains("Iguana").doesNotContain("special offer!");
        assertThat(slowNext.page().body().length).isLessThan(1_000);
        assertThat(slowNext.millis()).as("the actions shorten the slow client's page view")
                .isLessThan(slowFirst.millis() / 2);

        assertThat(fastNext.header("X-Class")).as("first view %d ms", fastFirst.millis())
                .isEqualTo("rich");
        assertThat(fastNext.header("X-Server-Actions")).isEqualTo("none");
        assertThat(fastNext.header("Content-Encoding")).isNull();
        assertThat(fastNext.text()).isEqualTo(fastFirst.text()).contains("special offer!");
        assertThat(slowLink.bytesDown()).as("what crossed the slow link")
                .isLessThan(fastLink.bytesDown());
        // one stored container and fragment for both classes: variants are made per request
        assertThat(origin.count("/page")).isEqualTo(1);
        assertThat(origin.count("/fragment/ads")).isEqualTo(1);
    }
}
