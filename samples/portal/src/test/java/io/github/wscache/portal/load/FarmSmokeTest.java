package io.github.wscache.portal.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The Farm experiment at a tiny scale (portal JVMs and Redis processes: about a minute and a
 * half, so tagged slow: {@code ./mvnw -q -pl samples/portal -am verify -Pslow}): every phase runs
 * without an error, the shared tier keeps the back-end at one node's calls, files are written.
 */
@Tag("slow")
class FarmSmokeTest {
    @Test
    void smokeRun_measuresEveryPhase_andWritesTheResults() throws Exception {
        Path out = Path.of("target", "farm-smoke");
        FarmLoad.Options o = FarmLoad.Options.smoke(out);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        FarmReport report = FarmLoad.run(o, new PrintStream(log, true, StandardCharsets.UTF_8));
        report.write();

        assertThat(report.phases).extracting(FarmReport.Phase::phase).startsWith("farm",
                "farm", "cold node", "warm node", "farm", "cold node", "warm node");
        assertThat(report.phases).allSatisfy(p -> {
            assertThat(p.errors()).as(p.config() + " " + p.phase()).isZero();
            assertThat(p.requests()).isPositive();
        });
        FarmReport.Phase single = report.phase("single", "farm").orElseThrow();
        FarmReport.Phase independent = report.phase("independent", "farm").orElseThrow();
        FarmReport.Phase shared = report.phase("shared", "farm").orElseThrow();
        assertThat(shared.backendCallsPer10k()).isLessThanOrEqualTo(
                1.1 * single.backendCallsPer10k());
        assertThat(independent.backendCallsPer10k()).isGreaterThan(
                1.2 * single.backendCallsPer10k());
        assertThat(shared.l2Hits()).isPositive();
        assertThat(independent.l2Hits()).isZero();
        assertThat(report.probes).hasSize(3);
        assertThat(report.timeline).isNotEmpty();
        for (String f : List.of("farm.json", "phases.csv", "probes.csv", "timeline.csv",
                "summary.md")) {
            assertThat(out.resolve(f)).isRegularFile();
        }
        for (String png : List.of("backend-calls.png", "latency-by-tier.png",
                "redis-killed.png")) {
            assertThat(Files.size(out.resolve(png))).isGreaterThan(1000);
        }
    }
}
