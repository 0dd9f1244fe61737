package io.github.wscache.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.embedded.EmbeddedServer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The admin servlet mounted on {@code /admin/*} of a real embedded Tomcat. */
class AdminServletTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();
    private ResponseCache cache;
    private CacheAdmin admin;
    private EmbeddedServer server;

    @BeforeEach
    void start() throws Exception {
        cache = ResponseCache.builder()
                .policy(Policy.parse(CacheAdminMBeanTest.YAML, "code.yaml")).build();
        admin = CacheAdmin.builder("portal <main>", cache).service("S")
                .resultType("quote", Quote.class).build();
        server = EmbeddedServer.builder().servlet("admin", new AdminServlet(admin), "/admin/*")
                .start();
        cache.call(CacheAdminMBeanTest.quote("A"), () -> CacheAdminMBeanTest.load("A"));
        cache.call(CacheAdminMBeanTest.quote("A"), () -> CacheAdminMBeanTest.load("A"));
    }

    @AfterEach
    void stop() {
        server.close();
        cache.close();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(server.url().resolve(path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String form, String tokenHeader)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.url().resolve(path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form));
        if (tokenHeader != null) {
            b.header("X-Wscache-Token", tokenHeader);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode state() throws Exception {
        HttpResponse<String> r = get("/admin/state.json");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(
                v -> assertThat(v).startsWith("application/json"));
        return JSON.readTree(r.body());
    }

    private static JsonNode op(JsonNode state, String name) {
        for (JsonNode o : state.get("operations")) {
            if (o.get("operation").asText().equals(name)) {
                return o;
            }
        }
        throw new AssertionError("no operation " + name + " in " + state);
    }

    @Test
    void stateJson_hasPolicyStatsAndCopierPerOperation() throws Exception {
        JsonNode s = state();
        assertThat(s.get("name").asText()).isEqualTo("portal <main>");
        assertThat(s.get("policyFile").isNull()).isTrue();
        assertThat(s.get("total").get("hits").asLong()).isEqualTo(1);
        JsonNode quote = op(s, "quote");
        assertThat(quote.get("stats").get("misses").asLong()).isEqualTo(1);
        assertThat(quote.get("stats").get("entryCount").asLong()).isEqualTo(1);
        assertThat(quote.get("stats").get("hitRatio").asDouble()).isEqualTo(0.5);
        assertThat(quote.get("stats").get("notAdmitted").asLong()).isZero();
        assertThat(quote.get("policy").asText()).startsWith("{cacheable: true, ttl: 1m");
        assertThat(quote.get("source").asText()).isEqualTo("code.yaml:2:5");
        assertThat(quote.get("resultType").asText()).isEqualTo(Quote.class.getName());
        assertThat(quote.get("copier").asText()).isNotBlank();
        assertThat(op(s, "nocache").get("cacheable").asBoolean()).isFalse();
    }

    @Test
    void page_showsEveryOperation_escaped() throws Exception {
        HttpResponse<String> r = get("/admin/");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("<h1>wscache admin: portal &lt;main&gt;</h1>")
                .contains("<tr id=\"op-quote\">").contains("<tr id=\"op-page\">")
                .contains("<td class=\"n hits\">1</td>")
                .contains("name=\"token\" value=\"" + state().get("token").asText() + "\"");
        assertThat(get("/admin/nothing").statusCode()).isEqualTo(404);
    }

    @Test
    void changes_needTheToken_areDone_andAuditedWithTheCaller() throws Exception {
        HttpResponse<String> refused = post("/admin/invalidate", "operation=quote", null);
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(JSON.readTree(refused.body()).get("error").asText())
                .isEqualTo("missing or wrong token: read it from the page or state.json");
        assertThat(post("/admin/invalidate", "operation=quote", "0".repeat(32)).statusCode())
                .isEqualTo(403);
        assertThat(cache.stats("quote").entryCount()).isEqualTo(1);

        String token = state().get("token").asText();
        HttpResponse<String> done = post("/admin/invalidate", "operation=quote", token);
        assertThat(done.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(done.body()).get("result").asText())
                .isEqualTo("1 entries removed");
        assertThat(cache.stats("quote").entryCount()).isZero();

        HttpResponse<String> form = post("/admin/invalidate",
                "all=true&html=1&token=" + token, null);
        assertThat(form.statusCode()).isEqualTo(303);
        assertThat(form.headers().firstValue("Location")).hasValue("/admin/");

        HttpResponse<String> reload = post("/admin/reload", "", token);
        assertThat(JSON.readTree(reload.body()).get("result").asText()).isEqualTo(
                "not reloaded, the previous policy stays in force: this policy was not loaded"
                        + " from a file and cannot be reloaded");

        HttpResponse<String> bad = post("/admin/invalidate", "", token);
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(bad.body()).get("error").asText())
                .isEqualTo("operation must not be blank: null");

        assertThat(admin.auditLog()).hasSize(3);
        assertThat(admin.auditLog().get(0))
                .endsWith(" anonymous@127.0.0.1 invalidate quote: 1 entries removed");
        assertThat(admin.auditLog().get(1))
                .endsWith(" anonymous@127.0.0.1 invalidate all: 0 entries removed");
        assertThat(state().get("audit").size()).isEqualTo(3);
    }
}
