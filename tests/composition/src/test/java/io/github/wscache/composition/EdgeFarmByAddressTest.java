package io.github.wscache.composition;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.edge.EdgeServer;
import io.github.wscache.jsonws.JsonService;
import io.github.wscache.testkit.RedisServer;
import java.net.http.HttpClient;
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
