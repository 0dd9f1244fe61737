package io.github.wscache.benchmarks;

/** The number of benchmark cells the suites declare, so the smoke test notices a lost cell. */
final class Cells {
    private Cells() {
    }

    static int expected() {
        int keys = 3 * KeyMethod.values().length;
        // spelling, POJO search, ADB search, cached page
        int hits = 10 + 10 + 13 + 12;
        int scaling = 3 * 5;
        int throughput = 3 * 2;
        int endToEnd = AxisEndToEndBenchmark.Cell.values().length;
        int floor = ReplayFloorBenchmark.Source.values().length;
        int json = JsonHitBenchmark.Source.values().length;
        int classify = 2;
        int jaxws = JaxWsHitBenchmark.Path.values().length;
        int tier = TierHitBenchmark.Cell.values().length;
        int engineMiss = EngineMissBenchmark.Path.values().length;
        int personal = PersonalFieldsBenchmark.Reading.values().length
                * PersonalFieldsBenchmark.Request.values().length;
        int edgeHit = EdgeHitBenchmark.Server.values().length
                * EdgeHitBenchmark.Page.values().length
                * EdgeHitBenchmark.Request.values().length;
        return keys + hits + scaling + throughput + endToEnd + floor + json + classify + jaxws
                + tier + engineMiss + personal + edgeHit;
    }
}
