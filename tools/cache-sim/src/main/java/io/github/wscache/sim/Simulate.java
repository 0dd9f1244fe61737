package io.github.wscache.sim;

import io.github.wscache.sim.cluster.ClusterSimulator;
import io.github.wscache.sim.cluster.Scheme;
import io.github.wscache.sim.policy.PolicyType;
import io.github.wscache.sim.report.Charts;
import io.github.wscache.sim.report.Metrics;
import io.github.wscache.sim.report.Table;
import io.github.wscache.sim.trace.SyntheticWorkload;
import io.github.wscache.sim.trace.Trace;
import io.github.wscache.sim.trace.TraceCsv;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The one command behind the site's Simulation page. For the synthetic paper-003 trace, and for
 * every CSV trace given, it replays the trace through every policy ({@link PolicyType}, wscache's
 * own store among them) at cache sizes from 1 % to 50 % of the working set
 * ({@code policies.csv}, {@code dhr.svg}, {@code bhr.svg}, {@code saved-cost.svg}), from an
 * empty cache ({@code coldstart.csv}, {@code coldstart.svg}) and through the cluster schemes with
 * Table 1's parameters, with and without the request timeout ({@code cluster.csv},
 * {@code cluster.svg}); for the synthetic workload it also reproduces Table 3 at the paper's
 * lowest and highest request rates ({@code table3.csv}, {@code table3.svg}). Everything also goes
 * to {@code results.json}. A CSV trace's results go to a folder named after the file.
 *
 * <pre>
 * java -cp "$CP" io.github.wscache.sim.Simulate \
 *     [--out target/sim] [--quick] [--requests 1000000] [--seed 42] [--trace trace.csv]...
 * java -cp "$CP" io.github.wscache.sim.Simulate --speed 10000000 [--out target/sim]
 * java -cp "$CP" io.github.wscache.sim.Simulate --spread 10 [--out target/sim]
 * </pre>
 * {@code $CP} is the module's classes and its run-time class path (cache-core, Caffeine; the
 * Simulation page shows how to get it). {@code --quick} replays 200,000 synthetic requests
 * instead of 1,000,000. The first 10 % of the requests are the warm-up left out of the warm
 * metrics. {@code --speed N} only times the replay of N synthetic requests through each policy
 * (a cache of 10 % of the working set) and writes {@code replay-speed.csv}. {@code --spread N}
 * only replays the synthetic trace N times through each policy built on Caffeine, whose
 * admission has a random element, at every cache size, and writes the lowest and highest hit
 * counts ({@code spread.csv}).
 */
public final class Simulate {
    static final double[] SHARES = {0.01, 0.02, 0.05, 0.10, 0.20, 0.30, 0.50};
    static final int COLD_REQUESTS = 20_000;
    static final int COLD_POINTS = 20;
    /** Paper 003's range of request rates (700 to 3,300 per second), for Table 3. */
    static final double[] TABLE3_RATES = {700, 3300};
    /** Table 3 of paper 003: worst and best mean DHR per scheme, in percent. */
    static final double[][] TABLE3_PAPER = {{61.6, 61.6}, {73.6, 81.9}, {67.9, 73.6},
        {79.2, 85.1}, {64.2, 65.3}};
    static final PolicyType[] CLUSTER_POLICIES = {PolicyType.LFU_STAR_AGING, PolicyType.CAFFEINE,
        PolicyType.WSCACHE};
    /** The policies whose runs are not exactly repeatable: Caffeine's random admission. */
    static final PolicyType[] RANDOMIZED = {PolicyType.CAFFEINE, PolicyType.CAFFEINE_COST,
        PolicyType.WSCACHE, PolicyType.WSCACHE_MIN_USES_2};

    private Simulate() {
    }

