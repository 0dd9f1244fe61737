package io.github.wscache.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.wscache.embedded.EmbeddedServer;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a request or a response carries beside the URL: a GET's request body, which is not part
 * of the key, and the personal fields of a response ({@code Set-Cookie}, authentication), which
 * only the caller whose request brought them gets. Against a service on embedded Tomcat that
 * answers a GET's body and sets cookies, counting its requests.
 */
class PersonalFieldsAndRequestBodiesTest extends JsonServiceTestBase {
    /** The personal fields {@code login} sets, none of which a hit may replay. */
    private static final List<String> PERSONAL = List.of("Set-Cookie", "Set-Cookie2",
            "WWW-Authenticate", "Authentication-Info", "Proxy-Authenticate",
            "Proxy-Authentication-Info");

    private static Origin origin;
    private static EmbeddedServer server;

    @BeforeAll
    static void startOrigin() throws IOException {
        origin = new Origin();
        server = EmbeddedServer.builder().quietErrorPages().servlet("origin", origin, "/api/*")
                .start();
    }

    @AfterAll
    static void stopOrigin() {
        server.close();
    }

    private static URI uri(String path) {
        return server.url().resolve("api/" + path);
    }

    private static String status(HttpResponse<?> r) {
        return r.headers().firstValue("Cache-Status").orElseThrow();
    }

    private HttpResponse<String> search(String path, String query) throws Exception {
        return client.send(HttpRequest.newBuilder(uri(path))
                .method("GET", BodyPublishers.ofString(query)).build(), BodyHandlers.ofString());
    }

    @Test
    void getWithABody_passesThrough_eachQueryGetsItsOwnAnswer() throws Exception {
        client(uri(""), "true", "60s", "xml");
        HttpResponse<String> a = search("search", "{\"match\":\"a\"}");
        HttpResponse<String> b = search("search", "{\"match\":\"b\"}");
        HttpResponse<String> aAgain = search("search", "{\"match\":\"a\"}");

        assertThat(a.body()).contains("{\\\"match\\\":\\\"a\\\"}");
        assertThat(b.body()).as("b's own results, never a's").contains("\\\"b\\\"")
                .doesNotContain("\\\"a\\\"");
        assertThat(aAgain.body()).contains("\\\"a\\\"");
        assertThat(status(b)).isEqualTo("wscache; fwd=bypass; fwd-status=200; detail=\"the"
                + " request has a body, which is not part of the key\"");
        assertThat(origin.count("search")).isEqualTo(3);
        assertThat(client.cache().stats().bypasses()).isEqualTo(3);
        assertThat(client.cache().storedResponses()).isZero();
    }

    @Test
    void getWithAnEmptyBody_isCachedAsAnyGet() throws Exception {
        client(uri(""), "true", "60s", "xml");
        HttpResponse<String> miss = search("search/empty", "");
        HttpResponse<String> hit = client.send(HttpRequest.newBuilder(uri("search/empty"))
                .method("GET", BodyPublishers.noBody()).build(), BodyHandlers.ofString());

        assertThat(status(miss)).isEqualTo("wscache; fwd=miss; fwd-status=200; stored");
        assertThat(status(hit)).isEqualTo("wscache; hit");
        assertThat(hit.body()).isEqualTo(miss.body());
        assertThat(origin.count("search/empty")).isEqualTo(1);
    }

    @Test
    void personalFields_reachTheCallerOfTheMiss_andNoHit() throws Exception {
        client(uri(""), "true", "60s", "xml");
        HttpRequest alice = HttpRequest.newBuilder(uri("login"))
                .header("Authorization", "Bearer alice").build();
        HttpResponse<String> miss = client.send(alice, BodyHandlers.ofString());
        HttpResponse<String> hit = client.send(alice, BodyHandlers.ofString());

        assertThat(status(miss)).isEqualTo("wscache; fwd=miss; fwd-status=200; stored");
        assertThat(miss.headers().allValues("Set-Cookie")).containsExactly("session=1; Path=/");
        assertThat(miss.headers().firstValue("Set-Cookie2")).hasValue("legacy=1");
        assertThat(miss.headers().firstValue("WWW-Authenticate")).hasValue("Bearer realm=\"api\"");
        assertThat(miss.headers().firstValue("Authentication-Info")).hasValue("nextnonce=\"1\"");
        assertThat(status(hit)).isEqualTo("wscache; hit");
        assertThat(hit.body()).isEqualTo(miss.body());
        for (String name : PERSONAL) {
            assertThat(hit.headers().allValues(name)).as(name).isEmpty();
        }
        assertThat(origin.count("login")).isEqualTo(1);
    }

    @Test
    void aResponseThatSetsACookie_isStillNotKeptForAnonymousCallers() throws Exception {
        client(uri(""), "true", "60s", "xml");
        HttpRequest anonymous = HttpRequest.newBuilder(uri("login/anonymous")).build();
        client.send(anonymous, BodyHandlers.ofString());
        HttpResponse<String> second = client.send(anonymous, BodyHandlers.ofString());

        assertThat(status(second)).startsWith("wscache; fwd=miss").contains("sets a cookie");
        assertThat(second.headers().allValues("Set-Cookie")).containsExactly("session=2; Path=/");
        assertThat(origin.count("login/anonymous")).isEqualTo(2);
    }

    /**
     * {@code search...}: a GET's request body, echoed (max-age=60); {@code login...}: a
     * response that sets a cookie and carries authentication fields (max-age=60). Counts the
     * requests of each path.
     */
    private static final class Origin extends HttpServlet {
        private static final long serialVersionUID = 1L;
        private final transient ObjectMapper mapper = new ObjectMapper();
        private final transient Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();

        int count(String path) {
            AtomicInteger c = counts.get(path);
            return c == null ? 0 : c.get();
        }

        @Override
        protected void doGet(HttpServletRequest req, HttpServletResponse resp)
                throws IOException {
            String path = req.getPathInfo().substring(1);
            int n = counts.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
            resp.setContentType("application/json");
            resp.setHeader("Cache-Control", "max-age=60");
            Object body;
            if (path.startsWith("search")) {
                String query = new String(req.getInputStream().readAllBytes(),
                        StandardCharsets.UTF_8);
                body = Map.of("query", query, "n", n);
            } else {
                resp.addHeader("Set-Cookie", "session=" + n + "; Path=/");
                resp.addHeader("Set-Cookie2", "legacy=" + n);
                resp.setHeader("WWW-Authenticate", "Bearer realm=\"api\"");
                resp.setHeader("Authentication-Info", "nextnonce=\"" + n + "\"");
                resp.setHeader("Proxy-Authenticate", "Basic realm=\"proxy\"");
                resp.setHeader("Proxy-Authentication-Info", "nextnonce=\"p" + n + "\"");
                body = Map.of("login", path);
            }
            mapper.writeValue(resp.getOutputStream(), body);
        }
    }
}
