package io.github.wscache.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.policy.Policy;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The key an entry has in a farm's tier holds the operation's policy, so that nodes whose
 * policies differ (a rolling change of {@code ttl}, of volatile elements, of what identifies a
 * caller) never read each other's entries. The engine makes the policy's part of the key once
 * per policy; these tests hold that memo to the policy it was made from.
 */
class SharedKeyPolicyTest {
    private static final String BASE = "operations:\n  - operation: search\n    ttl: 60s\n"
            + "    value: xml\n";

    private static Invocation search(String query) {
        return Invocation.builder("search").parameter("q", query).build();
    }

    private static Exchange<RuntimeException> service(AtomicInteger calls) {
        return stale -> {
            calls.incrementAndGet();
            return CachedResponse.builder("<r/>".getBytes(StandardCharsets.UTF_8)).build();
        };
    }

    /** Calls {@code search(java)} on a new node of the farm under {@code yaml}. */
    private static void call(String yaml, VaryAcrossTierTest.LeasingTier tier,
            AtomicInteger calls) {
        try (ResponseCache node = ResponseCache.builder().policy(Policy.parse(yaml, "p.yaml"))
                .sharedTier(tier).build()) {
            node.exchange(search("java"), service(calls));
        }
    }

    @Test
    void nodesWithEqualPoliciesShareAnEntry() {
        VaryAcrossTierTest.LeasingTier tier = new VaryAcrossTierTest.LeasingTier();
        AtomicInteger calls = new AtomicInteger();
        call(BASE, tier, calls);
        call(BASE, tier, calls);
        assertThat(calls).hasValue(1);
        assertThat(tier.entries).hasSize(1);
    }

    @Test
    void aNodeWhosePolicyDiffersInAnySettingMissesTheOthersEntries() {
        String[] changed = {
            BASE.replace("60s", "61s"),
            BASE.replace("value: xml", "value: events"),
            BASE + "    maxEntrySize: 1MB\n",
            BASE + "    volatileElements: [stamp]\n",
            BASE + "    identityHeaders: [X-Tenant]\n",
        };
        for (String yaml : changed) {
            VaryAcrossTierTest.LeasingTier tier = new VaryAcrossTierTest.LeasingTier();
            AtomicInteger calls = new AtomicInteger();
            call(BASE, tier, calls);
            call(yaml, tier, calls);
            assertThat(calls).as(yaml).hasValue(2);
            assertThat(tier.entries).as(yaml).hasSize(2);
        }
    }

    @Test
    void aNodeWithMorePoliciesThanItKeepsTextsFor_keysEachTheSameWayEveryTime() {
        // more operations, each its own policy, than the texts the engine keeps: they are made
        // again after it starts over, and must come out the same; the local store is too small
        // to keep an entry, so the second round is answered by the tier
        int n = TierLink.POLICY_TEXTS + 44;
        StringBuilder yaml = new StringBuilder("maximumSize: 1KB\noperations:\n");
        for (int i = 1; i <= n; i++) {
            yaml.append("  - operation: op").append(i).append("\n    ttl: ").append(i)
                    .append("s\n    value: xml\n");
        }
        VaryAcrossTierTest.LeasingTier tier = new VaryAcrossTierTest.LeasingTier();
        AtomicInteger calls = new AtomicInteger();
        try (ResponseCache node = ResponseCache.builder()
                .policy(Policy.parse(yaml.toString(), "p.yaml")).sharedTier(tier).build()) {
            for (int round = 0; round < 2; round++) {
                for (int i = 1; i <= n; i++) {
                    node.exchange(Invocation.builder("op" + i).parameter("q", "java").build(),
                            service(calls));
                }
            }
            assertThat(calls).hasValue(n);
            assertThat(tier.entries).hasSize(n);
            assertThat(node.stats().hits()).isEqualTo(n);
        }
    }
}
