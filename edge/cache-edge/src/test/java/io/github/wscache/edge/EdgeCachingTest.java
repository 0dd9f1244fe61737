package io.github.wscache.edge;

import static io.github.wscache.edge.EdgeTestSupport.get;
import static io.github.wscache.edge.EdgeTestSupport.getBytes;
import static io.github.wscache.edge.EdgeTestSupport.send;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.testkit.ManualClock;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/** Freshness per fragment, revalidation, headers toward the client, pass-through, stats. */
class EdgeCachingTest extends EdgeTestBase {
    /** An hour behind the real clock, so that the origin's Date never makes a response old. */
    private final ManualClock clock = new ManualClock(Instant.now().minus(Duration.ofHours(1)));

    @Override
    EdgeServer edge(EdgeServer.Builder b) {
        return super.edge(b.clock(clock));
    }

    @Test
    void containerAndFragments_keepTheirOwnFreshness() {
        origin.route("/page", "<esi:include src=\"/a\"/>|<esi:include src=\"/b\"/>")
                .header("Surrogate-Control", "content=\"ESI/1.0\", max-age=0");
        origin.route("/a", "A").header("Surrogate-Control", "max-age=60");
        origin.route("/b", "B").header("Cache-Control", "max-age=5");
        edge();
        assertThat(get(edge, "/page").body()).isEqualTo("A|B");
        assertThat(get(edge, "/page").body()).isEqualTo("A|B");
        assertThat(origin.count("/page")).isEqualTo(2);
        assertThat(origin.count("/a")).isEqualTo(1);
        assertThat(origin.count("/b")).isEqualTo(1);

        clock.advance(Duration.ofSeconds(6));
        get(edge, "/page");
        assertThat(origin.count("/page")).isEqualTo(3);
        assertThat(origin.count("/a")).isEqualTo(1);
        assertThat(origin.count("/b")).isEqualTo(2);

        clock.advance(Duration.ofSeconds(55));
        get(edge, "/page");
        assertThat(origin.count("/a")).isEqualTo(2);
        assertThat(origin.count("/b")).isEqualTo(3);
        assertThat(edge.stats().fragmentHits()).isEqualTo(3);
        assertThat(edge.stats().fragmentsFetched()).isEqualTo(5);
    }

    @Test
    void surrogateMaxAge_winsOverCacheControl() {
        origin.route("/a", "A").header("Surrogate-Control", "max-age=60")
                .header("Cache-Control", "max-age=0");
        edge();
        get(edge, "/a");
        clock.advance(Duration.ofSeconds(30));
        HttpResponse<String> r = get(edge, "/a");
        assertThat(origin.count("/a")).isEqualTo(1);
        assertThat(r.headers().firstValue("Cache-Control")).hasValue("max-age=0");
        assertThat(r.headers().firstValue("Surrogate-Control")).isEmpty();
    }

    @Test
    void staleEntryWithEtag_isRevalidatedAnd304RefreshesIt() {
        origin.route("/a", "A").header("Cache-Control", "max-age=5").etag("\"v1\"");
        edge();
        get(edge, "/a");
        clock.advance(Duration.ofSeconds(6));
        HttpResponse<String> r = get(edge, "/a");
        assertThat(r.body()).isEqualTo("A");
        assertThat(r.headers().firstValue("Cache-Status")).hasValue("wscache-edge; fwd=stale;"
                + " stored");
        assertThat(origin.notModified("/a")).isEqualTo(1);
        get(edge, "/a");
        assertThat(origin.count("/a")).isEqualTo(2);
    }

    @Test
    void hit_carriesAgeAndCacheStatus_missSaysStored() {
        origin.route("/a", "A").header("Cache-Control", "max-age=60");
        edge();
        HttpResponse<String> miss = get(edge, "/a");
        assertThat(miss.headers().firstValue("Cache-Status"))
                .hasValue("wscache-edge; fwd=uri-miss; stored");
        assertThat(miss.headers().firstValue("Age")).isEmpty();
        clock.advance(Duration.ofSeconds(7));
        HttpResponse<String> hit = get(edge, "/a");
        assertThat(hit.headers().firstValue("Cache-Status")).hasValue("wscache-edge; hit");
        assertThat(hit.headers().firstValue("Age")).hasValue("7");
        assertThat(hit.headers().firstValue("Content-Length")).hasValue("1");
    }

