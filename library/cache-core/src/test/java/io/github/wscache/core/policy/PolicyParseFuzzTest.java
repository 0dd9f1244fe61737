package io.github.wscache.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The contract of {@link Policy#parse(String, String)} under hostile input (issue 13): any text
 * either parses or throws a {@link PolicyException} that names the file, a line and a column,
 * within a time bound; never another exception, never a hang. Inputs are valid policies with
 * random edits (YAML syntax characters, duplicated lines, deep nesting, huge numbers, long
 * patterns full of stars) and random YAML-like text. Seeds are fixed so every run is the same.
 */
class PolicyParseFuzzTest {
    private static final Duration BOUND = Duration.ofSeconds(2);
    private static final String FILE = "fuzz.yaml";
    private static final String SYNTAX = ":-[]{}&*!|>'\"%@`#,?\\\t\n ";

    private static final List<String> VALID = List.of(resource("amazon.yaml"),
            resource("every-setting.yaml"), resource("google.yaml"),
            "maximumSize: 64MB\ndefaults:\n  cacheable: true\n  ttl: 10m\n"
                    + "operations:\n  - operation: '*Search'\n    service: Amazon*\n"
                    + "    ttl: 1h\n    key: serialized\n    maxEntrySize: 512KB\n"
                    + "  - endpoint: 'http://*/axis2/*'\n    operation: get*\n"
                    + "    volatileElements: [MessageID, '{urn:x}nonce']\n",
            "operations:\n  - {operation: a, ttl: PT1H}\n  - operation: b\n    ttl: 3650d\n");

    private static String resource(String name) {
        try (InputStream in = PolicyParseFuzzTest.class.getResourceAsStream("/policies/"
                + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Property(tries = 600, seed = "20261124")
    void parse_mutatedValidPolicyParsesOrFailsWithAPlace(@ForAll("mutatedPolicies") String yaml) {
        assertParsesOrFailsWithAPlace(yaml);
    }

    @Property(tries = 400, seed = "13")
    void parse_randomYamlLikeTextParsesOrFailsWithAPlace(@ForAll("yamlLikeText") String yaml) {
        assertParsesOrFailsWithAPlace(yaml);
    }

    @Property(tries = 500, seed = "2562047788015216")
    void parse_randomValuesInAValidShapeParseOrFailWithAPlace(
            @ForAll("validShapes") String yaml) {
        assertParsesOrFailsWithAPlace(yaml);
    }

    @Property(tries = 25, seed = "4242")
    void parse_deepNestingFailsWithAPlace(@ForAll("deepNesting") String yaml) {
        assertParsesOrFailsWithAPlace(yaml);
    }

    static void assertParsesOrFailsWithAPlace(String yaml) {
        assertTimeoutPreemptively(BOUND, () -> {
            try {
                Policy.parse(yaml, FILE);
            } catch (PolicyException e) {
                assertThat(e.file()).contains(FILE);
                if (!yaml.isBlank()) {
                    assertThat(e.line()).as(e.getMessage()).isPositive();
                    assertThat(e.column()).as(e.getMessage()).isPositive();
                    assertThat(e.getMessage())
                            .startsWith(FILE + ":" + e.line() + ":" + e.column() + ": ");
                }
            }
        }, () -> "parsing took longer than " + BOUND);
    }

    @Provide
    Arbitrary<String> mutatedPolicies() {
        Arbitrary<String> base = Arbitraries.of(VALID);
        Arbitrary<List<Edit>> edits = edit().list().ofMinSize(1).ofMaxSize(6);
        return Combinators.combine(base, edits).as((text, list) -> {
            String t = text;
            for (Edit e : list) {
                t = e.apply(t);
            }
            return t;
        });
    }

    @Provide
    Arbitrary<String> yamlLikeText() {
        Arbitrary<String> token = Arbitraries.oneOf(
                Arbitraries.strings().withChars(SYNTAX).ofMinLength(1).ofMaxLength(3),
                Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(8),
                Arbitraries.of("operations", "operation", "ttl", "maximumSize", "defaults",
                        "key", "value", "service", "endpoint", "cacheable", "true", "null",
                        "~", "&a", "*a", "!!str", "!!binary", "---", "...", "%YAML 1.2",
                        "<<", "? ", "\\u0000", "\"\\x\"", "'\n'", "\t", "\r\n", "\uFEFF",
                        "\uD800", "\u2028", "99999999999999999999", "1e400", "0x7f", ".inf"));
        return token.list().ofMaxSize(60).map(l -> String.join("", l));
    }

    @Provide
    Arbitrary<String> validShapes() {
        Arbitrary<String> number = Arbitraries.oneOf(
                Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(25),
                Arbitraries.longs().map(String::valueOf),
                Arbitraries.of("9223372036854775807", "9223372036854775808", "0", "-0"));
        Arbitrary<String> ttl = Arbitraries.oneOf(
                Combinators.combine(number, Arbitraries.of("ms", "s", "m", "h", "d", " d", ""))
                        .as((n, u) -> n + u),
                Combinators.combine(number, Arbitraries.of("PT%sS", "PT%sM", "PT%sH", "P%sD",
                        "-PT%sS", "P%sW", "PT%s.%sS")).as((n, f) -> f.replace("%s", n)));
        Arbitrary<String> size = Combinators.combine(number,
                Arbitraries.of("", "B", "KB", "kib", "MB", "GB", "gib", "TB", " MB"))
                .as((n, u) -> n + u);
        Arbitrary<String> name = Arbitraries.oneOf(
                Arbitraries.strings().withChars("ab*?.[]{}\\$^()+|").ofMinLength(1)
                        .ofMaxLength(30),
                Arbitraries.integers().between(1000, 5000).map(n -> "*".repeat(n)),
                Arbitraries.integers().between(500, 3000).map(n -> "a*".repeat(n) + "b"));
        return Combinators.combine(ttl, size, size, name, name, name).as(
                (t, s1, s2, op, svc, ep) -> "maximumSize: " + s1 + "\n"
                        + "defaults:\n  ttl: \"" + t + "\"\n"
                        + "operations:\n  - operation: \"" + op + "\"\n"
                        + "    service: \"" + svc + "\"\n    ttl: " + t + "\n"
                        + "    maxEntrySize: " + s2 + "\n"
                        + "  - endpoint: \"" + ep + "\"\n    operation: x\n");
    }

    @Provide
    Arbitrary<String> deepNesting() {
        Arbitrary<Integer> depth = Arbitraries.integers().between(1, 3000);
        Arbitrary<String> open = Arbitraries.of("[", "{a: ", "- ", "{", "[{a: ");
        return Combinators.combine(depth, open, Arbitraries.of("operations: ", "", "a: "))
                .as((n, o, prefix) -> prefix + o.repeat(n) + "x");
    }

    private static Arbitrary<Edit> edit() {
        Arbitrary<Double> where = Arbitraries.doubles().between(0, 1);
        Arbitrary<String> payload = Arbitraries.oneOf(
                Arbitraries.strings().withChars(SYNTAX).ofMinLength(1).ofMaxLength(4),
                Arbitraries.of("99999999999999999999", "2562047788015216h",
                        "153722867280912931m", "106752d", "P1000000000D",
                        "9223372036854775807s", "99999999999999999999GB", "-1", "0s", "1e400",
                        "\n  - operation: x\n", "\n    ttl: ", "&anchor ", "*anchor", "!!int ",
                        "\t", "\u0000", "\uFFFF", "\uD83D\uDE00"),
                Arbitraries.integers().between(1, 5000).map(n -> "*".repeat(n)),
                Arbitraries.integers().between(1, 700).map(n -> "a*".repeat(n) + "b"),
                Arbitraries.integers().between(1, 3000).map(n -> "x".repeat(n)),
                Arbitraries.integers().between(1, 200).map(n -> "[".repeat(n)));
        Arbitrary<Edit> flip = Combinators.combine(where,
                Arbitraries.chars().with(SYNTAX.toCharArray()).ascii())
                .as((w, c) -> text -> replaceAt(text, w, String.valueOf(c)));
        Arbitrary<Edit> insert = Combinators.combine(where, payload)
                .as((w, p) -> text -> insertAt(text, w, p));
        Arbitrary<Edit> delete = Combinators.combine(where, Arbitraries.integers().between(1, 40))
                .as((w, n) -> text -> deleteAt(text, w, n));
        Arbitrary<Edit> duplicateLine = where.map(w -> text -> duplicateLineAt(text, w));
        return Arbitraries.oneOf(flip, insert, delete, duplicateLine);
    }

    /** One random change to a text. */
    private interface Edit {
        String apply(String text);
    }

    private static int index(String text, double where) {
        return (int) Math.min(text.length(), Math.floor(where * (text.length() + 1)));
    }

    private static String replaceAt(String text, double where, String with) {
        int i = Math.min(index(text, where), Math.max(0, text.length() - 1));
        return text.isEmpty() ? with : text.substring(0, i) + with + text.substring(i + 1);
    }

    private static String insertAt(String text, double where, String payload) {
        int i = index(text, where);
        return text.substring(0, i) + payload + text.substring(i);
    }

    private static String deleteAt(String text, double where, int n) {
        int i = index(text, where);
        return text.substring(0, i) + text.substring(Math.min(text.length(), i + n));
    }

    private static String duplicateLineAt(String text, double where) {
        String[] lines = text.split("\n", -1);
        int i = Math.min(lines.length - 1, (int) (where * lines.length));
        StringBuilder sb = new StringBuilder();
        for (int j = 0; j < lines.length; j++) {
            sb.append(lines[j]).append('\n');
            if (j == i) {
                sb.append(lines[j]).append('\n');
            }
        }
        return sb.toString();
    }
}
