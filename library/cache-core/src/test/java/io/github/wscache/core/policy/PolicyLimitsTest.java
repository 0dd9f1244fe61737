package io.github.wscache.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hostile policy input found by fuzzing (issue 13): every value either works or is rejected with
 * file, line, column and the limit, and loading stays fast.
 */
class PolicyLimitsTest {
    private static final Duration QUICK = Duration.ofSeconds(2);

    private static Policy parse(String yaml) {
        return assertTimeoutPreemptively(QUICK, () -> Policy.parse(yaml, "wscache.yaml"));
    }

    private static String ttl(String value) {
        return "operations:\n  - operation: a\n    ttl: " + value + "\n";
    }

    @ParameterizedTest
    @ValueSource(strings = {"3651d", "106752d", "2562047788015216h", "153722867280912931m",
        "9223372036854775807s", "99999999999999999999s", "P1000000000D", "P3651D"})
    void policyLoad_rejectsTtlAboveMaximum(String value) {
        assertThatThrownBy(() -> parse(ttl(value)))
                .isInstanceOf(PolicyException.class)
                .hasMessage("wscache.yaml:3:10: 'ttl' must be at most 3650d (about ten years), "
                        + "not '" + value + "'; write 3650d or less");
    }

    @Test
    void policyLoad_acceptsTtlAtMaximum() {
        assertThat(parse(ttl("3650d")).resolve(null, null, "a").ttl())
                .isEqualTo(Duration.ofDays(3650));
        assertThat(parse(ttl("87600h")).resolve(null, null, "a").ttl())
                .isEqualTo(Duration.ofDays(3650));
    }