    /** Runs the study; see the class comment for the options. */
    public static void main(String[] args) throws IOException {
        Path out = Path.of("target/sim");
        int requests = 1_000_000;
        long seed = 42;
        int speed = 0;
        int spread = 0;
        List<Path> traces = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (!option.equals("--quick") && i + 1 >= args.length) {
                throw new IllegalArgumentException("option needs a value: " + option);
            }
            switch (option) {
                case "--out" -> out = Path.of(args[++i]);
                case "--quick" -> requests = 200_000;
                case "--requests" -> requests = Integer.parseInt(args[++i]);
                case "--seed" -> seed = Long.parseLong(args[++i]);
                case "--trace" -> traces.add(Path.of(args[++i]));
                case "--speed" -> speed = Integer.parseInt(args[++i]);
                case "--spread" -> spread = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown option: " + option
                        + " (use --out DIR, --quick, --requests N, --seed S, --trace FILE,"
                        + " --speed N, --spread N)");
            }
        }
        Files.createDirectories(out);
        if (speed > 0) {
            speed(speed, seed, out, System.out);
            return;
        }
        if (spread > 0) {
            spread(SyntheticWorkload.paper003(seed).generate(requests), spread, out, System.out);
            return;
        }
        long start = System.nanoTime();
        Trace synthetic = SyntheticWorkload.paper003(seed).generate(requests);
        run(synthetic, "synthetic paper 003, seed " + seed, out, System.out);
        table3(seed, requests, out, System.out);
        for (Path file : traces) {
            Trace trace;
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                trace = TraceCsv.read(in);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
            }
            String name = file.getFileName().toString().replaceFirst("\\.csv$", "");
            Path dir = out.resolve(name);
            Files.createDirectories(dir);
            run(trace, name + " (" + trace.length() + " requests)", dir, System.out);
        }
        System.out.printf(Locale.ROOT, "done in %.1f s: %s%n", (System.nanoTime() - start) / 1e9,
                out.toAbsolutePath());
    }

    /** Every policy at every size, the cold start and the cluster schemes, for one trace. */
    static void run(Trace trace, String source, Path out, PrintStream log) throws IOException {
        int warmup = trace.length() / 10;
        long workingSet = trace.workingSetBytes();
        PolicyType[] types = PolicyType.values();
        Table policies = new Table("policy", "share_of_working_set", "capacity_bytes",
                "cold_dhr", "warm_dhr", "warm_bhr", "warm_saved_cost");
        double[][] dhr = new double[types.length][SHARES.length];
        double[][] bhr = new double[types.length][SHARES.length];
        double[][] saved = new double[types.length][SHARES.length];
        for (PolicyType type : types) {
            for (int s = 0; s < SHARES.length; s++) {
                long capacity = (long) (workingSet * SHARES[s]);
                Simulator.Result r = Simulator.run(trace, type, capacity,
                        Simulator.PAPER_ADMISSION_THRESHOLD, warmup);
                Metrics warm = r.warm();
                dhr[type.ordinal()][s] = warm.documentHitRatio();
                bhr[type.ordinal()][s] = warm.byteHitRatio();
                saved[type.ordinal()][s] = warm.savedCostRatio();
                policies.row(type.name(), SHARES[s], capacity, r.cold().documentHitRatio(),
                        warm.documentHitRatio(), warm.byteHitRatio(), warm.savedCostRatio());
                log.printf(Locale.ROOT, "%-18s %4.0f%% %s%n", type.name(), SHARES[s] * 100,
                        warm);
            }
        }
        ClusterSimulator.Config paper = ClusterSimulator.Config.paper003();
        Table cluster = new Table("policy", "scheme", "timeout", "warm_dhr", "warm_bhr",
                "remote_hit_share", "timeout_share", "protocol_bytes_per_request",
                "messages_per_request");
        List<String> series = new ArrayList<>();
        List<double[]> clusterDhr = new ArrayList<>();
        for (PolicyType policy : CLUSTER_POLICIES) {
            // the timeout applies to no scheme a policy without peers can take part in
            ClusterSimulator.Config[] configs = policy.inspectable()
                    ? new ClusterSimulator.Config[] {paper, paper.withoutTimeout()}
                    : new ClusterSimulator.Config[] {paper};
            for (ClusterSimulator.Config config : configs) {
                boolean timeout = config.timeoutMicros() != Long.MAX_VALUE;
                series.add(policy.label() + (timeout && policy.inspectable()
                        ? ", 2 ms timeout" : ""));
                double[] bars = new double[Scheme.values().length];
                Arrays.fill(bars, Double.NaN);
                for (Scheme scheme : Scheme.values()) {
                    if (!ClusterSimulator.supports(scheme, policy)) {
                        continue;
                    }
                    ClusterSimulator.Result r = ClusterSimulator.run(trace, scheme, policy,
                            config, warmup);
                    bars[scheme.ordinal()] = r.warm().documentHitRatio();
                    double counted = Math.max(1, r.warm().requests());
                    cluster.row(policy.name(), scheme.name(), timeout,
                            r.warm().documentHitRatio(), r.warm().byteHitRatio(),
                            r.remoteHits() / counted, r.timeouts() / counted,
                            r.protocolBytes() / counted, r.messages() / counted);
                    log.printf(Locale.ROOT, "cluster %-18s %-8s timeout=%-5s %s remote=%d "
                            + "timeouts=%d bytes=%d%n", policy.name(), scheme.name(), timeout,
                            r.warm(), r.remoteHits(), r.timeouts(), r.protocolBytes());
                }
                clusterDhr.add(bars);
            }
        }
        policies.write(out.resolve("policies.csv"));
        cluster.write(out.resolve("cluster.csv"));
        String json = String.format(Locale.ROOT, "{%n  \"trace\": {\"source\": %s, "
                + "\"requests\": %d, \"warmup\": %d, \"workingSetBytes\": %d, "
                + "\"meanRequestBytes\": %.1f},%n"
                + "  \"cluster\": {\"nodes\": %d, \"bytesPerNode\": %d, "
                + "\"admissionThreshold\": %d, \"updateIntervalMicros\": %d, \"l1Share\": %.2f, "
                + "\"lanBitsPerSecond\": %d, \"timeoutMicros\": %d},%n"
                + "  \"policies\": [%n    %s%n  ],%n  \"clusterRuns\": [%n    %s%n  ]%n}%n",
                Table.quote(source), trace.length(), warmup, workingSet,
                trace.meanRequestBytes(), paper.nodes(), paper.bytesPerNode(),
                paper.admissionThreshold(), paper.updateIntervalMicros(), paper.l1Share(),
                paper.lanBitsPerSecond(), paper.timeoutMicros(),
                String.join(",\n    ", policies.json("policy", "share", "capacityBytes",
                        "coldDhr", "warmDhr", "warmBhr", "warmSavedCost")),
                String.join(",\n    ", cluster.json("policy", "scheme", "timeout", "warmDhr",
                        "warmBhr", "remoteHitShare", "timeoutShare", "protocolBytesPerRequest",
                        "messagesPerRequest")));
        Table.write(out.resolve("results.json"), json);
        String[] labels = new String[types.length];
        for (PolicyType type : types) {
            labels[type.ordinal()] = type.label();
        }
        String[] shares = new String[SHARES.length];
        for (int s = 0; s < SHARES.length; s++) {
            shares[s] = String.format(Locale.ROOT, "%.0f%%", SHARES[s] * 100);
        }
        String sizeAxis = "cache size, share of the working set";
        Table.write(out.resolve("dhr.svg"), Charts.lines("Document hit ratio (warm) vs cache "
                + "size, " + source, sizeAxis, shares, labels, dhr));
        Table.write(out.resolve("bhr.svg"), Charts.lines("Byte hit ratio (warm) vs cache size, "
                + source, sizeAxis, shares, labels, bhr));
        Table.write(out.resolve("saved-cost.svg"), Charts.lines("Saved miss cost (warm) vs "
                + "cache size, " + source, sizeAxis, shares, labels, saved));
        coldStart(trace, workingSet, labels, out);
        String[] schemes = new String[Scheme.values().length];
        for (Scheme scheme : Scheme.values()) {
            schemes[scheme.ordinal()] = scheme.label();
        }
        Table.write(out.resolve("cluster.svg"), Charts.bars("Cluster DHR (warm), 8 nodes x 5 MB,"
                + " " + source, schemes, series.toArray(new String[0]),
                clusterDhr.toArray(new double[0][])));
    }

    /**
     * Paper 003's Table 3 next to ours: the five schemes with LFU*-Aging on the synthetic
     * workload at the paper's lowest and highest request rates, with and without the timeout.
     */
    static void table3(long seed, int requests, Path out, PrintStream log) throws IOException {
        Scheme[] schemes = {Scheme.NO_COOP, Scheme.ONDE_H, Scheme.ONDE_M, Scheme.INFO_H,
            Scheme.INFO_M};
        ClusterSimulator.Config paper = ClusterSimulator.Config.paper003();
        double[][] ours = new double[2 * TABLE3_RATES.length][schemes.length];
        long[][] bytes = new long[2 * TABLE3_RATES.length][schemes.length];
        for (int r = 0; r < TABLE3_RATES.length; r++) {
            Trace trace = SyntheticWorkload.of(seed, SyntheticWorkload.DOCUMENTS, TABLE3_RATES[r])
                    .generate(requests);
            int warmup = trace.length() / 10;
            for (int s = 0; s < schemes.length; s++) {
                for (int t = 0; t < 2; t++) {
                    ClusterSimulator.Result result = ClusterSimulator.run(trace, schemes[s],
                            PolicyType.LFU_STAR_AGING, t == 0 ? paper : paper.withoutTimeout(),
                            warmup);
                    ours[2 * r + t][s] = result.warm().documentHitRatio();
                    bytes[2 * r + t][s] = Math.round(result.protocolBytes()
                            / (double) Math.max(1, result.warm().requests()));
                }
            }
        }
        Table rows = new Table("scheme", "paper_worst_dhr", "paper_best_dhr",
                "ours_700rps_timeout", "ours_3300rps_timeout", "ours_700rps_no_timeout",
                "ours_3300rps_no_timeout", "bytes_per_request_700rps_timeout",
                "bytes_per_request_3300rps_timeout");
        double[][] chart = new double[4][schemes.length];
        String[] labels = new String[schemes.length];
        for (int s = 0; s < schemes.length; s++) {
            labels[s] = schemes[s].label();
            rows.row(schemes[s].name(), TABLE3_PAPER[s][0] / 100, TABLE3_PAPER[s][1] / 100,
                    ours[0][s], ours[2][s], ours[1][s], ours[3][s], bytes[0][s], bytes[2][s]);
            chart[0][s] = TABLE3_PAPER[s][0] / 100;
            chart[1][s] = TABLE3_PAPER[s][1] / 100;
            chart[2][s] = ours[0][s];
            chart[3][s] = ours[2][s];
            log.printf(Locale.ROOT, "table 3 %-8s paper %.1f-%.1f ours %.1f / %.1f (timeout), "
                    + "%.1f / %.1f (none)%n", schemes[s].name(), TABLE3_PAPER[s][0],
                    TABLE3_PAPER[s][1], ours[0][s] * 100, ours[2][s] * 100, ours[1][s] * 100,
                    ours[3][s] * 100);
        }
        rows.write(out.resolve("table3.csv"));
        Table.write(out.resolve("table3.svg"), Charts.bars("Paper 003's Table 3 (DHR) and "
                + "ours, LFU*-Aging, 8 nodes x 5 MB", labels, new String[] {"paper, worst",
                    "paper, best", "ours, 700 req/s", "ours, 3,300 req/s"}, chart));
    }

    /** Times the replay of {@code requests} synthetic requests through each policy. */
    static void speed(int requests, long seed, Path out, PrintStream log) throws IOException {
        long t0 = System.nanoTime();
        Trace trace = SyntheticWorkload.paper003(seed).generate(requests);
        log.printf(Locale.ROOT, "generated %d requests in %.1f s%n", requests,
                (System.nanoTime() - t0) / 1e9);
        long capacity = trace.workingSetBytes() / 10;
        Table rows = new Table("policy", "requests", "capacity_bytes", "seconds",
                "requests_per_second", "java", "cores");
        for (PolicyType type : PolicyType.values()) {
            long start = System.nanoTime();
            Simulator.Result r = Simulator.run(trace, type, capacity,
                    Simulator.PAPER_ADMISSION_THRESHOLD, 0);
            double seconds = (System.nanoTime() - start) / 1e9;
            rows.row(type.name(), requests, capacity, seconds, requests / seconds,
                    System.getProperty("java.version"),
                    Runtime.getRuntime().availableProcessors());
            log.printf(Locale.ROOT, "%-18s %d requests in %.1f s (%.0f k/s, DHR %.4f)%n",
                    type.name(), requests, seconds, requests / seconds / 1e3,
                    r.cold().documentHitRatio());
        }
        rows.write(out.resolve("replay-speed.csv"));
    }

    /**
     * Replays {@code trace} {@code runs} times through each {@link #RANDOMIZED} policy at every
     * cache size and writes the lowest and highest warm hit counts ({@code spread.csv}).
     */
    static void spread(Trace trace, int runs, Path out, PrintStream log) throws IOException {
        int warmup = trace.length() / 10;
        Table rows = new Table("policy", "share_of_working_set", "runs", "requests",
                "min_warm_hits", "max_warm_hits", "min_warm_dhr", "max_warm_dhr");
        for (PolicyType type : RANDOMIZED) {
            for (double share : SHARES) {
                long capacity = (long) (trace.workingSetBytes() * share);
                long min = Long.MAX_VALUE;
                long max = Long.MIN_VALUE;
                long counted = 0;
                for (int i = 0; i < runs; i++) {
                    Metrics warm = Simulator.run(trace, type, capacity,
                            Simulator.PAPER_ADMISSION_THRESHOLD, warmup).warm();
                    min = Math.min(min, warm.hits());
                    max = Math.max(max, warm.hits());
                    counted = warm.requests();
                }
                rows.row(type.name(), share, runs, trace.length(), min, max,
                        min / (double) counted, max / (double) counted);
                log.printf(Locale.ROOT, "%-18s %4.0f%% %d runs: warm hits %d to %d (%d apart)%n",
                        type.name(), share * 100, runs, min, max, max - min);
            }
        }
        rows.write(out.resolve("spread.csv"));
    }

    /** Paper 002's empty cache: cumulative DHR over the first requests, caches of 10 %. */
    private static void coldStart(Trace trace, long workingSet, String[] labels, Path out)
            throws IOException {
        int step = Math.max(1, Math.min(trace.length(), COLD_REQUESTS) / COLD_POINTS);
        String[] xs = new String[COLD_POINTS];
        double[][] curves = new double[labels.length][];
        Table rows = new Table("policy", "requests", "cumulative_dhr");
        for (PolicyType type : PolicyType.values()) {
            curves[type.ordinal()] = Simulator.coldCurve(trace, type, workingSet / 10,
                    Simulator.PAPER_ADMISSION_THRESHOLD, step, COLD_POINTS);
            for (int p = 0; p < COLD_POINTS; p++) {
                rows.row(type.name(), (p + 1) * step, curves[type.ordinal()][p]);
            }
        }
        for (int p = 0; p < COLD_POINTS; p++) {
            xs[p] = p % 2 == 1 ? String.valueOf((p + 1) * step) : "";
        }
        rows.write(out.resolve("coldstart.csv"));
        Table.write(out.resolve("coldstart.svg"), Charts.lines("Cold start: DHR over the first "
                + "requests from an empty cache (10 % of the working set)", "requests",
                xs, labels, curves));
    }
}
