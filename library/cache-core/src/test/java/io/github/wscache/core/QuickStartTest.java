package io.github.wscache.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.policy.Policy;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The README's and the site's quick start, compiled and run so it never rots. */
class QuickStartTest {
    private final AtomicInteger serviceCalls = new AtomicInteger();

    /** Stands in for a generated stub's remote call. */
    private String doSpellingSuggestion(String phrase) {
        serviceCalls.incrementAndGet();
        return phrase.replace("speers", "spears");
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
        String first = cache.call(call, () -> doSpellingSuggestion("britney speers"));
        String again = cache.call(call, () -> doSpellingSuggestion("britney speers"));
        System.out.println(cache.stats()); // hits=1, misses=1, ...
        // --- quick start: end

        assertThat(first).isEqualTo("britney spears").isEqualTo(again);
        assertThat(serviceCalls).hasValue(1);
        assertThat(cache.stats().hits()).isEqualTo(1);
    }
}
