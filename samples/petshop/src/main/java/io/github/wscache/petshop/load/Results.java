package io.github.wscache.petshop.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Writes the results of a load session: {@code summary.csv} (one row per run),
 * {@code pages.csv} (one row per run and page) and PNG charts after the paper's figures:
 * Figure 9 (response time vs users at the main RTT), Figure 10 (per request class), Figure 11
 * (origin CPU per request, standing in for server utilisation), Figure 12 (response time vs
 * network latency) and, when the plan varies the workload, Figure 13 (response time vs the
 * share of cacheable requests). Charts are drawn headless.
 */
final class Results {

    static final String SUMMARY = "summary.csv";
    static final String PAGES = "pages.csv";
    static final String FIG9 = "fig9-response-time-vs-users";
    static final String FIG10 = "fig10-response-time-per-class";
    static final String FIG11 = "fig11-origin-cpu-per-request";
    static final String FIG12 = "fig12-response-time-vs-latency";
    static final String FIG13 = "fig13-response-time-vs-hit-ratio";
    static final String HOSTING = "hosting-strategies.csv";
    static final String HOSTING_ROUNDS = "hosting-rounds.csv";

    private Results() {
    }

    static void write(Path dir, List<RunResult> runs, long mainRtt) {
        System.setProperty("java.awt.headless", "true");
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(SUMMARY), summaryCsv(runs), StandardCharsets.UTF_8);
            Files.writeString(dir.resolve(PAGES), pagesCsv(runs), StandardCharsets.UTF_8);
            // Figures 9 to 12 use Table 3's workload; Figure 13 varies it
            List<RunResult> table3 = runs.stream()
                    .filter(r -> r.cacheableShare() == Workload.TABLE_3_CACHEABLE).toList();
            save(fig9(table3, mainRtt), dir.resolve(FIG9));
            save(fig10(table3, mainRtt), dir.resolve(FIG10));
            save(fig11(table3, mainRtt), dir.resolve(FIG11));
            save(fig12(table3), dir.resolve(FIG12));
            if (runs.stream().anyMatch(r -> r.cacheableShare() != Workload.TABLE_3_CACHEABLE)) {
                save(fig13(runs, mainRtt), dir.resolve(FIG13));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String summaryCsv(List<RunResult> runs) {
        StringBuilder out = new StringBuilder("deployment,rtt_ms,users,seconds,requests,errors,"
                + "throughput_rps,mean_ms,p50_ms,p95_ms,p99_ms,classA_n,classA_mean_ms,"
                + "classB_n,classB_mean_ms,classC_n,classC_mean_ms,origin_requests,"
                + "origin_requests_per_user_request,origin_cpu_ms,origin_cpu_ms_per_request,"
                + "fragment_hit_ratio,cacheable_share,edge_filtered_share\n");
        for (RunResult r : runs) {
            out.append(String.join(",", r.deployment(), Long.toString(r.rttMillis()),
                    Integer.toString(r.users()), f(r.seconds()), Long.toString(r.requests()),
                    Long.toString(r.errors()), f(r.throughput()), f(r.all().mean()),
                    f(r.all().p50()), f(r.all().p95()), f(r.all().p99()),
                    Long.toString(r.classA().count()), f(r.classA().mean()),
                    Long.toString(r.classB().count()), f(r.classB().mean()),
                    Long.toString(r.classC().count()), f(r.classC().mean()),
                    Long.toString(r.originRequests()),
                    f(r.requests() == 0 ? 0 : (double) r.originRequests() / r.requests()),
                    f(r.originCpuMillis()),
                    f(r.requests() == 0 ? 0 : r.originCpuMillis() / r.requests()),
                    f(r.fragmentHitRatio()), f(r.cacheableShare()),
                    Double.isNaN(r.filteredShare()) ? "" : f(r.filteredShare())))
                    .append('\n');
        }
        return out.toString();
    }

    static void writeHosting(Path dir, List<PetShopLoad.HostingResult> rows) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(HOSTING), hostingCsv(rows), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every round of the hosting comparison, in the order measured. */
    static void writeHostingRounds(Path dir, List<PetShopLoad.HostingResult> rows) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(HOSTING_ROUNDS), hostingCsv(rows),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String hostingCsv(List<PetShopLoad.HostingResult> rows) {
        StringBuilder out = new StringBuilder("scope,remoting_name,round,rtt_ms,users,"
                + "throughput_rps,mean_ms,p99_ms,errors,origin_cpu_ms_per_request,"
                + "origin_requests_per_user_request,service_objects,heap_after_gc_mb\n");
        for (PetShopLoad.HostingResult r : rows) {
            out.append(String.join(",", r.scope().axis2Name(), r.scope().remotingName(),
                    Integer.toString(r.round()), Long.toString(r.rttMillis()),
                    Integer.toString(r.users()),
                    f(r.throughput()), f(r.meanMillis()), f(r.p99Millis()),
                    Long.toString(r.errors()), f(r.originCpuMillisPerRequest()),
                    f(r.originRequestsPerRequest()), Long.toString(r.serviceObjects()),
                    f(r.heapAfterGcMb()))).append('\n');
        }
        return out.toString();
    }

    /** The hosting-strategy comparison as a text table (the paper's Table 1 and more). */
    static String hostingTable(List<PetShopLoad.HostingResult> rows) {
        StringBuilder out = new StringBuilder();
        if (!rows.isEmpty()) {
            out.append(String.format(Locale.ROOT, "Hosting strategies (Fremoting, %d users,"
                    + " WAN RTT %d ms)%n", rows.get(0).users(), rows.get(0).rttMillis()));
        }
        out.append(String.format(Locale.ROOT, "%-12s %-11s %9s %9s %9s %12s %9s %9s%n",
                "scope", "remoting", "req/s", "mean ms", "p99 ms", "CPU ms/req", "objects",
                "heap MB"));
        for (PetShopLoad.HostingResult r : rows) {
            out.append(String.format(Locale.ROOT,
                    "%-12s %-11s %9.1f %9.1f %9.1f %12.3f %9d %9.0f%n", r.scope().axis2Name(),
                    r.scope().remotingName(), r.throughput(), r.meanMillis(), r.p99Millis(),
                    r.originCpuMillisPerRequest(), r.serviceObjects(), r.heapAfterGcMb()));
        }
        return out.toString();
    }

    /** Mean response time per deployment and user count at the main RTT, as a text table. */
    static String summaryTable(List<RunResult> runs, long mainRtt) {
        StringBuilder out = new StringBuilder();
        for (RunResult r : runs) {
            out.append(String.format(Locale.ROOT,
                    "%-10s rtt %4d ms  users %3d  %7.1f req/s  mean %7.1f ms  p99 %7.1f ms"
                    + "  origin CPU %.3f ms/req%n", r.deployment(), r.rttMillis(), r.users(),
                    r.throughput(), r.all().mean(), r.all().p99(),
                    r.requests() == 0 ? 0 : r.originCpuMillis() / r.requests()));
        }
        return out.toString();
    }

    static String pagesCsv(List<RunResult> runs) {
        StringBuilder out = new StringBuilder(
                "deployment,rtt_ms,users,page,class,count,mean_ms,p50_ms,p95_ms,max_ms\n");
        for (RunResult r : runs) {
            for (RunResult.PageStats p : r.pages()) {
                RunResult.Stats s = p.stats();
                out.append(String.join(",", r.deployment(), Long.toString(r.rttMillis()),
                        Integer.toString(r.users()), p.page(), p.requestClass().name(),
                        Long.toString(s.count()), f(s.mean()), f(s.p50()), f(s.p95()),
                        f(s.max()))).append('\n');
            }
        }
        return out.toString();
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /**
     * Reads back the runs a session wrote to {@code dir} ({@link #SUMMARY} and {@link #PAGES}),
     * as far as the files keep them: percentiles other than p50, p95 and p99, and the class
     * percentiles, are NaN. Pages are given back to their runs in order (a run's pages follow
     * each other, each page once).
     */
    static List<RunResult> read(Path dir) throws IOException {
        List<String> summary = Files.readAllLines(dir.resolve(SUMMARY), StandardCharsets.UTF_8);
        List<String> pages = Files.exists(dir.resolve(PAGES))
                ? Files.readAllLines(dir.resolve(PAGES), StandardCharsets.UTF_8) : List.of();
        List<RunResult> runs = new ArrayList<>();
        int page = 1;
        for (String line : summary.subList(1, summary.size())) {
            String[] c = line.split(",", -1);
            List<RunResult.PageStats> own = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            while (page < pages.size()) {
                String[] p = pages.get(page).split(",", -1);
                if (!p[0].equals(c[0]) || !p[1].equals(c[1]) || !p[2].equals(c[2])
                        || !seen.add(p[3])) {
                    break;
                }
                own.add(new RunResult.PageStats(p[3], RequestClass.valueOf(p[4]),
                        new RunResult.Stats(Long.parseLong(p[5]), d(p[6]), d(p[7]), d(p[8]),
                                Double.NaN, d(p[9]))));
                page++;
            }
            long requests = Long.parseLong(c[4]);
            runs.add(new RunResult(c[0], Long.parseLong(c[1]), Integer.parseInt(c[2]), d(c[3]),
                    requests, Long.parseLong(c[5]), d(c[6]),
                    new RunResult.Stats(requests, d(c[7]), d(c[8]), d(c[9]), d(c[10]),
                            Double.NaN),
                    classStats(c[11], c[12]), classStats(c[13], c[14]),
                    classStats(c[15], c[16]), own, Long.parseLong(c[17]), d(c[19]), d(c[21]),
                    d(c[22]), c[23].isEmpty() ? Double.NaN : d(c[23]), Map.of()));
        }
        return runs;
    }

    private static RunResult.Stats classStats(String count, String mean) {
        return new RunResult.Stats(Long.parseLong(count), d(mean), Double.NaN, Double.NaN,
                Double.NaN, Double.NaN);
    }

    private static double d(String s) {
        return Double.parseDouble(s);
    }

    private static List<String> deployments(List<RunResult> runs) {
        return runs.stream().map(RunResult::deployment).distinct().toList();
    }

    private static XYChart fig9(List<RunResult> runs, long rtt) {
        XYChart chart = new XYChartBuilder().width(800).height(500)
                .title("Response time vs number of users (WAN RTT " + rtt + " ms)")
                .xAxisTitle("concurrent users").yAxisTitle("mean response time (ms)").build();
        for (String d : deployments(runs)) {
            List<RunResult> rs = runs.stream().filter(r -> r.deployment().equals(d)
                    && r.rttMillis() == rtt).sorted(Comparator.comparingInt(RunResult::users))
                    .toList();
            if (!rs.isEmpty()) {
                chart.addSeries(d, rs.stream().mapToDouble(RunResult::users).toArray(),
                        rs.stream().mapToDouble(r -> r.all().mean()).toArray());
            }
        }
        return chart;
    }

    private static XYChart fig11(List<RunResult> runs, long rtt) {
        XYChart chart = new XYChartBuilder().width(800).height(500)
                .title("Origin CPU per user request vs throughput (WAN RTT " + rtt + " ms)")
                .xAxisTitle("throughput (requests/s)").yAxisTitle("origin CPU (ms per request)")
                .build();
        for (String d : deployments(runs)) {
            List<RunResult> rs = runs.stream().filter(r -> r.deployment().equals(d)
                    && r.rttMillis() == rtt && r.requests() > 0)
                    .sorted(Comparator.comparingDouble(RunResult::throughput)).toList();
            if (!rs.isEmpty()) {
                chart.addSeries(d, rs.stream().mapToDouble(RunResult::throughput).toArray(),
                        rs.stream().mapToDouble(r -> r.originCpuMillis() / r.requests())
                                .toArray());
            }
        }
        return chart;
    }

    private static CategoryChart fig10(List<RunResult> runs, long rtt) {
        int users = runs.stream().filter(r -> r.rttMillis() == rtt).mapToInt(RunResult::users)
                .min().orElse(0);
        CategoryChart chart = new CategoryChartBuilder().width(800).height(500)
                .title("Mean response time per request class (WAN RTT " + rtt + " ms, "
                        + users + " users)")
                .xAxisTitle("request class").yAxisTitle("mean response time (ms)").build();
        List<String> classes = List.of("A cacheable", "B uncacheable, database",
                "C uncacheable, no database");
        for (String d : deployments(runs)) {
            runs.stream().filter(r -> r.deployment().equals(d) && r.rttMillis() == rtt
                    && r.users() == users).findFirst().ifPresent(r -> {
                        List<Double> y = new ArrayList<>();
                        for (RequestClass c : RequestClass.values()) {
                            y.add(r.byClass(c).mean());
                        }
                        chart.addSeries(d, classes, y);
                    });
        }
        return chart;
    }

    private static CategoryChart fig12(List<RunResult> runs) {
        int users = runs.stream().mapToInt(RunResult::users).min().orElse(0);
        List<Long> rtts = new ArrayList<>(new TreeSet<>(runs.stream()
                .filter(r -> r.users() == users).map(RunResult::rttMillis).toList()));
        CategoryChart chart = new CategoryChartBuilder().width(800).height(500)
                .title("Response time vs network latency (" + users + " users)")
                .xAxisTitle("WAN round-trip time (ms)").yAxisTitle("mean response time (ms)")
                .build();
        for (String d : deployments(runs)) {
            List<String> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (long rtt : rtts) {
                runs.stream().filter(r -> r.deployment().equals(d) && r.rttMillis() == rtt
                        && r.users() == users).findFirst().ifPresent(r -> {
                            x.add(Long.toString(rtt));
                            y.add(r.all().mean());
                        });
            }
            if (!x.isEmpty()) {
                chart.addSeries(d, x, y);
            }
        }
        return chart;
    }

    private static CategoryChart fig13(List<RunResult> runs, long rtt) {
        int users = runs.stream().filter(r -> r.rttMillis() == rtt
                && r.cacheableShare() != Workload.TABLE_3_CACHEABLE).mapToInt(RunResult::users)
                .min().orElse(0);
        List<Double> shares = new ArrayList<>(new TreeSet<>(runs.stream()
                .filter(r -> r.rttMillis() == rtt && r.users() == users)
                .map(RunResult::cacheableShare).toList()).descendingSet());
        CategoryChart chart = new CategoryChartBuilder().width(800).height(500)
                .title("Response time vs share of cacheable requests (WAN RTT " + rtt + " ms, "
                        + users + " users)")
                .xAxisTitle("cacheable (class A) share of the workload")
                .yAxisTitle("mean response time (ms)").build();
        for (String d : deployments(runs)) {
            List<String> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (double share : shares) {
                runs.stream().filter(r -> r.deployment().equals(d) && r.rttMillis() == rtt
                        && r.users() == users && r.cacheableShare() == share).findFirst()
                        .ifPresent(r -> {
                            x.add(Math.round(share * 100) + " %");
                            y.add(r.all().mean());
                        });
            }
            if (!x.isEmpty()) {
                chart.addSeries(d, x, y);
            }
        }
        return chart;
    }

    private static void save(Chart<?, ?> chart, Path file) throws IOException {
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapFormat.PNG);
    }
}
