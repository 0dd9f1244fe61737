package io.github.wscache.http.cachetests;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testkit.TestOrigin;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cache-tests harness itself: what {@link CacheTestsProxy} forwards and writes back, in
 * front of a JDK HTTP server standing in for the suite's origin. The suite run is
 * scripts/cache-tests/run-http.sh, not a build test.
 */
class CacheTestsProxyTest {
    private TestOrigin origin;
    private CacheTestsProxy proxy;
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1).build();
    @TempDir
    Path dir;

    @BeforeEach
    void start() throws IOException {
        origin = TestOrigin.start();
        origin.handleAll(request -> {
            String path = request.path();
            int n = origin.count(path);
            bodies.add(request.method() + " " + request.bodyText());
            if (path.equals("/disconnect")) {
                return TestOrigin.Response.drop(); // as the suite's origin does
            }
            return TestOrigin.Response.of(request.method().equals("PUT") ? 201 : 200,
                            path + " #" + n)
                    .header("Cache-Control", "max-age=3600")
                    .header("Test-Header", "a")
                    .header("Test-Header", "b")
                    .header("Server-Request-Count", Integer.toString(n));
        });
        URI base = origin.uri();
        proxy = CacheTestsProxy.start(base, 0, dir.resolve("exchanges.jsonl"));
    }

    @AfterEach
    void stop() throws IOException {
        proxy.close();
        origin.close();
    }

    private HttpResponse<String> send(String method, String path, String body, String... headers)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + proxy.port() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        if (headers.length > 0) {
            b.headers(headers);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aSecondGet_isAnsweredByTheOneCache_withItsFieldsAndBody() throws Exception {
        HttpResponse<String> first = send("GET", "/a?x=1", null, "Test-ID", "t1", "Req-Num", "1");
        HttpResponse<String> second = send("GET", "/a?x=1", null, "Test-ID", "t1", "Req-Num", "2");

        assertThat(first.body()).isEqualTo("/a #1");
        assertThat(second.body()).isEqualTo("/a #1");
        assertThat(second.headers().firstValue("Cache-Status")).hasValue("wscache; hit");
        assertThat(second.headers().firstValue("Age")).isPresent();
        assertThat(second.headers().allValues("Test-Header")).containsExactly("a", "b");
        assertThat(second.headers().firstValue("Server-Request-Count")).hasValue("1");
        assertThat(origin.count("/a")).isEqualTo(1);
        assertThat(Files.readAllLines(dir.resolve("exchanges.jsonl")))
                .anySatisfy(l -> assertThat(l).contains("\"test\":\"t1\"", "\"req\":\"2\"",
                        "\"cacheStatus\":\"wscache; hit\""));
    }

    @Test
    void aPut_isForwardedWithItsBody_andInvalidatesTheStoredGet() throws Exception {
        send("GET", "/b", null);
        HttpResponse<String> put = send("PUT", "/b", "{\"x\":1}", "Content-Type",
                "application/json");
        HttpResponse<String> after = send("GET", "/b", null);

        assertThat(put.statusCode()).as(put.body()).isEqualTo(201);
        assertThat(bodies).contains("PUT {\"x\":1}");
        assertThat(after.body()).isEqualTo("/b #3");
        assertThat(origin.count("/b")).isEqualTo(3);
    }

    @Test
    void aHead_hasNoBody_andTheConnectionServesTheNextRequest() throws Exception {
        HttpResponse<String> head = send("HEAD", "/c", null);
        HttpResponse<String> get = send("GET", "/c", null);

        assertThat(head.statusCode()).as(head.body()).isEqualTo(200);
        assertThat(head.body()).isEmpty();
        assertThat(get.body()).isEqualTo("/c #2");
    }

    @Test
    void anOriginThatClosesTheConnection_isAnswered502() throws Exception {
        HttpResponse<String> r = send("GET", "/disconnect", null);

        assertThat(r.statusCode()).isEqualTo(502);
        assertThat(r.headers().firstValue("Server-Request-Count")).isEmpty();
    }

    @Test
    void theComparedClients_answerASecondGetFromTheirCacheToo() throws Exception {
        URI base = origin.uri();
        for (String name : List.of("httpclient5", "okhttp")) {
            proxy.close();
            proxy = CacheTestsProxy.start(base, 0, null, Upstreams.of(name, base));
            HttpResponse<String> first = send("GET", "/" + name, null);
            HttpResponse<String> second = send("GET", "/" + name, null);

            assertThat(second.body()).as(name).isEqualTo(first.body())
                    .isEqualTo("/" + name + " #1");
            assertThat(second.headers().allValues("Test-Header")).as(name)
                    .containsExactly("a", "b");
            assertThat(origin.count("/" + name)).as(name).isEqualTo(1);
        }
    }

    @Test
    void thePolicy_cachesEveryGetUnderTheOrigin_byTheHeadersAlone() {
        assertThat(Upstreams.policy(URI.create("http://127.0.0.1:8000/")))
                .isEqualTo("operations:\n"
                        + "  - endpoint: 'http://127.0.0.1:8000/*'\n"
                        + "    operation: GET\n"
                        + "    ttl: 1d\n"
                        + "    honorHttpHeaders: only\n");
    }
}
