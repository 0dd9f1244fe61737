package io.github.wscache.edge;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
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
 * SIGTERM ({@link Process#destroy()}) while a slow origin request is in flight.
 */
class EdgeProcessTest extends EdgeTestBase {
    private static Process java(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"),
                "io.github.wscache.edge.EdgeServer"));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).start();
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
        origin.route("/slow", "slow").delay(1500);
        Process edgeProcess = java("--origin", origin.uri().toString(), "--port", "0",
                "--admin-port", "0", "--drain-timeout", "10s");
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(
                    edgeProcess.getInputStream(), StandardCharsets.UTF_8));
            String banner = out.readLine();
            Matcher m = Pattern.compile("wscache-edge on http://0\\.0\\.0\\.0:(\\d+)/ .*stats at "
                    + "http://127\\.0\\.0\\.1:(\\d+)/_edge/stats").matcher(String.valueOf(banner));
            assertThat(m.matches()).as(banner).isTrue();
            int port = Integer.parseInt(m.group(1));
            CompletableFuture<HttpResponse<String>> inFlight = EdgeTestSupport.CLIENT.sendAsync(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/slow"))
                            .build(), HttpResponse.BodyHandlers.ofString());
            while (origin.count("/slow") == 0) {
                Thread.sleep(10);
            }

            edgeProcess.destroy();

            HttpResponse<String> r = inFlight.get(20, TimeUnit.SECONDS);
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.body()).isEqualTo("slow");
            assertThat(edgeProcess.waitFor(20, TimeUnit.SECONDS)).as("exited").isTrue();
            assertThat(edgeProcess.exitValue()).as("SIGTERM").isEqualTo(143);
        } finally {
            edgeProcess.destroyForcibly();
        }
    }
}
