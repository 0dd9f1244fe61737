package io.github.wscache.edge;

import static io.github.wscache.edge.EdgeTestSupport.get;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * ESI variables and conditionals through the real edge: one stored container serves visitors
 * whose cookies select different branches and fragments, and no visitor's value reaches another.
 */
class EsiVariablesTest extends EdgeTestBase {

    private void shop() {
        origin.route("/page", "<esi:choose>"
                + "<esi:when test=\"$(HTTP_COOKIE{view}) == ''\">[guest]</esi:when>"
                + "<esi:otherwise><esi:include src=\"/banner?c=$(HTTP_COOKIE{view})\"/>"
                + "</esi:otherwise></esi:choose>"
                + "<esi:vars>|host=$(HTTP_HOST)</esi:vars>")
                .header("Surrogate-Control", "content=\"ESI/1.0\", max-age=60")
                // shared at the edge (s-maxage), never by browsers or caches after it
                .header("Cache-Control", "private, no-store, s-maxage=60");
        origin.route("/banner", "").body(x -> "[banner " + x.query() + "]")
                .header("Cache-Control", "public, max-age=60");
    }

    @Test
    void oneStoredContainer_servesEveryView() {
        shop();
        edge();
        String host = "127.0.0.1:" + edge.port();
        assertThat(get(edge, "/page").body()).isEqualTo("[guest]|host=" + host);
        assertThat(get(edge, "/page", "Cookie", "view=DOGS").body())
                .isEqualTo("[banner c=DOGS]|host=" + host);
        assertThat(get(edge, "/page", "Cookie", "sid=1; view=CATS").body())
                .isEqualTo("[banner c=CATS]|host=" + host);
        HttpResponse<String> again = get(edge, "/page", "Cookie", "sid=2; view=DOGS");
        assertThat(again.body()).isEqualTo("[banner c=DOGS]|host=" + host);
        assertThat(again.headers().firstValue("Cache-Status").orElse(""))
                .startsWith("wscache-edge; hit");
        assertThat(origin.count("/page")).as("one container for all views").isEqualTo(1);
        assertThat(origin.count("/banner")).as("one banner per category").isEqualTo(2);
    }

    @Test
    void aCookieValue_cannotReshapeTheIncludeUrl() {
        shop();
        edge();
        assertThat(get(edge, "/page", "Cookie", "view=x&c=FISH/../admin").body())
                .startsWith("[banner c=x%26c%3DFISH%2F..%2Fadmin]");
    }

    @Test
    void concurrentVisitors_eachGetTheirOwnBranch() throws Exception {
        shop();
        edge();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<String>> checks = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                String view = i % 3 == 0 ? null : "V" + (i % 7);
                checks.add(pool.submit(() -> {
                    String body = view == null ? get(edge, "/page").body()
                            : get(edge, "/page", "Cookie", "view=" + view).body();
                    String want = view == null ? "[guest]" : "[banner c=" + view + "]";
                    return body.startsWith(want) ? "" : view + " got " + body;
                }));
            }
            for (Future<String> f : checks) {
                assertThat(f.get()).isEmpty();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void varsText_isEscaped_andNeverStored() {
        origin.route("/hi", "<esi:vars><b>$(HTTP_COOKIE{name})</b></esi:vars>")
                .header("Surrogate-Control", "content=\"ESI/1.0\", max-age=60")
                .header("Cache-Control", "private, no-store, s-maxage=60");
        edge();
        assertThat(get(edge, "/hi", "Cookie", "name=<i>ann").body())
                .isEqualTo("<b>&lt;i&gt;ann</b>");
        assertThat(get(edge, "/hi", "Cookie", "name=bob").body()).isEqualTo("<b>bob</b>");
        assertThat(get(edge, "/hi").body()).isEqualTo("<b></b>");
        assertThat(origin.count("/hi")).isEqualTo(1);
    }

    @Test
    void malformedConditional_inAPage_isA502_andInAFragmentFailsLikeAnUnreachableInclude() {
        origin.route("/bad", "<esi:choose><esi:when test=\"1==1\">a").esi();
        origin.route("/page", "[<esi:include src=\"/badfrag\" onerror=\"continue\"/>]").esi();
        origin.route("/badfrag", "<esi:choose><esi:when>x</esi:when></esi:choose>").esi();
        edge();
        HttpResponse<String> r = get(edge, "/bad");
        assertThat(r.statusCode()).isEqualTo(502);
        assertThat(r.body()).contains("missing </esi:when>").doesNotContain("<esi:");
        assertThat(get(edge, "/page").body()).isEqualTo("[]");
        assertThat(edge.stats().errors()).isEqualTo(1);
    }

    @Test
    void theOriginLearnsTheEdgesCapabilities_notTheClients() {
        origin.route("/cap", "").body(x -> x.header("Surrogate-Capability"));
        edge();
        assertThat(get(edge, "/cap", "Surrogate-Capability", "evil=\"ESI/9\"").body())
                .isEqualTo("wscache-edge=\"Surrogate/1.0 ESI/1.0\"");
    }
}
