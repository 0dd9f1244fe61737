package io.github.wscache.portal.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.HdrHistogram.Histogram;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * What {@link FarmLoad} measured, and its files: {@code farm.json} (everything),
 * {@code phases.csv}, {@code probes.csv}, {@code timeline.csv}, {@code backend-calls.png},
 * {@code latency-by-tier.png}, {@code redis-killed.png} and {@code summary.md}.
 */
public final class FarmReport {
    final FarmLoad.Options options;
    final List<Phase> phases = new CopyOnWriteArrayList<>();
    final List<Probe> probes = new CopyOnWriteArrayList<>();
    final List<String> failures = new CopyOnWriteArrayList<>();
    volatile List<Second> timeline = List.of();
    volatile long probeSearchCalls;
    private final Instant started = Instant.now();

    FarmReport(FarmLoad.Options options) {
        this.options = options;
    }

    /**
     * One measured phase of one configuration.
     *
     * @param config single, independent, shared or redis-killed
     * @param phase farm (the measured run), cold node, warm node, or the Redis fault
     * @param nodes the nodes that took requests
     * @param clients closed-loop clients
     * @param requests requests answered 200
     * @param errors requests that failed (another status or an I/O error)
     * @param seconds wall time
     * @param meanMs mean page latency
     * @param p50Ms median
     * @param p99Ms 99th percentile
     * @param maxMs maximum
     * @param backendSearch doGoogleSearch calls the back-end served
     * @param backendSpelling doSpellingSuggestion calls the back-end served
     * @param l1Hits hits in the nodes' own stores (both operations)
     * @param l2Hits hits answered by the shared tier
     * @param misses lookups neither level answered
     * @param cacheErrors errors the caches counted (a tier failure is a miss, not an error)
     * @param loadAverageStart the machine's one-minute load average at the start
     * @param loadAverageEnd at the end
     */
    public record Phase(String config, String phase, int nodes, int clients, long requests,
            long errors, double seconds, double meanMs, double p50Ms, double p99Ms, double maxMs,
            long backendSearch, long backendSpelling, long l1Hits, long l2Hits, long misses,
            long cacheErrors, double loadAverageStart, double loadAverageEnd) {

        static Phase of(String config, String phase, int nodes, int clients, FarmLoad.Run r,
                long search, long spelling, FarmNode.OpStats cache, double load0,
                double load1) {
            Histogram h = r.all;
            return new Phase(config, phase, nodes, clients, r.requests, r.errors,
                    r.wallNanos / 1e9, h.getMean() / 1000, h.getValueAtPercentile(50) / 1000.0,
                    h.getValueAtPercentile(99) / 1000.0, h.getMaxValue() / 1000.0, search,
                    spelling, cache.localHits(), cache.sharedHits(), cache.misses(),
                    cache.errors(), load0, load1);
        }

        /** Pages per second. */
        public double throughput() {
            return requests / seconds;
        }

        /** Back-end calls (both operations) per 10,000 pages. */
        public double backendCallsPer10k() {
            return (backendSearch + backendSpelling) * 10_000.0 / Math.max(1, requests + errors);
        }

        /** doGoogleSearch back-end calls per 10,000 pages. */
        public double backendSearchPer10k() {
            return backendSearch * 10_000.0 / Math.max(1, requests + errors);
        }

        private long lookups() {
            return l1Hits + l2Hits + misses;
        }

        /** Lookups the nodes' own stores answered. */
        public double l1HitRatio() {
            return lookups() == 0 ? 0 : l1Hits / (double) lookups();
        }

        /** Of the lookups the nodes' own stores missed, those the shared tier answered. */
        public double l2HitRatio() {
            return l2Hits + misses == 0 ? 0 : l2Hits / (double) (l2Hits + misses);
        }

        /** Lookups either level answered. */
        public double hitRatio() {
            return lookups() == 0 ? 0 : (l1Hits + l2Hits) / (double) lookups();
        }
    }

