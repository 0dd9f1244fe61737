package io.github.wscache.sim;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The one command behind the site's Simulation page: replays the synthetic paper-003 trace (or a
 * CSV trace) through every policy at cache sizes from 1 % to 50 % of the working set, and through
 * the cluster schemes with paper 003's parameters, and writes {@code policies.csv},
 * {@code cluster.csv}, {@code results.json}, {@code dhr.svg}, {@code bhr.svg} and
 * {@code cluster.svg}, and the cold start (cumulative hit ratio over the first 20,000
 * requests, caches of 10 %) in {@code coldstart.csv} and {@code coldstart.svg}.
 *
 * <pre>
 * java -cp cache-sim/target/classes:caffeine.jar io.github.wscache.sim.Simulate \
 *     [--out target/sim] [--quick] [--requests 1000000] [--seed 42] [--trace trace.csv]
 * </pre>
 * {@code --quick} replays 200,000 requests instead of 1,000,000. The first 10 % of the requests
 * are the warm-up left out of the warm metrics.
 */
public final class Simulate {
    static final double[] SHARES = {0.01, 0.02, 0.05, 0.10, 0.20, 0.30, 0.50};
    static final int NODES = 8;
    static final long BYTES_PER_NODE = 5L * 1024 * 1024;
    static final long UPDATE_INTERVAL_MICROS = 10_000_000L;
    static final double L1_SHARE = 0.25;
    static final int COLD_REQUESTS = 20_000;
    static final int COLD_POINTS = 20;

    private Simulate() {
    }