    @Test
    void ttlBuilder_rejectsTtlAboveMaximum() {
        assertThatThrownBy(() -> OperationPolicy.builder().ttl(Duration.ofDays(3651)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("ttl must be at most 3650 days: PT87624H");
        assertThat(OperationPolicy.builder().ttl(Duration.ofDays(3650)).build().ttl())
                .isEqualTo(Duration.ofDays(3650));
    }

    @ParameterizedTest
    @ValueSource(strings = {"99999999999999999999GB", "99999999999999999999", "8589934592GB",
        "9223372036854775808"})
    void policyLoad_rejectsSizesThatDoNotFitInALong(String value) {
        assertThatThrownBy(() -> parse("maximumSize: " + value + "\n"))
                .isInstanceOf(PolicyException.class)
                .hasMessage("wscache.yaml:1:14: 'maximumSize' must be at most "
                        + "9223372036854775807 bytes (8589934591GB), not "
                        + (value.endsWith("B") ? "'" + value + "'" : value)
                        + "; write a smaller size such as 64MB");
        assertThatThrownBy(() -> parse("operations:\n  - operation: a\n    maxEntrySize: "
                + value + "\n"))
                .isInstanceOf(PolicyException.class)
                .hasMessageStartingWith("wscache.yaml:3:19: 'maxEntrySize' must be at most ");
    }

    @Test
    void policyLoad_acceptsTheLargestSize() {
        assertThat(parse("maximumSize: 9223372036854775807\n").maximumSize())
                .isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void policyLoad_rejectsOperationPatternsLongerThanTheLimit() {
        String op = "a".repeat(1025);
        assertThatThrownBy(() -> parse("operations:\n  - operation: " + op + "\n"))
                .isInstanceOf(PolicyException.class)
                .hasMessage("wscache.yaml:2:16: 'operation' must be at most 1024 characters, "
                        + "not 1025; write a shorter name or a pattern with '*'");
        assertThat(parse("operations:\n  - operation: " + "a".repeat(1024) + "\n").rules())
                .hasSize(1);
    }

    @Test
    void policyLoad_rejectsServiceAndEndpointPatternsLongerThanTheLimit() {
        assertThatThrownBy(() -> parse("operations:\n  - operation: a\n    service: "
                + "s".repeat(1025) + "\n"))
                .hasMessage("wscache.yaml:3:14: 'service' must be at most 1024 characters, "
                        + "not 1025; write a shorter name or a pattern with '*'");
        assertThatThrownBy(() -> parse("operations:\n  - operation: a\n    endpoint: "
                + "e".repeat(4097) + "\n"))
                .hasMessage("wscache.yaml:3:15: 'endpoint' must be at most 4096 characters, "
                        + "not 4097; write a shorter name or a pattern with '*'");
    }

    @Test
    void policyLoad_rejectsAPatternOfOneHundredThousandStarsWithALocatedMessage() {
        assertThatThrownBy(() -> parse("operations:\n  - operation: \"" + "*".repeat(100_000)
                + "\"\n"))
                .isInstanceOf(PolicyException.class)
                .hasMessageStartingWith("wscache.yaml:2:16: 'operation' must be at most 1024 ");
    }

    @Test
    void rule_rejectsPatternsLongerThanTheLimit() {
        OperationPolicy p = OperationPolicy.builder().cacheable(true).build();
        assertThatThrownBy(() -> Rule.of("s", "o".repeat(1025), p))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("operation pattern must be at most 1024 characters: 1025");
        assertThatThrownBy(() -> Rule.ofEndpoint("e".repeat(4097), "o", p))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("endpoint pattern must be at most 4096 characters: 4097");
    }

    @Test
    void resolve_backtrackingPatternAgainstALongNameIsFast() {
        String pattern = "a*".repeat(12) + "b";
        Policy policy = parse("operations:\n  - operation: \"" + pattern + "\"\n");
        String name = "a".repeat(100_000);

        OperationPolicy p = assertTimeoutPreemptively(Duration.ofSeconds(1),
                () -> policy.resolve(null, null, name));

        assertThat(p.cacheable()).isFalse();
        assertThat(policy.resolve(null, null, name + "b").cacheable()).isTrue();
    }

    @Test
    void resolve_aMillionCharacterNameDoesNotOverflowTheStack() {
        Policy policy = Policy.builder()
                .operation("*a*b*", OperationPolicy.builder().cacheable(true).build()).build();
        String name = "ab".repeat(500_000);

        assertThat(assertTimeoutPreemptively(QUICK, () -> policy.resolve("S", null, name))
                .cacheable()).isTrue();
    }

    @Test
    void policyLoad_rejectsNestingDeeperThanTheLimitWithALocation() {
        String deep = "operations: " + "[".repeat(2000) + "]".repeat(2000) + "\n";
        assertThatThrownBy(() -> parse(deep))
                .isInstanceOf(PolicyException.class)
                .hasMessage("wscache.yaml:1:76: the policy is nested deeper than 64 levels; "
                        + "a policy needs at most 4")
                .satisfies(e -> assertThat(((PolicyException) e).line()).isEqualTo(1));
    }

    @Test
    void policyLoad_rejectsNestingDeeperThanJacksonsLimitWithALocation() {
        String deep = "a: " + "{b: ".repeat(1500) + "1" + "}".repeat(1500) + "\n";
        assertThatThrownBy(() -> parse(deep))
                .isInstanceOf(PolicyException.class)
                .hasMessageStartingWith("wscache.yaml:1:")
                .hasMessageContaining("nested deeper than 64 levels");
    }

    @Test
    void policyLoad_rejectsDocumentsLargerThanOneMegabyte() {
        String big = "# " + "x".repeat(1 << 20) + "\noperations: []\n";
        assertThatThrownBy(() -> parse(big))
                .isInstanceOf(PolicyException.class)
                .hasMessageMatching("wscache\\.yaml:1:\\d+: the policy is larger than 1 MB "
                        + "\\(1048576 characters\\); a policy file is a few kilobytes, check "
                        + "that this is the right file");
    }

    @Test
    void policyLoad_errorsInsideTheYamlParserAlwaysHaveALocation() {
        assertThatThrownBy(() -> parse("operations:\n  - operation: a\n    ttl: \"\\x\"\n"))
                .isInstanceOf(PolicyException.class)
                .satisfies(e -> {
                    assertThat(((PolicyException) e).line()).isPositive();
                    assertThat(((PolicyException) e).column()).isPositive();
                });
    }

    @Test
    void policyLoad_rejectsMoreThanTenThousandEntriesAtTheFirstOneTooMany() {
        String entries = "operations:\n" + "  - operation: x\n".repeat(10_001);
        assertThatThrownBy(() -> parse(entries))
                .isInstanceOf(PolicyException.class)
                .hasMessage("wscache.yaml:10002:5: 'operations' has 10001 entries, more than the "
                        + "limit of 10000; match many operations with one pattern such as "
                        + "'*Search'");
        assertThat(parse("operations:\n" + "  - operation: x\n".repeat(10_000)).rules())
                .hasSize(10_000);
    }

    @Test
    void policyLoad_quotesAHugeValueOnlyInPart() {
        String key = "k".repeat(1000);
        assertThatThrownBy(() -> parse(key + ": 1\n"))
                .isInstanceOf(PolicyException.class)
                .hasMessage("wscache.yaml:1:1: unknown key '" + "k".repeat(200)
                        + "... (1000 characters)' in the top level; allowed keys: defaults, "
                        + "maximumSize, operations, sharedTier");
        assertThatThrownBy(() -> parse("operations:\n  - operation: a\n    key: "
                + "k".repeat(300) + "\n"))
                .hasMessage("wscache.yaml:3:10: 'key' must be one of auto, toString, "
                        + "serialized, xml, not '" + "k".repeat(200) + "... (300 characters)'");
    }

    @Test
    void policyLoad_rejectsNumbersOfThousandsOfDigitsWithAPlace() {
        String digits = "9".repeat(2000);
        assertThatThrownBy(() -> parse("maximumSize: " + digits + "\n"))
                .isInstanceOf(PolicyException.class)
                .hasMessageStartingWith("wscache.yaml:1:14: 'maximumSize' must be at most ");
        assertThatThrownBy(() -> parse(ttl("P" + digits + "D")))
                .isInstanceOf(PolicyException.class)
                .hasMessageStartingWith("wscache.yaml:3:10: 'ttl' must be at most 3650d ");
        assertThatThrownBy(() -> parse(ttl(digits + "s")))
                .isInstanceOf(PolicyException.class)
                .hasMessageStartingWith("wscache.yaml:3:10: 'ttl' must be at most 3650d ");
    }

    @Test
    void aClusterOfThousandsOfNodes_isReadWithoutOverflowingTheStack() {
        String nodes = String.join(",", java.util.Collections.nCopies(5000, "10.0.0.5:6379"));
        Policy p = parse("sharedTier: redis-cluster://" + nodes + "\n");
        assertThat(p.sharedTier().orElseThrow().uri()).endsWith(",10.0.0.5:6379");
        assertThatThrownBy(() -> parse("sharedTier: redis-cluster://" + nodes + ",\n"))
                .isInstanceOf(PolicyException.class)
                .hasMessageEndingWith("only a scheme, hosts and ports (no user, password, path"
                        + " or query)");
    }

    @Test
    void anAlias_isRefusedWhereItIsWritten_notReadAsItsName() {
        assertThatThrownBy(() -> parse("operations:\n  - operation: &q getQuote\n    ttl: 1m\n"
                + "  - operation: *q\n    ttl: 5m\n"))
                .isInstanceOf(PolicyException.class)
                .hasMessage("wscache.yaml:4:16: an alias ('*q') is not read in a policy: write"
                        + " the value itself");
    }

    @Test
    void aSecondDocument_isRefused_notIgnored() {
        assertThatThrownBy(() -> parse("maximumSize: 64MB\n---\noperations:\n"
                + "  - operation: a\n    ttl: 1m\n"))
                .isInstanceOf(PolicyException.class)
                .hasMessageStartingWith("wscache.yaml:3:1: a second document starts here (after"
                        + " '---'): a policy is one document");
    }
}