    @Test
    void composedPage_reportsFragmentCountsAndDropsContainerValidators() {
        origin.route("/page", "<esi:include src=\"/a\"/><esi:include src=\"/b\"/>").esi()
                .etag("\"page\"").header("Last-Modified", "Mon, 01 Jan 2024 00:00:00 GMT");
        origin.route("/a", "A").header("Cache-Control", "max-age=60");
        origin.route("/b", "B");
        edge();
        get(edge, "/page");
        HttpResponse<String> r = get(edge, "/page");
        // the container has no explicit freshness: a heuristic lifetime from Last-Modified
        // (RFC 9111 §4.2.2) makes it a hit now
        assertThat(r.headers().firstValue("Cache-Status"))
                .hasValue("wscache-edge; hit; detail=\"fragments 1 hit 1 miss\"");
        assertThat(r.headers().firstValue("ETag")).isEmpty();
        assertThat(r.headers().firstValue("Last-Modified")).isEmpty();
    }

    @Test
    void largeTextualBody_isGzippedForClientsThatAcceptIt() throws IOException {
        String big = "x".repeat(5_000);
        origin.route("/big", big).header("Cache-Control", "max-age=60");
        origin.route("/small", "tiny");
        edge();
        HttpResponse<byte[]> r = getBytes(edge, "/big", "Accept-Encoding", "gzip");
        assertThat(r.headers().firstValue("Content-Encoding")).hasValue("gzip");
        assertThat(r.headers().firstValue("Vary")).hasValue("Accept-Encoding");
        assertThat(r.headers().firstValue("Content-Length"))
                .hasValue(Integer.toString(r.body().length));
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(r.body()))) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(big);
        }
        HttpResponse<byte[]> plain = getBytes(edge, "/big");
        assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(plain.body()).hasSize(5_000);
        HttpResponse<byte[]> small = getBytes(edge, "/small", "Accept-Encoding", "gzip");
        assertThat(small.headers().firstValue("Content-Encoding")).isEmpty();
    }

    @Test
    void post_passesThroughWithItsBody_andIsNeverCached() {
        origin.route("/form", "done").header("Cache-Control", "max-age=60");
        edge();
        HttpResponse<String> r = send(edge, "POST", "/form?x=1", "a=b", "Content-Type",
                "application/x-www-form-urlencoded");
        send(edge, "POST", "/form?x=1", "a=b");
        assertThat(r.body()).isEqualTo("done");
        assertThat(origin.lastRequest().bodyText()).isEqualTo("a=b");
        assertThat(origin.count("/form")).isEqualTo(2);
        assertThat(r.headers().firstValue("Cache-Status")).hasValue("wscache-edge; fwd=bypass");
    }

    @Test
    void originDown_givesAClear502() {
        origin.route("/a", "A");
        edge();
        origin.close();
        HttpResponse<String> r = get(edge, "/a");
        assertThat(r.statusCode()).isEqualTo(502);
        assertThat(r.body()).startsWith("wscache-edge: origin request failed: GET "
                + origin.uri() + "/a");
    }

    @Test
    void failureInsideTheCache_becomesAMiss() {
        origin.route("/a", "A").header("Cache-Control", "max-age=60");
        edge(EdgeServer.builder().cacheFault(() -> {
            throw new IllegalStateException("store is broken");
        }));
        HttpResponse<String> r = get(edge, "/a");
        get(edge, "/a");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("A");
        assertThat(origin.count("/a")).isEqualTo(2);
        assertThat(edge.stats().cacheErrors()).isEqualTo(2);
    }

    @Test
    void statsAtTheAdminPath_countFilteredRequests() {
        origin.route("/a", "A").header("Cache-Control", "max-age=60");
        edge();
        get(edge, "/a");
        get(edge, "/a");
        get(edge, "/a");
        EdgeStats s = edge.stats();
        assertThat(s.requests()).isEqualTo(3);
        assertThat(s.hits()).isEqualTo(2);
        assertThat(s.misses()).isEqualTo(1);
        assertThat(s.originRequests()).isEqualTo(1);
        assertThat(s.filteredShare()).isEqualTo(2.0 / 3);
        assertThat(s.bytes()).isEqualTo(3);
        HttpResponse<String> json = EdgeTestSupport.admin(edge, EdgeServer.DEFAULT_ADMIN_PATH);
        assertThat(json.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(json.body()).contains("\"requests\":3").contains("\"filtered\":2");
    }

    @Test
    void queryAndHeadersReachTheOrigin_hopByHopDoNot() {
        origin.route("/q", "q");
        edge();
        get(edge, "/q?a=1&b=2", "X-Custom", "v", "Keep-Alive", "timeout=5");
        assertThat(origin.lastRequest().headerValues("X-Custom")).containsExactly("v");
        assertThat(origin.lastRequest().headerValues("Keep-Alive")).isEmpty();
    }

    @Test
    void builder_rejectsBadValuesWithMessagesNamingThem() {
        assertThatThrownBy(() -> EdgeServer.builder().port(70_000))
                .hasMessage("port must be in 0..65535: 70000");
        assertThatThrownBy(() -> EdgeServer.builder().maxIncludeDepth(-1))
                .hasMessage("max include depth must not be negative: -1");
        assertThatThrownBy(() -> EdgeServer.builder().includeTimeout(Duration.ZERO))
                .hasMessage("include timeout must be positive: PT0S");
        assertThatThrownBy(() -> EdgeServer.builder().maxBytes(0))
                .hasMessage("max bytes must be positive: 0");
        assertThatThrownBy(() -> EdgeServer.builder().origin(URI.create("ftp://x/")))
                .hasMessage("origin must be an http URL: ftp://x/");
        assertThatThrownBy(() -> EdgeServer.builder().origin(URI.create("http://a"))
                .origin(URI.create("http://b")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("origin was already set: http://a");
        assertThatThrownBy(() -> EdgeServer.builder().build())
                .hasMessage("an origin is required: call origin(URI)");
    }

    @Test
    void clientIfNoneMatch_isAnsweredWith304ByTheEdge() {
        origin.route("/a", "A").etag("\"v1\"").header("Cache-Control", "max-age=60");
        edge();
        get(edge, "/a");
        HttpResponse<String> strong = get(edge, "/a", "If-None-Match", "\"v0\", \"v1\"");
        HttpResponse<String> weak = get(edge, "/a", "If-None-Match", "W/\"v1\"");
        HttpResponse<String> other = get(edge, "/a", "If-None-Match", "\"v2\"");

        assertThat(strong.statusCode()).isEqualTo(304);
        assertThat(strong.body()).isEmpty();
        assertThat(strong.headers().firstValue("ETag")).hasValue("\"v1\"");
        assertThat(strong.headers().firstValue("Cache-Control")).hasValue("max-age=60");
        assertThat(strong.headers().firstValue("Cache-Status")).hasValue("wscache-edge; hit");
        assertThat(strong.headers().firstValue("Content-Type")).isEmpty();
        assertThat(weak.statusCode()).isEqualTo(304);
        assertThat(other.statusCode()).isEqualTo(200);
        assertThat(other.body()).isEqualTo("A");
        assertThat(origin.count("/a")).isEqualTo(1);
    }

    @Test
    void clientIfModifiedSince_isComparedWithLastModified() {
        origin.route("/a", "A").header("Last-Modified", "Tue, 03 Nov 2026 10:00:00 GMT")
                .header("Cache-Control", "max-age=60");
        edge();
        assertThat(get(edge, "/a", "If-Modified-Since", "Tue, 03 Nov 2026 10:00:00 GMT")
                .statusCode()).isEqualTo(304);
        assertThat(get(edge, "/a", "If-Modified-Since", "Wed, 04 Nov 2026 08:00:00 GMT")
                .statusCode()).isEqualTo(304);
        assertThat(get(edge, "/a", "If-Modified-Since", "Mon, 02 Nov 2026 10:00:00 GMT")
                .body()).isEqualTo("A");
        assertThat(get(edge, "/a", "If-Modified-Since", "yesterday").body()).isEqualTo("A");
        // If-None-Match wins over If-Modified-Since
        assertThat(get(edge, "/a", "If-None-Match", "\"x\"", "If-Modified-Since",
                "Wed, 04 Nov 2026 08:00:00 GMT").statusCode()).isEqualTo(200);
        assertThat(origin.count("/a")).isEqualTo(1);
    }

    @Test
    void composedPage_isAlwaysSentInFull() {
        origin.route("/page", "<esi:include src=\"/a\"/>").esi().etag("\"p1\"")
                .header("Cache-Control", "max-age=60");
        origin.route("/a", "A").header("Cache-Control", "max-age=60");
        edge();
        get(edge, "/page");
        HttpResponse<String> r = get(edge, "/page", "If-None-Match", "*");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("A");
        assertThat(r.headers().firstValue("ETag")).isEmpty();
    }
}
