package io.github.wscache.edge.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The warm-up's flags and keys: values, combinations and the messages for mistakes. */
class EdgeCommandWarmupTest {
    @TempDir
    Path dir;

    private static String flagError(String... args) {
        try {
            EdgeCommand.builder(EdgeCommand.parse(args).settings());
        } catch (EdgeCommand.UsageException e) {
            return e.getMessage();
        }
        throw new AssertionError("no error for " + List.of(args));
    }

    @Test
    void warmupFlags_areReadAndSetTheBuilder() throws IOException {
        Path list = Files.writeString(dir.resolve("warmup.txt"), "/\n");
        String[] args = {"--origin", "http://o:8080", "--warmup-url", "/warmup.txt",
            "--warmup-file", list.toString(), "--warmup-from-log",
            dir.resolve("access.log").toString(), "--warmup-top", "50",
            "--warmup-concurrency", "2", "--warmup-budget", "30s"};
        EdgeCommand.Options o = EdgeCommand.parse(args);
        Map<EdgeOption, EdgeCommand.Setting> s = o.settings();

        assertThat(s.get(EdgeOption.WARMUP_URL).value()).isEqualTo(URI.create("/warmup.txt"));
        assertThat(s.get(EdgeOption.WARMUP_TOP).value()).isEqualTo(50);
        assertThat(s.get(EdgeOption.WARMUP_CONCURRENCY).value()).isEqualTo(2);
        assertThat(s.get(EdgeOption.WARMUP_BUDGET).value()).isEqualTo(Duration.ofSeconds(30));
        assertThat(EdgeCommand.builder(s).build()).isNotNull();
        assertThat(EdgeCommand.parse(new String[] {"--origin", "http://o", "--warmup-url",
            "http://lists.example/warmup.txt?site=1"}).settings().get(EdgeOption.WARMUP_URL)
                .value()).isEqualTo(URI.create("http://lists.example/warmup.txt?site=1"));
    }

    @Test
    void warmupMistakes_nameTheFlagAndWhatToWrite() {
        assertThat(flagError("--origin=http://o", "--warmup-url", "warmup.txt")).isEqualTo(
                "--warmup-url must be a path on the origin such as /warmup.txt, or an http URL, "
                        + "not 'warmup.txt'");
        assertThat(flagError("--origin=http://o", "--warmup-url", "ftp://h/x")).isEqualTo(
                "--warmup-url must be a path on the origin such as /warmup.txt, or an http URL, "
                        + "not 'ftp://h/x'");
        assertThat(flagError("--origin=http://o", "--warmup-file", "missing.txt")).isEqualTo(
                "--warmup-file: warm-up file is not a readable file: missing.txt");
        assertThat(flagError("--origin=http://o", "--warmup-concurrency", "0")).isEqualTo(
                "--warmup-concurrency must be a whole number from 1 to 64, not '0'");
        assertThat(flagError("--origin=http://o", "--warmup-from-log", "a.log", "--warmup-top",
                "10001")).isEqualTo("--warmup-top must be a whole number from 1 to 10000, "
                        + "not '10001'");
        assertThat(flagError("--origin=http://o", "--warmup-budget", "0s")).isEqualTo(
                "--warmup-budget must be a positive duration such as 500ms, 30s or 2m, not '0s'");
        assertThat(flagError("--origin=http://o", "--warmup-top", "5")).isEqualTo(
                "--warmup-top: applies only with a log to warm from: add --warmup-from-log FILE "
                        + "(warmupFromLog in the file)");
        assertThat(flagError("--origin=http://o", "--warmup-budget", "5s")).isEqualTo(
                "--warmup-budget: applies only with a warm-up source: add --warmup-url, "
                        + "--warmup-file or --warmup-from-log");
    }

    @Test
    void warmupKeys_inTheFile_areNamedWithTheirPlace() {
        String error;
        try {
            EdgeCommand.builder(EdgeCommand.read(new StringReader(
                    "origin: http://o\nwarmupConcurrency: 3\n"), "edge.yaml"));
            throw new AssertionError("no error");
        } catch (EdgeCommand.UsageException e) {
            error = e.getMessage();
        }
        assertThat(error).isEqualTo("edge.yaml:2:20: 'warmupConcurrency': applies only with a "
                + "warm-up source: add --warmup-url, --warmup-file or --warmup-from-log");
        assertThat(EdgeCommand.builder(EdgeCommand.read(new StringReader(
                "origin: http://o\nwarmupUrl: /warmup.txt\nwarmupBudget: 10s\n"), "edge.yaml"))
                .build()).isNotNull();
    }
}
