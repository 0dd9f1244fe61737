package io.github.wscache.edge;

import static io.github.wscache.edge.EdgeTestSupport.get;
import static io.github.wscache.edge.EdgeTestSupport.getBytes;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.edge.ClientClassification.ServerAction;
import io.github.wscache.testkit.ManualClock;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Client classification and server actions through the edge, against a real origin on loopback.
 * Clients are told apart by {@code X-Forwarded-For} (the edge is configured to trust it); a slow
 * link is emulated by fetching a page's embedded objects late. The Pet Shop's test does the same
 * through the WAN relay with a real bandwidth limit.
 */
class ServerActionsTest extends EdgeTestBase {
    /** The edge times the client by this clock: a slow link is an advance, not a wait. */
    private final ManualClock clock = ManualClock.startingNow();
    private static final String ADS = "<div>advertisement " + "x".repeat(2000) + "</div>";
    private static final String PAGE = "<html><img src=\"/img/a.png\">"
            + "<esi:include src=\"/frag/ads\" wscache-optional=\"true\"/>"
            + "|<esi:include src=\"/frag/user\"/>"
            + "|<esi:include src=\"/frag/menu\"/>"
            + "|<esi:include src=\"/frag/extra\" wscache-rich=\"true\"/></html>";

    @BeforeEach
    void site() {
        // the parts every visitor shares say so (public): the visitors carry cookies
        origin.route("/shop/item", PAGE).esi().header("Cache-Control", "public, max-age=60");
        origin.route("/other", PAGE).esi().header("Cache-Control", "public, max-age=60");
        origin.route("/frag/ads", ADS).header("Cache-Control", "public, max-age=60");
        origin.route("/frag/menu", "menu").header("Cache-Control", "public, max-age=60");
        origin.route("/frag/extra", "extra").header("Cache-Control", "public, max-age=60");
        origin.route("/frag/user", "").body(x -> "hello " + String.valueOf(
                x.header("Cookie")).replace("user=", ""))
                .header("Cache-Control", "max-age=60").header("Vary", "Cookie");
        origin.route("/img/a.png", "PNG").header("Content-Type", "image/png")
                .header("Cache-Control", "max-age=60");
    }

    private EdgeServer start(ClientClassification.Builder c) {
        return edge(EdgeServer.builder().clock(clock).varyCookies("user").clientClassification(c
                .classifyPages("/shop/*", "/other").actionPages("/shop/*")
                .clientAddressHeader("X-Forwarded-For")
                .poorThresholds(Duration.ofMillis(400), Duration.ofMillis(400))
                .richThresholds(Duration.ofMillis(200), Duration.ofMillis(200)).build()));
    }

    /** A page view as a browser makes it: the page, then (after {@code lagMs}) its image. */
    private HttpResponse<byte[]> view(String client, long lagMs, String... headers) {
        HttpResponse<byte[]> page = page(client, headers);
        clock.advance(Duration.ofMillis(lagMs));
        get(edge, "/img/a.png", "X-Forwarded-For", client);
        return page;
    }

    private HttpResponse<byte[]> page(String client, String... headers) {
        List<String> h = new ArrayList<>(List.of("X-Forwarded-For", client, "Accept-Encoding",
                "gzip", "Cookie", "user=" + client.replace('.', '-')));
        h.addAll(List.of(headers));
        return getBytes(edge, "/shop/item", h.toArray(new String[0]));
    }

    private static String text(HttpResponse<byte[]> r) {
        byte[] b = r.body();
        if (r.headers().firstValue("Content-Encoding").orElse("").equals("gzip")) {
            try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(b))) {
                b = in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new String(b, StandardCharsets.UTF_8);
    }

    private static String full(String client) {
        return "<html><img src=\"/img/a.png\">" + ADS + "|hello " + client.replace('.', '-')
                + "|menu|</html>";
    }

    private static String reduced(String client) {
        return "<html><img src=\"/img/a.png\">|hello " + client.replace('.', '-')
                + "|menu|</html>";
    }

