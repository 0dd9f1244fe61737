package io.github.wscache.edge.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.StringReader;
import java.time.Duration;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Generated {@code edge.yaml} files: whatever the text, reading it either succeeds or fails with
 * one message that starts with the file, a line and a column, within a time bound; never another
 * exception, never a hang. Seeds are fixed so every run is the same.
 */
class EdgeConfigFuzzTest {
    private static final Duration BOUND = Duration.ofSeconds(2);
    private static final String FILE = "edge.yaml";
    private static final String SYNTAX = ":-[]{}&*!|>'\"%@`#,?\\\t\n ";
    private static final String VALID = "origin: http://localhost:8080\naddress: 0.0.0.0\n"
            + "port: 8090\nadminAddress: 127.0.0.1\nadminPort: 8091\nesiAlways: false\n"
            + "varyCookies: [JSESSIONID, user]\nincludeHosts: static.example.com\n"
            + "maxBytes: 64MB\nconnectTimeout: 10s\nreadTimeout: 30s\nincludeTimeout: 5s\n"
            + "maxIncludeDepth: 3\nfetchThreads: 64\naccessLog: off\ndrainTimeout: 10s\n";

    @Test
    void theDocumentedExampleIsValid() {
        assertThat(EdgeCommand.read(new StringReader(VALID), FILE)).hasSize(16);
    }

    @Property(tries = 500, seed = "16")
    void read_mutatedValidFileReadsOrFailsWithAPlace(@ForAll("mutated") String yaml) {
        assertReadsOrFailsWithAPlace(yaml);
    }

    @Property(tries = 500, seed = "20261124")
    void read_randomValuesForEveryKeyReadOrFailWithAPlace(@ForAll("randomValues") String yaml) {
        assertReadsOrFailsWithAPlace(yaml);
    }

    @Property(tries = 10, seed = "7")
    void read_deepNestingAndHugeValuesFailWithAPlace(@ForAll("hostile") String yaml) {
        assertReadsOrFailsWithAPlace(yaml);
    }

    static void assertReadsOrFailsWithAPlace(String yaml) {
        assertTimeoutPreemptively(BOUND, () -> {
            try {
                EdgeCommand.builder(EdgeCommand.read(new StringReader(yaml), FILE));
            } catch (EdgeCommand.UsageException e) {
                assertThat(e.getMessage()).as(yaml).matches("(?s)" + FILE
                        + "(:\\d+:\\d+: | ).+|" + FILE + ":\\d+:\\d+: '\\w+'.+");
                assertThat(e.getMessage().length()).as("short enough to read")
                        .isLessThan(1000);
            }
        });
    }

    @Provide
    Arbitrary<String> mutated() {
        Arbitrary<Integer> at = Arbitraries.integers().between(0, VALID.length());
        Arbitrary<String> insert = Arbitraries.strings().withChars(SYNTAX + "abc019")
                .ofMinLength(1).ofMaxLength(6);
        return Combinators.combine(at, at, insert).as((a, b, s) -> {
            int from = Math.min(a, b);
            int to = Math.max(a, b);
            return VALID.substring(0, from) + s + VALID.substring(Math.min(to, from + 3));
        });
    }

    @Provide
    Arbitrary<String> randomValues() {
        List<String> keys = List.of("origin", "address", "port", "adminAddress", "adminPort",
                "esiAlways", "varyCookies", "includeHosts", "maxBytes", "connectTimeout",
                "readTimeout", "includeTimeout", "maxIncludeDepth", "fetchThreads", "accessLog",
                "drainTimeout", "warmupUrl", "warmupFile", "warmupFromLog", "warmupTop",
                "warmupConcurrency", "warmupBudget", "prot", "Origin");
        Arbitrary<String> value = Arbitraries.oneOf(
                Arbitraries.of("0", "-1", "65536", "99999999999999999999", "1.5", "true", "off",
                        "no", "~", "null", "''", "\"-\"", "-", "[]", "{}", "[a, b]", "[[a]]",
                        "{a: 1}", "PT1H", "-PT1S", "0s", "1000000d", "9223372036854775807GB",
                        "64MB", "ftp://x", "http://", "http://h:99999", "http://[::1]:80/",
                        "*alias", "&anchor x", "!!binary AAAA", "|\n  block", "\"\\x\""),
                Arbitraries.strings().withChars(SYNTAX + "aZ09.:/").ofMaxLength(20));
        Arbitrary<String> line = Combinators.combine(Arbitraries.of(keys), value)
                .as((k, v) -> k + ": " + v + "\n");
        return line.list().ofMinSize(1).ofMaxSize(8).map(l -> String.join("", l));
    }

    @Provide
    Arbitrary<String> hostile() {
        return Arbitraries.integers().between(100, 3000).map(n -> switch (n % 4) {
            case 0 -> "origin: " + "[".repeat(n) + "]".repeat(n) + "\n";
            case 1 -> "port: " + "{a: ".repeat(n / 2) + "1" + "}".repeat(n / 2) + "\n";
            case 2 -> "accessLog: " + "x".repeat(n * 500) + "\n";
            default -> "# " + "x".repeat(1 << 20) + "\norigin: http://o\n";
        });
    }
}
