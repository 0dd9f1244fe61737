package io.github.wscache.portal.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The farm's Redis: Debian's {@code redis-server} on a free loopback port, without persistence;
 * it can be killed ({@code SIGKILL}, as a crash) and started again, empty, on the same port.
 */
final class FarmRedis implements AutoCloseable {
    static final String BINARY = "/usr/bin/redis-server";

    private final int port;
    private final Path dir;
    private Process process;

    private FarmRedis(int port, Path dir) {
        this.port = port;
        this.dir = dir;
    }

    static FarmRedis start() throws IOException {
        if (!Files.isExecutable(Path.of(BINARY))) {
            throw new IOException(BINARY + " is missing: apt-get install redis-server");
        }
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        FarmRedis r = new FarmRedis(port, Files.createTempDirectory("wscache-farm-redis"));
        r.startProcess();
        return r;
    }

    String uri() {
        return "redis://127.0.0.1:" + port;
    }

    /** Kills the server as a crash would and waits until it is gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    /** Starts it again on its port, empty. */
    void restart() throws IOException {
        startProcess();
    }

    private void startProcess() throws IOException {
        process = new ProcessBuilder(List.of(BINARY, "--port", Integer.toString(port), "--bind",
                "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir.toString(),
                "--protected-mode", "no")).redirectErrorStream(true).start();
        CompletableFuture<Void> ready = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(
                    process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null;) {
                    if (line.contains("Ready to accept connections")) {
                        ready.complete(null);
                    }
                }
            } catch (IOException e) {
                // the process ended
            }
            ready.complete(null);
        }, "farm-redis-" + port);
        reader.setDaemon(true);
        reader.start();
        try {
            ready.get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IOException("redis-server did not start on port " + port, e);
        }
        if (!process.isAlive()) {
            throw new IOException("redis-server exited at start on port " + port);
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp directory left behind
        }
    }
}
