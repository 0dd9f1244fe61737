package io.github.wscache.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.policy.Rule;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * How a call finds its policy entry (operation name, then aliases), how an entry that matches
 * nothing is reported, and what may be stored shared.
 */
class PolicyResolutionTest extends CacheFixture {

    @Override
    ResponseCache cache(String yaml) {
        return cache(yaml, "store.yaml");
    }

    private static Invocation.Builder keywordSearch(String keywords) {
        return Invocation.builder("KeywordSearch").alias("keywordSearch").service("Store")
                .parameter("keywords", keywords);
    }

    @Test
    void policyFor_matchesTheOperationNameFirstThenItsAliasesInOrder() {
        cache("operations:\n"
                + "  - service: Store\n    operation: keywordSearch\n    ttl: 1m\n"
                + "  - service: Store\n    operation: KeywordSearch\n    ttl: 2m\n"
                + "  - service: Store\n    operation: asinSearch\n    ttl: 3m\n");

        assertThat(cache.policyFor(keywordSearch("x").build()).ttl()).hasMinutes(2);
        assertThat(cache.policyFor(Invocation.builder("AsinSearch").alias("asinSearch")
                .alias("AsinSearchRequest").service("Store").build()).ttl()).hasMinutes(3);
        assertThat(cache.policyFor(Invocation.builder("GetItem").alias("getItem")
                .service("Store").build()).cacheable()).isFalse();
    }

    @Test
    void policyFor_isFoundAgainAfterAReloadAndWhenTheBuilderNamesAnotherService() {
        cache("operations:\n"
                + "  - service: Store\n    operation: GetItem\n    ttl: 1m\n"
                + "  - service: Other\n    operation: GetItem\n    ttl: 3m\n");
        Invocation.Builder b = Invocation.builder("GetItem").service("Store");
        Invocation first = b.build();
        Invocation full = b.parameter("asin", "1").build();

        assertThat(cache.policyFor(first).ttl()).hasMinutes(1);
        assertThat(cache.policyFor(full).ttl()).hasMinutes(1);
        cache.policy().replaceWith(Policy.parse("operations:\n"
                + "  - service: Store\n    operation: GetItem\n    ttl: 2m\n", "store.yaml"));
        assertThat(cache.policyFor(full).ttl()).hasMinutes(2);
        assertThat(cache.policyFor(b.service("Other").build()).cacheable()).isFalse();
    }

    @Test
    void call_cachesAnOperationPolicedByItsAliasAndCountsItUnderItsName() {
        cache("operations:\n  - service: Store\n    operation: keywordSearch\n    ttl: 1h\n");
        AtomicInteger calls = new AtomicInteger();

        cache.call(keywordSearch("java").build(), calls::incrementAndGet);
        cache.call(keywordSearch("java").build(), calls::incrementAndGet);

        assertThat(calls).hasValue(1);
        assertThat(cache.operations()).containsExactly("KeywordSearch");
        assertThat(cache.stats("KeywordSearch").hits()).isEqualTo(1);
    }

    @Test
    void reload_keepsEntriesFoundThroughAnAlias() {
        cache("operations:\n  - service: Store\n    operation: keywordSearch\n    ttl: 1h\n");
        AtomicInteger calls = new AtomicInteger();
        cache.call(keywordSearch("java").build(), calls::incrementAndGet);

        cache.policy().replaceWith(Policy.parse("operations:\n"
                + "  - service: Store\n    operation: keywordSearch\n    ttl: 1h\n"
                + "  - service: Store\n    operation: GetItem\n    ttl: 1h\n", "store.yaml"));
        cache.call(keywordSearch("java").build(), calls::incrementAndGet);

        assertThat(calls).hasValue(1);
    }

