package io.github.wscache.edge;

import static io.github.wscache.edge.EdgeTestSupport.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testkit.Gate;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** What a composed page contains, and how failing includes change it. */
class EsiCompositionTest extends EdgeTestBase {
    @Test
    void nestedIncludes_removeCommentAndEsiCommentBlocks_areComposed() {
        origin.route("/page", "<html><esi:include src=\"/frag/a\"/>|"
                + "<esi:remove><a href=\"/frag/a\">no ESI</a></esi:remove>"
                + "<esi:comment text=\"for editors\"/>"
                + "<!--esi <p>esi only</p> -->|</html>").esi();
        origin.route("/frag/a", "A[<esi:include src=\"b\"></esi:include>]").esi();
        origin.route("/frag/b", "B").esi();
        assertThat(get(edge(), "/page").body())
                .isEqualTo("<html>A[B]| <p>esi only</p> |</html>");
    }

    @Test
    void esiContentTargetedAtThisEdge_isComposed_andAtAnotherSurrogate_isNot() {
        origin.route("/mine", "<esi:include src=\"/f\"/>!")
                .header("Surrogate-Control", "content=\"ESI/1.0\";wscache-edge");
        origin.route("/theirs", "<esi:include src=\"/f\"/>!")
                .header("Surrogate-Control", "content=\"ESI/1.0\";other-cdn");
        origin.route("/f", "fragment");
        edge = EdgeServer.builder().origin(origin.uri()).build().start();
        assertThat(get(edge, "/mine").body()).isEqualTo("fragment!");
        assertThat(get(edge, "/theirs").body()).isEqualTo("<esi:include src=\"/f\"/>!");
    }

    @Test
    void responseWithoutSurrogateControl_isNotProcessed() {
        origin.route("/page", "<esi:include src=\"/x\"/>");
        assertThat(get(edge(), "/page").body()).isEqualTo("<esi:include src=\"/x\"/>");
    }

    @Test
    void esiAlways_processesUnmarkedTextualResponses() {
        origin.route("/page", "[<esi:include src=\"/x\"/>]");
        origin.route("/x", "X");
        assertThat(get(edge(EdgeServer.builder().esiAlways(true)), "/page").body())
                .isEqualTo("[X]");
    }

    @Test
    void failingInclude_withOnErrorContinue_isDroppedSilently() {
        origin.route("/page", "[<esi:include src=\"/broken\" onerror=\"continue\"/>]").esi();
        origin.route("/broken", "oops").status(500);
        HttpResponse<String> r = get(edge(), "/page");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("[]");
    }

    @Test
    void failingInclude_withoutOnError_failsThePageWith502NamingTheSrc() {
        origin.route("/page", "[<esi:include src=\"/broken\"/>]").esi();
        origin.route("/broken", "oops").status(500);
        HttpResponse<String> r = get(edge(), "/page");
        assertThat(r.statusCode()).isEqualTo(502);
        assertThat(r.body()).contains("include \"/broken\" failed").contains("HTTP 500");
        assertThat(edge.stats().errors()).isEqualTo(1);
    }

    @Test
    void missingInclude_fallsBackToAlt() {
        origin.route("/page", "[<esi:include src=\"/gone\" alt=\"/spare\"/>]").esi();
        origin.route("/spare", "spare");
        assertThat(get(edge(), "/page").body()).isEqualTo("[spare]");
        assertThat(origin.count("/gone")).isEqualTo(1);
    }

    @Test
    void failingNestedInclude_failsItsFragment_whoseOnErrorApplies() {
        origin.route("/page", "[<esi:include src=\"/a\" onerror=\"continue\"/>]").esi();
        origin.route("/a", "a<esi:include src=\"/broken\"/>").esi();
        origin.route("/broken", "oops").status(503);
        assertThat(get(edge(), "/page").body()).isEqualTo("[]");
    }

    @Test
    void includesBeyondTheDepthLimit_failLikeUnreachableOnes() {
        origin.route("/page", "0<esi:include src=\"/1\"/>").esi();
        origin.route("/1", "1<esi:include src=\"/2\"/>").esi();
        origin.route("/2", "2<esi:include src=\"/3\" onerror=\"continue\"/>").esi();
        origin.route("/3", "3");
        assertThat(get(edge(EdgeServer.builder().maxIncludeDepth(2)), "/page").body())
                .isEqualTo("012");
        assertThat(origin.count("/3")).isZero();
    }