    @Test
    void slowClient_isPoor_andGetsTheGzippedReducedPage_aFastOneDoesNot() {
        start(ClientClassification.builder().gzipForAll(false));
        HttpResponse<byte[]> first = view("10.0.1.1", 800);
        assertThat(first.headers().firstValue("X-Class")).as("nothing known yet")
                .hasValue("normal");
        assertThat(first.headers().firstValue("X-Server-Actions")).hasValue("none");
        view("10.0.2.1", 0);

        HttpResponse<byte[]> slow = view("10.0.1.1", 0);
        assertThat(slow.headers().firstValue("X-Class")).hasValue("poor");
        assertThat(slow.headers().firstValue("X-Server-Actions")).hasValue("gzip, reduce");
        assertThat(slow.headers().firstValue("Content-Encoding")).hasValue("gzip");
        assertThat(text(slow)).as("the personal fragment stays, unaltered")
                .isEqualTo(reduced("10.0.1.1"));

        HttpResponse<byte[]> fast = view("10.0.2.1", 0);
        assertThat(fast.headers().firstValue("X-Class")).hasValue("rich");
        assertThat(fast.headers().firstValue("X-Server-Actions")).hasValue("none");
        assertThat(fast.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(text(fast)).isEqualTo(full("10.0.2.1"));
        assertThat(edge.serverActionsTaken()).containsEntry(ServerAction.GZIP, 1L)
                .containsEntry(ServerAction.REDUCE, 1L).containsEntry(ServerAction.ENRICH, 0L);
    }

    @Test
    void variants_neverLeakBetweenClients_throughTheCache() {
        start(ClientClassification.builder());
        view("10.0.1.1", 800);
        view("10.0.2.1", 0);
        for (int i = 0; i < 3; i++) {
            HttpResponse<byte[]> poor = page("10.0.1.1");
            HttpResponse<byte[]> fast = page("10.0.2.1");
            HttpResponse<byte[]> stranger = page("10.9.9.9");
            assertThat(text(poor)).isEqualTo(reduced("10.0.1.1"));
            assertThat(text(fast)).isEqualTo(full("10.0.2.1"));
            assertThat(text(stranger)).as("unknown client, unknown cluster: normal")
                    .isEqualTo(full("10.9.9.9"));
            for (HttpResponse<byte[]> r : List.of(poor, fast, stranger)) {
                assertThat(r.headers().firstValue("Vary")).hasValue("*");
                assertThat(r.headers().firstValue("Cache-Status").orElse(""))
                        .startsWith("wscache-edge; hit");
            }
        }
        // one stored container and one stored optional fragment serve every class
        assertThat(origin.count("/shop/item")).isEqualTo(1);
        assertThat(origin.count("/frag/ads")).isEqualTo(1);
    }

    @Test
    void personalFragments_areNeverAltered_andNoActionOutsideTheConfiguredPages() {
        start(ClientClassification.builder().gzipForAll(false));
        view("10.0.1.1", 800);
        assertThat(page("10.0.1.1").headers().firstValue("X-Class")).hasValue("poor");

        HttpResponse<byte[]> fragment = getBytes(edge, "/frag/user", "X-Forwarded-For",
                "10.0.1.1", "Accept-Encoding", "gzip", "Cookie", "user=10-0-1-1");
        assertThat(text(fragment)).isEqualTo("hello 10-0-1-1");
        assertThat(fragment.headers().firstValue("X-Server-Actions")).isEmpty();
        assertThat(fragment.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(fragment.headers().firstValue("Vary")).hasValue("Cookie");

        HttpResponse<byte[]> other = getBytes(edge, "/other", "X-Forwarded-For", "10.0.1.1",
                "Accept-Encoding", "gzip", "Cookie", "user=10-0-1-1");
        assertThat(text(other)).as("not an action page").isEqualTo(full("10.0.1.1"));
        assertThat(other.headers().firstValue("X-Server-Actions")).isEmpty();
        assertThat(other.headers().firstValue("X-Class")).as("a classification page")
                .hasValue("poor");
        assertThat(other.headers().allValues("Vary")).doesNotContain("*");
        assertThat(other.headers().firstValue("Content-Encoding")).as("over 1 KB: as usual")
                .hasValue("gzip");
    }

    @Test
    void forcingHeader_choosesTheActions_amongTheEnabledOnes() {
        start(ClientClassification.builder());
        HttpResponse<byte[]> forced = page("10.0.5.5", "X-Server-Actions", "reduce, enrich");
        assertThat(forced.headers().firstValue("X-Server-Actions")).as("enrich is not enabled")
                .hasValue("reduce");
        assertThat(text(forced)).isEqualTo(reduced("10.0.5.5"));

        view("10.0.1.1", 800);
        HttpResponse<byte[]> none = page("10.0.1.1", "X-Server-Actions", "");
        assertThat(none.headers().firstValue("X-Class")).hasValue("poor");
        assertThat(none.headers().firstValue("X-Server-Actions")).hasValue("none");
        assertThat(text(none)).isEqualTo(full("10.0.1.1"));

        HttpResponse<byte[]> elsewhere = getBytes(edge, "/other", "X-Forwarded-For",
                "10.0.5.5", "X-Server-Actions", "reduce");
        assertThat(text(elsewhere)).as("never an action outside the action pages")
                .isEqualTo("<html><img src=\"/img/a.png\">" + ADS + "|hello null|menu|</html>");
    }

    @Test
    void richClient_getsTheRicherPage_whenEnrichIsEnabled() {
        start(ClientClassification.builder().actions(ServerAction.values())
                .optionalIncludes("/frag/menu"));
        view("10.0.2.1", 0);
        HttpResponse<byte[]> rich = page("10.0.2.1");
        assertThat(rich.headers().firstValue("X-Server-Actions")).hasValue("enrich");
        assertThat(text(rich)).isEqualTo("<html><img src=\"/img/a.png\">" + ADS
                + "|hello 10-0-2-1|menu|extra</html>");
        view("10.0.1.1", 800);
        assertThat(text(page("10.0.1.1"))).as("the listed include is optional too")
                .isEqualTo("<html><img src=\"/img/a.png\">|hello 10-0-1-1||</html>");
    }

    @Test
    void newClient_isClassifiedByItsCluster() {
        start(ClientClassification.builder());
        view("10.0.1.1", 800);
        // its next page closes the first page's sequence, which teaches its /24 too
        page("10.0.1.1");
        HttpResponse<byte[]> neighbour = page("10.0.1.200");
        assertThat(neighbour.headers().firstValue("X-Class")).hasValue("poor");
        assertThat(neighbour.headers().firstValue("X-Server-Actions")).hasValue("gzip, reduce");
        assertThat(page("10.0.3.1").headers().firstValue("X-Class")).hasValue("normal");
    }
}
