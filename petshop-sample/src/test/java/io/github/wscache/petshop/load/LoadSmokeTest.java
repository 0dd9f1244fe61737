package io.github.wscache.petshop.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A few seconds of load (2 users, 0 and 20 ms WAN) through the real driver and chart writer. */
class LoadSmokeTest {

    @Test
    void smokePlan_writesCsvRowsAndCharts() throws Exception {
        Path out = Path.of("target", "smoke-results");
        List<RunResult> runs = PetShopLoad.run(PetShopLoad.Plan.smoke(), out, false);
        assertThat(runs).hasSize(4);
        for (RunResult r : runs) {
            assertThat(r.requests()).as("%s at %d ms", r.deployment(), r.rttMillis())
                    .isPositive();
            assertThat(r.errors()).isZero();
            assertThat(r.originRequests()).isPositive();
        }
        List<String> summary = Files.readAllLines(out.resolve(Results.SUMMARY));
        assertThat(summary).hasSize(5);
        assertThat(summary.get(0)).startsWith("deployment,rtt_ms,users,");
        assertThat(summary).anyMatch(l -> l.startsWith("F0,20,2,"))
                .anyMatch(l -> l.startsWith("Fdb,0,2,"));
        assertThat(Files.readAllLines(out.resolve(Results.PAGES)).size()).isGreaterThan(5);
        for (String chart : List.of(Results.FIG9, Results.FIG10, Results.FIG11,
                Results.FIG12)) {
            Path png = out.resolve(chart + ".png");
            assertThat(png).exists();
            assertThat(Files.size(png)).isGreaterThan(1000);
        }
    }
}
