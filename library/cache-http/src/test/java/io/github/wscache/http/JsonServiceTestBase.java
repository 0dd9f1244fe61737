package io.github.wscache.http;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.jsonws.JsonService;
import io.github.wscache.testkit.ManualClock;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What cache-http's tests against the {@link JsonService} share: the service (one per class),
 * the network client, a manual clock, and a {@link CachingHttpClient} per test built from a policy
 * that caches every GET under a base URI, closed after the test once it has counted no error
 * inside the cache.
 */
abstract class JsonServiceTestBase {
    static JsonService service;
    static HttpClient network;
    final ManualClock clock = ManualClock.startingNow();
    CachingHttpClient client;

    @BeforeAll
    static void startService() throws IOException {
        service = new JsonService();
        network = HttpClient.newHttpClient();
    }

    @AfterAll
    static void stopService() {
        service.close();
    }

    @AfterEach
    void checkStats() {
        service.releaseGated();
        if (client != null) {
            assertThat(client.cache().stats().errors()).as("errors inside the cache").isZero();
            client.cache().close();
        }
    }

    /** The policy of one operation: every GET under {@code base}. */
    static String policy(URI base, String honorHttpHeaders, String ttl, String value) {
        return "operations:\n"
                + "  - endpoint: '" + base + "*'\n"
                + "    operation: GET\n"
                + "    ttl: " + ttl + "\n"
                + "    honorHttpHeaders: " + honorHttpHeaders + "\n"
                + "    value: " + value + "\n";
    }

    /** This test's client, on the fake clock, with {@link #policy}. */
    CachingHttpClient client(URI base, String honorHttpHeaders, String ttl, String value) {
        ResponseCache cache = ResponseCache.builder()
                .policy(Policy.parse(policy(base, honorHttpHeaders, ttl, value), "http.yaml"))
                .clock(clock).build();
        client = CachingHttpClient.builder(network).cache(cache).build();
        return client;
    }
}
