package io.github.wscache.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.wscache.embedded.EmbeddedServer;
import java.lang.management.ManagementFactory;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Any {@link AdministeredCache} through {@link AuditedAdmin}: a tagged map served by the
 * servlet with a write secret on a real embedded Tomcat, and its generic MXBean.
 */
class AuditedAdminTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SECRET = "s3cret-s3cret";
    private final HttpClient http = HttpClient.newHttpClient();
    private final TaggedMap map = new TaggedMap();
    private final List<String> refusals = new ArrayList<>();
    private final AuditedAdmin admin = AuditedAdmin.builder(map)
            .clock(Clock.fixed(Instant.parse("2026-11-25T08:00:00Z"), ZoneOffset.UTC)).build();
    private EmbeddedServer server;

    /** Keys with tags; invalidated by key, by tag or all; never reloads. */
    final class TaggedMap implements AdministeredCache {
        final Map<String, String> tagOf = new ConcurrentHashMap<>(Map.of("a", "t1", "b", "t1",
                "c", "t2"));

        @Override
        public String name() {
            return "tagged";
        }

        @Override
        public AdminView view() {
            AdminView.Builder b = AdminView.builder().detail("store", "Store", "memory")
                    .total("entries", tagOf.size())
                    .table("keys", "key", "key-")
                    .column("key", "key", AdminView.Format.TEXT)
                    .column("tag", "tag", AdminView.Format.CODE);
            new java.util.TreeMap<>(tagOf).forEach((k, t) -> b.row(Map.of("key", k, "tag", t)));
            return b.build();
        }

        @Override
        public long invalidateAll() {
            long n = tagOf.size();
            tagOf.clear();
            return n;
        }

        @Override
        public Optional<String> keyName() {
            return Optional.of("key");
        }

        @Override
        public long invalidate(String key) {
            return tagOf.remove(key) == null ? 0 : 1;
        }

        @Override
        public boolean purgesTags() {
            return true;
        }

        @Override
        public long purge(List<String> tags) {
            long before = tagOf.size();
            tagOf.values().removeIf(tags::contains);
            return before - tagOf.size();
        }

        @Override
        public void refused(String who, String what, String why) {
            refusals.add(who + " " + what + ": " + why);
        }
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
        admin.close();
    }

    private HttpResponse<String> post(String path, String form, String... headers)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(server.url().resolve(path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(server.url().resolve(path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void servletWithASecret_showsTheView_andChangesNeedTokenAndSecret() throws Exception {
        server = EmbeddedServer.builder()
                .servlet("admin", new AdminServlet(admin, SECRET), "/admin/*").start();
        JsonNode state = JSON.readTree(get("/admin/state.json").body());
        assertThat(state.get("store").asText()).isEqualTo("memory");
        assertThat(state.get("total").get("entries").asLong()).isEqualTo(3);
        assertThat(state.get("keys")).hasSize(3);
        String token = state.get("token").asText();
        String page = get("/admin/").body();
        assertThat(page).contains("<tr id=\"key-a\">")
                .contains("<td class=\"tag\"><code>t1</code></td>")
                .contains("<input type=\"password\" name=\"secret\"")
                .contains("class=\"purge\"").doesNotContain("class=\"reload\"");
        // one labelled secret box for every form; invalidating everything asks first
        assertThat(page.split("type=\"password\"", -1)).hasSize(2);
        assertThat(page).contains("<label for=\"wscache-secret\">Write secret")
                .contains("id=\"wscache-secret\"")
                .containsPattern("onsubmit=\"return wscacheSubmit\\(this,&#39;Invalidate every "
                        + "entry of [^\"]*\"><input type=\"hidden\" name=\"token\"[^>]*>"
                        + "<input type=\"hidden\" name=\"html\" value=\"1\">"
                        + "<input type=\"hidden\" name=\"all\"");

        assertThat(post("/admin/purge", "tag=t1", "X-Wscache-Token", token).statusCode())
                .isEqualTo(401);
        assertThat(post("/admin/purge", "tag=t1&token=" + token + "&secret=wrong")
                .statusCode()).isEqualTo(401);
        assertThat(post("/admin/purge", "tag=t1", "Authorization", "Bearer " + SECRET)
                .statusCode()).isEqualTo(403);
        assertThat(refusals).containsExactly(
                "anonymous@127.0.0.1 purge: missing or wrong secret",
                "anonymous@127.0.0.1 purge: missing or wrong secret",
                "anonymous@127.0.0.1 purge: missing or wrong token: read it from the page or"
                        + " state.json");
        assertThat(map.tagOf).hasSize(3);

        HttpResponse<String> purged = post("/admin/purge", "tag=t1",
                "X-Wscache-Token", token, "Authorization", "Bearer " + SECRET);
        assertThat(JSON.readTree(purged.body()).get("result").asText())
                .isEqualTo("2 entries removed");
        assertThat(post("/admin/invalidate", "key=c&token=" + token + "&secret=" + SECRET)
                .statusCode()).isEqualTo(200);
        assertThat(map.tagOf).isEmpty();
        assertThat(post("/admin/reload", "", "X-Wscache-Token", token,
                "Authorization", "Bearer " + SECRET).statusCode())
                .as("the cache does not reload").isEqualTo(404);
        assertThat(admin.auditLog()).containsExactly(
                "2026-11-25T08:00:00Z secret@127.0.0.1 purge t1: 2 entries removed",
                "2026-11-25T08:00:00Z secret@127.0.0.1 invalidate c: 1 entries removed");
    }

    @Test
    void readOnlyServlet_refusesEveryChange() throws Exception {
        server = EmbeddedServer.builder()
                .servlet("admin", AdminServlet.readOnly(admin), "/admin/*").start();
        assertThat(get("/admin/").body()).contains("Changes are off").doesNotContain("<form");
        HttpResponse<String> r = post("/admin/invalidate", "all=true");
        assertThat(r.statusCode()).isEqualTo(403);
        assertThat(refusals).containsExactly("anonymous@127.0.0.1 invalidate: changes are off:"
                + " no write secret is configured");
        assertThat(map.tagOf).hasSize(3);
        assertThat(admin.auditLog()).isEmpty();
    }

    @Test
    void mxBean_readsTheView_andItsChangesAreAudited() throws Exception {
        MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
        ObjectName on = admin.registerMBean(mbs);
        assertThat(on.toString()).isEqualTo("io.github.wscache:type=Cache,name=\"tagged\"");
        AdministeredCacheMXBean bean = JMX.newMXBeanProxy(mbs, on,
                AdministeredCacheMXBean.class);
        assertThat(bean.getTotals()).containsExactly(Map.entry("entries", "3"));
        assertThat(bean.getDetails()).containsExactly(Map.entry("Store", "memory"));
        assertThat(bean.getRows()).containsEntry("a", "tag t1");
        assertThat(bean.getSummary()).isEqualTo("entries 3");
        assertThat(bean.purge(" t2 ")).isEqualTo(1);
        assertThat(bean.invalidateAll()).isEqualTo(2);
        assertThatThrownBy(bean::reload).isInstanceOf(UnsupportedOperationException.class)
                .hasMessage("tagged cannot reload");
        assertThat(bean.getAuditLog()).containsExactly(
                "2026-11-25T08:00:00Z jmx purge t2: 1 entries removed",
                "2026-11-25T08:00:00Z jmx invalidate all: 2 entries removed");
        admin.close();
        assertThat(mbs.isRegistered(on)).isFalse();
    }

    @Test
    void aKeyWithALineBreak_cannotForgeALineOfTheAuditLog() throws Exception {
        server = EmbeddedServer.builder()
                .servlet("admin", new AdminServlet(admin, SECRET), "/admin/*").start();
        String token = JSON.readTree(get("/admin/state.json").body()).get("token").asText();
        String forged = "x%0D%0A2026-01-01T00:00:00Z+alice+invalidate+all:+5000+entries+removed";

        HttpResponse<String> r = post("/admin/invalidate", "key=" + forged + "&token=" + token
                + "&secret=" + SECRET);

        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).contains("key must not hold a control character (U+000D at 1)");
        assertThat(admin.auditLog()).isEmpty();
        assertThat(post("/admin/invalidate", "key=" + "k".repeat(2049) + "&token=" + token
                + "&secret=" + SECRET).statusCode()).isEqualTo(400);
    }

    @Test
    void aPurgeOfMoreThanAThousandTags_isRefused_likeTheEdgesPurge() {
        List<String> tags = new ArrayList<>();
        for (int i = 0; i <= AuditedAdmin.MAX_TAGS; i++) {
            tags.add("t" + i);
        }
        assertThatThrownBy(() -> admin.purge(tags, "alice"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("at most 1000 tags in one purge, not 1001: purge in several steps");
        assertThat(admin.purge(tags.subList(0, AuditedAdmin.MAX_TAGS), "alice")).isEqualTo(3);
    }

    @Test
    void thePage_mayNotBeFramedByAnotherSite() throws Exception {
        server = EmbeddedServer.builder()
                .servlet("admin", new AdminServlet(admin, SECRET), "/admin/*").start();
        HttpResponse<String> page = get("/admin/");
        assertThat(page.headers().firstValue("X-Frame-Options")).hasValue("DENY");
        assertThat(page.headers().firstValue("Content-Security-Policy"))
                .hasValue("frame-ancestors 'none'");
    }

    @Test
    void changes_rejectBadArguments_withMessagesNamingThem() {
        assertThatThrownBy(() -> admin.invalidate(" ", "alice"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("key must not be blank:  ");
        assertThatThrownBy(() -> admin.purge(List.of(), "alice"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("tags must be one or more, none blank: []");
        assertThatThrownBy(() -> admin.invalidateAll(""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("who must name the administrator: ");
        assertThatThrownBy(() -> new AdminServlet(admin, "two words"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("write secret must not be blank or have white space");
        assertThatThrownBy(() -> AdminView.builder().detail("token", "T", 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("detail key must not be blank or reserved: token");
        assertThat(map.tagOf).hasSize(3);
        assertThat(admin.auditLog()).isEmpty();
    }
}