    @Test
    void defaultDepthLimit_isThree() {
        origin.route("/page", "0<esi:include src=\"/1\"/>").esi();
        origin.route("/1", "1<esi:include src=\"/2\"/>").esi();
        origin.route("/2", "2<esi:include src=\"/3\"/>").esi();
        origin.route("/3", "3<esi:include src=\"/4\"/>").esi();
        origin.route("/4", "4");
        HttpResponse<String> r = get(edge(), "/page");
        assertThat(r.statusCode()).isEqualTo(502);
        assertThat(r.body()).contains("\"/1\"").contains("depth limit 3");
    }

    @Test
    void relativeSrc_isResolvedAgainstTheIncludingDocument_absoluteSrcToTheOriginWorks() {
        origin.route("/shop/page", "[<esi:include src=\"parts/a\"/>|<esi:include src=\""
                + origin.uri() + "/abs\"/>]").esi();
        origin.route("/shop/parts/a", "rel");
        origin.route("/abs", "abs");
        assertThat(get(edge(), "/shop/page").body()).isEqualTo("[rel|abs]");
    }

    @Test
    void absoluteSrcToAnotherHost_isRefused() {
        origin.route("/page", "[<esi:include src=\"http://example.org/x\"/>]").esi();
        HttpResponse<String> r = get(edge(), "/page");
        assertThat(r.statusCode()).isEqualTo(502);
        assertThat(r.body()).contains("not an allowed include host");
    }

    @Test
    void slowInclude_failsWith504AfterTheIncludeTimeout() {
        Gate answer = new Gate();
        origin.route("/page", "[<esi:include src=\"/slow\"/>]").esi();
        // the include is answered only after the page: never within the 300 ms timeout
        origin.route("/slow", "late").hold(answer);
        long t0 = System.nanoTime();
        HttpResponse<String> r = get(edge(EdgeServer.builder()
                .includeTimeout(Duration.ofMillis(300))), "/page");
        long ms = (System.nanoTime() - t0) / 1_000_000;
        answer.release();
        assertThat(r.statusCode()).isEqualTo(504);
        assertThat(r.body()).contains("\"/slow\"");
        assertThat(ms).isLessThan(1_400);
    }

    @Test
    void includesCarryTheClientsCookie_butNotItsAcceptEncoding() {
        origin.route("/page", "[<esi:include src=\"/who\"/>]").esi();
        origin.route("/who", "x");
        get(edge(), "/page", "Cookie", "user=ann", "Accept-Encoding", "gzip");
        assertThat(origin.lastRequest().headerValues("Cookie")).containsExactly("user=ann");
        assertThat(origin.lastRequest().headerValues("Accept-Encoding"))
                .containsExactly("identity");
    }

    @Test
    void pageWithSlowContinueIncludes_isStreamedChunked() throws Exception {
        origin.route("/page", "head|<esi:include src=\"/slow\" onerror=\"continue\"/>|tail")
                .esi();
        // the include is answered once the client has the head of the page: still pending when
        // the edge began to send it
        Gate answer = new Gate();
        origin.route("/slow", "S").hold(answer);
        BodyHandler<String> releaseOnHead = info -> {
            answer.release();
            return BodyHandlers.ofString().apply(info);
        };
        CompletableFuture<HttpResponse<String>> sent = EdgeTestSupport.CLIENT.sendAsync(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + edge().port() + "/page"))
                        .build(), releaseOnHead);
        HttpResponse<String> r = sent.get(20, TimeUnit.SECONDS);
        assertThat(r.body()).isEqualTo("head|S|tail");
        assertThat(r.headers().firstValue("Content-Length")).isEmpty();
        assertThat(r.headers().firstValue("Transfer-Encoding")).hasValue("chunked");
    }

    @Test
    void pageWithoutPendingIncludes_getsContentLength() {
        origin.route("/page", "plain").esi();
        HttpResponse<String> r = get(edge(), "/page");
        assertThat(r.headers().firstValue("Content-Length")).hasValue("5");
    }
}
