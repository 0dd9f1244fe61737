package io.github.wscache.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.http.CachingHttpClient;
import io.github.wscache.jsonws.JsonService;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.ResponseEntity;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.client.RestClient;

/**
 * An application with the starter calling the real {@link JsonService} through Boot's
 * {@code RestClient.Builder}; the policy is a file, so it is watched; the endpoint and the
 * metrics are read over HTTP.
 */
@SpringBootTest(classes = TestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = "management.endpoints.web.exposure.include=health,metrics,wscache")
@DirtiesContext
class RestClientCachingTest {
    @TempDir
    static Path dir;
    static JsonService service;

    @Autowired
    RestClient.Builder builder;
    @Autowired
    ResponseCache cache;
    @Autowired
    CachingHttpClient httpClient;
    @LocalServerPort
    int port;

    private final ObjectMapper json = new ObjectMapper();

    @BeforeAll
    static void startService() throws IOException {
        service = new JsonService();
        TestApplication.write(dir.resolve("wscache.yaml"),
                TestApplication.policy(service.uri(""), "60s"));
    }

    @AfterAll
    static void stopService() {
        service.close();
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("wscache.policy", () -> "file:" + dir.resolve("wscache.yaml"));
        registry.add("wscache.name", () -> "portal");
    }

    private ResponseEntity<String> get(RestClient client, String path) {
        return client.get().uri(service.uri(path)).retrieve().toEntity(String.class);
    }

    private JsonNode actuator(String path) throws IOException {
        HttpResponse<String> r = TestApplication.send("GET",
                URI.create("http://localhost:" + port + "/actuator/" + path));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return json.readTree(r.body());
    }

    @Test
    void restClient_secondCallIsAHitWithCacheStatus() {
        RestClient client = builder.build();

        ResponseEntity<String> first = get(client, "items/1");
        ResponseEntity<String> second = get(client, "items/1");

        assertThat(first.getHeaders().getFirst("Cache-Status"))
                .isEqualTo("wscache; fwd=miss; fwd-status=200; stored");
        assertThat(second.getHeaders().getFirst("Cache-Status")).isEqualTo("wscache; hit");
        assertThat(second.getBody()).isEqualTo(first.getBody()).contains("\"id\":1");
        assertThat(service.count("items/1")).isEqualTo(1);
        assertThat(cache.stats().errors()).isZero();
    }

    @Test
    void httpClientBean_isTheCacheOfTheApplication() {
        assertThat(httpClient.cache()).isSameAs(cache);
    }

    @Test
    void endpoint_showsPolicyInForceWithItsSourceAndStats() throws IOException {
        RestClient client = builder.build();
        get(client, "items/2");
        get(client, "items/2");

        JsonNode state = actuator("wscache");
        JsonNode one = actuator("wscache/GET");

        assertThat(state.get("name").asText()).isEqualTo("portal");
        assertThat(state.get("policyFile").asText()).endsWith("wscache.yaml");
        assertThat(state.get("writeEnabled").asBoolean()).isFalse();
        assertThat(state.get("lastReloadFailure").isNull()).as(state.toString()).isTrue();
        JsonNode rule = state.get("rules").get(0);
        assertThat(rule.get("endpoint").asText()).isEqualTo(service.uri("") + "*");
        assertThat(rule.get("operation").asText()).isEqualTo("GET");
        assertThat(rule.get("cacheable").asBoolean()).isTrue();
        assertThat(rule.get("source").asText()).isEqualTo(dir.resolve("wscache.yaml") + ":2:5");
        assertThat(state.get("defaults").get("cacheable").asBoolean()).isFalse();
        JsonNode get = state.get("operations").get(0);
        assertThat(get.get("operation").asText()).isEqualTo("GET");
        assertThat(get.get("stats").get("hits").asLong()).isEqualTo(cache.stats("GET").hits())
                .isPositive();
        assertThat(one.get("operation").asText()).isEqualTo("GET");
        assertThat(one.get("rules")).isEqualTo(state.get("rules"));
    }

    @Test
    void metrics_areInTheApplicationsRegistry() throws IOException {
        RestClient client = builder.build();
        get(client, "items/3");
        get(client, "items/3");

        JsonNode hits = actuator("metrics/cache.gets?tag=result:hit&tag=operation:GET"
                + "&tag=cache:portal");

        assertThat(hits.get("measurements").get(0).get("value").asDouble())
                .isEqualTo((double) cache.stats("GET").hits()).isPositive();
    }

    @Test
    void endpoint_offersNoWritesUnlessEnabled() {
        URI endpoint = URI.create("http://localhost:" + port + "/actuator/wscache");

        assertThat(TestApplication.send("POST", endpoint).statusCode()).isEqualTo(405);
        assertThat(TestApplication.send("DELETE", endpoint).statusCode()).isEqualTo(405);
        assertThat(TestApplication.send("DELETE", endpoint.resolve("wscache/GET")).statusCode())
                .isEqualTo(405);
    }

    @Test
    void policyFile_editIsReloadedByTheWatcher() throws InterruptedException {
        CountDownLatch changed = new CountDownLatch(1);
        cache.policy().addChangeListener(changed::countDown);

        TestApplication.write(dir.resolve("wscache.yaml"),
                TestApplication.policy(service.uri(""), "30s"));

        assertThat(changed.await(20, TimeUnit.SECONDS)).as("reloaded").isTrue();
        assertThat(cache.policy().resolve(null, service.uri("items/9").toString(), "GET").ttl())
                .isEqualTo(Duration.ofSeconds(30));
    }
}
