package io.github.wscache.benchmarks.report;

import io.github.wscache.benchmarks.AxisEndToEndBenchmark;
import io.github.wscache.benchmarks.KeyMethod;
import io.github.wscache.benchmarks.Representation;
import io.github.wscache.benchmarks.fixtures.Operation;
import io.github.wscache.benchmarks.fixtures.Payloads;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * Reads the JMH JSON of a run and writes {@code summary.md} (tables shaped like paper 001's
 * Tables 6 to 9, ratios to the hand-written copy and to pass-by-reference, the targets measured)
 * and PNG charts, headless.
 *
 * <pre>
 * java -cp benchmarks.jar io.github.wscache.benchmarks.report.Report jmh.json [out-dir]
 *     [--notes notes.md]
 * </pre>
 */
public final class Report {
    /** Table 7 columns: benchmark class and title. */
    private static final String[][] HIT_COLUMNS = {
        {"SpellingHitBenchmark", "Spelling Suggestion"},
        {"CachedPageHitBenchmark", "Cached Page"},
        {"SearchHitBenchmark", "Google Search (ADB)"},
        {"SearchPojoHitBenchmark", "Google Search (POJO)"},
    };
    private static final String[] SIZES = {"10", "100", "1000"};

    private final Results results;
    private final StringBuilder md = new StringBuilder();

    private Report(Results results) {
        this.results = results;
    }

