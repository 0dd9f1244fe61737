package io.github.wscache.sim.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.sim.Simulator;
import io.github.wscache.sim.policy.PolicyType;
import io.github.wscache.sim.trace.SyntheticWorkload;
import io.github.wscache.sim.trace.Trace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ClusterSimulatorTest {
    private static final long SECOND = 1_000_000L;

    /** Document 1, requested at the given times; request i goes to node i mod nodes. */
    private static Trace sameDocumentAt(long... times) {
        Trace.Builder trace = new Trace.Builder();
        for (long t : times) {
            trace.add(t, 1, 100, 10);
        }
        return trace.build();
    }

    private static ClusterSimulator.Result run(Trace trace, Scheme scheme, int nodes) {
        return ClusterSimulator.run(trace, scheme, PolicyType.LRU, nodes, 1000, 1000,
                10 * SECOND, 0.5, 0);
    }

    @Test
    void noCoop_missesOnEveryNodeOnce() {
        ClusterSimulator.Result r = run(sameDocumentAt(0, 1, 2, 3), Scheme.NO_COOP, 2);
        assertThat(r.cold().hits()).isEqualTo(2);
        assertThat(r.remoteHits()).isZero();
        assertThat(r.protocolBytes()).isZero();
    }

    @Test
    void noCoopOnOneNode_equalsTheSingleCache() {
        Trace trace = SyntheticWorkload.paper003(3).generate(20_000);
        ClusterSimulator.Result cluster = ClusterSimulator.run(trace, Scheme.NO_COOP,
                PolicyType.GDSF, 1, 1_000_000, 250_000, 10 * SECOND, 0.5, 1000);
        Simulator.Result single = Simulator.run(trace, PolicyType.GDSF, 1_000_000, 250_000, 1000);
        assertThat(cluster.warm().hits()).isEqualTo(single.warm().hits());
    }

    @Test
    void handoff_servesFromThePeerAndLeavesItThere() {
        ClusterSimulator.Result r = run(sameDocumentAt(0, 1, 2), Scheme.ONDE_H, 2);
        // node 0 misses and caches; node 1 is served by node 0; node 0 hits locally
        assertThat(r.cold().hits()).isEqualTo(2);
        assertThat(r.remoteHits()).isEqualTo(1);
        // two broadcast queries with their replies (node 0's miss, node 1's) and one handoff
        assertThat(r.messages()).isEqualTo(5);
        assertThat(r.protocolBytes()).isEqualTo(5 * ClusterSimulator.HEADER);
    }

    @Test
    void migration_movesTheDocumentToTheAskingNode() {
        ClusterSimulator.Result r = run(sameDocumentAt(0, 1, 2), Scheme.ONDE_M, 2);
        // node 1 takes the document from node 0, so node 0 must fetch it back from node 1
        assertThat(r.cold().hits()).isEqualTo(2);
        assertThat(r.remoteHits()).isEqualTo(2);
        // three query-and-reply pairs, two migrations carrying the 100-byte document
        assertThat(r.protocolBytes()).isEqualTo(6 * ClusterSimulator.HEADER
                + 2 * (ClusterSimulator.HEADER + 100));
    }

    @Test
    void informed_doesNotSeeWhatAPeerCachedSinceTheLastUpdate() {
        Trace trace = sameDocumentAt(0, SECOND, 2 * SECOND, 11 * SECOND);
        ClusterSimulator.Result r = run(trace, Scheme.INFO_H, 4);
        // nodes 1 and 2 miss: the directory of t = 0 is empty; after the update at 10 s node 3
        // finds the document listed and is served by a peer
        assertThat(r.cold().hits()).isEqualTo(1);
        assertThat(r.remoteHits()).isEqualTo(1);
        ClusterSimulator.Result onDemand = run(trace, Scheme.ONDE_H, 4);
        assertThat(onDemand.cold().hits()).isEqualTo(3);
    }

    @Test
    void twoLevel_servesOtherNodesFromTheSharedTier() {
        ClusterSimulator.Result r = run(sameDocumentAt(0, 1, 2, 3), Scheme.L1_L2, 2);
        // node 0 misses both and fills both; node 1 hits the L2; then both hit their L1
        assertThat(r.cold().hits()).isEqualTo(3);
        assertThat(r.remoteHits()).isEqualTo(1);
    }

    @Test
    void timeout_abandonsAMigrationTooLargeForTheLinkInTwoMilliseconds() {
        // 100 Mbit/s carries 25,000 bytes in 2 ms: a 20,000-byte document arrives in time, a
        // 30,000-byte one (plus the 200-byte header) does not and is fetched locally
        ClusterSimulator.Config config = new ClusterSimulator.Config(2, 100_000, 100_000,
                10 * SECOND, 0.5, 100_000_000L, 2_000);
        for (int size : new int[] {20_000, 30_000}) {
            Trace.Builder trace = new Trace.Builder();
            trace.add(0, 1, size, 10).add(1, 1, size, 10);
            ClusterSimulator.Result migration = ClusterSimulator.run(trace.build(),
                    Scheme.ONDE_M, PolicyType.LRU, config, 0);
            ClusterSimulator.Result handoff = ClusterSimulator.run(trace.build(),
                    Scheme.ONDE_H, PolicyType.LRU, config, 0);
            boolean late = size > 20_000;
            assertThat(migration.timeouts()).as("size %d", size).isEqualTo(late ? 1 : 0);
            assertThat(migration.cold().hits()).as("size %d", size).isEqualTo(late ? 0 : 1);
            // the late reply still crossed the LAN: two queries, two answers, one document
            assertThat(migration.protocolBytes()).isEqualTo(5 * ClusterSimulator.HEADER + size);
            assertThat(handoff.timeouts()).isZero();
            assertThat(handoff.cold().hits()).isEqualTo(1);
        }
    }

    @Test
    void everyScheme_runsThePaperWorkload() {
        Trace trace = SyntheticWorkload.paper003(1).generate(30_000);
        double noCoop = 0;
        for (Scheme scheme : Scheme.values()) {
            ClusterSimulator.Result r = ClusterSimulator.run(trace, scheme,
                    PolicyType.LFU_STAR_AGING, 8, 5L << 20, 250 * 1024, 10 * SECOND, 0.25, 3000);
            if (scheme == Scheme.NO_COOP) {
                noCoop = r.warm().documentHitRatio();
            } else {
                assertThat(r.warm().documentHitRatio()).as(scheme.label()).isGreaterThan(noCoop);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = PolicyType.class, names = {"LRU", "WSCACHE"})
    void twoLevel_worksAsWellWithWscachesStore(PolicyType policy) {
        ClusterSimulator.Result r = ClusterSimulator.run(sameDocumentAt(0, 1, 2, 3),
                Scheme.L1_L2, policy, 2, 1000, 1000, 10 * SECOND, 0.5, 0);
        assertThat(r.cold().hits()).isEqualTo(3);
        assertThat(r.remoteHits()).isEqualTo(1);
        ClusterSimulator.Result alone = ClusterSimulator.run(sameDocumentAt(0, 1, 2, 3),
                Scheme.NO_COOP, policy, 2, 1000, 1000, 10 * SECOND, 0.5, 0);
        assertThat(alone.cold().hits()).isEqualTo(2);
    }

    @Test
    void wscachesStore_takesNoPartInTheSchemesWithPeers() {
        for (Scheme scheme : Scheme.values()) {
            assertThat(ClusterSimulator.supports(scheme, PolicyType.WSCACHE))
                    .as(scheme.label()).isEqualTo(!scheme.usesPeers());
            assertThat(ClusterSimulator.supports(scheme, PolicyType.LRU)).isTrue();
        }
        assertThatThrownBy(() -> run(sameDocumentAt(0, 1), Scheme.ONDE_H, PolicyType.WSCACHE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("wscache store cannot take part in Onde-H");
    }

    private static ClusterSimulator.Result run(Trace trace, Scheme scheme, PolicyType policy) {
        return ClusterSimulator.run(trace, scheme, policy, 2, 1000, 1000, 10 * SECOND, 0.5, 0);
    }
}
