package io.github.wscache.portal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.wscache.core.CacheStats;
import io.github.wscache.testkit.Waits;
import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The demo on random ports: pages, cache hits proven by the back-end's counter, dashboard. */
class PortalTest {
    private static PortalDemo.Running demo;
    private static Path policyFile;
    private HttpClient http;

    @BeforeAll
    static void start() throws IOException {
        policyFile = Files.createTempDirectory("portal-policy-").resolve("wscache.yaml");
        Files.copy(Path.of("wscache.yaml"), policyFile);
        demo = PortalDemo.start(0, 0, Duration.ZERO, policyFile);
    }

    @AfterAll
    static void stop() throws IOException {
        demo.close();
        Files.deleteIfExists(policyFile);
        Files.deleteIfExists(policyFile.getParent());
    }

    @BeforeEach
    void client() {
        http = HttpClient.newBuilder().cookieHandler(new CookieManager())
                .followRedirects(HttpClient.Redirect.NEVER).build();
        demo.portal().invalidate(null);
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(demo.portal().url() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String form) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(demo.portal().url() + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private String csrf() throws Exception {
        Matcher m = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"")
                .matcher(get("dashboard").body());
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    private static String q(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @Test
    void searchPage_rendersResults_andARepeatedSearchHitsTheCache() throws Exception {
        assertThat(get("").body()).contains("<form action=\"/search\"");
        long before = demo.backend().requestCount("doGoogleSearch");
        long hits = demo.portal().cache().stats("doGoogleSearch").hits();
        HttpResponse<String> first = get("search?q=" + q("britney speers <script>"));
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.body()).contains("Did you mean", "britney spears")
                .doesNotContain("<script>").contains("&lt;script&gt;");
        assertThat(first.body().split("class=\"r\"")).hasSize(11);
        assertThat(first.body()).containsPattern("<p id=\"cache\" class=\"miss\"><b>Cache miss"
                + "</b>: the back-end answered in [0-9.]+ s \\(its own figure\\); the portal's"
                + " call took [0-9,]+ &micro;s; the answer is cached now, so the same search"
                + " again is a hit.</p>");
        assertThat(demo.backend().requestCount("doGoogleSearch")).isEqualTo(before + 1);

        HttpResponse<String> second = get("search?q=" + q("britney speers <script>"));
        assertThat(second.body()).contains("Did you mean").containsPattern(
                "<p id=\"cache\" class=\"hit\"><b>Cache hit</b>: the portal's cache answered in"
                        + " [0-9,]+ &micro;s(, stored [0-9.]+ s ago)?; the back-end was not"
                        + " called.</p>")
                .doesNotContain("back-end answered", " s at the back-end");
        assertThat(demo.backend().requestCount("doGoogleSearch")).isEqualTo(before + 1);
        assertThat(demo.portal().cache().stats("doGoogleSearch").hits()).isEqualTo(hits + 1);
    }

    @Test
    void cachedPage_isShownEscapedInASandbox() throws Exception {
        HttpResponse<String> page = get("cached?url=" + q("http://example.org/a\"b"));
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("sandbox=\"\"", "srcdoc=\"&lt;html&gt;")
                .doesNotContain("<base ").contains("5120 bytes");
        assertThat(page.headers().firstValue("Content-Security-Policy")).isPresent();
        long n = demo.backend().requestCount("doGetCachedPage");
        get("cached?url=" + q("http://example.org/a\"b"));
        assertThat(demo.backend().requestCount("doGetCachedPage")).isEqualTo(n);
    }

    @Test
    void dashboardJson_matchesTheCacheStats() throws Exception {
        long hits = demo.portal().cache().stats("doGoogleSearch").hits();
        get("search?q=json");
        get("search?q=json");
        get("search?q=json2");
        String json = get("dashboard.json").body();
        for (String op : Representations.OPERATION_ORDER) {
            CacheStats s = demo.portal().cache().stats(op);
            String row = row(json, op);
            assertThat(row).contains("\"hits\":" + s.hits() + ",", "\"misses\":" + s.misses(),
                    "\"bypasses\":" + s.bypasses(), "\"entries\":" + s.entryCount() + "}",
                    "\"representation\":\"" + demo.portal().representation(op) + "\"");
        }
        assertThat(demo.portal().cache().stats("doGoogleSearch").hits()).isEqualTo(hits + 1);
        assertThat(row(json, "doGoogleSearch")).contains("\"entries\":2}");
        assertThat(get("dashboard").body())
                .contains("<td class=\"hits\">" + (hits + 1) + "</td>");
    }

    private static String row(String json, String op) {
        int i = json.indexOf("{\"operation\":\"" + op + "\"");
        assertThat(i).isNotNegative();
        return json.substring(i, json.indexOf('\n', i));
    }

    @Test
    void switchingARepresentation_throughTheForm_changesThePolicyAndTheStrategy()
            throws Exception {
        String token = csrf();
        assertThat(post("dashboard/representation",
                "operation=doGoogleSearch&value=serialization").statusCode()).isEqualTo(403);
        try {
            HttpResponse<String> r = post("dashboard/representation",
                    "operation=doGoogleSearch&value=clone&csrf=" + q(token));
            assertThat(r.statusCode()).isEqualTo(303);
            assertThat(demo.portal().representation("doGoogleSearch")).isEqualTo("clone");
            assertThat(row(get("dashboard.json").body(), "doGoogleSearch"))
                    .contains("fallback to automatic choice", "REFLECTION");

            post("dashboard/representation", "operation=doGoogleSearch&value=none&csrf="
                    + q(token));
            long n = demo.backend().requestCount("doGoogleSearch");
            get("search?q=uncached");
            get("search?q=uncached");
            assertThat(demo.backend().requestCount("doGoogleSearch")).isEqualTo(n + 2);

            post("dashboard/representation", "operation=doGoogleSearch&value=events&csrf="
                    + q(token));
            assertThat(demo.portal().policyOf("doGoogleSearch").value().yamlName())
                    .isEqualTo("events");
            get("search?q=events");
            get("search?q=events");
            assertThat(demo.backend().requestCount("doGoogleSearch")).isEqualTo(n + 3);
            assertThat(post("dashboard/representation", "operation=doGoogleSearch&value=bogus"
                    + "&csrf=" + q(token)).statusCode()).isEqualTo(400);
        } finally {
            post("dashboard/representation", "operation=doGoogleSearch&value=reflection&csrf="
                    + q(token));
        }
    }

    @Test
    void invalidate_dropsTheEntries_soTheNextSearchGoesToTheBackend() throws Exception {
        get("search?q=invalidate");
        long n = demo.backend().requestCount("doGoogleSearch");
        assertThat(demo.portal().cache().stats("doGoogleSearch").entryCount()).isEqualTo(1);
        assertThat(post("dashboard/invalidate", "operation=doGoogleSearch").statusCode())
                .isEqualTo(403);
        HttpResponse<String> r = post("dashboard/invalidate",
                "operation=doGoogleSearch&csrf=" + q(csrf()));
        assertThat(r.statusCode()).isEqualTo(303);
        assertThat(demo.portal().cache().stats("doGoogleSearch").entryCount()).isZero();
        assertThat(demo.portal().cache().stats("doSpellingSuggestion").entryCount()).isOne();
        get("search?q=invalidate");
        assertThat(demo.backend().requestCount("doGoogleSearch")).isEqualTo(n + 1);
        assertThat(demo.portal().admin().auditLog()).last().asString()
                .endsWith(" dashboard@127.0.0.1 invalidate doGoogleSearch: 1 entries removed");
    }

    @Test
    void dashboard_hasLiveCharts_fromItsOwnScript_andReadableTotals() throws Exception {
        get("search?q=charts");
        get("search?q=charts");
        HttpResponse<String> page = get("dashboard");
        assertThat(page.body()).contains("<svg id=\"chart-calls\"", "<svg id=\"chart-ratio\"",
                "<svg id=\"chart-latency\"", "<script src=\"/dashboard.js\"></script>")
                .doesNotContain("CacheStats{").containsPattern(
                        "<p id=\"total\">Total: [0-9,]+ hits, [0-9,]+ misses \\([0-9.]+ % hits\\)");
        assertThat(page.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(
                csp -> assertThat(csp).contains("script-src 'self';"));
        assertThat(get("").headers().firstValue("Content-Security-Policy")).hasValueSatisfying(
                csp -> assertThat(csp).contains("script-src 'none';"));
        HttpResponse<String> js = get("dashboard.js");
        assertThat(js.statusCode()).isEqualTo(200);
        assertThat(js.headers().firstValue("Content-Type")).hasValue(
                "text/javascript;charset=UTF-8");
        assertThat(js.body()).contains("fetch('/dashboard/series.json'")
                .doesNotContainPattern("fetch\\('(?!/dashboard/series\\.json')")
                .doesNotContain("https://", "import ");

        JsonNode series = new ObjectMapper().readTree(get("dashboard/series.json").body());
        assertThat(series.get("operations").fieldNames()).toIterable()
                .containsExactlyElementsOf(Representations.OPERATION_ORDER);
        assertThat(series.get("latency").get("hit").get("count").asLong()).isPositive();
        assertThat(series.get("latency").get("miss").get("count").asLong()).isPositive();
    }

    @Test
    void adminEndpoint_isMounted_andShowsTheDeclaredResultTypes() throws Exception {
        assertThat(get("admin/").body()).contains("<tr id=\"op-doGoogleSearch\">");
        JsonNode state = new ObjectMapper().readTree(get("admin/state.json").body());
        assertThat(state.get("name").asText()).isEqualTo("portal");
        boolean found = false;
        for (JsonNode op : state.get("operations")) {
            if (op.get("operation").asText().equals("doGoogleSearch")) {
                assertThat(op.get("resultType").asText()).endsWith("$DoGoogleSearchResponse");
                assertThat(op.get("copier").asText()).isNotBlank();
                found = true;
            }
        }
        assertThat(found).isTrue();
    }

    @Test
    void anEditOfThePolicyFile_takesEffect() throws Exception {
        String yaml = Files.readString(policyFile);
        try {
            Files.writeString(policyFile, yaml.replace("value: xml", "value: events"));
            awaitRepresentation("doGetCachedPage", "events");
            assertThat(demo.portal().representation("doGetCachedPage")).isEqualTo("events");
        } finally {
            Files.writeString(policyFile, yaml);
            awaitRepresentation("doGetCachedPage", "xml");
        }
        assertThat(demo.portal().representation("doGetCachedPage")).isEqualTo("xml");
    }

    @Test
    void aBrokenEditOfThePolicyFile_isShownOnTheAdminPageItsJsonAndTheDashboard_untilFixed()
            throws Exception {
        String yaml = Files.readString(policyFile);
        assertThat(yaml.split("\n")[13]).isEqualTo("    ttl: 1h");
        String where = policyFile + ":14:10";
        try {
            Files.writeString(policyFile, yaml.replaceFirst("ttl: 1h", "ttl: banana"));
            Waits.until("the watcher refused ttl: banana",
                    () -> demo.portal().admin().lastReloadFailure().isPresent());

            JsonNode failure = new ObjectMapper().readTree(get("admin/state.json").body())
                    .get("lastReloadFailure");
            assertThat(failure.get("location").asText()).isEqualTo(where);
            assertThat(failure.get("message").asText()).isEqualTo(where + ": 'ttl' must be a"
                    + " duration such as 30s, 5m, 1h or PT1H, not 'banana'");
            assertThat(failure.get("time").asText()).isNotBlank();
            assertThat(get("admin/").body()).contains("id=\"alert-lastReloadFailure\">Last"
                    + " reload failed at ", where + ": &#39;ttl&#39; must be a duration");
            assertThat(get("dashboard").body()).contains("<p id=\"reload-failure\" class=\"alert"
                    + "\" role=\"alert\"><b>The last reload of the policy file failed</b> at ",
                    where + ": &#39;ttl&#39; must be a duration");
            JsonNode dashboard = new ObjectMapper().readTree(get("dashboard.json").body());
            assertThat(dashboard.get("lastReloadFailure").get("line").asInt()).isEqualTo(14);
            assertThat(dashboard.get("lastReloadFailure").get("column").asInt()).isEqualTo(10);
            assertThat(demo.portal().policyOf("doGoogleSearch").ttl())
                    .isEqualTo(Duration.ofHours(1));
        } finally {
            Files.writeString(policyFile, yaml);
            Waits.until("the watcher reloaded the fixed file",
                    () -> demo.portal().admin().lastReloadFailure().isEmpty());
        }
        assertThat(new ObjectMapper().readTree(get("admin/state.json").body())
                .get("lastReloadFailure").isNull()).isTrue();
        assertThat(get("admin/").body()).doesNotContain("class=\"alert\"");
        assertThat(get("dashboard").body()).doesNotContain("reload-failure");
        assertThat(new ObjectMapper().readTree(get("dashboard.json").body())
                .get("lastReloadFailure").isNull()).isTrue();
    }

    @Test
    void adminPage_linksBackToThePortal_andShowsRatiosAndTimesAsPeopleReadThem()
            throws Exception {
        get("search?q=admin");
        get("search?q=admin");
        String page = get("admin/").body();
        assertThat(page).contains("<nav id=\"links\"><a href=\"/\">Portal</a>"
                + "<a href=\"/dashboard\">Dashboard</a>")
                .containsPattern("<th>hitRatio</th><td class=\"n hitRatio\">[0-9]+\\.[0-9] %</td>")
                .containsPattern("<th>loadTimeNanos</th><td class=\"n loadTimeNanos\">"
                        + "[0-9]+\\.[0-9]{1,2} ms</td>")
                .doesNotContainPattern("hitRatio\">0\\.[0-9]{5,}");
    }

    private static void awaitRepresentation(String op, String value) {
        Waits.until("the watcher reloaded " + op + " as " + value,
                () -> value.equals(demo.portal().representation(op)));
    }
}
