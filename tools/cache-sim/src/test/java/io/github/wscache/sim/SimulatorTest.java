package io.github.wscache.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.sim.policy.PolicyType;
import io.github.wscache.sim.trace.SyntheticWorkload;
import io.github.wscache.sim.trace.Trace;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SimulatorTest {
    private static final PrintStream QUIET =
            new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);

    @ParameterizedTest
    @EnumSource(PolicyType.class)
    void admissionThreshold_keepsLargeResponsesOut(PolicyType type) {
        Trace.Builder trace = new Trace.Builder();
        for (int i = 0; i < 10; i++) {
            trace.add(i, 1, 300, 10).add(i, 2, 100, 10);
        }
        Simulator.Result r = Simulator.run(trace.build(), type, 10_000, 250, 0);
        // document 2 is kept at its first miss, or at its second with minUses 2
        int hits = type.name().endsWith("MIN_USES_2") ? 8 : 9;
        assertThat(r.cold().hits()).isEqualTo(hits);
        assertThat(r.cold().byteHitRatio()).isEqualTo(hits * 100.0 / 4000);
        assertThat(r.cold().savedCostRatio()).isEqualTo(hits * 10.0 / 200);
    }

    @Test
    void coldCurve_isTheCumulativeHitRatioFromAnEmptyCache() {
        Trace.Builder trace = new Trace.Builder();
        for (int i = 0; i < 6; i++) {
            trace.add(i, 1, 100, 10);
        }
        assertThat(Simulator.coldCurve(trace.build(), PolicyType.LRU, 1000, 1000, 2, 2))
                .containsExactly(0.5, 0.75);
        assertThat(Simulator.coldCurve(trace.build(), PolicyType.WSCACHE_MIN_USES_2, 1000,
                1000, 2, 2)).containsExactly(0.0, 0.5);
    }

    @Test
    void simulate_writesEveryTableAndChart(@TempDir Path out) throws Exception {
        Simulate.run(SyntheticWorkload.of(1, 200, 1000).generate(3_000), "smoke", out, QUIET);
        for (String file : new String[] {"policies.csv", "cluster.csv", "results.json"}) {
            assertThat(out.resolve(file)).isNotEmptyFile();
        }
        for (String svg : new String[] {"dhr.svg", "bhr.svg", "cluster.svg", "coldstart.svg"}) {
            assertThat(Files.readString(out.resolve(svg))).startsWith("<svg").endsWith("</svg>\n");
        }
        assertThat(Files.readAllLines(out.resolve("policies.csv")))
                .hasSize(1 + PolicyType.values().length * Simulate.SHARES.length)
                .anyMatch(line -> line.startsWith("WSCACHE_MIN_USES_2,0.1000,"));
        // wscache's store: no cooperation and the two levels only, once (no timeout applies)
        List<String> cluster = Files.readAllLines(out.resolve("cluster.csv"));
        assertThat(cluster).filteredOn(line -> line.startsWith("WSCACHE,"))
                .extracting(line -> line.split(",")[1] + "," + line.split(",")[2])
                .containsExactly("NO_COOP,true", "L1_L2,true");
        assertThat(cluster).hasSize(1 + 2 * 2 * 6 + 2);
    }

    @Test
    void spread_writesTheLowestAndHighestHitsOfTheRandomizedPolicies(@TempDir Path out)
            throws Exception {
        Simulate.spread(SyntheticWorkload.of(1, 200, 1000).generate(2_000), 2, out, QUIET);
        List<String> rows = Files.readAllLines(out.resolve("spread.csv"));
        assertThat(rows).hasSize(1 + Simulate.RANDOMIZED.length * Simulate.SHARES.length);
        assertThat(rows.get(0)).isEqualTo("policy,share_of_working_set,runs,requests,"
                + "min_warm_hits,max_warm_hits,min_warm_dhr,max_warm_dhr");
        assertThat(rows).anyMatch(row -> row.startsWith("WSCACHE,0.1000,2,2000,"));
    }
}
