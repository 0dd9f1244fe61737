package io.github.wscache.edge;

import static io.github.wscache.edge.EdgeTestSupport.get;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.wscache.admin.AdministeredCacheMXBean;
import io.github.wscache.admin.AuditedAdmin;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/**
 * The edge administered through cache-admin on its admin port: the page and its JSON after real
 * proxied requests, purges by tag, by URL and of everything with the origin's request counts,
 * refused writes, the audit log and the MXBean.
 */
class EdgeAdminTest extends EdgeTestBase {
    private static final String SECRET = "0123456789abcdef-secret";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PAGE = EdgeServer.ADMIN_PAGE_PATH;

    private HttpResponse<String> adminGet(String path) {
        return send(HttpRequest.newBuilder(adminUri(path)).GET());
    }

    private URI adminUri(String path) {
        return URI.create("http://127.0.0.1:" + edge.adminPort() + path);
    }

    /** POSTs a form to the admin page; {@code headers} are name, value pairs. */
    private HttpResponse<String> adminPost(String path, String form, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(adminUri(path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return send(b);
    }

    private static HttpResponse<String> send(HttpRequest.Builder b) {
        return EdgeTestSupport.send(b, HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode state() throws IOException {
        HttpResponse<String> r = adminGet(PAGE + "/state.json");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Cache-Control")).hasValue("no-store");
        return JSON.readTree(r.body());
    }

    private String token() throws IOException {
        return state().get("token").asText();
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static long count(JsonNode state, String reason) {
        for (JsonNode r : state.get("reasons")) {
            if (r.get("reason").asText().equals(reason)) {
                return r.get("count").asLong();
            }
        }
        throw new AssertionError("no reason " + reason + " in " + state.get("reasons"));
    }

    private void cacheableRoutes() {
        origin.route("/item/1", "one").header("Cache-Control", "max-age=600")
                .header("Surrogate-Key", "item-1 items");
        origin.route("/item/2", "two").header("Cache-Control", "max-age=600")
                .header("Surrogate-Key", "item-2 items");
        origin.route("/page", "page").header("Cache-Control", "max-age=600");
    }

    @Test
    void pageAndJson_showTheEdgesNumbers_afterRealProxiedRequests() throws Exception {
        cacheableRoutes();
        origin.route("/login", "hello").header("Cache-Control", "max-age=600")
                .header("Set-Cookie", "s=1");
        origin.route("/form", "posted");
        edge(EdgeServer.builder().purgeSecret(SECRET));
        get(edge, "/item/1");
        get(edge, "/item/1");
        get(edge, "/login");
        EdgeTestSupport.send(edge, "POST", "/form", "x=1");

        JsonNode s = state();
        assertThat(s.get("name").asText()).isEqualTo("edge:" + edge.port());
        assertThat(s.get("origin").asText()).isEqualTo(origin.uri().toString());
        JsonNode t = s.get("total");
        assertThat(t.get("requests").asLong()).isEqualTo(4);
        assertThat(t.get("hits").asLong()).isEqualTo(1);
        assertThat(t.get("misses").asLong()).isEqualTo(3);
        assertThat(t.get("stored").asLong()).isEqualTo(1);
        assertThat(t.get("bypasses").asLong()).isEqualTo(1);
        assertThat(t.get("notStored").asLong()).isEqualTo(1);
        assertThat(t.get("storedUrls").asLong()).isEqualTo(1);
        assertThat(t.get("cachedBytes").asLong()).isPositive();
        assertThat(t.get("purges").asLong()).isZero();
        assertThat(count(s, "bypass: method POST")).isEqualTo(1);
        assertThat(count(s, "not stored: Set-Cookie")).isEqualTo(1);
        assertThat(s.get("audit")).isEmpty();

        HttpResponse<String> page = adminGet(PAGE + "/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(
                v -> assertThat(v).startsWith("text/html"));
        assertThat(page.body())
                .contains("<h1>wscache admin: edge:" + edge.port() + "</h1>")
                .contains("<th>requests</th><td class=\"n requests\">4</td>")
                .contains("<th>hits</th><td class=\"n hits\">1</td>")
                .contains("<td class=\"reason\">bypass: method POST</td>"
                        + "<td class=\"n count\">1</td>")
                .contains("<td class=\"reason\">not stored: Set-Cookie</td>")
                .contains("name=\"token\" value=\"" + s.get("token").asText() + "\"")
                .contains("<input type=\"text\" name=\"tag\"")
                .contains("<input type=\"text\" name=\"url\"")
                .contains("<input type=\"password\" name=\"secret\"");
        assertThat(adminGet(PAGE).statusCode()).as("without the slash").isEqualTo(200);
        assertThat(origin.count("/item/1")).isEqualTo(1);
    }

    @Test
    void purgesByTagByUrlAndOfAll_throughThePage_makeTheNextRequestAMissAtTheOrigin()
            throws Exception {
        cacheableRoutes();
        edge(EdgeServer.builder().purgeSecret(SECRET));
        Instant before = Instant.now();
        for (String p : List.of("/item/1", "/item/2", "/page")) {
            get(edge, p);
            get(edge, p);
        }
        String token = token();

        HttpResponse<String> tag = adminPost(PAGE + "/purge", "tag=item-1",
                "X-Wscache-Token", token, "Authorization", "Bearer " + SECRET);
        assertThat(tag.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(tag.body()).get("result").asText())
                .isEqualTo("1 entries removed");
        get(edge, "/item/1");
        get(edge, "/item/2");
        assertThat(origin.count("/item/1")).as("purged: a miss").isEqualTo(2);
        assertThat(origin.count("/item/2")).as("another tag: still a hit").isEqualTo(1);

        HttpResponse<String> url = adminPost(PAGE + "/invalidate", "url=" + enc("/page")
                + "&html=1&token=" + token + "&secret=" + SECRET);
        assertThat(url.statusCode()).as("the page's form: back to the page").isEqualTo(303);
        assertThat(url.headers().firstValue("Location")).hasValue(PAGE + "/");
        get(edge, "/page");
        get(edge, "/item/2");
        assertThat(origin.count("/page")).isEqualTo(2);
        assertThat(origin.count("/item/2")).isEqualTo(1);

        HttpResponse<String> all = adminPost(PAGE + "/invalidate", "all=true",
                "X-Wscache-Token", token, "Authorization", "Bearer " + SECRET);
        assertThat(JSON.readTree(all.body()).get("result").asText())
                .isEqualTo("3 entries removed");
        get(edge, "/item/2");
        assertThat(origin.count("/item/2")).isEqualTo(2);

        HttpResponse<String> bad = adminPost(PAGE + "/invalidate", "url=nothing",
                "X-Wscache-Token", token, "Authorization", "Bearer " + SECRET);
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(bad.body()).get("error").asText())
                .isEqualTo("url must be a path (/...) or an absolute http URL: nothing");

        HttpResponse<String> script = send(HttpRequest.newBuilder(adminUri("/_edge/purge"))
                .header("Surrogate-Key", "items").header("Authorization", "Bearer " + SECRET)
                .POST(HttpRequest.BodyPublishers.noBody()));
        assertThat(script.body()).isEqualTo("{\"tags\":1,\"urls\":1}");

        List<String> audit = edge.admin().auditLog();
        assertThat(audit).hasSize(4);
        assertThat(audit.get(0)).endsWith(" secret@127.0.0.1 purge item-1: 1 entries removed");
        assertThat(audit.get(1)).endsWith(" secret@127.0.0.1 invalidate /page: 1 entries removed");
        assertThat(audit.get(2)).endsWith(" secret@127.0.0.1 invalidate all: 3 entries removed");
        assertThat(audit.get(3)).endsWith(" secret@127.0.0.1 purge items: 1 entries removed");
        for (String line : audit) {
            Instant when = Instant.parse(line.substring(0, line.indexOf(' ')));
            assertThat(when).isBetween(before, Instant.now());
        }
        JsonNode s = state();
        assertThat(s.get("audit")).hasSize(4);
        assertThat(s.get("total").get("purges").asLong()).isEqualTo(4);
        assertThat(s.get("total").get("purgedTags").asLong()).isEqualTo(2);
        assertThat(edge.stats().purges()).isEqualTo(4);
        assertThat(edge.stats().purgesRefused()).isZero();
    }

    @Test
    void writesWithoutTokenOrSecret_areRefusedCounted_andChangeNothing() throws Exception {
        cacheableRoutes();
        edge(EdgeServer.builder().purgeSecret(SECRET));
        get(edge, "/item/1");
        String token = token();

        HttpResponse<String> noToken = adminPost(PAGE + "/purge", "tag=item-1",
                "Authorization", "Bearer " + SECRET);
        assertThat(noToken.statusCode()).isEqualTo(403);
        HttpResponse<String> noSecret = adminPost(PAGE + "/purge", "tag=item-1",
                "X-Wscache-Token", token);
        assertThat(noSecret.statusCode()).isEqualTo(401);
        assertThat(JSON.readTree(noSecret.body()).get("error").asText())
                .isEqualTo("missing or wrong secret");
        assertThat(adminPost(PAGE + "/invalidate", "all=true&token=" + token
                + "&secret=wrong-secret-wrong-secret").statusCode()).isEqualTo(401);

        get(edge, "/item/1");
        assertThat(origin.count("/item/1")).as("nothing was purged").isEqualTo(1);
        assertThat(edge.stats().purgesRefused()).isEqualTo(3);
        assertThat(edge.stats().purges()).isZero();
        assertThat(edge.admin().auditLog()).isEmpty();
        assertThat(adminPost(PAGE + "/purge", "tag=item-1").statusCode()).isEqualTo(403);
        assertThat(state().get("total").get("purgesRefused").asLong()).isEqualTo(4);
    }

    @Test
    void withoutAPurgeSecret_thePageIsReadOnly() throws Exception {
        cacheableRoutes();
        edge();
        get(edge, "/item/1");
        assertThat(state().get("token").isNull()).isTrue();
        assertThat(adminGet(PAGE + "/").body()).contains("Changes are off")
                .doesNotContain("<form");
        HttpResponse<String> r = adminPost(PAGE + "/invalidate", "all=true");
        assertThat(r.statusCode()).isEqualTo(403);
        assertThat(JSON.readTree(r.body()).get("error").asText())
                .isEqualTo("changes are off: no write secret is configured");
        get(edge, "/item/1");
        assertThat(origin.count("/item/1")).isEqualTo(1);
        assertThat(edge.stats().purgesRefused()).isEqualTo(1);
    }

    @Test
    void mxBean_isInThePlatformMBeanServer_itsPurgeWorks_andIsAudited() throws Exception {
        cacheableRoutes();
        edge(EdgeServer.builder().purgeSecret(SECRET));
        get(edge, "/item/1");
        get(edge, "/page");
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName on = AuditedAdmin.objectName("EdgeCache", "edge:" + edge.port());
        assertThat(on.toString())
                .isEqualTo("io.github.wscache:type=EdgeCache,name=\"edge:" + edge.port() + "\"");
        assertThat(server.isRegistered(on)).isTrue();
        AdministeredCacheMXBean bean = JMX.newMXBeanProxy(server, on,
                AdministeredCacheMXBean.class);
        assertThat(bean.getName()).isEqualTo("edge:" + edge.port());
        assertThat(bean.getTotals()).containsEntry("requests", "2")
                .containsEntry("stored", "2");
        assertThat(bean.getSummary()).startsWith("2 requests, 0 hits, 2 misses");

        assertThat(bean.purge("item-1")).isEqualTo(1);
        assertThat(bean.invalidate("/page")).isEqualTo(1);
        get(edge, "/item/1");
        get(edge, "/page");
        assertThat(origin.count("/item/1")).isEqualTo(2);
        assertThat(origin.count("/page")).isEqualTo(2);
        assertThat(bean.getAuditLog()).hasSize(2);
        assertThat(bean.getAuditLog().get(0)).endsWith(" jmx purge item-1: 1 entries removed");
        assertThat(bean.getAuditLog().get(1)).endsWith(" jmx invalidate /page: 1 entries removed");

        edge.close();
        assertThat(server.isRegistered(on)).as("close unregisters").isFalse();
    }

    @Test
    void theAdminPort_stillServesNothingElse() {
        edge(EdgeServer.builder().purgeSecret(SECRET).drainTimeout(Duration.ZERO));
        assertThat(adminGet("/_edge/adminx").statusCode()).isEqualTo(404);
        assertThat(adminGet(PAGE + "/nothing").statusCode()).isEqualTo(404);
        assertThat(get(edge, PAGE + "/").statusCode()).as("the proxy's port forwards it")
                .isEqualTo(404);
        assertThat(origin.count(PAGE + "/")).isEqualTo(1);
    }
}
