package io.github.wscache.petshop.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.petshop.remote.ServiceScope;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A few seconds of load (2 users, 0 and 20 ms WAN) in F0, Fdb and Fremoting through the real
 * driver and chart writer, and the hosting-strategy comparison with every scope.
 */
class LoadSmokeTest {

    @Test
    void smokePlan_writesCsvRowsAndCharts() throws Exception {
        Path out = Path.of("target", "smoke-results");
        List<RunResult> runs = PetShopLoad.run(PetShopLoad.Plan.smoke(), out, false);
        assertThat(runs).hasSize(12);
        for (RunResult r : runs) {
            assertThat(r.requests()).as("%s at %d ms", r.deployment(), r.rttMillis())
                    .isPositive();
            assertThat(r.errors()).isZero();
            assertThat(r.originRequests()).isPositive();
        }
        List<String> summary = Files.readAllLines(out.resolve(Results.SUMMARY));
        assertThat(summary).hasSize(13);
        assertThat(summary.get(0)).startsWith("deployment,rtt_ms,users,");
        assertThat(summary).anyMatch(l -> l.startsWith("F0,20,2,"))
                .anyMatch(l -> l.startsWith("Fdb,0,2,"))
                .anyMatch(l -> l.startsWith("Fremoting,20,2,"))
                .anyMatch(l -> l.startsWith("Fproxy,20,2,"));
        assertThat(runs).filteredOn(r -> r.cacheableShare() == 0.30)
                .extracting(RunResult::deployment)
                .containsExactly("F0", "Fdb", "Fremoting", "Fproxy");
        RunResult fproxy = runs.stream().filter(r -> r.deployment().equals("Fproxy")
                && r.rttMillis() == 20 && r.cacheableShare() == 0.70).findFirst().orElseThrow();
        assertThat(fproxy.filteredShare()).as("requests answered at the edge").isPositive();
        assertThat(fproxy.fragmentHitRatio()).as("edge output hit ratio").isPositive();
        assertThat(Files.readAllLines(out.resolve(Results.PAGES)).size()).isGreaterThan(5);
        for (String chart : List.of(Results.FIG9, Results.FIG10, Results.FIG11,
                Results.FIG12, Results.FIG13)) {
            Path png = out.resolve(chart + ".png");
            assertThat(png).exists();
            assertThat(Files.size(png)).isGreaterThan(1000);
        }
        // what --merge reads back is what was written (the CPU per request is recomputed from
        // the rounded CPU time, so it may differ in its last digit)
        List<RunResult> back = Results.read(out);
        assertThat(Results.pagesCsv(back)).isEqualTo(Results.pagesCsv(runs));
        assertThat(withoutColumn(Results.summaryCsv(back), 20))
                .isEqualTo(withoutColumn(Results.summaryCsv(runs), 20));

        List<PetShopLoad.HostingResult> hosting =
                PetShopLoad.hosting(PetShopLoad.Plan.smoke(), out, false);
        assertThat(hosting).extracting(PetShopLoad.HostingResult::scope)
                .containsExactly(ServiceScope.values());
        for (PetShopLoad.HostingResult h : hosting) {
            assertThat(h.throughput()).as("%s", h.scope()).isPositive();
            assertThat(h.errors()).isZero();
        }
        List<String> csv = Files.readAllLines(out.resolve(Results.HOSTING));
        assertThat(csv).hasSize(1 + ServiceScope.values().length);
        assertThat(csv.get(0)).startsWith("scope,remoting_name,round,rtt_ms,users,"
                + "throughput_rps,");
        assertThat(csv.get(1)).startsWith("application,Singleton,1,0,2,");
        assertThat(Files.readAllLines(out.resolve(Results.HOSTING_ROUNDS)))
                .hasSize(1 + ServiceScope.values().length);
        assertThat(Results.hostingTable(hosting)).contains("soapsession", "CAO");
    }

    private static List<String> withoutColumn(String csv, int column) {
        return csv.lines().map(l -> {
            List<String> cells = new java.util.ArrayList<>(List.of(l.split(",", -1)));
            cells.remove(column);
            return String.join(",", cells);
        }).toList();
    }
}
