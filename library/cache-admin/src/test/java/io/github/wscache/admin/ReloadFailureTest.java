package io.github.wscache.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.wscache.admin.internal.MXBean;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.policy.PolicyWatcher;
import io.github.wscache.embedded.EmbeddedServer;
import io.github.wscache.testkit.Waits;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A broken edit of the watched policy file is shown where an administrator looks, located and
 * dated, until a fixed file is reloaded: the admin JSON and page over HTTP, and the MXBean.
 */
class ReloadFailureTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String GOOD = "operations:\n  - service: S\n    operation: quote\n"
            + "    ttl: 1m\n";

    @TempDir
    Path dir;

    private final HttpClient http = HttpClient.newHttpClient();

    private String get(EmbeddedServer server, String path) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(server.url().resolve(path))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        return r.body();
    }

    @Test
    void aWatchedFileEditedToABrokenTtl_isShownLocated_untilTheFixIsReloaded()
            throws Exception {
        Path file = dir.resolve("wscache.yaml");
        Files.writeString(file, GOOD);
        Policy policy = Policy.load(file);
        try (PolicyWatcher watcher = policy.watch();
                ResponseCache cache = ResponseCache.builder().policy(policy).build();
                CacheAdmin admin = CacheAdmin.builder("portal", cache).service("S")
                        .watcher(watcher).build();
                EmbeddedServer server = EmbeddedServer.builder().servlet("admin",
                        new AdminServlet(admin).link("Portal", "/"), "/admin/*").start()) {
            JsonNode fine = JSON.readTree(get(server, "/admin/state.json"));
            assertThat(fine.has("lastReloadFailure")).isTrue();
            assertThat(fine.get("lastReloadFailure").isNull()).isTrue();

            Instant before = Instant.now();
            Files.writeString(file, GOOD.replace("ttl: 1m", "ttl: banana"));
            Waits.until("the watcher refused ttl: banana",
                    () -> admin.lastReloadFailure().isPresent());

            JsonNode failure = JSON.readTree(get(server, "/admin/state.json"))
                    .get("lastReloadFailure");
            assertThat(failure.get("file").asText()).isEqualTo(file.toString());
            assertThat(failure.get("line").asInt()).isEqualTo(4);
            assertThat(failure.get("column").asInt()).isEqualTo(10);
            assertThat(failure.get("location").asText()).isEqualTo(file + ":4:10");
            assertThat(failure.get("message").asText()).isEqualTo(file + ":4:10: 'ttl' must be a"
                    + " duration such as 30s, 5m, 1h or PT1H, not 'banana'");
            assertThat(Instant.parse(failure.get("time").asText()))
                    .isBetween(before, Instant.now());
            String page = get(server, "/admin/");
            assertThat(page).contains("<p class=\"alert\" role=\"alert\" id=\"alert-"
                    + "lastReloadFailure\">Last reload failed at ")
                    .contains(file + ":4:10: &#39;ttl&#39; must be a duration")
                    .contains("<a href=\"/\">Portal</a>");
            assertThat(admin.audited().cache().view().alerts())
                    .filteredOn(a -> a.key().equals("lastReloadFailure")).singleElement()
                    .satisfies(a -> assertThat(a.active()).isTrue());

            Files.writeString(file, GOOD.replace("ttl: 1m", "ttl: 2m"));
            Waits.until("the watcher reloaded the fixed file",
                    () -> admin.lastReloadFailure().isEmpty());
            assertThat(JSON.readTree(get(server, "/admin/state.json"))
                    .get("lastReloadFailure").isNull()).isTrue();
            assertThat(get(server, "/admin/")).doesNotContain("class=\"alert\"");
        }
    }

    @Test
    void aReloadFromThePage_thatFails_isShownToo_andALaterOneClearsIt() throws Exception {
        Path file = dir.resolve("wscache.yaml");
        Files.writeString(file, GOOD);
        try (ResponseCache cache = ResponseCache.builder().policy(Policy.load(file)).build();
                CacheAdmin admin = CacheAdmin.builder("portal", cache).service("S").build()) {
            Files.writeString(file, GOOD.replace("ttl: 1m", "tll: 1m"));
            assertThat(admin.reload("alice").succeeded()).isFalse();
            assertThat(admin.lastReloadFailure()).hasValueSatisfying(r -> assertThat(
                    r.error().orElseThrow().getMessage()).contains(":4:5: unknown key 'tll'"));
            MXBean bean = new MXBean(admin);
            assertThat(bean.getLastReloadFailure()).startsWith("Last reload failed at ")
                    .contains(file + ":4:5: unknown key 'tll'")
                    .endsWith("(the previous policy stays in force until a fixed file is"
                            + " reloaded)");

            Files.writeString(file, GOOD);
            assertThat(admin.reload("alice").succeeded()).isTrue();
            assertThat(admin.lastReloadFailure()).isEmpty();
            assertThat(bean.getLastReloadFailure()).isEmpty();
        }
    }

    @Test
    void anEntryNamingNoOperation_isShownLocated_andGoesWhenTheReloadedPolicyFixesIt()
            throws Exception {
        Path file = dir.resolve("wscache.yaml");
        Files.writeString(file, GOOD.replace("operation: quote", "operation: qoute"));
        Policy policy = Policy.load(file);
        try (ResponseCache cache = ResponseCache.builder().policy(policy).build();
                CacheAdmin admin = CacheAdmin.builder("portal", cache).service("S").build();
                EmbeddedServer server = EmbeddedServer.builder().servlet("admin",
                        new AdminServlet(admin), "/admin/*").start()) {
            // what an integration does at the first call: the service's operations
            cache.declareOperations("S", () -> java.util.List.of("quote", "history"));

            JsonNode entries = JSON.readTree(get(server, "/admin/state.json"))
                    .get("unmatchedEntries");
            assertThat(entries).singleElement().satisfies(e -> {
                assertThat(e.get("source").asText()).isEqualTo(file + ":2:5");
                assertThat(e.get("service").asText()).isEqualTo("S");
                assertThat(e.get("operation").asText()).isEqualTo("qoute");
            });
            assertThat(get(server, "/admin/")).contains("id=\"alert-unmatchedEntries\">"
                    + "A policy entry names no operation: " + file + ":2:5 (operation: qoute, "
                    + "service: S)");

            Files.writeString(file, GOOD);
            assertThat(policy.reload().succeeded()).isTrue();
            assertThat(JSON.readTree(get(server, "/admin/state.json")).get("unmatchedEntries")
                    .isNull()).isTrue();
            assertThat(get(server, "/admin/")).doesNotContain("alert-unmatchedEntries\">");
        }
    }
}