    /** Runs the study; see the class comment for the options. */
    public static void main(String[] args) throws IOException {
        Path out = Path.of("target/sim");
        int requests = 1_000_000;
        long seed = 42;
        Path tracePath = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--out":
                    out = Path.of(args[++i]);
                    break;
                case "--quick":
                    requests = 200_000;
                    break;
                case "--requests":
                    requests = Integer.parseInt(args[++i]);
                    break;
                case "--seed":
                    seed = Long.parseLong(args[++i]);
                    break;
                case "--trace":
                    tracePath = Path.of(args[++i]);
                    break;
                default:
                    throw new IllegalArgumentException("unknown option: " + args[i]
                            + " (use --out DIR, --quick, --requests N, --seed S, --trace FILE)");
            }
        }
        Trace trace;
        String source;
        if (tracePath == null) {
            trace = SyntheticWorkload.paper003(seed).generate(requests);
            source = "synthetic paper 003, seed " + seed;
        } else {
            try (Reader in = Files.newBufferedReader(tracePath, StandardCharsets.UTF_8)) {
                trace = TraceCsv.read(in);
            }
            source = tracePath.getFileName().toString();
        }
        Files.createDirectories(out);
        run(trace, source, out, System.out);
    }

    static void run(Trace trace, String source, Path out, PrintStream log) throws IOException {
        int warmup = trace.length() / 10;
        long workingSet = trace.workingSetBytes();
        List<String> policyRows = new ArrayList<>();
        List<String> policyJson = new ArrayList<>();
        double[][] dhr = new double[PolicyType.values().length][SHARES.length];
        double[][] bhr = new double[PolicyType.values().length][SHARES.length];
        for (PolicyType type : PolicyType.values()) {
            for (int s = 0; s < SHARES.length; s++) {
                long capacity = (long) (workingSet * SHARES[s]);
                long start = System.nanoTime();
                Simulator.Result r = Simulator.run(trace, type, capacity,
                        Simulator.PAPER_ADMISSION_THRESHOLD, warmup);
                double seconds = (System.nanoTime() - start) / 1e9;
                dhr[type.ordinal()][s] = r.warm().documentHitRatio();
                bhr[type.ordinal()][s] = r.warm().byteHitRatio();
                policyRows.add(csv(type.name(), SHARES[s], capacity,
                        r.cold().documentHitRatio(), r.warm().documentHitRatio(),
                        r.warm().byteHitRatio(), r.warm().savedCostRatio()));
                policyJson.add(String.format(Locale.ROOT, "{\"policy\":\"%s\",\"share\":%.2f,"
                        + "\"capacityBytes\":%d,\"coldDhr\":%.4f,\"warmDhr\":%.4f,"
                        + "\"warmBhr\":%.4f,\"warmSavedCost\":%.4f}", type.name(), SHARES[s],
                        capacity, r.cold().documentHitRatio(), r.warm().documentHitRatio(),
                        r.warm().byteHitRatio(), r.warm().savedCostRatio()));
                log.printf(Locale.ROOT, "%-15s %4.0f%% %s (%.0f k requests/s)%n",
                        type.name(), SHARES[s] * 100, r.warm(), trace.length() / seconds / 1e3);
            }
        }
        List<String> clusterRows = new ArrayList<>();
        List<String> clusterJson = new ArrayList<>();
        PolicyType[] clusterPolicies = {PolicyType.LFU_STAR_AGING, PolicyType.CAFFEINE};
        double[][] clusterDhr = new double[clusterPolicies.length][Scheme.values().length];
        for (int p = 0; p < clusterPolicies.length; p++) {
            for (Scheme scheme : Scheme.values()) {
                ClusterSimulator.Result r = ClusterSimulator.run(trace, scheme, clusterPolicies[p],
                        NODES, BYTES_PER_NODE, Simulator.PAPER_ADMISSION_THRESHOLD,
                        UPDATE_INTERVAL_MICROS, L1_SHARE, warmup);
                clusterDhr[p][scheme.ordinal()] = r.warm().documentHitRatio();
                long counted = r.warm().requests();
                clusterRows.add(csv(clusterPolicies[p].name(), scheme.name(),
                        r.warm().documentHitRatio(), r.warm().byteHitRatio(),
                        (double) r.remoteHits() / counted, (double) r.protocolBytes() / counted,
                        (double) r.messages() / counted));
                clusterJson.add(String.format(Locale.ROOT, "{\"policy\":\"%s\",\"scheme\":\"%s\","
                        + "\"warmDhr\":%.4f,\"warmBhr\":%.4f,\"remoteHitShare\":%.4f,"
                        + "\"protocolBytesPerRequest\":%.1f,\"messagesPerRequest\":%.3f}",
                        clusterPolicies[p].name(), scheme.name(), r.warm().documentHitRatio(),
                        r.warm().byteHitRatio(), (double) r.remoteHits() / counted,
                        (double) r.protocolBytes() / counted, (double) r.messages() / counted));
                log.printf(Locale.ROOT, "cluster %-15s %-8s %s remote=%d bytes=%d%n",
                        clusterPolicies[p].name(), scheme.name(), r.warm(), r.remoteHits(),
                        r.protocolBytes());
            }
        }
        write(out.resolve("policies.csv"), "policy,share_of_working_set,capacity_bytes,"
                + "cold_dhr,warm_dhr,warm_bhr,warm_saved_cost\n" + String.join("", policyRows));
        write(out.resolve("cluster.csv"), "policy,scheme,warm_dhr,warm_bhr,remote_hit_share,"
                + "protocol_bytes_per_request,messages_per_request\n"
                + String.join("", clusterRows));
        String json = String.format(Locale.ROOT, "{%n  \"trace\": {\"source\": \"%s\", "
                + "\"requests\": %d, \"warmup\": %d, \"workingSetBytes\": %d, "
                + "\"meanRequestBytes\": %.1f},%n"
                + "  \"cluster\": {\"nodes\": %d, \"bytesPerNode\": %d, "
                + "\"admissionThreshold\": %d, \"updateIntervalMicros\": %d, \"l1Share\": %.2f},%n"
                + "  \"policies\": [%n    %s%n  ],%n  \"clusterRuns\": [%n    %s%n  ]%n}%n",
                source, trace.length(), warmup, workingSet, meanRequestBytes(trace), NODES,
                BYTES_PER_NODE, Simulator.PAPER_ADMISSION_THRESHOLD, UPDATE_INTERVAL_MICROS,
                L1_SHARE, String.join(",\n    ", policyJson), String.join(",\n    ",
                        clusterJson));
        write(out.resolve("results.json"), json);
        String[] labels = new String[PolicyType.values().length];
        for (PolicyType type : PolicyType.values()) {
            labels[type.ordinal()] = type.label();
        }
        String[] shares = new String[SHARES.length];
        for (int s = 0; s < SHARES.length; s++) {
            shares[s] = String.format(Locale.ROOT, "%.0f%%", SHARES[s] * 100);
        }
        String sizeAxis = "cache size, share of the working set";
        write(out.resolve("dhr.svg"), Charts.lines("Document hit ratio (warm) vs cache size, "
                + source, sizeAxis, shares, labels, dhr));
        write(out.resolve("bhr.svg"), Charts.lines("Byte hit ratio (warm) vs cache size, "
                + source, sizeAxis, shares, labels, bhr));
        coldStart(trace, workingSet, labels, out);
        String[] schemes = new String[Scheme.values().length];
        for (Scheme scheme : Scheme.values()) {
            schemes[scheme.ordinal()] = scheme.label();
        }
        String[] series = new String[clusterPolicies.length];
        for (int p = 0; p < clusterPolicies.length; p++) {
            series[p] = clusterPolicies[p].label();
        }
        write(out.resolve("cluster.svg"), Charts.bars("Cluster DHR (warm), 8 nodes x 5 MB",
                schemes, series, clusterDhr));
    }

    /** Paper 002's empty cache: cumulative DHR over the first requests, caches of 10 %. */
    private static void coldStart(Trace trace, long workingSet, String[] labels, Path out)
            throws IOException {
        int step = Math.max(1, Math.min(trace.length(), COLD_REQUESTS) / COLD_POINTS);
        String[] xs = new String[COLD_POINTS];
        double[][] curves = new double[labels.length][];
        StringBuilder rows = new StringBuilder("policy,requests,cumulative_dhr\n");
        for (PolicyType type : PolicyType.values()) {
            curves[type.ordinal()] = Simulator.coldCurve(trace, type, workingSet / 10,
                    Simulator.PAPER_ADMISSION_THRESHOLD, step, COLD_POINTS);
            for (int p = 0; p < COLD_POINTS; p++) {
                rows.append(csv(type.name(), (p + 1) * step, curves[type.ordinal()][p]));
            }
        }
        for (int p = 0; p < COLD_POINTS; p++) {
            xs[p] = p % 2 == 1 ? String.valueOf((p + 1) * step) : "";
        }
        write(out.resolve("coldstart.csv"), rows.toString());
        write(out.resolve("coldstart.svg"), Charts.lines("Cold start: DHR over the first "
                + "requests from an empty cache (10 % of the working set)", "requests",
                xs, labels, curves));
    }

    static double meanRequestBytes(Trace trace) {
        double sum = 0;
        for (int i = 0; i < trace.length(); i++) {
            sum += trace.size(i);
        }
        return trace.length() == 0 ? 0 : sum / trace.length();
    }

    private static String csv(Object... cols) {
        StringBuilder line = new StringBuilder();
        for (Object col : cols) {
            if (line.length() > 0) {
                line.append(',');
            }
            line.append(col instanceof Double d ? String.format(Locale.ROOT, "%.4f", d) : col);
        }
        return line.append('\n').toString();
    }

    private static void write(Path file, String text) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(text);
        }
    }
}
