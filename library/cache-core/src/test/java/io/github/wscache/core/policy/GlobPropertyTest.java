package io.github.wscache.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;

/**
 * {@link Glob} against a plain recursive reference on short inputs over {a, b, *}, and its running
 * time on patterns that make a backtracking matcher explode (issue 13).
 */
class GlobPropertyTest {
    private static final OperationPolicy CACHED = OperationPolicy.builder().cacheable(true).build();

    @Property(tries = 2000, seed = "1313")
    void matches_agreesWithTheRecursiveReference(@ForAll("patterns") String pattern,
            @ForAll @StringLength(max = 10) @Chars({'a', 'b', '*'})
                    String name) {
        assertThat(Glob.of(pattern).matches(name)).as("%s ~ %s", pattern, name)
                .isEqualTo(reference(pattern, 0, name, 0));
        assertThat(Rule.of("*", pattern, CACHED).matches("S", null, name))
                .isEqualTo(reference(pattern, 0, name, 0));
    }

    @Property(tries = 500, seed = "2026")
    void collapsingStars_keepsMatchesAndSpecificity(@ForAll("patterns") String pattern,
            @ForAll @StringLength(max = 10) @Chars({'a', 'b'})
                    String name) {
        String collapsed = Glob.collapse(pattern);

        assertThat(collapsed).doesNotContain("**");
        assertThat(Glob.of(collapsed).matches(name)).isEqualTo(Glob.of(pattern).matches(name));
        assertThat(Rule.of("*", collapsed, CACHED).specificity())
                .isEqualTo(Rule.of("*", pattern, CACHED).specificity());
    }

    @Property(tries = 30, seed = "100000")
    void matches_staysFastOnAdversarialPatterns(@ForAll("adversarial") String pattern,
            @ForAll @IntRange(min = 50_000, max = 100_000) int length) {
        String name = "a".repeat(length);
        Glob glob = Glob.of(pattern);

        boolean matched = assertTimeoutPreemptively(Duration.ofSeconds(1),
                () -> glob.matches(name));

        assertThat(matched).isEqualTo(!pattern.contains("b"));
    }

    @Provide
    Arbitrary<String> patterns() {
        return Arbitraries.strings().withChars('a', 'b', '*').ofMinLength(1).ofMaxLength(8);
    }

    /** Patterns of at most 1,024 characters that a regex matcher backtracks on. */
    @Provide
    Arbitrary<String> adversarial() {
        Arbitrary<String> stars = Arbitraries.integers().between(1, 500)
                .map(n -> "a*".repeat(n) + "b");
        Arbitrary<String> longSegments = Combinators.combine(
                Arbitraries.integers().between(1, 1000), Arbitraries.of("*", "a*", "**"))
                .as((n, head) -> head + "a".repeat(n) + "b*");
        Arbitrary<String> allA = Arbitraries.integers().between(1, 300)
                .map(n -> "*a".repeat(n) + "*");
        return Arbitraries.oneOf(stars, longSegments, allA)
                .filter(p -> p.length() <= Rule.MAXIMUM_NAME_LENGTH);
    }

    /** The textbook definition, exponential but fine on short inputs. */
    private static boolean reference(String p, int i, String s, int j) {
        if (i == p.length()) {
            return j == s.length();
        }
        if (p.charAt(i) == '*') {
            for (int k = j; k <= s.length(); k++) {
                if (reference(p, i + 1, s, k)) {
                    return true;
                }
            }
            return false;
        }
        return j < s.length() && s.charAt(j) == p.charAt(i) && reference(p, i + 1, s, j + 1);
    }
}
