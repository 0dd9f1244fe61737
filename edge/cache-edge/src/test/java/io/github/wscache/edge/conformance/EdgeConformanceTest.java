package io.github.wscache.edge.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The conformance table ({@link ConformanceCases}) against wscache-edge on loopback, with a
 * manual clock: one dynamic test per case, named by its RFC section. A case marked as a
 * deliberate difference is reported, not asserted. Writes
 * {@code target/edge-conformance/edge.json} and {@code edge.md}.
 */
class EdgeConformanceTest {
    @TestFactory
    Stream<DynamicTest> everyCaseOfTheTable() {
        List<ConformanceCase> cases = ConformanceCases.all();
        assertThat(cases).hasSizeGreaterThanOrEqualTo(150);
        assertThat(cases.stream().map(ConformanceCase::id).distinct()).hasSameSizeAs(cases);
        List<ConformanceRunner.Result> results = ConformanceReport.runEdge(cases);
        ConformanceReport.write("edge", results, null);
        return results.stream().map(r -> DynamicTest.dynamicTest(r.c().id(), () -> {
            if (r.c().deliberate == null) {
                assertThat(r.passed()).as(r.c().title + ": " + r.message()).isTrue();
            }
        }));
    }
}
