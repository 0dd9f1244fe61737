package io.github.wscache.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.wscache.jsonws.JsonService;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.client.RestClient;

/**
 * The endpoint with {@code wscache.endpoint.write-enabled=true}: invalidate and reload over HTTP,
 * audited. The policy file is not watched here, so that only the endpoint reloads it.
 */
@SpringBootTest(classes = TestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {"management.endpoints.web.exposure.include=wscache",
            "wscache.endpoint.write-enabled=true", "wscache.watch=false"})
@DirtiesContext
class EndpointWriteTest {
    @TempDir
    static Path dir;
    static JsonService service;

    @Autowired
    RestClient.Builder builder;
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
    }

    private JsonNode call(String method, String path, int status) throws IOException {
        HttpResponse<String> r = TestApplication.send(method,
                URI.create("http://localhost:" + port + "/actuator/wscache" + path));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        return json.readTree(r.body());
    }

    private String get(RestClient client, String path) {
        return client.get().uri(service.uri(path)).retrieve().toEntity(String.class)
                .getHeaders().getFirst("Cache-Status");
    }

    @Test
    void invalidate_removesTheOperationsEntriesAndIsAudited() throws IOException {
        RestClient client = builder.build();
        get(client, "items/1");
        assertThat(get(client, "items/1")).isEqualTo("wscache; hit");

        JsonNode removed = call("DELETE", "/GET", 200);

        assertThat(removed.get("removed").asLong()).isPositive();
        assertThat(get(client, "items/1")).startsWith("wscache; fwd=miss");
        assertThat(service.count("items/1")).isEqualTo(2);
        assertThat(call("GET", "", 200).get("auditLog").toString())
                .contains("actuator invalidate GET");
    }

    @Test
    void reload_ofABrokenFileSaysWhereAndKeepsThePolicy() throws IOException {
        Path file = dir.resolve("wscache.yaml");
        TestApplication.write(file, StartUpTest.BROKEN);
        try {
            JsonNode result = call("POST", "", 200);

            assertThat(result.get("succeeded").asBoolean()).isFalse();
            assertThat(result.get("error").get("line").asInt()).isEqualTo(3);
            assertThat(result.get("error").get("column").asInt()).isEqualTo(5);
            JsonNode state = call("GET", "", 200);
            assertThat(state.get("lastReloadFailure").get("message").asText())
                    .startsWith(file + ":3:5: unknown key 'tll'");
            assertThat(state.get("rules").get(0).get("cacheable").asBoolean()).isTrue();
            assertThat(state.get("auditLog").toString()).contains("actuator reload");
        } finally {
            TestApplication.write(file, TestApplication.policy(service.uri(""), "60s"));
        }
        assertThat(call("POST", "", 200).get("succeeded").asBoolean()).isTrue();
        assertThat(call("GET", "", 200).get("lastReloadFailure").isNull()).isTrue();
    }
}
