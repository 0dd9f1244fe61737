package io.github.wscache.petshop.edge;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Throughput of one URL measured by <a href="https://github.com/wg/wrk">wrk</a> (Debian's
 * {@code wrk} package), a load generator in C that runs as its own process: HTTP/1.1 with
 * keep-alive, a fixed number of connections, as many requests as the server answers.
 *
 * <p>A load generator inside the JVM under test takes CPU, allocation and GC pauses from the
 * server it measures; in the first version of {@link EdgeComparison} the JDK {@code HttpClient}
 * driving cache-edge from the same JVM measured it at 2,020 requests/s, where wrk measured the
 * same build at 5,900.
 *
 * <pre>{@code
 * Wrk.Result r = Wrk.run(URI.create("http://127.0.0.1:8080/category?id=FISH"), 8,
 *         Duration.ofSeconds(10));
 * System.out.println(r.requestsPerSecond());
 * }</pre>
 */
public final class Wrk {
    /** Where Debian installs wrk. */
    public static final Path BINARY = Path.of("/usr/bin/wrk");

    private static final Pattern RPS = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
    private static final Pattern TOTAL = Pattern.compile("(\\d+) requests in");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses: (\\d+)");
    private static final Pattern SOCKET = Pattern.compile(
            "Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");

    private Wrk() {
    }

    /**
     * What wrk measured.
     *
     * @param requestsPerSecond answered requests per second
     * @param requests answered requests
     */
    public record Result(double requestsPerSecond, long requests) {
    }

    /** Returns whether wrk is installed. */
    public static boolean isInstalled() {
        return Files.isExecutable(BINARY);
    }

    /**
     * Runs wrk with two threads and {@code connections} keep-alive connections for {@code time}.
     *
     * @throws IllegalStateException when wrk is not installed, fails, or any response is not a
     *     2xx/3xx or any socket error happens (a throughput of errors is no throughput)
     */
    public static Result run(URI url, int connections, Duration time)
            throws IOException, InterruptedException {
        if (!isInstalled()) {
            throw new IllegalStateException(BINARY + " is missing: the throughput comparison "
                    + "needs Debian's wrk (apt-get install wrk)");
        }
        long seconds = Math.max(1, time.toSeconds());
        List<String> command = List.of(BINARY.toString(), "-t", "2",
                "-c", Integer.toString(connections), "-d", seconds + "s", url.toString());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out;
        try {
            out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(seconds + 30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("wrk did not finish: " + command);
            }
        } finally {
            p.destroyForcibly();
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException("wrk exited with " + p.exitValue() + ": " + out);
        }
        return parse(out);
    }

    /** Parses wrk's report; package-private for tests. */
    static Result parse(String report) {
        Matcher rps = RPS.matcher(report);
        Matcher total = TOTAL.matcher(report);
        if (!rps.find() || !total.find()) {
            throw new IllegalStateException("not a wrk report: " + report);
        }
        Matcher bad = NON_2XX.matcher(report);
        if (bad.find()) {
            throw new IllegalStateException(bad.group(1) + " responses were not 2xx/3xx: "
                    + report);
        }
        Matcher socket = SOCKET.matcher(report);
        if (socket.find()) {
            throw new IllegalStateException("socket errors: " + report);
        }
        return new Result(Double.parseDouble(rps.group(1)), Long.parseLong(total.group(1)));
    }
}
