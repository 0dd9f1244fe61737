package io.github.wscache.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.benchmarks.report.MemoryTable;
import io.github.wscache.benchmarks.report.Report;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs every benchmark cell once, briefly, in this JVM, so that the suites never rot: a cell whose
 * setup or hit throws fails the build. The numbers mean nothing (no fork, no warm-up); they only
 * feed the report generator, which must produce its tables and charts.
 */
class SmokeTest {
    private static final Path OUT = Path.of("target", "smoke");

    @Test
    void everyCell_runsOnce_andTheReportIsWritten() throws Exception {
        Files.createDirectories(OUT);
        Path json = OUT.resolve("jmh.json");
        Options options = new OptionsBuilder()
                .include("io\\.github\\.wscache\\.benchmarks\\..*")
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(20))
                .timeout(TimeValue.seconds(30))
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT)
                .resultFormat(ResultFormatType.JSON)
                .result(json.toString())
                .build();
        // before the cells load Axis2, CXF and Tomcat, which JOL's walk would go through
        String memory = MemoryTable.markdown();
        long start = System.nanoTime();
        Collection<RunResult> results;
        try {
            results = new Runner(options).run();
        } finally {
            LoopbackGoogle.closeShared();
        }
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);

        assertThat(results).hasSize(Cells.expected());
        assertThat(seconds).as("smoke run duration in seconds").isLessThan(60);
        assertThat(json).isNotEmptyFile();

        Path report = OUT.resolve("report");
        Report.write(List.of(json), report, null, memory);
        assertThat(report.resolve("summary.md")).content()
                .contains("Cache key generation (Table 6)", "Ratio to the hand-written deep copy",
                        "Memory size of cached values (Table 9)")
                .doesNotContain("not measured in this run");
        String[] charts = {"keys.png", "hits.png", "scaling.png", "throughput.png",
            "end-to-end.png"};
        for (String png : charts) {
            assertThat(report.resolve(png)).isNotEmptyFile();
        }
    }
}
