package io.github.wscache.portal.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.wscache.portal.PortalDemo;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One portal of the farm: a JVM of its own running {@link PortalDemo} with {@code --backend}
 * (the farm's one back-end) and a policy file, started from this JVM's class path. Its log goes
 * to a file; {@link #close} stops it as Ctrl-C would (the portal closes its cache).
 */
final class FarmNode implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String name;
    private final int port;
    private final Process process;
    private final Path log;

    private FarmNode(String name, int port, Process process, Path log) {
        this.name = name;
        this.port = port;
        this.process = process;
        this.log = log;
    }

    /**
     * Starts a portal JVM and waits until it answers.
     *
     * @param logs where its log goes ({@code <name>.log})
     */
    static FarmNode start(String name, String backend, Path policy, Path logs,
            HttpClient http) throws IOException, InterruptedException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-Xmx512m",
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp", System.getProperty("java.class.path"), PortalDemo.class.getName(),
                "--port", Integer.toString(port), "--backend", backend,
                "--policy", policy.toString()));
        Files.createDirectories(logs);
        Path log = logs.resolve(name + ".log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        FarmNode node = new FarmNode(name, port, p, log);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            if (!p.isAlive()) {
                throw new IOException(name + " exited at start; see " + log);
            }
            try {
                HttpResponse<Void> r = http.send(HttpRequest.newBuilder(
                        URI.create(node.url() + "dashboard.json"))
                        .timeout(Duration.ofSeconds(2)).build(),
                        HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() == 200) {
                    return node;
                }
            } catch (IOException e) {
                // not listening yet
            }
            if (System.nanoTime() > deadline) {
                node.close();
                throw new IOException(name + " did not answer in 60 s; see " + log);
            }
            Thread.sleep(100);
        }
    }

    String name() {
        return name;
    }

    String url() {
        return "http://127.0.0.1:" + port + "/";
    }

    Path log() {
        return log;
    }

    /** The cache counters of one operation as the portal's dashboard reports them. */
    record OpStats(long hits, long sharedHits, long misses, long errors) {
        OpStats minus(OpStats o) {
            return new OpStats(hits - o.hits, sharedHits - o.sharedHits, misses - o.misses,
                    errors - o.errors);
        }

        OpStats plus(OpStats o) {
            return new OpStats(hits + o.hits, sharedHits + o.sharedHits, misses + o.misses,
                    errors + o.errors);
        }

        long localHits() {
            return hits - sharedHits;
        }
    }

    /** Reads the counters of {@code operation} from {@code /dashboard.json}. */
    OpStats stats(HttpClient http, String operation) throws IOException, InterruptedException {
        HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(url()
                + "dashboard.json")).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        JsonNode root = JSON.readTree(r.body());
        for (JsonNode op : root.get("operations")) {
            if (op.get("operation").asText().equals(operation)) {
                return new OpStats(op.get("hits").asLong(), op.get("sharedHits").asLong(),
                        op.get("misses").asLong(), op.get("errors").asLong());
            }
        }
        throw new IOException(name + " reports no operation " + operation);
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
