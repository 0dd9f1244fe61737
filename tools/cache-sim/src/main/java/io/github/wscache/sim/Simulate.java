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
 * The one command behind the site's Simulation page,
 * {@code java -jar tools/cache-sim/target/cache-sim.jar} ({@code --help} lists the options).
 * For the synthetic paper-003 trace, and for every CSV trace given, it replays the trace
 * through every policy ({@link PolicyType}, wscache's own store among them) at cache sizes from
 * 1 % to 50 % of the working set ({@code policies.csv}, {@code dhr.svg}, {@code bhr.svg},
 * {@code saved-cost.svg}), from an empty cache ({@code coldstart.csv}, {@code coldstart.svg})
 * and through the cluster schemes with Table 1's parameters, with and without the request
 * timeout ({@code cluster.csv}, {@code cluster.svg}); for the synthetic workload it also
 * reproduces Table 3 at the paper's lowest and highest request rates ({@code table3.csv},
 * {@code table3.svg}). Everything also goes to {@code results.json}. A CSV trace's results go
 * to a folder named after the file.
 *
 * <pre>
 * java -jar tools/cache-sim/target/cache-sim.jar \
 *     [--out target/sim] [--quick] [--requests 1000000] [--seed 42] [--trace trace.csv]...
 * java -jar tools/cache-sim/target/cache-sim.jar --speed 10000000 [--out target/sim]
 * java -jar tools/cache-sim/target/cache-sim.jar --spread 10 [--out target/sim]
 * </pre>
 * {@code --quick} replays 200,000 synthetic requests instead of 1,000,000. The first 10 % of
 * the requests are the warm-up left out of the warm metrics. {@code --speed N} only times the
 * replay of N synthetic requests through each policy (a cache of 10 % of the working set) and
 * writes {@code replay-speed.csv}. {@code --spread N} only replays the synthetic trace N times
 * through each policy built on Caffeine, whose admission has a random element, at every cache
 * size, and writes the lowest and highest hit counts ({@code spread.csv}). A wrong option is
 * one line on standard error and exit code 2; a trace that cannot be read, exit code 1.
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
    static final String JAR = "tools/cache-sim/target/cache-sim.jar";
    static final int QUICK_REQUESTS = 200_000;
    static final String USAGE = """
            Usage: java -jar %1$s [options]

            Replays request traces through every eviction policy (Caffeine, LRU, LFU,
            LFU*-Aging, GDSF, GD-Cost, wscache's own store...) at cache sizes of 1 %% to 50 %%
            of the working set, and through paper 003's cluster schemes, and writes the
            tables (CSV, JSON) and charts (SVG) of the site's Simulation page.

            Options:
              --out DIR       where the tables and charts go (default: target/sim)
              --quick         replay %2$,d synthetic requests instead of %3$,d
              --requests N    synthetic requests to replay (default: %3$,d)
              --seed S        the synthetic workload's seed (default: 42)
              --trace FILE    also replay a recorded trace, a CSV file of
                              time_us,key,size_bytes,miss_cost_us lines; its results go to
                              DIR/<file name without .csv>; repeatable (default: none)
              --speed N       only time the replay of N synthetic requests through each
                              policy and write DIR/replay-speed.csv (default: off)
              --spread N      only replay the synthetic trace N times through each policy
                              built on Caffeine and write DIR/spread.csv (default: off)
              -h, --help      print this help and exit

            Example (about 30 s; the site's numbers come from the same command without
            --quick and with --out src/site/resources/simulation and the two recorded traces):
              java -jar %1$s --quick --out target/sim
            """;

    private Simulate() {
    }

    /** What the command line asks for. */
    record Options(boolean help, Path out, int requests, long seed, int speed, int spread,
            List<Path> traces) {
        /**
         * Reads the command line.
         *
         * @throws IllegalArgumentException what is wrong with it, in one line
         */
        static Options parse(String... args) {
            Path out = Path.of("target/sim");
            int requests = 1_000_000;
            long seed = 42;
            int speed = 0;
            int spread = 0;
            List<Path> traces = new ArrayList<>();
            for (int i = 0; i < args.length; i++) {
                String option = args[i];
                switch (option) {
                    case "-h", "--help" -> {
                        return new Options(true, out, requests, seed, speed, spread, traces);
                    }
                    case "--quick" -> requests = QUICK_REQUESTS;
                    case "--out" -> out = Path.of(value(args, i++));
                    case "--requests" -> requests = positive(args, i++);
                    case "--seed" -> seed = number(args, i++);
                    case "--trace" -> traces.add(Path.of(value(args, i++)));
                    case "--speed" -> speed = positive(args, i++);
                    case "--spread" -> spread = positive(args, i++);
                    default -> throw new IllegalArgumentException("unknown option: " + option);
                }
            }
            if (speed > 0 && spread > 0) {
                throw new IllegalArgumentException("--speed and --spread are separate runs: "
                        + "give one of them");
            }
            if ((speed > 0 || spread > 0) && !traces.isEmpty()) {
                throw new IllegalArgumentException("--trace is for the full study, not for "
                        + (speed > 0 ? "--speed" : "--spread"));
            }
            return new Options(false, out, requests, seed, speed, spread, List.copyOf(traces));
        }

        private static String value(String[] args, int i) {
            if (i + 1 >= args.length || args[i + 1].startsWith("--")) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            return args[i + 1];
        }

        private static long number(String[] args, int i) {
            String value = value(args, i);
            try {
                return Long.parseLong(value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(args[i] + " needs a whole number, not "
                        + value, e);
            }
        }

        private static int positive(String[] args, int i) {
            long n = number(args, i);
            if (n < 1 || n > Integer.MAX_VALUE) {
                throw new IllegalArgumentException(args[i] + " needs a number from 1 to "
                        + Integer.MAX_VALUE + ", not " + n);
            }
            return (int) n;
        }
    }

    /** Runs the study; {@code --help} lists the options. Exits 2 on a wrong option. */
    public static void main(String[] args) throws IOException {
        // cache-core logs through SLF4J: silent here, without a binding on the jar's class path
        // (one there would reach every application that puts cache-sim.jar on its own)
        if (System.getProperty("slf4j.provider") == null) {
            System.setProperty("slf4j.provider", "org.slf4j.helpers.NOP_FallbackServiceProvider");
            // and without SLF4J's own line saying so
            if (System.getProperty("slf4j.internal.verbosity") == null) {
                System.setProperty("slf4j.internal.verbosity", "WARN");
            }
        }
        int code = run(args, System.out, System.err);
        if (code != 0) {
            System.exit(code);
        }
    }

    /**
     * Runs the command line {@code args}, the results and the help to {@code out}, one line to
     * {@code err} on a failure; returns the exit code: 0 when done, 1 when a trace could not be
     * read, 2 when the command line is wrong.
     */
    static int run(String[] args, PrintStream out, PrintStream err) throws IOException {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("cache-sim: " + e.getMessage() + "; see --help");
            return 2;
        }
        if (options.help()) {
            out.print(String.format(Locale.ROOT, USAGE, JAR, QUICK_REQUESTS, 1_000_000));
            return 0;
        }
        for (Path file : options.traces()) {
            if (!Files.isRegularFile(file)) {
                err.println("cache-sim: no trace file " + file + "; see --help");
                return 2;
            }
        }
        Path dir = options.out();
        Files.createDirectories(dir);
        long seed = options.seed();
        if (options.speed() > 0) {
            speed(options.speed(), seed, dir, out);
            return 0;
        }
        if (options.spread() > 0) {
            spread(SyntheticWorkload.paper003(seed).generate(options.requests()),
                    options.spread(), dir, out);
            return 0;
        }
        long start = System.nanoTime();
        List<Trace> recorded = new ArrayList<>();
        for (Path file : options.traces()) {
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                recorded.add(TraceCsv.read(in));
            } catch (IllegalArgumentException e) {
                err.println("cache-sim: " + file + ": " + e.getMessage());
                return 1;
            }
        }
        Trace synthetic = SyntheticWorkload.paper003(seed).generate(options.requests());
        run(synthetic, "synthetic paper 003, seed " + seed, dir, out);
        table3(seed, options.requests(), dir, out);
        for (int t = 0; t < recorded.size(); t++) {
            Trace trace = recorded.get(t);
            String name = options.traces().get(t).getFileName().toString()
                    .replaceFirst("\\.csv$", "");
            Path traceDir = dir.resolve(name);
            Files.createDirectories(traceDir);
            run(trace, name + " (" + trace.length() + " requests)", traceDir, out);
        }
        out.printf(Locale.ROOT, "done in %.1f s: %s%n", (System.nanoTime() - start) / 1e9,
                dir.toAbsolutePath());
        return 0;
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
