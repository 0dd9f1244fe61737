package io.github.wscache.portal.load;

import io.github.wscache.core.copy.CopierRegistry;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.portal.Representations;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Writes the load results: {@code results.csv}, PNG charts and {@code summary.md}. */
final class Results {
    private Results() {
    }

    static void write(List<Point> points, PortalLoad.Options o, Duration took)
            throws IOException {
        Files.createDirectories(o.out());
        List<String> lines = new ArrayList<>();
        lines.add(Point.csvHeader());
        points.forEach(p -> lines.add(p.csv()));
        Files.write(o.out().resolve("results.csv"), lines);
        for (int clients : o.clients()) {
            String fig = clients == 1 ? "figure3" : clients == 25 ? "figure4"
                    : "clients" + clients;
            chart(points, clients, "throughput (requests/s)", Point::throughput,
                    o.out().resolve(fig + "-throughput.png"));
            chart(points, clients, "mean response time (ms)", Point::meanMs,
                    o.out().resolve(fig + "-mean-response.png"));
            chart(points, clients, "p99 response time (ms)", Point::p99Ms,
                    o.out().resolve(fig + "-p99-response.png"));
        }
        Files.writeString(o.out().resolve("summary.md"), summary(points, o, took));
    }

    private static void chart(List<Point> points, int clients, String what,
            ToDoubleFunction<Point> y, Path file) throws IOException {
        XYChart chart = new XYChartBuilder().width(800).height(500)
                .title(what + " vs cache-hit ratio, " + clients + " concurrent client"
                        + (clients == 1 ? "" : "s"))
                .xAxisTitle("cache-hit ratio (%)").yAxisTitle(what).build();
        chart.getStyler().setXAxisDecimalPattern("0");
        for (String rep : representations(points)) {
            List<Point> ps = points.stream().filter(p -> p.representation().equals(rep)
                    && p.clients() == clients).sorted(Comparator.comparingInt(Point::hitRatio))
                    .toList();
            if (!ps.isEmpty()) {
                XYSeries series = chart.addSeries(rep,
                        ps.stream().mapToDouble(Point::hitRatio).toArray(),
                        ps.stream().mapToDouble(y).toArray());
                series.setMarker(SeriesMarkers.CIRCLE);
                series.setLineColor(color(rep));
                series.setMarkerColor(color(rep));
            }
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapFormat.PNG);
    }

