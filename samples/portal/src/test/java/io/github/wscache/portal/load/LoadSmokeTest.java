package io.github.wscache.portal.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The load driver at a tiny scale: every point measured, CSV, charts and summary written. */
class LoadSmokeTest {
    @Test
    void smokeRun_measuresEveryPoint_andWritesCsvChartsAndSummary() throws Exception {
        Path out = Path.of("target", "results-smoke");
        PortalLoad.Options o = PortalLoad.Options.smoke(out);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        List<Point> points = PortalLoad.run(o, new PrintStream(log, true, StandardCharsets.UTF_8));
        Results.write(points, o, Duration.ofSeconds(1));

        assertThat(points).hasSize(3 * 2 * 2);
        assertThat(points).allSatisfy(p -> assertThat(p.errors()).isZero());
        for (Point p : points) {
            if (p.hitRatio() == 100 && !"none".equals(p.representation())) {
                assertThat(p.requests()).isPositive();
                assertThat(p.measuredHitRatio()).isEqualTo(1.0);
                assertThat(p.backendRequests()).isZero();
            }
            if ("none".equals(p.representation())) {
                assertThat(p.measuredHitRatio()).isZero();
            }
        }
        List<String> csv = Files.readAllLines(out.resolve("results.csv"));
        assertThat(csv).hasSize(1 + points.size());
        assertThat(csv.get(0)).startsWith("representation,clients,hit_ratio_pct");
        for (String png : List.of("figure3-throughput.png", "figure3-mean-response.png",
                "figure3-p99-response.png", "clients4-throughput.png")) {
            assertThat(Files.size(out.resolve(png))).isGreaterThan(1000);
        }
        assertThat(Files.readString(out.resolve("summary.md")))
                .contains("| reflection | 4 | 100 |", "100 % hits versus 0 % hits");
    }
}