    /** The page latency of one kind of page, one client on an idle farm. */
    public record Probe(String kind, long pages, double meanMs, double p50Ms, double p99Ms) {
        static Probe of(String kind, Histogram h) {
            return new Probe(kind, h.getTotalCount(), h.getMean() / 1000,
                    h.getValueAtPercentile(50) / 1000.0, h.getValueAtPercentile(99) / 1000.0);
        }
    }

    /** One second of the Redis fault run. */
    public record Second(int second, long requests, long errors, double meanMs, double p99Ms,
            long backendCalls, boolean redisUp) {
    }

    /** Finds a phase. */
    Optional<Phase> phase(String config, String phase) {
        return phases.stream().filter(p -> p.config().equals(config)
                && p.phase().equals(phase)).findFirst();
    }

    /** Writes every file into the options' output directory. */
    public void write() throws IOException {
        Path out = options.out();
        Files.createDirectories(out);
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("started", started.toString());
        all.put("options", Map.of("nodes", options.nodes(), "clients", options.clients(),
                "queries", options.queries(), "beta", options.beta(), "requests",
                options.requests(), "coldRequests", options.coldRequests(), "backendDelayMs",
                options.delayMs(), "warmUpSeconds", options.warmUp().toSeconds(),
                "killRunSeconds", options.killRun().toSeconds(), "probes", options.probes()));
        all.put("machine", Map.of("processors", Runtime.getRuntime().availableProcessors(),
                "java", System.getProperty("java.version"), "os",
                System.getProperty("os.name") + " " + System.getProperty("os.version")));
        List<Map<String, Object>> ps = new ArrayList<>();
        for (Phase p : phases) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("phase", p);
            m.put("throughput", p.throughput());
            m.put("backendCallsPer10k", p.backendCallsPer10k());
            m.put("backendSearchPer10k", p.backendSearchPer10k());
            m.put("l1HitRatio", p.l1HitRatio());
            m.put("l2HitRatio", p.l2HitRatio());
            m.put("hitRatio", p.hitRatio());
            ps.add(m);
        }
        all.put("phases", ps);
        all.put("probes", probes);
        all.put("probeSearchBackendCalls", probeSearchCalls);
        all.put("timeline", timeline);
        all.put("failures", failures);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(out.resolve("farm.json").toFile(), all);

