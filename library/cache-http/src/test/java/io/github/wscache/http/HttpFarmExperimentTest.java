package io.github.wscache.http;

import io.github.wscache.jsonws.JsonService;
import io.github.wscache.redis.NodeProcess;
import io.github.wscache.testkit.RedisServer;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Farm experiment for cache-http (the Farm page): three JVMs with {@link CachingHttpClient},
 * each built from a policy alone, in front of one JSON service, on a Zipf(1) workload (paper
 * 003) — the back-end calls of one node alone, of three nodes with their own caches only, and of
 * three nodes whose policy names one {@code redis-server} as {@code sharedTier}. A farm sharing
 * the tier must cost the back-end no more than 1.1 times one node's calls. Writes
 * {@code target/farm-http/phases.csv} and {@code summary.md}. About a minute: tagged slow
 * ({@code ./mvnw -q -pl library/cache-http -am verify -Pslow}).
 */
@Tag("slow")
class HttpFarmExperimentTest {
    private static final int REQUESTS = Integer.getInteger("farm.requests", 30_000);
    private static final int KEYS = Integer.getInteger("farm.keys", 5_000);
    private static final int THREADS_PER_NODE = 4;
    private static final Duration ANSWER = Duration.ofMinutes(5);

    /** One configuration's result. */
    record Phase(String config, int nodes, int requests, int backendCalls, long hits,
            long misses, int errors, long millis) {
        double perTenThousand() {
            return backendCalls * 10_000.0 / requests;
        }
    }

    @Test
    void aFarmSharingTheTier_costsTheBackEndAboutOneNodesCalls() throws Exception {
        List<Phase> phases = new ArrayList<>();
        try (RedisServer redis = RedisServer.start(); JsonService service = new JsonService()) {
            URI api = service.uri("");
            phases.add(run("single", 1, "local", redis, service, api));
            phases.add(run("independent", 3, "local", redis, service, api));
            phases.add(run("shared", 3, "shared", redis, service, api));
        }
        write(phases);
        Phase single = phases.get(0);
        Phase independent = phases.get(1);
        Phase shared = phases.get(2);
        assertThat(phases).allSatisfy(p -> assertThat(p.errors()).as(p.config()).isZero());
        assertThat(shared.perTenThousand()).as("shared tier vs one node")
                .isLessThanOrEqualTo(1.1 * single.perTenThousand());
        assertThat(independent.perTenThousand()).as("independent caches vs one node")
                .isGreaterThan(1.2 * single.perTenThousand());
    }

    private static Phase run(String config, int nodes, String tier, RedisServer redis,
            JsonService service, URI api) throws Exception {
        int before = service.total("items/");
        List<NodeProcess> started = new ArrayList<>();
        try {
            for (int i = 0; i < nodes; i++) {
                NodeProcess n = NodeProcess.start(HttpFarmNode.class, redis.uri(),
                        api.toString());
                started.add(n);
                n.ask("POLICY events " + tier, ANSWER);
            }
            long t0 = System.nanoTime();
            int share = REQUESTS / nodes;
            for (int i = 0; i < nodes; i++) {
                started.get(i).send("ZIPF " + (i + 1) + " " + share + " " + KEYS + " "
                        + THREADS_PER_NODE);
            }
            long hits = 0;
            long misses = 0;
            int errors = 0;
            for (NodeProcess n : started) {
                String[] w = n.await("ZIPF", ANSWER).split(" ");
                errors += Integer.parseInt(w[0]);
                hits += Long.parseLong(w[1]);
                misses += Long.parseLong(w[2]);
            }
            long millis = (System.nanoTime() - t0) / 1_000_000;
            return new Phase(config, nodes, share * nodes, service.total("items/") - before,
                    hits, misses, errors, millis);
        } finally {
            for (NodeProcess n : started) {
                n.close();
            }
            flush(redis);
        }
    }

    private static void flush(RedisServer redis) {
        URI r = URI.create(redis.uri());
        try (redis.clients.jedis.Jedis j = new redis.clients.jedis.Jedis(r.getHost(),
                r.getPort())) {
            j.flushAll();
        }
    }

    private static void write(List<Phase> phases) throws IOException {
        Path dir = Path.of("target", "farm-http");
        Files.createDirectories(dir);
        StringBuilder csv = new StringBuilder("config,nodes,requests,backend_calls,"
                + "backend_calls_per_10k,hits,misses,errors,millis\n");
        StringBuilder md = new StringBuilder("| configuration | nodes | requests | back-end calls"
                + " | per 10,000 | vs one node | hits | errors | s |\n|---|---:|---:|---:|---:|"
                + "---:|---:|---:|---:|\n");
        double single = phases.get(0).perTenThousand();
        for (Phase p : phases) {
            csv.append(String.format(Locale.ROOT, "%s,%d,%d,%d,%.1f,%d,%d,%d,%d%n", p.config(),
                    p.nodes(), p.requests(), p.backendCalls(), p.perTenThousand(), p.hits(),
                    p.misses(), p.errors(), p.millis()));
            md.append(String.format(Locale.ROOT, "| %s | %d | %,d | %,d | %.0f | %.2f× | %,d |"
                    + " %d | %.1f |%n", p.config(), p.nodes(), p.requests(), p.backendCalls(),
                    p.perTenThousand(), p.perTenThousand() / single, p.hits(), p.errors(),
                    p.millis() / 1000.0));
        }
        Files.writeString(dir.resolve("phases.csv"), csv, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("summary.md"), md, StandardCharsets.UTF_8);
    }
}
