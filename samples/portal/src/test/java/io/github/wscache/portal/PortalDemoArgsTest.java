package io.github.wscache.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchException;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo's command line, with {@code --backend} for a node of a farm. */
class PortalDemoArgsTest {

    @Test
    void withoutBackend_theDemoStartsItsOwn() {
        String[] args = {"--port", "9090", "--backend-port", "9091", "--delay-ms", "5",
            "--policy", "p.yaml"};
        PortalDemo.Args a = PortalDemo.Args.parse(args);

        assertThat(a.port()).isEqualTo(9090);
        assertThat(a.backendPort()).isEqualTo(9091);
        assertThat(a.delayMs()).isEqualTo(5);
        assertThat(a.policy()).isEqualTo(Path.of("p.yaml"));
        assertThat(a.backend()).isNull();
    }

    @Test
    void backend_namesAnExternalEndpoint() {
        String[] args = {"--backend", "http://127.0.0.1:8081/axis2/services/GoogleSearchService"};
        PortalDemo.Args a = PortalDemo.Args.parse(args);

        assertThat(a.backend()).isEqualTo(
                "http://127.0.0.1:8081/axis2/services/GoogleSearchService");
        assertThatThrownBy(() -> PortalDemo.Args.parse(new String[] {"--backend", "8081"}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--backend takes the back-end's SOAP endpoint, http://host:port/...:"
                        + " 8081");
    }

    @Test
    void aBrokenPolicy_stopsTheStartWithOneLocatedLine_andLeavesNoBackEndRunning(
            @TempDir Path dir) throws Exception {
        Path policy = dir.resolve("wscache.yaml");
        Files.writeString(policy, "operations:\n  - operation: a\n    ttl: banana\n");
        Exception e = catchException(() -> PortalDemo.start(0, 0, Duration.ZERO, policy));
        assertThat(PortalDemo.failure(e)).isEqualTo("portal-demo: " + policy
                + ":3:10: 'ttl' must be a duration such as 30s, 5m, 1h or PT1H, not 'banana'; fix"
                + " the policy file and start again").doesNotContain("\n");
        assertThat(Thread.getAllStackTraces().keySet()).filteredOn(Thread::isAlive)
                .extracting(Thread::getName).noneMatch(n -> n.startsWith("http-nio-"));
    }

    @Test
    void aPortInUse_stopsTheStartWithOneLineNamingTheOption_andExitCode2() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            Result portal = demo("--port", String.valueOf(port), "--backend-port", "0");
            assertThat(portal.exit()).isEqualTo(2);
            assertThat(portal.output()).isEqualTo("portal-demo: port " + port + " is in use;"
                    + " start with --port N (another port, or 0 for any free one)\n");

            Result backend = demo("--port", "0", "--backend-port", String.valueOf(port));
            assertThat(backend.exit()).isEqualTo(2);
            assertThat(backend.output()).isEqualTo("portal-demo: port " + port
                    + " is in use; start with --backend-port N (another port, or 0 for any free"
                    + " one)\n");
        }
    }

    private record Result(int exit, String output) {
    }

    /**
     * Runs the demo's main in a JVM of its own, as a person does (the log settings of the
     * tests' class path): its exit status, and stdout and stderr as one text.
     */
    private static Result demo(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"),
                PortalDemo.class.getName(), "--policy", "wscache.yaml"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the demo did not stop: " + out);
        }
        return new Result(p.exitValue(), out);
    }
}
