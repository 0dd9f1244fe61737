package io.github.wscache.sim.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.core.CacheStats;
import io.github.wscache.sim.Simulator;
import io.github.wscache.sim.report.Metrics;
import io.github.wscache.sim.trace.Trace;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WscachePolicyTest {
    private static final int OVERHEAD = WscachePolicy.ENTRY_OVERHEAD;

    /** Fifty keys asked for once each, and key 99 asked for five times among them. */
    private static Trace oneHitWondersAndARepeatedKey() {
        Trace.Builder trace = new Trace.Builder();
        for (int i = 0; i < 50; i++) {
            trace.add(i * 1000L, i, 1000, 20_000);
            if (i % 10 == 0) {
                trace.add(i * 1000L + 1, 99, 1000, 20_000);
            }
        }
        return trace.build();
    }

    @Test
    void minUses2_neverStoresAOneHitWonderAndHitsARepeatedKey() {
        WscachePolicy store = wscache(PolicyType.WSCACHE_MIN_USES_2, 1_000_000);
        Simulator.Result r = run(store, oneHitWondersAndARepeatedKey());
        // key 99: a miss, a miss that stores it (its second), then three hits
        assertThat(r.cold().hits()).isEqualTo(3);
        CacheStats stats = store.cache().stats();
        assertThat(stats.stores()).isEqualTo(1);
        assertThat(stats.notAdmitted()).isEqualTo(50 + 1);
        assertThat(stats.entryCount()).isEqualTo(1);
        assertThat(store.weightedSize()).isEqualTo(1000 + OVERHEAD);
        assertThat(stats.errors()).isZero();
    }

    @Test
    void minUses1_storesEveryResponse() {
        WscachePolicy store = wscache(PolicyType.WSCACHE, 1_000_000);
        Simulator.Result r = run(store, oneHitWondersAndARepeatedKey());
        assertThat(r.cold().hits()).isEqualTo(4);
        assertThat(store.cache().stats().stores()).isEqualTo(51);
        assertThat(store.weightedSize()).isEqualTo(51L * (1000 + OVERHEAD));
    }

    @Test
    void minUses2_hitsAsTheMirroredAdmissionInFrontOfLru() {
        // nothing is evicted, so only admission decides: a key asked for n times hits n - 2 times
        Trace.Builder trace = new Trace.Builder();
        SplittableRandom random = new SplittableRandom(3);
        int[] asked = new int[300];
        for (int i = 0; i < 3000; i++) {
            int key = random.nextInt(asked.length);
            asked[key]++;
            trace.add(i, key, 500, 1000);
        }
        long expected = 0;
        for (int n : asked) {
            expected += Math.max(0, n - 2);
        }
        PolicyType[] types = {PolicyType.WSCACHE_MIN_USES_2, PolicyType.LRU_MIN_USES_2};
        for (PolicyType type : types) {
            Simulator.Result r = Simulator.run(trace.build(), type, 10_000_000, 10_000, 0);
            assertThat(r.cold().hits()).as(type.label()).isEqualTo(expected);
        }
    }

    @Test
    void anEntryWeighsItsDocumentPlusTheOverhead() {
        WscachePolicy store = wscache(PolicyType.WSCACHE, 10_000);
        assertThat(store.request(1, 1000, 1, 0, true)).isFalse();
        assertThat(store.weightedSize()).isEqualTo(1112);
        assertThat(store.request(1, 1000, 1, 1, true)).isTrue();
        assertThat(store.request(2, 1, 1, 2, true)).isFalse();
        assertThat(store.weightedSize()).isEqualTo(1112 + 1 + OVERHEAD);
    }

    @Test
    void theOverheadCountsAgainstTheCapacity() {
        // two documents of 1,000 bytes weigh 2,224: one byte short, one of them goes
        WscachePolicy store = wscache(PolicyType.WSCACHE, 2 * (1000 + OVERHEAD) - 1);
        store.request(1, 1000, 1, 0, true);
        store.request(2, 1000, 1, 1, true);
        assertThat(store.weightedSize()).isEqualTo(1000 + OVERHEAD);
        assertThat(store.cache().stats().evictions()).isEqualTo(1);
    }

    @Test
    void theThresholdIsWscachesOwnMaxEntrySize() {
        WscachePolicy store = (WscachePolicy) PolicyType.WSCACHE.create(1_000_000, 250);
        store.request(1, 250, 1, 0, true);
        store.request(2, 251, 1, 0, false);
        assertThat(store.request(1, 250, 1, 1, true)).isTrue();
        assertThat(store.request(2, 251, 1, 1, false)).isFalse();
        assertThat(store.cache().stats().bypasses()).isEqualTo(2);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void bytesHeldNeverExceedTheCapacity(int minUses) {
        // small documents, where the overhead weighs most, and some larger than the capacity
        long capacity = 20_000;
        WscachePolicy store = new WscachePolicy(capacity, Integer.MAX_VALUE, minUses);
        SplittableRandom random = new SplittableRandom(minUses);
        long hits = 0;
        for (int i = 0; i < 20_000; i++) {
            int size = random.nextInt(10) == 0 ? 25_000 : 1 + random.nextInt(2000);
            hits += store.request(random.nextInt(200), size, 1, i * 1000L, true) ? 1 : 0;
            assertThat(store.weightedSize()).isLessThanOrEqualTo(capacity);
        }
        assertThat(hits).isPositive();
        assertThat(store.cache().stats().evictions()).isPositive();
        assertThat(store.minUses()).isEqualTo(minUses);
    }

    @Test
    void theTracesClockDrivesTheStore() {
        // the ttl is the longest wscache allows: an entry outlives any trace
        WscachePolicy store = wscache(PolicyType.WSCACHE, 10_000);
        store.request(1, 100, 1, 0, true);
        long years = 9L * 365 * 24 * 3600 * 1_000_000;
        assertThat(store.request(1, 100, 1, years, true)).isTrue();
        assertThat(store.request(1, 100, 1, 2 * years, true)).isFalse();
    }

    private static WscachePolicy wscache(PolicyType type, long capacity) {
        return (WscachePolicy) type.create(capacity, Simulator.PAPER_ADMISSION_THRESHOLD);
    }

    private static Simulator.Result run(WscachePolicy store, Trace trace) {
        Metrics counted = new Metrics();
        for (int i = 0; i < trace.length(); i++) {
            counted.record(store.request(trace.key(i), trace.size(i), trace.cost(i),
                    trace.timeMicros(i), true), trace.size(i), trace.cost(i));
        }
        return new Simulator.Result(counted, counted);
    }
}
