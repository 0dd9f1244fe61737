package io.github.wscache.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.jsonws.JsonService;
import io.github.wscache.redis.RedisTier;
import io.github.wscache.testkit.RedisServer;
import io.github.wscache.testkit.Waits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
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
 * The Redis tier from {@code wscache.shared-tier.*}, on Debian's {@code redis-server}, and its
 * health over HTTP: UP, then DEGRADED once Redis is gone and the breaker opens. Ordered: the last
 * test kills the server.
 */
@SpringBootTest(classes = TestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
        properties = {"management.endpoints.web.exposure.include=health",
            "management.endpoint.health.show-details=always"})
@DirtiesContext
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SharedTierTest {
    @TempDir
    static Path dir;
    static JsonService service;
    static RedisServer redis;

    @Autowired
    RestClient.Builder builder;
    @Autowired
    ResponseCache cache;
    @Autowired
    RedisTier tier;
    @LocalServerPort
    int port;

    private final ObjectMapper json = new ObjectMapper();

    @BeforeAll
    static void start() throws IOException {
        redis = RedisServer.start();
        service = new JsonService();
        TestApplication.write(dir.resolve("wscache.yaml"),
                TestApplication.policy(service.uri(""), "60s"));
    }

    @AfterAll
    static void stop() {
        service.close();
        redis.close();
    }

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("wscache.policy", () -> "file:" + dir.resolve("wscache.yaml"));
        registry.add("wscache.shared-tier.uri", () -> redis.uri());
        registry.add("wscache.shared-tier.namespace", () -> "spring-test");
    }

    private JsonNode health() {
        HttpResponse<String> r = TestApplication.send("GET",
                URI.create("http://localhost:" + port + "/actuator/health/wscache"));
        try {
            return json.readTree(r.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    @Order(1)
    void responses_areStoredInRedis() {
        RestClient client = builder.build();

        String first = client.get().uri(service.uri("items/1")).retrieve()
                .toEntity(String.class).getHeaders().getFirst("Cache-Status");
        String second = client.get().uri(service.uri("items/1")).retrieve()
                .toEntity(String.class).getHeaders().getFirst("Cache-Status");

        assertThat(first).startsWith("wscache; fwd=miss").endsWith("stored");
        assertThat(second).isEqualTo("wscache; hit");
        assertThat(service.count("items/1")).isEqualTo(1);
        assertThat(tier.stats().stores()).isEqualTo(1);
        assertThat(tier.stats().errors()).isZero();
    }

    @Test
    @Order(2)
    void health_isUpWithTheTiersCounters() {
        JsonNode health = health();

        assertThat(health.get("status").asText()).isEqualTo("UP");
        assertThat(health.get("details").get("breakerOpen").asBoolean()).isFalse();
        assertThat(health.get("details").get("errors").asLong()).isZero();
    }

    @Test
    @Order(3)
    void health_isDegradedWhileTheBreakerIsOpen() {
        redis.kill();
        RestClient client = builder.build();
        AtomicInteger item = new AtomicInteger(100);

        // each new item is a miss that asks Redis; after three failures the breaker opens
        Waits.until("the breaker opens and health says so", () -> {
            String status = client.get().uri(service.uri("items/" + item.incrementAndGet()))
                    .retrieve().toEntity(String.class).getHeaders().getFirst("Cache-Status");
            assertThat(status).startsWith("wscache; fwd=miss");
            return "DEGRADED".equals(health().get("status").asText());
        });

        JsonNode details = health().get("details");
        assertThat(details.get("errors").asLong()).isPositive();
        assertThat(details.get("breakerOpens").asLong()).isPositive();
        assertThat(cache.stats().errors()).as("a tier failure is never the caller's").isZero();
    }
}
