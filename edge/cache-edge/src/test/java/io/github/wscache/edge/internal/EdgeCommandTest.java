package io.github.wscache.edge.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.edge.EdgeServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line and edge.yaml: help, every mistake named with what to write instead. */
class EdgeCommandTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return EdgeCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private static String flagError(String... args) {
        try {
            EdgeCommand.builder(EdgeCommand.parse(args).settings());
        } catch (EdgeCommand.UsageException e) {
            return e.getMessage();
        }
        throw new AssertionError("no error for " + List.of(args));
    }

    private static String fileError(String yaml) {
        try {
            EdgeCommand.builder(EdgeCommand.read(new StringReader(yaml), "edge.yaml"));
        } catch (EdgeCommand.UsageException e) {
            return e.getMessage();
        }
        throw new AssertionError("no error for " + yaml);
    }

    @Test
    void help_printsEveryFlagWithItsDefault_andExitsZero() {
        assertThat(run("--help")).isZero();
        String usage = out.toString(StandardCharsets.UTF_8);
        for (EdgeOption o : EdgeOption.values()) {
            assertThat(usage).contains(o.flag());
        }
        assertThat(usage).contains("--admin-port N|off").contains("127.0.0.1")
                .contains("-h, --help");
        assertThat(usage.lines()).allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(80));
        assertThat(err()).isEmpty();
    }

    @Test
    void shortHelp_winsOverOtherMistakes() {
        assertThat(run("--prot", "x", "-h")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("Usage: ");
    }

    @Test
    void unknownFlag_isNamedWithTheNearestOne_andTheUsage_exitTwo() {
        assertThat(run("--origin", "http://localhost:8080", "--prot", "1")).isEqualTo(2);
        assertThat(err()).startsWith("wscache-edge: unknown option '--prot'; did you mean "
                + "'--port'?\nUsage: ");
    }

    @Test
    void badValues_nameTheFlagAndWhatToWrite_exitTwo() {
        assertThat(run("--origin", "http://localhost:8080", "--port", "http")).isEqualTo(2);
        assertThat(err()).isEqualTo("wscache-edge: --port must be a port number from 0 to "
                + "65535, not 'http'\nRun with --help to see every option.\n");
        assertThat(flagError("--origin", "localhost:8080")).isEqualTo("--origin must be an "
                + "http or https URL such as http://localhost:8080, not 'localhost:8080'");
        assertThat(flagError("--origin=http://o", "--max-bytes", "12XB")).isEqualTo(
                "--max-bytes must be a size such as 65536, 512KB, 64MB or 1GB, not '12XB'");
        assertThat(flagError("--origin=http://o", "--read-timeout", "0s")).isEqualTo(
                "--read-timeout must be a positive duration such as 500ms, 30s or 2m, not '0s'");
        assertThat(flagError("--origin=http://o", "--connect-timeout", "3d")).isEqualTo(
                "--connect-timeout must be at most 1h, not '3d'; write a duration such as 30s "
                        + "or 2m");
        assertThat(flagError("--origin=http://o", "--fetch-threads", "0")).isEqualTo(
                "--fetch-threads must be a whole number from 1 to 4096, not '0'");
        assertThat(flagError("--origin=http://o", "--esi-always=maybe")).isEqualTo(
                "--esi-always must be true or false, not 'maybe'");
        assertThat(flagError("--origin=http://o", "--vary-cookies", "a,,b")).isEqualTo(
                "--vary-cookies must be names separated by commas such as JSESSIONID,user, "
                        + "not 'a,,b'");
        assertThat(flagError("--origin=http://o", "--port")).isEqualTo(
                "--port needs a value: a port number from 0 to 65535");
        assertThat(flagError("--origin=http://o", "--port", "1", "--port=2")).isEqualTo(
                "--port is given twice; give it once");
        assertThat(flagError("--port", "1")).startsWith("no origin: give --origin URL");
        assertThat(flagError("--origin=http://o", "--shared-tier", "localhost:6379")).contains(
                "--shared-tier", "redis://127.0.0.1:6379", "'localhost:6379'");
        assertThat(flagError("origin")).startsWith("unexpected argument 'origin'");
    }

    @Test
    void flags_setTheBuilder() {
        EdgeCommand.Options o = EdgeCommand.parse(new String[] {"--origin",
                "http://localhost:8080", "--address=127.0.0.1", "--port", "0", "--esi-always",
                "--vary-cookies", "JSESSIONID,user", "--max-bytes", "1MB", "--read-timeout", "2s",
                "--drain-timeout", "0s", "--admin-port", "off", "--access-log", "off"});
        Map<EdgeOption, EdgeCommand.Setting> s = o.settings();
        assertThat(s.get(EdgeOption.ORIGIN).value()).isEqualTo(
                URI.create("http://localhost:8080"));
        assertThat(s.get(EdgeOption.ESI_ALWAYS).value()).isEqualTo(true);
        assertThat(s.get(EdgeOption.VARY_COOKIES).value()).isEqualTo(List.of("JSESSIONID",
                "user"));
        assertThat(s.get(EdgeOption.MAX_BYTES).value()).isEqualTo(1L << 20);
        assertThat(s.get(EdgeOption.READ_TIMEOUT).value()).isEqualTo(Duration.ofSeconds(2));
        assertThat(s.get(EdgeOption.DRAIN_TIMEOUT).value()).isEqualTo(Duration.ZERO);
        assertThat(EdgeCommand.openAccessLog(s.get(EdgeOption.ACCESS_LOG))).isNull();
        try (EdgeServer edge = EdgeCommand.builder(s).build().start()) {
            assertThat(edge.port()).isPositive();
            assertThat(edge.adminPort()).as("--admin-port off").isEqualTo(-1);
        }
    }

    @Test
    void securityOptions_fromFlagsAndFile_setTheBuilder_andBadValuesAreLocated()
            throws IOException {
        Map<EdgeOption, EdgeCommand.Setting> s = EdgeCommand.parse(new String[] {"--origin",
                "http://localhost:8080", "--anonymous-cookies", "_ga*,consent", "--key-headers",
                "X-Forwarded-Proto", "--keep-method-override", "--trusted-proxies",
                "10.0.0.0/8,::1", "--admin-port", "off"}).settings();
        assertThat(s.get(EdgeOption.ANONYMOUS_COOKIES).value()).isEqualTo(List.of("_ga*",
                "consent"));
        assertThat(s.get(EdgeOption.KEEP_METHOD_OVERRIDE).value()).isEqualTo(true);
        try (EdgeServer edge = EdgeCommand.builder(s).port(0).build().start()) {
            assertThat(edge.port()).isPositive();
        }
        assertThat(flagError("--origin=http://o", "--trusted-proxies", "10.0.0.0/40"))
                .isEqualTo("--trusted-proxies: '10.0.0.0/40' is not an address or CIDR block: "
                        + "write one such as 10.0.0.5, 10.0.0.0/8 or 2001:db8::/32");
        assertThat(flagError("--origin=http://o", "--key-headers", "Host")).startsWith(
                "--key-headers: 'Host' cannot be a key header");
        assertThat(fileError("origin: http://o\nanonymousCookies: [\"_ga*\", \"a=b\"]\n"))
                .isEqualTo("edge.yaml:2:19: 'anonymousCookies': 'a=b' is not a cookie name: "
                        + "write a name such as consent, or a prefix ending in * such as _ga*");
    }

    @Test
    void configFile_setsOptions_andFlagsOverrideIt() throws IOException {
        Path file = dir.resolve("edge.yaml");
        Files.writeString(file, "origin: http://localhost:8080\nport: 9000\nreadTimeout: 5s\n"
                + "varyCookies: [JSESSIONID, user]\nmaxBytes: 128MB\nesiAlways: true\n"
                + "adminPort: off\naccessLog: \"-\"\n");
        Map<EdgeOption, EdgeCommand.Setting> s = EdgeCommand.parse(new String[] {"--config",
                file.toString(), "--port", "9001"}).settings();
        assertThat(s.get(EdgeOption.PORT).value()).isEqualTo(9001);
        assertThat(s.get(EdgeOption.PORT).where()).isEqualTo("--port");
        assertThat(s.get(EdgeOption.READ_TIMEOUT).value()).isEqualTo(Duration.ofSeconds(5));
        assertThat(s.get(EdgeOption.READ_TIMEOUT).where()).isEqualTo(file + ":3:14: "
                + "'readTimeout'");
        assertThat(s.get(EdgeOption.VARY_COOKIES).value()).isEqualTo(List.of("JSESSIONID",
                "user"));
        assertThat(s.get(EdgeOption.MAX_BYTES).value()).isEqualTo(128L << 20);
        assertThat(s.get(EdgeOption.ADMIN_PORT).value()).isSameAs(EdgeOption.OFF);
        assertThat(s.get(EdgeOption.ACCESS_LOG).value()).isEqualTo("-");
    }

    @Test
    void configFile_errorsNameFileLineColumnAndWhatToWrite() {
        assertThat(fileError("origin: http://o\nprot: 8090\n")).isEqualTo("edge.yaml:2:1: "
                + "unknown key 'prot' in the edge configuration; did you mean 'port'? Allowed "
                + "keys: accessLog, actionPages, address, adminAddress, adminPort, "
                + "anonymousCookies, classifyPages, clientAddressHeader, connectTimeout, "
                + "drainTimeout, esiAlways, fetchThreads, "
                + "gzipForAll, includeHosts, includeTimeout, keepMethodOverride, keyHeaders, "
                + "maxBytes, maxHeaderBytes, maxIncludeDepth, maxUriLength, "
                + "optionalIncludes, origin, poorFirst, poorLast, port, purgeSecretFile, "
                + "readTimeout, richFirst, richLast, serverActions, sharedTier, "
                + "sharedTierKeyFile, trustedProxies, varyCookies, "
                + "warmupBudget, warmupConcurrency, warmupFile, warmupFromLog, warmupTop, "
                + "warmupUrl");
        assertThat(fileError("origin: http://o\nesiAlways: maybe\n")).isEqualTo(
                "edge.yaml:2:12: 'esiAlways' must be true or false, not 'maybe'");
        assertThat(fileError("origin: http://o\nport: [1]\n")).isEqualTo(
                "edge.yaml:2:7: 'port' must be a port number from 0 to 65535, not a list");
        assertThat(fileError("origin: http://o\nmaxBytes: lots\n")).isEqualTo(
                "edge.yaml:2:11: 'maxBytes' must be a size such as 65536, 512KB, 64MB or 1GB, "
                        + "not 'lots'");
        assertThat(fileError("origin: http://o\nreadTimeout: 30\n")).isEqualTo(
                "edge.yaml:2:14: 'readTimeout' must be a positive duration such as 500ms, 30s "
                        + "or 2m, not '30'");
        assertThat(fileError("origin: http://o\nvaryCookies: [a, {b: c}]\n")).isEqualTo(
                "edge.yaml:2:14: 'varyCookies' must be a list of names such as [JSESSIONID, "
                        + "user], but one item is a mapping");
        assertThat(fileError("origin: http://o\nport: 1\nport: 2\n")).isEqualTo(
                "edge.yaml:3:1: duplicate key 'port' (first written at line 2); keep one of "
                        + "them");
        assertThat(fileError("- origin: http://o\n")).startsWith("edge.yaml:1:1: the edge "
                + "configuration must be a mapping of options to values");
        assertThat(fileError("origin: [http://o\n")).startsWith("edge.yaml:").contains(
                "not valid YAML");
        // the docs' own hint, where a person needs it
        assertThat(fileError("origin: http://o\naccessLog: -\n")).isEqualTo(
                "edge.yaml:2:12: not valid YAML: sequence entries are not allowed here; a dash"
                        + " alone starts a list: write \"-\" in quotes for the text -");
        assertThat(fileError("config: other.yaml\n")).startsWith("edge.yaml:1:1: unknown key "
                + "'config'");
    }

    @Test
    void configFile_missing_isNamedAtTheFlag() {
        assertThat(flagError("--config", dir.resolve("nope.yaml").toString()))
                .isEqualTo("--config: no such file '" + dir.resolve("nope.yaml") + "'");
    }

    @Test
    void accessLog_thatCannotBeOpened_isNamedAtTheFlag() {
        EdgeCommand.Setting s = EdgeCommand.parse(new String[] {"--origin=http://o",
                "--access-log", dir.resolve("no/such/dir/access.log").toString()}).settings()
                .get(EdgeOption.ACCESS_LOG);
        assertThatThrownBy(() -> EdgeCommand.openAccessLog(s))
                .hasMessageStartingWith("--access-log: cannot open '")
                .hasMessageEndingWith("write the name of a file in a directory that exists and "
                        + "is writable, - for standard output, or off");
    }

    @Test
    void accessLogDash_unquotedInYaml_isExplained() {
        String e;
        try {
            EdgeCommand.read(new StringReader("origin: http://o\naccessLog: -\n"), "edge.yaml");
            return;
        } catch (EdgeCommand.UsageException ex) {
            e = ex.getMessage();
        }
        assertThat(e).startsWith("edge.yaml:2:12:").contains("write \"-\" in quotes");
    }
}
