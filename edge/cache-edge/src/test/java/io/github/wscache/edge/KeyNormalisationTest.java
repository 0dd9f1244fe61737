package io.github.wscache.edge;

import static io.github.wscache.edge.EdgeTestSupport.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.edge.SecurityFixtures.Setup;
import io.github.wscache.testkit.RawHttpServer;
import io.github.wscache.testkit.TestOrigin;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * One normal form for the key and for what the origin is asked (Kettle, "Web Cache
 * Entanglement", 2020): scheme, host case, default port, percent-encodings of unreserved
 * characters, dot segments; the query's order untouched. A cache that keys a normalised URL but
 * forwards the raw one lets a spelling the origin answers differently (here with a 404) poison
 * the page for every visitor; the same edge with its defences off does exactly that.
 */
class KeyNormalisationTest {
    private static final String OK = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n"
            + "Cache-Control: max-age=60\r\nContent-Length: 2\r\n\r\nok";
    private static final List<String> SPELLINGS = List.of("/pub/./x", "/pub/%78", "/pub/x",
            "/pub/a/../x", "/%70ub/x", "/pub/b/%2e%2e/x", "/pub/%2E/x");

    private EdgeServer edge;
    private RawHttpServer raw;
    private TestOrigin origin;

    @AfterEach
    void stop() throws IOException {
        if (edge != null) {
            edge.close();
        }
        if (raw != null) {
            raw.close();
        }
        if (origin != null) {
            origin.close();
        }
    }

    private EdgeServer edge(EdgeServer.Builder b, URI to) {
        edge = b.origin(to).build().start();
        return edge;
    }

    /** The request line of each request the raw origin read. */
    private List<String> requestLines() {
        return raw.requestHeads().stream().map(h -> h.substring(0, h.indexOf("\r\n")))
                .toList();
    }

    @ParameterizedTest
    @EnumSource(Setup.class)
    void everySpellingOfOneUrl_sharesOneEntry_andTheOriginIsAskedTheKeyedOne(Setup setup)
            throws IOException {
        raw = RawHttpServer.replying(OK);
        edge(setup.builder(), raw.uri(""));
        for (String s : SPELLINGS) {
            assertThat(get(edge, s).body()).isEqualTo("ok");
        }
        assertThat(raw.requests()).isEqualTo(1);
        if (setup.defended()) {
            assertThat(requestLines()).containsExactly("GET /pub/x HTTP/1.1");
        } else {
            // the naive proxy keys /pub/x but asked the origin for the first spelling
            assertThat(requestLines()).containsExactly("GET /pub/./x HTTP/1.1");
        }
    }

    @ParameterizedTest
    @EnumSource(Setup.class)
    void aSpellingTheOriginAnswersWithAnError_cannotPoisonTheNormalUrl(Setup setup) {
        origin = TestOrigin.start();
        // an origin that matches its routes on the path as sent (many do): only /pub/x is a page
        origin.route("/pub/x", "page").header("Cache-Control", "max-age=60");
        origin.handleAll(r -> TestOrigin.Response.of(404, "no route " + r.path())
                .header("Cache-Control", "max-age=60"));
        edge(setup.builder(), origin.uri());
        get(edge, "/pub/a/../x");
        HttpResponse<String> victim = get(edge, "/pub/x");
        assertThat(victim.headers().firstValue("Cache-Status")).hasValue("wscache-edge; hit");
        if (setup.defended()) {
            assertThat(victim.statusCode()).isEqualTo(200);
            assertThat(origin.paths()).containsExactly("/pub/x");
        } else {
            assertThat(victim.statusCode()).isEqualTo(404);
            assertThat(victim.body()).isEqualTo("no route /pub/a/../x");
        }
    }

    @Test
    void theQuery_keepsItsOrder_andOnlyItsPercentEncodingsAreNormalised() throws IOException {
        raw = RawHttpServer.replying(OK);
        edge(EdgeServer.builder(), raw.uri(""));
        get(edge, "/q?b=1&a=2");
        get(edge, "/q?a=2&b=1");
        get(edge, "/q?a=%7e&b=%2f");
        assertThat(get(edge, "/q?a=~&b=%2F").headers().firstValue("Cache-Status"))
                .hasValue("wscache-edge; hit");
        assertThat(requestLines()).containsExactly("GET /q?b=1&a=2 HTTP/1.1",
                "GET /q?a=2&b=1 HTTP/1.1", "GET /q?a=~&b=%2F HTTP/1.1");
    }

    @Test
    void theClientsHost_neverReachesTheOrigin_andDoesNotSplitTheKey() throws IOException {
        raw = RawHttpServer.replying(OK);
        edge(EdgeServer.builder(), raw.uri(""));
        String first = SecurityFixtures.exchange(edge.port(), "GET /pub/x HTTP/1.1\r\n"
                + "Host: EVIL.example\r\nConnection: close\r\n\r\n");
        String second = SecurityFixtures.exchange(edge.port(), "GET http://other.example"
                + "/pub/x HTTP/1.1\r\nHost: other.example\r\nConnection: close\r\n\r\n");
        assertThat(SecurityFixtures.statuses(first + second)).containsExactly(200, 200);
        assertThat(second).contains("Cache-Status: wscache-edge; hit");
        assertThat(raw.requestHeads()).singleElement().satisfies(h -> assertThat(h)
                .contains("\r\nHost: 127.0.0.1:" + raw.port() + "\r\n")
                .doesNotContainIgnoringCase("example"));
    }

    @Test
    void aPurgeByUrl_findsTheEntry_whateverItsSpelling() throws IOException {
        raw = RawHttpServer.replying(OK);
        edge(EdgeServer.builder(), raw.uri(""));
        get(edge, "/pub/x");
        edge.admin().invalidate("/pub/./%78", "test");
        assertThat(get(edge, "/pub/x").headers().firstValue("Cache-Status").orElse(""))
                .doesNotContain("hit");
        assertThat(raw.requests()).isEqualTo(2);
    }
}
