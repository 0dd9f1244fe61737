package io.github.wscache.redis;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.SetParams;

/**
 * A throw-away Debian {@code redis-server} on a random loopback port, without persistence,
 * for tests: started, killed ({@code SIGKILL}, as a crash) and restarted on the same port.
 * {@code .ci/run} installs the package. Public, and in cache-redis's test jar, so that the other
 * modules' farm tests (cache-http's) run on the same fixture.
 */
public final class RedisServer implements AutoCloseable {
    private static final String BINARY = "/usr/bin/redis-server";
    private final int port;
    private final Path dir;
    private final List<String> options;
    private Process process;

    private RedisServer(int port, List<String> options) throws IOException {
        this.port = port;
        this.dir = Files.createTempDirectory("wscache-redis");
        this.options = List.copyOf(options);
    }

    /** Starts a server on a free loopback port. */
    public static RedisServer start() {
        return start(List.of());
    }

    /**
     * Starts a server on a free loopback port with more options, e.g. a cluster node's
     * ({@code --cluster-enabled yes}); a cluster also uses the port plus 10000 (its bus).
     */
    static RedisServer start(List<String> options) {
        try {
            int port;
            while (true) {
                try (ServerSocket s = new ServerSocket(0)) {
                    port = s.getLocalPort();
                }
                if (port + 10_000 <= 65_535) {
                    break;
                }
            }
            RedisServer r = new RedisServer(port, options);
            r.startProcess();
            return r;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether the process runs. */
    boolean isAlive() {
        return process.isAlive();
    }

    int port() {
        return port;
    }

    public String uri() {
        return "redis://127.0.0.1:" + port;
    }

    /** A tier entry as Redis holds it: its key and its bytes. */
    public record Entry(byte[] key, byte[] bytes) {
    }

    /**
     * Returns the one tier entry of {@code namespace} (the keys whose value starts with the
     * entry format's {@code 'w' 'c'}); fails when there is not exactly one.
     */
    public Entry onlyEntry(String namespace) {
        List<Entry> entries = entries(namespace);
        if (entries.size() != 1) {
            throw new AssertionError(entries.size() + " entries in namespace " + namespace
                    + ", expected one");
        }
        return entries.get(0);
    }

    /** Returns every entry (in the tier's format) in {@code namespace}. */
    public List<Entry> entries(String namespace) {
        try (Jedis jedis = new Jedis("127.0.0.1", port)) {
            List<Entry> entries = new ArrayList<>();
            for (byte[] k : jedis.keys((namespace + ":*").getBytes(StandardCharsets.UTF_8))) {
                byte[] v = jedis.get(k);
                if (v != null && v.length > 3 && v[0] == 'w' && v[1] == 'c') {
                    entries.add(new Entry(k, v));
                }
            }
            return entries;
        }
    }

    /** Writes {@code bytes} under {@code key} in place of its entry, keeping its time to live. */
    public void replace(byte[] key, byte[] bytes) {
        try (Jedis jedis = new Jedis("127.0.0.1", port)) {
            long ttl = jedis.pttl(key);
            jedis.set(key, bytes, SetParams.setParams().px(Math.max(ttl, 10_000)));
        }
    }

    /** Kills the server as a crash would (SIGKILL) and waits until it is gone. */
    void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Starts the server again on the same port, empty. */
    void restart() {
        try {
            startProcess();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void startProcess() throws IOException {
        if (!Files.isExecutable(Path.of(BINARY))) {
            throw new IllegalStateException(BINARY + " is missing: apt-get install redis-server");
        }
        List<String> command = new ArrayList<>(List.of(BINARY, "--port",
                Integer.toString(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                "--dir", dir.toString(), "--protected-mode", "no", "--loglevel", "notice"));
        command.addAll(options);
        process = new ProcessBuilder(command).redirectErrorStream(true).start();
        CompletableFuture<Void> ready = new CompletableFuture<>();
        StringBuilder log = new StringBuilder();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(
                    process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null;) {
                    synchronized (log) {
                        log.append(line).append('\n');
                    }
                    if (line.contains("Ready to accept connections")) {
                        ready.complete(null);
                    }
                }
            } catch (IOException e) {
                // the process ended
            }
            ready.complete(null);
        }, "redis-server-" + port);
        reader.setDaemon(true);
        reader.start();
        try {
            ready.get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("redis-server did not start: " + log, e);
        }
        if (!process.isAlive()) {
            throw new IllegalStateException("redis-server exited: " + log);
        }
    }

    @Override
    public void close() {
        kill();
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp directory left behind
        }
    }
}