        List<String> csv = new ArrayList<>();
        csv.add("config,phase,nodes,clients,requests,errors,seconds,throughput_rps,mean_ms,"
                + "p50_ms,p99_ms,max_ms,backend_search,backend_spelling,backend_calls_per_10k,"
                + "l1_hits,l2_hits,misses,l1_hit_ratio,l2_hit_ratio,hit_ratio,cache_errors,"
                + "load_start,load_end");
        for (Phase p : phases) {
            csv.add(String.format(Locale.ROOT, "%s,%s,%d,%d,%d,%d,%.2f,%.1f,%.3f,%.3f,%.3f,%.3f,"
                    + "%d,%d,%.1f,%d,%d,%d,%.4f,%.4f,%.4f,%d,%.2f,%.2f", p.config(),
                    p.phase().replace(',', ';'), p.nodes(), p.clients(), p.requests(),
                    p.errors(), p.seconds(), p.throughput(), p.meanMs(), p.p50Ms(), p.p99Ms(),
                    p.maxMs(), p.backendSearch(), p.backendSpelling(), p.backendCallsPer10k(),
                    p.l1Hits(), p.l2Hits(), p.misses(), p.l1HitRatio(), p.l2HitRatio(),
                    p.hitRatio(), p.cacheErrors(), p.loadAverageStart(), p.loadAverageEnd()));
        }
        Files.write(out.resolve("phases.csv"), csv);
        List<String> probeCsv = new ArrayList<>(List.of("kind,pages,mean_ms,p50_ms,p99_ms"));
        for (Probe p : probes) {
            probeCsv.add(String.format(Locale.ROOT, "%s,%d,%.3f,%.3f,%.3f", p.kind(), p.pages(),
                    p.meanMs(), p.p50Ms(), p.p99Ms()));
        }
        Files.write(out.resolve("probes.csv"), probeCsv);
        List<String> tl = new ArrayList<>(List.of(
                "second,requests,errors,mean_ms,p99_ms,backend_calls,redis_up"));
        for (Second s : timeline) {
            tl.add(String.format(Locale.ROOT, "%d,%d,%d,%.3f,%.3f,%d,%b", s.second(),
                    s.requests(), s.errors(), s.meanMs(), s.p99Ms(), s.backendCalls(),
                    s.redisUp()));
        }
        Files.write(out.resolve("timeline.csv"), tl);
        backendChart(out.resolve("backend-calls.png"));
        if (!probes.isEmpty()) {
            probeChart(out.resolve("latency-by-tier.png"));
        }
        if (!timeline.isEmpty()) {
            timelineChart(out.resolve("redis-killed.png"));
        }
        Files.writeString(out.resolve("summary.md"), summary());
    }

    private static final String[] LABELS = {"1 node alone", "3 nodes, own caches",
        "3 nodes + Redis"};
    private static final String[] CONFIGS = {"single", "independent", "shared"};

    private void backendChart(Path file) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(900).height(500)
                .title("Back-end calls per 10,000 pages (Zipf " + options.beta() + ", "
                        + options.queries() + " queries)")
                .xAxisTitle("configuration").yAxisTitle("back-end calls per 10,000 pages")
                .build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        List<String> labels = new ArrayList<>();
        List<Double> farm = new ArrayList<>();
        List<Double> cold = new ArrayList<>();
        for (int i = 0; i < CONFIGS.length; i++) {
            Optional<Phase> p = phase(CONFIGS[i], "farm");
            if (p.isPresent()) {
                labels.add(LABELS[i]);
                farm.add(p.get().backendCallsPer10k());
                cold.add(phase(CONFIGS[i], "cold node").map(Phase::backendCallsPer10k)
                        .orElse(null));
            }
        }
        chart.getStyler().setLegendVisible(true);
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setDecimalPattern("#,##0");
        chart.addSeries("the whole run, from cold caches", labels, farm)
                .setFillColor(new Color(0x1f, 0x77, 0xb4));
        if (cold.stream().anyMatch(c -> c != null)) {
            chart.addSeries("a 4th node joining the warm farm: its first "
                    + options.coldRequests() + " pages", labels, cold)
                    .setFillColor(new Color(0xff, 0x7f, 0x0e));
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapFormat.PNG);
    }

    private void probeChart(Path file) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(900).height(500)
                .title("Page latency: one client, idle farm, back-end " + options.delayMs()
                        + " ms per call")
                .xAxisTitle("where both calls of the page were answered").yAxisTitle("ms")
                .build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        List<String> kinds = probes.stream().map(Probe::kind).toList();
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setDecimalPattern("0.00");
        chart.addSeries("mean", kinds, probes.stream().map(Probe::meanMs).toList())
                .setFillColor(new Color(0x1f, 0x77, 0xb4));
        chart.addSeries("p99", kinds, probes.stream().map(Probe::p99Ms).toList())
                .setFillColor(new Color(0xd6, 0x27, 0x28));
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapFormat.PNG);
    }

    private void timelineChart(Path file) throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(500)
                .title("Redis killed during a run (" + options.nodes() + " nodes, "
                        + options.clients() + " clients)")
                .xAxisTitle("second").yAxisTitle("page latency (ms)").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        double[] t = timeline.stream().mapToDouble(Second::second).toArray();
        XYSeries mean = chart.addSeries("mean latency (ms)", t,
                timeline.stream().mapToDouble(Second::meanMs).toArray());
        mean.setMarker(SeriesMarkers.NONE);
        mean.setLineColor(new Color(0x1f, 0x77, 0xb4));
        XYSeries p99 = chart.addSeries("p99 latency (ms)", t,
                timeline.stream().mapToDouble(Second::p99Ms).toArray());
        p99.setMarker(SeriesMarkers.NONE);
        p99.setLineColor(new Color(0xd6, 0x27, 0x28));
        XYSeries calls = chart.addSeries("back-end calls per second", t,
                timeline.stream().mapToDouble(s -> Math.max(0, s.backendCalls())).toArray());
        calls.setMarker(SeriesMarkers.NONE);
        calls.setLineColor(new Color(0x2c, 0xa0, 0x2c));
        calls.setYAxisGroup(1);
        XYSeries errors = chart.addSeries("errors per second", t,
                timeline.stream().mapToDouble(Second::errors).toArray());
        errors.setMarker(SeriesMarkers.CIRCLE);
        errors.setLineColor(Color.BLACK);
        errors.setMarkerColor(Color.BLACK);
        errors.setYAxisGroup(1);
        chart.setYAxisGroupTitle(1, "per second");
        double down = timeline.stream().filter(s -> !s.redisUp()).mapToDouble(Second::second)
                .min().orElse(-1);
        if (down >= 0) {
            double up = timeline.stream().filter(s -> !s.redisUp())
                    .mapToDouble(Second::second).max().orElse(down);
            double top = timeline.stream().mapToDouble(Second::p99Ms).max().orElse(1);
            double[] x = {down, down, up + 1, up + 1};
            XYSeries band = chart.addSeries("Redis down", x, new double[] {0, top, top, 0});
            band.setMarker(SeriesMarkers.NONE);
            band.setLineColor(Color.GRAY);
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapFormat.PNG);
    }

    String summary() {
        StringBuilder b = new StringBuilder();
        b.append("# Farm experiment\n\n");
        b.append(String.format(Locale.ROOT, "%d portal JVMs (own caches, or with `sharedTier: "
                + "redis://...`) in front of one back-end (delay %d ms per call); %d closed-loop "
                + "clients, round robin over the nodes, queries from Zipf beta %.2f over %d; "
                + "%,d requests per configuration from cold caches; a page calls doGoogleSearch "
                + "and doSpellingSuggestion, both `value: events`, ttl 1h. Started %s on %d "
                + "processors.%n%n", options.nodes(), options.delayMs(), options.clients(),
                options.beta(), options.queries(), options.requests(), started,
                Runtime.getRuntime().availableProcessors()));
        b.append("| configuration | phase | requests | errors | req/s | mean ms | p99 ms | "
                + "back-end calls | per 10,000 | L1 hit | L2 hit (of L1 misses) | hit | "
                + "load avg |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Phase p : phases) {
            b.append(String.format(Locale.ROOT, "| %s | %s | %,d | %d | %.0f | %.2f | %.2f | "
                    + "%,d | %.0f | %.3f | %.3f | %.3f | %.1f-%.1f |%n", p.config(), p.phase(),
                    p.requests(), p.errors(), p.throughput(), p.meanMs(), p.p99Ms(),
                    p.backendSearch() + p.backendSpelling(), p.backendCallsPer10k(),
                    p.l1HitRatio(), p.l2HitRatio(), p.hitRatio(), p.loadAverageStart(),
                    p.loadAverageEnd()));
        }
        Optional<Phase> single = phase("single", "farm");
        Optional<Phase> independent = phase("independent", "farm");
        Optional<Phase> shared = phase("shared", "farm");
        if (single.isPresent() && independent.isPresent() && shared.isPresent()) {
            double one = single.get().backendCallsPer10k();
            b.append(String.format(Locale.ROOT, "%nBack-end calls relative to one node alone: "
                    + "independent caches %.2f×, shared tier %.2f× (target ≤ 1.1×).%n",
                    independent.get().backendCallsPer10k() / one,
                    shared.get().backendCallsPer10k() / one));
        }
        if (!probes.isEmpty()) {
            b.append("\n| page (one client, idle farm) | pages | mean ms | p50 ms | p99 ms |\n"
                    + "|---|---:|---:|---:|---:|\n");
            for (Probe p : probes) {
                b.append(String.format(Locale.ROOT, "| %s | %d | %.2f | %.2f | %.2f |%n",
                        p.kind(), p.pages(), p.meanMs(), p.p50Ms(), p.p99Ms()));
            }
            b.append(String.format(Locale.ROOT, "%nThe probe's doGoogleSearch back-end calls: "
                    + "%d for %d pages (one per uncached page).%n", probeSearchCalls,
                    options.probes()));
        }
        if (!failures.isEmpty()) {
            b.append("\nFailures of the driver: ").append(failures).append('\n');
        }
        return b.toString();
    }
}
