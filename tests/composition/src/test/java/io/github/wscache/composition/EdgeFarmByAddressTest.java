package io.github.wscache.composition;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.edge.EdgeServer;
import io.github.wscache.jsonws.JsonService;
import io.github.wscache.testkit.RedisServer;
import io.github.wscache.testkit.Waits;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two edges given only the tier's address, as the command line's {@code --shared-tier} does
 * (the engine opens it through cache-redis, found on the class path): a page one stored is a hit
 * on the other, signed or not, and an edge with another signing key does not take it.
 */
class EdgeFarmByAddressTest {
    private static RedisServer redis;
    private static JsonService origin;
    private final HttpClient client = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        redis = RedisServer.start();
        origin = new JsonService();
    }

    @AfterAll
    static void stop() {
        origin.close();
        redis.close();
    }

    private static EdgeServer edge(Path key) {
        EdgeServer.Builder b = EdgeServer.builder().origin(origin.uri("")).address("127.0.0.1")
                .port(0).adminPath(null).sharedTier(redis.uri());
        if (key != null) {
            b.sharedTierSigningKeyFile(key);
        }
        return b.build().start();
    }

    private String get(EdgeServer edge, String path) throws Exception {
        HttpResponse<String> r = EdgeFarmNode.get(client, edge, path, "-");
        assertThat(r.statusCode()).isEqualTo(200);
        return r.body();
    }

    @Test
    void aPageOneEdgeStored_isAHitOnTheOther() throws Exception {
        String path = "items/" + 7001;
        try (EdgeServer one = edge(null); EdgeServer two = edge(null)) {
            String first = get(one, path);
            assertThat(get(two, path)).isEqualTo(first);
            assertThat(origin.count(path)).as("origin requests for the farm").isEqualTo(1);
            assertThat(two.responseCache().stats().hits()).isEqualTo(1);
        }
    }

    @Test
    void aPutThroughOneEdge_dropsThatPageOnEveryEdge_andTheFarmKeepsTheOthers() throws Exception {
        String changed = "items/" + 7101;
        String other = "items/" + 7102;
        try (EdgeServer one = edge(null); EdgeServer two = edge(null)) {
            get(one, changed);
            get(one, other);
            get(two, changed);
            get(two, other);
            assertThat(origin.count(other)).isEqualTo(1);
            long twosEntries = two.responseCache().stats().entryCount();

            HttpResponse<String> put = client.send(HttpRequest.newBuilder(URI.create(
                    "http://127.0.0.1:" + one.port() + "/" + changed))
                    .PUT(HttpRequest.BodyPublishers.ofString("{}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(put.statusCode()).isEqualTo(200);
            Waits.until("the other edge dropped the changed page", () ->
                    two.responseCache().stats().entryCount() < twosEntries);

            int changedBefore = origin.count(changed);
            try (EdgeServer three = edge(null)) {
                get(three, other);
                assertThat(origin.count(other)).as("the other page stayed in Redis")
                        .isEqualTo(1);
                get(three, changed);
                assertThat(origin.count(changed)).as("the changed page: from the origin")
                        .isEqualTo(changedBefore + 1);
            }
            get(two, other);
            get(two, changed);
            assertThat(origin.count(other)).as("kept by the other edge").isEqualTo(1);
            assertThat(origin.count(changed)).as("the new page, from Redis")
                    .isEqualTo(changedBefore + 1);
        }
    }

    @Test
    void signedEntries_areSharedByEdgesWithTheKey_andRefusedByOthers(@TempDir Path dir)
            throws Exception {
        Path key = dir.resolve("farm.key");
        Files.writeString(key, "0123456789abcdef0123456789abcdef-farm");
        Path other = dir.resolve("other.key");
        Files.writeString(other, "fedcba9876543210fedcba9876543210-else");
        String path = "items/" + 7002;
        try (EdgeServer one = edge(key); EdgeServer two = edge(key);
                EdgeServer stranger = edge(other)) {
            String first = get(one, path);
            assertThat(get(two, path)).isEqualTo(first);
            assertThat(origin.count(path)).isEqualTo(1);
            assertThat(get(stranger, path)).isEqualTo(first);
            assertThat(origin.count(path)).as("another key's edge fetched its own").isEqualTo(2);
        }
    }
}
