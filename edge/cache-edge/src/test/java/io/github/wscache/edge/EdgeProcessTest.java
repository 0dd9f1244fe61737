package io.github.wscache.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testkit.Gate;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The command as an operator runs it: a JVM of its own, with real exit statuses and a real
 * SIGTERM ({@link ProcessHandle#destroy()}) while an origin request is in flight.
 */
class EdgeProcessTest extends EdgeTestBase {
    /** The start of every log line: its time with milliseconds and offset. */
    private static final String LOG_LINE =
            "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}[+-]\\d{4} ";

    private static Process java(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"),
                "io.github.wscache.edge.EdgeServer"));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).start();
    }

    /** Reads lines until one contains {@code text} (that line) or the stream ends (null). */
    private static String lineContaining(BufferedReader in, String text) {
        try {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.contains(text)) {
                    return line;
                }
            }
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(java.io.InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    @Test
    void help_exitsZero_andUnknownFlag_exitsTwoWithTheUsage() throws Exception {
        Process help = java("--help");
        String usage = read(help.getInputStream());
        assertThat(help.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(help.exitValue()).isZero();
        assertThat(usage).startsWith("Usage: ").contains("--drain-timeout");

        Process wrong = java("--origin", "http://localhost:8080", "--listen", "8090");
        String err = read(wrong.getErrorStream());
        assertThat(wrong.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(wrong.exitValue()).isEqualTo(2);
        assertThat(err).startsWith("wscache-edge: unknown option '--listen'").contains("Usage: ");
    }

    @Test
    void sigterm_letsTheRequestInFlightFinish_thenTheProcessExits() throws Exception {
        Gate answer = new Gate();
        origin.route("/slow", "slow").hold(answer);
        Process edgeProcess = java("--origin", origin.uri().toString(), "--port", "0",
                "--admin-port", "0", "--drain-timeout", "10s");
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(
                    edgeProcess.getInputStream(), StandardCharsets.UTF_8));
            String banner = out.readLine();
            // a URL a person can open, and every address of the admin port
            Matcher m = Pattern.compile("wscache-edge on http://localhost:(\\d+)/ \\(every "
                    + "address\\) in front of \\S+; admin page http://127\\.0\\.0\\.1:(\\d+)"
                    + "/_edge/admin/, stats at http://127\\.0\\.0\\.1:\\2/_edge/stats, purges "
                    + "POST http://127\\.0\\.0\\.1:\\2/_edge/purge").matcher(String.valueOf(banner));
            assertThat(m.matches()).as(banner).isTrue();
            int port = Integer.parseInt(m.group(1));
            // its log (standard error) tells when it drains, waiting for requests in flight
            BufferedReader log = new BufferedReader(new InputStreamReader(
                    edgeProcess.getErrorStream(), StandardCharsets.UTF_8));
            CompletableFuture<String> signalled = CompletableFuture.supplyAsync(
                    () -> lineContaining(log, "stopping (signal received)"));
            CompletableFuture<String> draining = signalled.thenApply(
                    line -> lineContaining(log, "stopping: waiting up to 10000 ms for 1 request"));
            CompletableFuture<HttpResponse<String>> inFlight = EdgeTestSupport.CLIENT.sendAsync(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/slow"))
                            .build(), HttpResponse.BodyHandlers.ofString());
            answer.awaitEntered(1);

            // SIGTERM; Process.destroy() would also close the streams the test reads
            edgeProcess.toHandle().destroy();
            // every line of the log has its time, in one format
            assertThat(signalled.get(20, TimeUnit.SECONDS)).as("the signal is logged")
                    .matches(LOG_LINE + "INFO EdgeServer - stopping \\(signal received\\); "
                            + "requests served: \\d+, hits: \\d+");
            assertThat(draining.get(20, TimeUnit.SECONDS)).as("the process drains")
                    .matches(LOG_LINE + "INFO EdgeServer - stopping: waiting .*");
            assertThat(inFlight).as("held at the origin").isNotDone();
            answer.release();

            HttpResponse<String> r = inFlight.get(20, TimeUnit.SECONDS);
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.body()).isEqualTo("slow");
            assertThat(edgeProcess.waitFor(20, TimeUnit.SECONDS)).as("exited").isTrue();
            assertThat(edgeProcess.exitValue()).as("SIGTERM").isEqualTo(143);
            assertThat(lineContaining(log, " - stopped")).as("the end is logged")
                    .matches(LOG_LINE + "INFO EdgeServer - stopped");
        } finally {
            edgeProcess.destroyForcibly();
        }
    }
}