    /** One fixed, distinct colour per representation, the same in every chart. */
    private static Color color(String rep) {
        switch (rep) {
            case "xml":
                return new Color(0x1f, 0x77, 0xb4);
            case "events":
                return new Color(0xff, 0x7f, 0x0e);
            case "serialization":
                return new Color(0x94, 0x67, 0xbd);
            case "reflection":
                return new Color(0x2c, 0xa0, 0x2c);
            case "clone":
                return new Color(0xd6, 0x27, 0x28);
            case "reference":
                return new Color(0x8c, 0x56, 0x4b);
            case "none":
                return Color.BLACK;
            default:
                return Color.GRAY;
        }
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static List<String> representations(List<Point> points) {
        return points.stream().map(Point::representation).distinct().toList();
    }

    static Optional<Point> find(List<Point> points, String rep, int clients, int ratio) {
        return points.stream().filter(p -> p.representation().equals(rep)
                && p.clients() == clients && p.hitRatio() == ratio).findFirst();
    }

    static String summary(List<Point> points, PortalLoad.Options o, Duration took) {
        StringBuilder b = new StringBuilder();
        b.append("# Portal load results\n\n");
        b.append(String.format(Locale.ROOT, "Representations %s; clients %s; hit ratios %s %%; "
                + "warm-up %d ms and measurement %d ms per point; back-end delay %d ms; "
                + "minUses %d; run took %d s.%n%n", o.representations(), o.clients(),
                o.ratios(), o.warmup().toMillis(), o.measure().toMillis(), o.delayMs(),
                o.minUses(), took.toSeconds()));
        b.append("The representation under test applies to doGoogleSearch and "
                + "doSpellingSuggestion, the two calls of a results page.\n\n");
        b.append("What the cache does with doGoogleSearch's result "
                + "(`DoGoogleSearchResponse`) per representation:\n\n");
        Policy base = PortalLoad.basePolicy(o.minUses());
        // each point's portal builds its cache without registrations: a new, empty registry
        CopierRegistry copiers = CopierRegistry.create();
        for (String rep : o.representations()) {
            Policy p = Representations.with(base, "doGoogleSearch", rep);
            OperationPolicy op = p.resolve(Representations.SERVICE, null, "doGoogleSearch");
            b.append("- `").append(rep).append("`: ").append(Representations.strategy(copiers,
                    op, Representations.OPERATIONS.get("doGoogleSearch"))).append('\n');
        }
        b.append("\n| representation | clients | hit ratio % | throughput (req/s) | mean (ms) "
                + "| p99 (ms) | measured hit ratio | errors |\n");
        b.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Point p : points) {
            b.append(String.format(Locale.ROOT, "| %s | %d | %d | %.1f | %.2f | %.2f | %.2f | "
                    + "%d |%n", p.representation(), p.clients(), p.hitRatio(), p.throughput(),
                    p.meanMs(), p.p99Ms(), p.measuredHitRatio(), p.errors()));
        }
        int lo = o.ratios().stream().mapToInt(Integer::intValue).min().orElse(0);
        int hi = o.ratios().stream().mapToInt(Integer::intValue).max().orElse(100);
        b.append(String.format(Locale.ROOT, "%n## %d %% hits versus %d %% hits%n%n", hi, lo));
        b.append("| representation | clients | throughput gain | mean response time "
                + "shortened by | p99 shortened by |\n|---|---:|---:|---:|---:|\n");
        for (String rep : representations(points)) {
            for (int c : o.clients()) {
                Optional<Point> a = find(points, rep, c, lo);
                Optional<Point> z = find(points, rep, c, hi);
                if (a.isPresent() && z.isPresent()) {
                    b.append(String.format(Locale.ROOT, "| %s | %d | %.2f× | %.2f× | %.2f× |%n",
                            rep, c, z.get().throughput() / a.get().throughput(),
                            a.get().meanMs() / z.get().meanMs(),
                            a.get().p99Ms() / z.get().p99Ms()));
                }
            }
        }
        b.append(String.format(Locale.ROOT, "%nAt %d %% hits every representation does the same "
                + "work per page (two misses, two stores; `none`: two calls without the cache), "
                + "so on a noisy machine the median of all %d %% points is a steadier baseline:"
                + "%n%n| representation | clients | throughput gain vs median | mean response "
                + "time shortened by, vs median |%n|---|---:|---:|---:|%n", lo, lo));
        for (int c : o.clients()) {
            int clients = c;
            double[] tp = points.stream().filter(p -> p.clients() == clients
                    && p.hitRatio() == lo).mapToDouble(Point::throughput).sorted().toArray();
            double[] mean = points.stream().filter(p -> p.clients() == clients
                    && p.hitRatio() == lo).mapToDouble(Point::meanMs).sorted().toArray();
            if (tp.length == 0) {
                continue;
            }
            double tpMedian = median(tp);
            double meanMedian = median(mean);
            b.append(String.format(Locale.ROOT, "| (median of the %d %% points) | %d | %.1f req/s "
                    + "| %.2f ms |%n", lo, c, tpMedian, meanMedian));
            for (String rep : representations(points)) {
                find(points, rep, c, hi).ifPresent(z -> b.append(String.format(Locale.ROOT,
                        "| %s | %d | %.2f× | %.2f× |%n", rep, clients,
                        z.throughput() / tpMedian, meanMedian / z.meanMs())));
            }
        }
        b.append("\nPaper's targets (Figure 4, 25 clients, application objects): throughput at "
                + "100 % hits ≥ 5× that at 0 %, response time ≥ 8× shorter.\n");
        return b.toString();
    }
}