    @Test
    void unmatchedEntry_isReportedOnceWithTheNearestNameSeen() {
        cache("operations:\n"
                + "  - service: Store\n    operation: KeywordSerch\n    ttl: 1h\n"
                + "  - service: Store\n    operation: GetItem\n    ttl: 1h\n"
                + "  - service: Other\n    operation: Anything\n    ttl: 1h\n");

        cache.call(keywordSearch("java").build(), () -> 1);
        cache.call(Invocation.builder("GetItem").service("Store").build(), () -> 2);
        cache.call(keywordSearch("java").build(), () -> 3);

        assertThat(cache.unmatchedEntries()).extracting(Rule::operation)
                .containsExactly("KeywordSerch");
        assertThat(events).filteredOn(e -> e.type() == CacheEvent.Type.BYPASS)
                .extracting(e -> e.detail().orElse(null)).first().asString()
                .contains("not cacheable");
    }

    @Test
    void unmatchedEntry_isForgottenOnceItMatches() {
        cache("operations:\n  - service: Store\n    operation: GetItems\n    ttl: 1h\n");

        cache.call(Invocation.builder("GetItem").service("Store").build(), () -> 1);
        assertThat(cache.unmatchedEntries()).extracting(Rule::operation)
                .containsExactly("GetItems");
        cache.call(Invocation.builder("GetItems").service("Store").build(), () -> 2);

        assertThat(cache.unmatchedEntries()).isEmpty();
    }

    @Test
    void withoutAnOperationList_anEntryNotCalledYetIsNeverReported() {
        cache("operations:\n"
                + "  - service: Store\n    operation: GetItem\n    ttl: 1h\n"
                + "  - service: Store\n    operation: CartAdd\n    ttl: 1h\n"
                + "  - operation: GetWeather\n    ttl: 1h\n");

        cache.call(keywordSearch("java").build(), () -> 1);
        cache.call(Invocation.builder("SellerLookup").service("Store").build(), () -> 2);

        assertThat(cache.unmatchedEntries()).isEmpty();
    }

    /** Every name a call of the Store's operations may carry (as cache-axis declares them). */
    private static final java.util.List<String> STORE = java.util.List.of("KeywordSearch",
            "keywordSearch", "AsinSearch", "asinSearch", "GetItem", "getItem", "CartAdd",
            "cartAdd", "CartGet", "cartGet", "SellerLookup", "sellerLookup");

    @Test
    void declaredOperations_reportAMisspeltEntryAtOnce_withoutAnyCall() {
        cache("operations:\n"
                + "  - service: Store\n    operation: KeywordSearch\n    ttl: 1h\n"
                + "  - service: Store\n    operation: GetItm\n    ttl: 1h\n");

        cache.declareOperations("Store", () -> STORE);

        assertThat(cache.unmatchedEntries()).extracting(Rule::operation)
                .containsExactly("GetItm");
    }

    @Test
    void declaredOperations_aTypoIsReportedEvenWhenEveryCallMatchesAnotherEntry() {
        cache("operations:\n"
                + "  - service: Store\n    operation: KeywordSearch\n    ttl: 1h\n"
                + "  - service: Store\n    operation: CartAd\n    ttl: 1h\n");
        cache.declareOperations("Store", () -> STORE);

        cache.call(keywordSearch("java").build(), () -> 1);
        cache.call(keywordSearch("java").build(), () -> 1);

        assertThat(cache.unmatchedEntries()).extracting(Rule::operation)
                .containsExactly("CartAd");
    }

    @Test
    void declaredOperations_neverReportACorrectEntryThatIsNotCalled() {
        StringBuilder yaml = new StringBuilder("operations:\n");
        for (String op : STORE) {
            yaml.append("  - service: Store\n    operation: ").append(op)
                    .append("\n    ttl: 1h\n");
        }
        yaml.append("  - service: Store\n    operation: get-item\n    ttl: 1h\n");
        yaml.append("  - service: Store\n    operation: \"*Search\"\n    ttl: 1h\n");
        yaml.append("  - service: Other\n    operation: Anything\n    ttl: 1h\n");
        cache(yaml.toString());
        cache.declareOperations("Store", () -> STORE);

        cache.call(keywordSearch("java").build(), () -> 1);
        cache.call(Invocation.builder("Unlisted").service("Store").build(), () -> 2);

        assertThat(cache.unmatchedEntries()).isEmpty();
    }

