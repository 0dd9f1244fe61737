package io.github.wscache.varnish;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throw-away Varnish Cache in front of one backend, for comparing the edge with Varnish on the
 * same origin. It runs {@code varnishd -F -a 127.0.0.1:PORT -f VCL -n WORKDIR -s malloc,64m}
 * with a generated VCL 4.1 that sends every request to the backend and turns ESI processing on
 * ({@code set beresp.do_esi = true}) when the backend's response carries
 * {@code Surrogate-Control} with {@code content="ESI/1.0"}; {@code feature=+esi_disable_xml_check}
 * lets ESI run on bodies that do not start with {@code <}. Tested with Varnish 7.1 (Debian 12).
 *
 * <p>Needs {@code varnishd} on the {@code PATH} or in {@code /usr/sbin}
 * ({@code apt-get install varnish}); {@link #start} fails with a message saying so otherwise.
 * {@link #close()} stops the process and deletes its work directory. Not thread-safe.
 *
 * <pre>{@code
 * try (VarnishProcess varnish = VarnishProcess.start("127.0.0.1", 8080)) {
 *     URI front = varnish.uri();      // e.g. http://127.0.0.1:41234
 *     // send the same requests to front and to the edge, compare bodies and timings
 * }
 * }</pre>
 */
public final class VarnishProcess implements AutoCloseable {
    private static final Duration STARTUP = Duration.ofSeconds(30);

    private final Process process;
    private final Path workDir;
    private final int port;

    private VarnishProcess(Process process, Path workDir, int port) {
        this.process = process;
        this.workDir = workDir;
        this.port = port;
    }

    /**
     * Returns the VCL 4.1 the process runs for a backend.
     *
     * @param host the backend's host (an address or a name that resolves)
     * @param port the backend's port
     */
    public static String vcl(String host, int port) {
        return "vcl 4.1;\n\n"
                + "backend origin {\n"
                + "    .host = \"" + host + "\";\n"
                + "    .port = \"" + port + "\";\n"
                + "}\n\n"
                + "sub vcl_backend_response {\n"
                + "    if (beresp.http.Surrogate-Control ~ {\"content=\"[^\"]*ESI/1.0\"}) {\n"
                + "        unset beresp.http.Surrogate-Control;\n"
                + "        set beresp.do_esi = true;\n"
                + "    }\n"
                + "}\n";
    }

    /** Returns the {@code varnishd} executable, or {@code null} when there is none. */
    static Path findVarnishd() {
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                Path p = Path.of(dir, "varnishd");
                if (Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        Path sbin = Path.of("/usr/sbin/varnishd");
        return Files.isExecutable(sbin) ? sbin : null;
    }

    /**
     * Starts Varnish in front of {@code host:port} on a free loopback port and waits until it
     * accepts connections.
     *
     * @throws IllegalStateException when {@code varnishd} is not installed, or it exits or does
     *     not accept connections within 30 s (the message holds its output)
     */
    public static VarnishProcess start(String host, int port) {
        Objects.requireNonNull(host, "host");
        return startWithVcl(vcl(host, port));
    }

    /**
     * Starts Varnish with a VCL of the caller's (its backend filled in) on a free loopback port
     * and waits until it accepts connections: for origins whose caching rules need more than
     * {@link #vcl(String, int)} (for example a cache key on one cookie).
     *
     * @throws IllegalStateException as {@link #start(String, int)}
     */
    public static VarnishProcess startWithVcl(String vclText) {
        Objects.requireNonNull(vclText, "vclText");
        Path varnishd = findVarnishd();
        if (varnishd == null) {
            throw new IllegalStateException("varnishd not found on the PATH or in /usr/sbin:"
                    + " install Varnish, e.g. apt-get install varnish");
        }
        Path work = null;
        try {
            work = Files.createTempDirectory("wscache-varnish");
            Path vcl = work.resolve("default.vcl");
            Files.writeString(vcl, vclText, StandardCharsets.UTF_8);
            // started as root, varnishd reads the VCL and runs its child as an unprivileged user
            readableByAll(work, "rwxr-xr-x");
            readableByAll(vcl, "rw-r--r--");
            Path log = work.resolve("varnishd.log");
            int listen = freePort();
            Process p = new ProcessBuilder(varnishd.toString(), "-F",
                    "-a", "127.0.0.1:" + listen, "-f", vcl.toString(),
                    "-n", work.resolve("n").toString(), "-s", "malloc,64m",
                    "-p", "feature=+esi_disable_xml_check")
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            VarnishProcess v = new VarnishProcess(p, work, listen);
            long deadline = System.nanoTime() + STARTUP.toNanos();
            while (System.nanoTime() < deadline) {
                if (!p.isAlive()) {
                    String out = Files.readString(log, StandardCharsets.UTF_8);
                    v.close();
                    throw new IllegalStateException("varnishd exited with " + p.exitValue()
                            + ": " + out);
                }
                if (accepts(listen)) {
                    return v;
                }
                Thread.sleep(50);
            }
            String out = Files.readString(log, StandardCharsets.UTF_8);
            v.close();
            throw new IllegalStateException("varnishd did not accept connections on port "
                    + listen + " within " + STARTUP.toSeconds() + " s: " + out);
        } catch (IOException e) {
            deleteRecursively(work);
            throw new UncheckedIOException("cannot start varnishd", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            deleteRecursively(work);
            throw new IllegalStateException("interrupted while starting varnishd", e);
        }
    }

    private static void readableByAll(Path p, String permissions) throws IOException {
        try {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(permissions));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: nothing to open up
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Returns the port Varnish listens on (loopback). */
    public int port() {
        return port;
    }

    /** Returns {@code http://127.0.0.1:PORT}. */
    public java.net.URI uri() {
        return java.net.URI.create("http://127.0.0.1:" + port);
    }

    /** Stops varnishd (and its child) and deletes the work directory; idempotent. */
    @Override
    public void close() {
        List<ProcessHandle> children = process.descendants().toList();
        process.destroy();
        children.forEach(ProcessHandle::destroy);
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            for (ProcessHandle c : children) {
                c.onExit().get(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException
                | java.util.concurrent.TimeoutException e) {
            children.forEach(ProcessHandle::destroyForcibly);
        }
        deleteRecursively(workDir);
    }

    private static void deleteRecursively(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary directory is harmless
        }
    }
}