    /**
     * Writes the report.
     *
     * @param args the JMH JSON file, optionally the output directory (default
     *     {@code target/report}) and {@code --notes file} to append a hand-written analysis
     */
    public static void main(String[] args) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<String> positional = new ArrayList<>();
        Path notes = null;
        for (int i = 0; i < args.length; i++) {
            if ("--notes".equals(args[i]) && i + 1 < args.length) {
                notes = Path.of(args[++i]);
            } else {
                positional.add(args[i]);
            }
        }
        List<Path> jsons = new ArrayList<>();
        Path out = Path.of("target/report");
        for (String a : positional) {
            if (a.endsWith(".json")) {
                jsons.add(Path.of(a));
            } else {
                out = Path.of(a);
            }
        }
        if (jsons.isEmpty()) {
            throw new IllegalArgumentException(
                    "usage: Report <jmh.json>... [out-dir] [--notes notes.md]");
        }
        write(jsons, out, notes);
    }

    /** Writes {@code summary.md} and the charts for {@code json} into {@code out}. */
    public static void write(Path json, Path out, Path notes) throws IOException {
        write(List.of(json), out, notes);
    }

    /**
     * Writes {@code summary.md} and the charts for the cells of several runs (for a suite run
     * separately) into {@code out}; the header names every file.
     */
    public static void write(List<Path> jsons, Path out, Path notes) throws IOException {
        write(jsons, out, notes, MemoryTable.markdown());
    }

    /**
     * As {@link #write(List, Path, Path)}, with the memory tables ({@link MemoryTable#markdown()})
     * already computed: JOL's walk reaches every class the JVM has loaded through the
     * {@code Class} a key names, so a JVM that has just run the benchmark cells (the smoke test
     * runs them in its own JVM) takes several times longer over it than a fresh one.
     */
    public static void write(List<Path> jsons, Path out, Path notes, String memory)
            throws IOException {
        System.setProperty("java.awt.headless", "true");
        Files.createDirectories(out);
        Report r = new Report(Results.read(jsons));
        r.header(jsons);
        r.targets();
        r.keys(out);
        r.hits(out);
        r.scaling(out);
        r.throughput(out);
        r.endToEnd(out);
        r.md.append("\n## Memory (Tables 8 and 9), measured with JOL\n\n");
        r.md.append(memory);
        if (notes != null) {
            r.md.append("\n## Notes\n\n").append(Files.readString(notes));
        }
        Files.writeString(out.resolve("summary.md"), r.md.toString(), StandardCharsets.UTF_8);
    }

    private void header(List<Path> jsons) {
        md.append("# wscache benchmarks: paper 001 Tables 6 to 9\n\n");
        md.append("| | |\n|---|---|\n");
        md.append("| Date | ").append(LocalDate.now()).append(" |\n");
        md.append("| Machine | ").append(cpuModel()).append(", ")
                .append(Runtime.getRuntime().availableProcessors()).append(" cores |\n");
        md.append("| JDK | ").append(results.runInfo("jdkVersion")).append(", ")
                .append(results.runInfo("vmName")).append(' ')
                .append(results.runInfo("vmVersion")).append(" |\n");
        md.append("| JMH | ").append(results.runInfo("jmhVersion")).append(", forks ")
                .append(results.runInfo("forks")).append(", warm-up ")
                .append(results.runInfo("warmupIterations")).append(" x ")
                .append(results.runInfo("warmupTime")).append(", measurement ")
                .append(results.runInfo("measurementIterations")).append(" x ")
                .append(results.runInfo("measurementTime")).append(" |\n");
        md.append("| StAX | ").append(Payloads.staxImplementation()).append(" |\n");
        md.append("| Raw results |");
        for (Path json : jsons) {
            md.append(" `").append(out(json)).append('`');
        }
        md.append(" |\n\n");
        md.append("Absolute numbers vary by machine; compare ratios. Times are ns per operation "
                + "(mean, ± the 99.9% confidence half-width JMH reports).\n");
    }

    private void targets() {
        md.append("\n## Targets\n\n| Target | Measured | Verdict |\n|---|---|---|\n");
        double auto = results.score("SearchHitBenchmark", "hit", "representation", "AUTO");
        double hand = results.score("SearchHitBenchmark", "hit", "representation", "HAND_COPY");
        double kryo = results.score("SearchHitBenchmark", "hit", "representation", "KRYO_COPY");
        double cloning = results.score("SearchHitBenchmark", "hit", "representation", "CLONING");
        target("auto copier on GoogleSearchResult (ADB) within 1.5x of the hand-written copy",
                String.format(Locale.ROOT, "%.2fx (%s vs %s ns); Kryo copy() %.1fx, cloning "
                        + "%.1fx", auto / hand, num(auto), num(hand), kryo / hand,
                        cloning / hand), auto / hand <= 1.5,
                String.format(Locale.ROOT, "missed by %.2fx", auto / hand / 1.5));
        for (String[] col : new String[][] {{"SpellingHitBenchmark", "doSpellingSuggestion"},
            {"CachedPageHitBenchmark", "doGetCachedPage"}, {"SearchHitBenchmark",
                "doGoogleSearch"}}) {
            // the target's baseline is what the stub does with the bytes of an xml hit (Axiom's
            // SOAP model, then ADB); re-parsing with StAX straight into ADB is shown beside it
            double axiom = results.score(col[0], "hit", "representation", "XML_AXIOM");
            double xml = results.score(col[0], "hit", "representation", "XML");
            double events = results.score(col[0], "hit", "representation", "EVENTS");
            target("events replay into ADB >= 20x faster than bytes -> Axiom -> ADB (" + col[1]
                    + ")", String.format(Locale.ROOT, "%.1fx (%s vs %s ns); against bytes -> "
                            + "StAX -> ADB without Axiom %.1fx (%s ns)", axiom / events,
                            num(axiom), num(events), xml / events, num(xml)),
                    axiom / events >= 20,
                    String.format(Locale.ROOT, "missed: %.1fx of the 20x", axiom / events));
        }
        // through the stub: what the cache itself costs shows against the floor sender, which
        // answers with the same Axiom calls but has no key, no lookup and no statistics
        double xmlHit = results.score("AxisEndToEndBenchmark", "call", "cell", "SEARCH_XML");
        double eventsHit = results.score("AxisEndToEndBenchmark", "call", "cell",
                "SEARCH_EVENTS");
        double floor = results.score("AxisEndToEndBenchmark", "call", "cell",
                "SEARCH_EVENTS_FLOOR");
        target("events hit >= 15x faster than an xml hit through the stub (doGoogleSearch)",
                String.format(Locale.ROOT, "%.1fx (%s vs %s us); with no cache cost at all "
                        + "(floor sender, %s us) %.1fx", xmlHit / eventsHit, num(xmlHit),
                        num(eventsHit), num(floor), xmlHit / floor), xmlHit / eventsHit >= 15,
                String.format(Locale.ROOT, "missed: %.1fx of the 15x", xmlHit / eventsHit));
        double key = results.score("KeyBenchmark", "key", "operation", "SEARCH", "method",
                "AUTO");
        target("auto key for doGoogleSearch under 50 ns", num(key) + " ns", key < 50,
                String.format(Locale.ROOT, "missed by %.1fx", key / 50));
        Map<String, long[]> memory = MemoryTable.values();
        long[] xml = memory.get("XML message (envelope bytes)");
        long[] events = memory.get("Events recording (JOL)");
        for (Operation op : Operation.values()) {
            int i = op.ordinal();
            target("events recording no larger than the XML bytes (" + op.operationName() + ")",
                    String.format(Locale.ROOT, "%,d vs %,d bytes (%.2fx)", events[i], xml[i],
                            (double) events[i] / xml[i]), events[i] <= xml[i],
                    String.format(Locale.ROOT, "missed by %.0f%%",
                            100.0 * events[i] / xml[i] - 100));
        }
    }

    private void target(String what, String measured, boolean met, String miss) {
        boolean missing = measured.contains("NaN") || measured.startsWith("n/a");
        md.append("| ").append(what).append(" | ").append(measured).append(" | ")
                .append(missing ? "not measured in this run" : met ? "met" : "**" + miss + "**")
                .append(" |\n");
    }

    private void keys(Path out) throws IOException {
        md.append("\n## Cache key generation (Table 6), ns/op\n\n");
        md.append("Whole `CacheKey` (hash included) from an invocation built beforehand. "
                + "Rows \"bean\" take the ADB request bean as the one parameter.\n\n");
        md.append("| (ns) |");
        for (Operation op : Operation.values()) {
            md.append(' ').append(op.title()).append(" |");
        }
        md.append("\n|---").append("|---:".repeat(Operation.values().length)).append("|\n");
        Map<String, Double[]> chart = new LinkedHashMap<>();
        for (KeyMethod m : KeyMethod.values()) {
            md.append("| ").append(m.title()).append(m == KeyMethod.KRYO ? " (outside)" : "");
            Double[] series = new Double[Operation.values().length];
            for (Operation op : Operation.values()) {
                Results.Cell c = results.find("KeyBenchmark", "key", "operation", op.name(),
                        "method", m.name()).orElse(null);
                md.append(" | ").append(cell(c));
                series[op.ordinal()] = c == null ? null : c.score;
            }
            md.append(" |\n");
            chart.put(m.title(), series);
        }
        List<String> categories = new ArrayList<>();
        for (Operation op : Operation.values()) {
            categories.add(op.title());
        }
        bar(out.resolve("keys.png"), "Cache key generation (Table 6)", categories, chart);
        md.append("\n![keys](keys.png)\n");
    }

    private void hits(Path out) throws IOException {
        md.append("\n## Cached-data retrieval on a hit (Table 7), ns/op\n\n");
        md.append("Rows above the line are wscache representations (through its copiers and "
                + "XmlRecording); rows below are outside reference points. n/a: the "
                + "representation does not apply to the value (a String has no reflective "
                + "copy; ADB beans are not Serializable and have no deep clone; the POJO "
                + "mirror has no XML form of its own).\n\n");
        StringBuilder ratioHand = new StringBuilder();
        StringBuilder ratioRef = new StringBuilder();
        String head = headerRow();
        md.append(head);
        ratioHand.append(head);
        ratioRef.append(head);
        Map<String, Double[]> chart = new LinkedHashMap<>();
        boolean line = false;
        for (Representation r : Representation.values()) {
            if (!r.isWscache() && !line) {
                String sep = "| *outside reference points* |" + " |".repeat(HIT_COLUMNS.length)
                        + "\n";
                md.append(sep);
                ratioHand.append(sep);
                ratioRef.append(sep);
                line = true;
            }
            md.append("| ").append(r.title());
            ratioHand.append("| ").append(r.title());
            ratioRef.append("| ").append(r.title());
            Double[] series = new Double[HIT_COLUMNS.length];
            for (int i = 0; i < HIT_COLUMNS.length; i++) {
                String cls = HIT_COLUMNS[i][0];
                Results.Cell c = results.find(cls, "hit", "representation", r.name())
                        .orElse(null);
                md.append(" | ").append(cell(c));
                double hand = results.score(cls, "hit", "representation", "HAND_COPY");
                double ref = results.score(cls, "hit", "representation", "REFERENCE");
                ratioHand.append(" | ").append(ratio(c, hand));
                ratioRef.append(" | ").append(ratio(c, ref));
                series[i] = c == null ? null : c.score;
            }
            md.append(" |\n");
            ratioHand.append(" |\n");
            ratioRef.append(" |\n");
            chart.put(r.title(), series);
        }
        md.append("\n### Ratio to the hand-written deep copy (1.00 = the floor)\n\n")
                .append(ratioHand)
                .append("\n### Ratio to pass-by-reference\n\n").append(ratioRef);
        List<String> categories = new ArrayList<>();
        for (String[] col : HIT_COLUMNS) {
            categories.add(col[1]);
        }
        bar(out.resolve("hits.png"), "Cached-data retrieval on a hit (Table 7)", categories,
                chart);
        md.append("\n![hits](hits.png)\n");
    }

    private void scaling(Path out) throws IOException {
        md.append("\n## Hit cost as the result grows (ADB GoogleSearchResult), ns/op\n\n");
        md.append("| (ns) | 10 elements | 100 elements | 1,000 elements | 1,000 / 100 "
                + "(10 = linear) |\n|---|---:|---:|---:|---:|\n");
        XYChart chart = new XYChartBuilder().width(800).height(500)
                .title("Hit cost vs ResultElements").xAxisTitle("ResultElements")
                .yAxisTitle("ns/op").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        for (String rep : new String[] {"AUTO", "HAND_COPY", "KRYO_COPY", "EVENTS", "XML"}) {
            md.append("| ").append(Representation.valueOf(rep).title());
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (String n : SIZES) {
                Results.Cell c = results.find("ScalingCopyBenchmark", "hit", "elements", n,
                        "representation", rep).orElse(null);
                md.append(" | ").append(cell(c));
                if (c != null) {
                    xs.add(Double.valueOf(n));
                    ys.add(c.score);
                }
            }
            double growth = results.score("ScalingCopyBenchmark", "hit", "elements", "1000",
                    "representation", rep) / results.score("ScalingCopyBenchmark", "hit",
                    "elements", "100", "representation", rep);
            md.append(" | ").append(fixed(growth)).append(" |\n");
            if (!xs.isEmpty()) {
                chart.addSeries(Representation.valueOf(rep).title(), xs, ys);
            }
        }
        if (!chart.getSeriesMap().isEmpty()) {
            BitmapEncoder.saveBitmap(chart, out.resolve("scaling.png").toString(),
                    BitmapEncoder.BitmapFormat.PNG);
            md.append("\n![scaling](scaling.png)\n");
        }
    }

    private void throughput(Path out) throws IOException {
        md.append("\n## Whole hits through ResponseCache.call, doGoogleSearch (ADB), ops/us\n\n");
        md.append("| value | 1 thread | 2 threads | 2 / 1 |\n|---|---:|---:|---:|\n");
        Map<String, Double[]> chart = new LinkedHashMap<>();
        for (String v : new String[] {"AUTO", "REFERENCE", "SERIALIZATION"}) {
            Results.Cell one = results.find("HitThroughputBenchmark", "oneThread", "value", v)
                    .orElse(null);
            Results.Cell two = results.find("HitThroughputBenchmark", "twoThreads", "value", v)
                    .orElse(null);
            String label = v.toLowerCase(Locale.ROOT)
                    + (v.equals("REFERENCE") ? " (readOnly)" : "");
            md.append("| ").append(label).append(" | ").append(cell(one)).append(" | ")
                    .append(cell(two)).append(" | ")
                    .append(one == null || two == null ? "n/a" : fixed(two.score / one.score))
                    .append(" |\n");
            Double[] pair = {one == null ? null : one.score, two == null ? null : two.score};
            chart.put(label, pair);
        }
        bar(out.resolve("throughput.png"), "ResponseCache hits, doGoogleSearch (ops/us)",
                List.of("1 thread", "2 threads"), chart);
        md.append("\n![throughput](throughput.png)\n");
    }

    private void endToEnd(Path out) throws IOException {
        md.append("\n## End to end through Axis2 (packed ADB stub, GoogleServer on loopback in "
                + "the same JVM), us/op\n\n");
        if (results.cells.stream().noneMatch(c -> c.benchmark.equals("AxisEndToEndBenchmark"))) {
            md.append("Not part of this run.\n");
            return;
        }
        StringBuilder table = new StringBuilder("| (us) |");
        StringBuilder speedUp = new StringBuilder("| |");
        for (Operation op : Operation.values()) {
            table.append(' ').append(op.title()).append(" |");
            speedUp.append(' ').append(op.title()).append(" |");
        }
        String rule = "\n|---" + "|---:".repeat(Operation.values().length) + "|\n";
        table.append(rule);
        speedUp.append(rule);
        Map<String, Double[]> chart = new LinkedHashMap<>();
        for (AxisEndToEndBenchmark.Path p : AxisEndToEndBenchmark.Path.values()) {
            table.append("| ").append(p.title());
            speedUp.append("| ").append(p.title());
            Double[] series = new Double[Operation.values().length];
            for (Operation op : Operation.values()) {
                Results.Cell c = endToEndCell(op, p);
                Results.Cell uncached = endToEndCell(op, p.misses()
                        ? AxisEndToEndBenchmark.Path.UNIQUE_UNCACHED
                        : AxisEndToEndBenchmark.Path.UNCACHED);
                table.append(" | ").append(cell(c));
                speedUp.append(" | ").append(c == null || uncached == null ? "n/a"
                        : fixed(uncached.score / c.score) + "x");
                series[op.ordinal()] = c == null ? null : c.score;
            }
            table.append(" |\n");
            speedUp.append(" |\n");
            chart.put(p.title(), series);
        }
        md.append(table).append("\nSpeed-up over the uncached call (for the miss cells: over "
                + "the uncached call with a new query each time; below 1x a miss costs more than "
                + "no cache):\n\n").append(speedUp)
                .append("\nn/a: doGetCachedPage has no object-level cell (its DataHandler "
                        + "result is not copyable; the caching stub passes the call on).\n");
        List<String> categories = new ArrayList<>();
        for (Operation op : Operation.values()) {
            categories.add(op.title());
        }
        bar(out.resolve("end-to-end.png"), "End to end through Axis2 (us/op)", categories,
                chart);
        md.append("\n![end to end](end-to-end.png)\n");
    }

    private Results.Cell endToEndCell(Operation op, AxisEndToEndBenchmark.Path path) {
        for (AxisEndToEndBenchmark.Cell c : AxisEndToEndBenchmark.Cell.values()) {
            if (c.operation() == op && c.path() == path) {
                return results.find("AxisEndToEndBenchmark", "call", "cell", c.name())
                        .orElse(null);
            }
        }
        return null;
    }

    private static String out(Path json) {
        Path parent = json.getParent();
        return parent == null || parent.getFileName() == null ? json.getFileName().toString()
                : parent.getFileName() + "/" + json.getFileName();
    }

    private static String headerRow() {
        StringBuilder sb = new StringBuilder("| |");
        for (String[] col : HIT_COLUMNS) {
            sb.append(' ').append(col[1]).append(" |");
        }
        sb.append("\n|---").append("|---:".repeat(HIT_COLUMNS.length)).append("|\n");
        return sb.toString();
    }

    private static void bar(Path file, String title, List<String> categories,
            Map<String, Double[]> series) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(1000).height(560).title(title)
                .yAxisTitle(title.contains("ops/us") ? "ops/us (log scale)"
                        : title.contains("us/op") ? "us/op (log scale)" : "ns/op (log scale)")
                .build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setOverlapped(false);
        int added = 0;
        double min = Double.MAX_VALUE;
        for (Map.Entry<String, Double[]> e : series.entrySet()) {
            List<String> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (int i = 0; i < categories.size(); i++) {
                Double v = e.getValue()[i];
                xs.add(categories.get(i));
                ys.add(v == null || v <= 0 ? null : v);
                if (v != null && v > 0) {
                    min = Math.min(min, v);
                }
            }
            if (ys.stream().anyMatch(v -> v != null)) {
                chart.addSeries(e.getKey(), xs, ys);
                added++;
            }
        }
        if (added > 0) {
            // bars start at the axis minimum; a log axis cannot start at zero
            chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(min))));
            BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        }
    }

    private static String cell(Results.Cell c) {
        if (c == null) {
            return "n/a";
        }
        return Double.isNaN(c.error) ? num(c.score) : num(c.score) + " ± " + num(c.error);
    }

    private static String ratio(Results.Cell c, double base) {
        return c == null || Double.isNaN(base) ? "n/a" : fixed(c.score / base);
    }

    private static String fixed(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.2f", v);
    }

    static String num(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        if (v < 10) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        if (v < 1000) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, "%,.0f", v);
    }

    private static String cpuModel() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (l.startsWith("model name")) {
                    return l.substring(l.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall through
        }
        return System.getProperty("os.arch");
    }
}