    @Test
    void declaredOperations_areAskedForOnce_andJudgeTheEntriesOfAReloadedPolicy() {
        cache("operations:\n  - service: Store\n    operation: GetItem\n    ttl: 1h\n");
        AtomicInteger asked = new AtomicInteger();
        cache.declareOperations("Store", () -> {
            asked.incrementAndGet();
            return STORE;
        });
        cache.declareOperations("Store", () -> {
            asked.incrementAndGet();
            return STORE;
        });
        assertThat(asked).hasValue(1);
        assertThat(cache.unmatchedEntries()).isEmpty();

        cache.policy().replaceWith(Policy.parse("operations:\n"
                + "  - service: Store\n    operation: CartGte\n    ttl: 1h\n", "store.yaml"));

        assertThat(cache.unmatchedEntries()).extracting(Rule::operation)
                .containsExactly("CartGte");
    }

    @Test
    void anOperationListThatCannotBeMade_failsNoCall_andIsNotAskedForAgain() {
        cache("operations:\n  - service: Store\n    operation: GetItems\n    ttl: 1h\n");
        AtomicInteger asked = new AtomicInteger();
        AtomicInteger calls = new AtomicInteger();
        for (int i = 0; i < 2; i++) {
            cache.declareOperations("Store", () -> {
                asked.incrementAndGet();
                throw new UnsupportedOperationException("Not yet implemented");
            });
            cache.call(Invocation.builder("GetItems").service("Store").build(),
                    calls::incrementAndGet);
        }

        assertThat(asked).hasValue(1);
        assertThat(calls).hasValue(1);
        assertThat(cache.stats().errors()).isZero();
        cache.call(Invocation.builder("GetItem").service("Store").build(), () -> 0);
        assertThat(cache.unmatchedEntries()).isEmpty();
    }

    @Test
    void perUserOnlyResponse_isNotStoredSharedButIsStoredPerUser() {
        cache("operations:\n  - operation: op\n    ttl: 1h\n");
        byte[] body = "<r/>".getBytes(StandardCharsets.UTF_8);
        AtomicInteger calls = new AtomicInteger();
        Exchange<RuntimeException> setsCookie = stale -> {
            calls.incrementAndGet();
            return CachedResponse.builder(body).perUserOnly("the response sets a cookie")
                    .build();
        };
        Invocation anonymous = Invocation.builder("op").parameter("q", "x").build();
        Invocation alice = Invocation.builder("op").parameter("q", "x")
                .credential("cookie", "SESSION=alice").build();

        cache.exchange(anonymous, setsCookie);
        cache.exchange(anonymous, setsCookie);
        cache.exchange(alice, setsCookie);
        cache.exchange(alice, setsCookie);

        assertThat(calls).hasValue(3);
        assertThat(cache.stats("op").bypasses()).isEqualTo(2);
        assertThat(events).filteredOn(e -> e.type() == CacheEvent.Type.BYPASS)
                .extracting(e -> e.detail().orElse(null))
                .containsOnly("the response sets a cookie: not stored in an entry shared "
                        + "across users");
    }

    @Test
    void recordError_countsAnIntegrationsFailureAsAnErrorOfTheOperation() {
        cache("operations:\n  - operation: op\n    ttl: 1h\n");

        cache.recordError(Invocation.builder("op").build(), "revalidation failed",
                new IllegalStateException("boom"));

        assertThat(cache.stats("op").errors()).isEqualTo(1);
        assertThat(events).extracting(CacheEvent::type).containsExactly(CacheEvent.Type.ERROR);
    }
}
