package io.github.wscache.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.policy.Policy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The README's and the site's quick start, compiled and run so it never rots, and compared with
 * what those two pages show so that they cannot drift from it.
 */
class QuickStartTest {
    private static final String BEGIN = "// --- quick start: begin";
    private static final String END = "// --- quick start: end";
    /**
     * The imports the pages show above the code, for a reader who copies it (this test is in the
     * package and imports only Policy). composition-tests' DocSamplesTest compiles them.
     */
    private static final String IMPORTS = """
            import io.github.wscache.core.Invocation;
            import io.github.wscache.core.ResponseCache;
            import io.github.wscache.core.policy.Policy;

            """;
    private final AtomicInteger serviceCalls = new AtomicInteger();
    /** Stands in for a generated stub. */
    private final Stub stub = new Stub();

    private final class Stub {
        String doSpellingSuggestion(String key, String phrase) {
            serviceCalls.incrementAndGet();
            return phrase.replace("speers", "spears");
        }
    }

    @Test
    void quickStart_secondCallIsServedFromTheCache() {
        // --- quick start: begin
        Policy policy = Policy.parse("""
                operations:
                  - service: GoogleSearchService
                    operation: doSpellingSuggestion
                    ttl: 1h
                """, "wscache.yaml");
        ResponseCache cache = ResponseCache.builder().policy(policy).build();
        Invocation call = Invocation.builder("doSpellingSuggestion")
                .service("GoogleSearchService").parameter("phrase", "britney speers").build();
        String first = cache.call(call, () -> stub.doSpellingSuggestion("key", "britney speers"));
        String again = cache.call(call, () -> stub.doSpellingSuggestion("key", "britney speers"));
        System.out.println(cache.stats()); // CacheStats{hits=1, misses=1, stores=1, ...}
        // --- quick start: end

        assertThat(first).isEqualTo("britney spears").isEqualTo(again);
        assertThat(serviceCalls).hasValue(1);
        assertThat(cache.stats().hits()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"README.md", "src/site/markdown/getting-started.md"})
    void thePagesShowExactlyTheCodeThatRuns(String page) throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent().getParent();
        String text = Files.readString(root.resolve(page));
        assertThat(text).as(page + " shows the quick start of QuickStartTest, line for line")
                .contains("```java\n" + IMPORTS + quickStart() + "```\n");
    }

    /** The lines between the markers in this file, without the test method's indentation. */
    private static String quickStart() throws IOException {
        Path self = Path.of("src/test/java/io/github/wscache/core/QuickStartTest.java");
        List<String> lines = Files.readAllLines(self);
        int from = -1;
        int to = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).trim().equals(BEGIN)) {
                from = i + 1;
            } else if (lines.get(i).trim().equals(END)) {
                to = i;
            }
        }
        StringBuilder code = new StringBuilder();
        for (String line : lines.subList(from, to)) {
            code.append(line.length() >= 8 ? line.substring(8) : line.strip()).append('\n');
        }
        return code.toString();
    }
}
