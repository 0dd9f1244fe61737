package io.github.wscache.petshop.load;

import io.github.wscache.edge.EdgeStats;
import io.github.wscache.edge.EdgeWarmup;
import io.github.wscache.petshop.Deployment;
import io.github.wscache.petshop.remote.OriginServices;
import io.github.wscache.petshop.remote.ServiceScope;
import io.github.wscache.sim.trace.TraceLog;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The load driver: for each deployment, WAN round-trip time and number of users of a plan, starts
 * the deployment in this process, runs N virtual users in a closed loop (50 ms think time) with a
 * warm-up and then a measurement interval, and writes CSV files and charts.
 *
 * <pre>
 * java -cp samples/petshop/target/petshop-sample.jar \
 *     io.github.wscache.petshop.load.PetShopLoad --quick
 * </pre>
 * Plans: {@code --quick} (under 3 minutes), {@code --full} (the paper's matrix with Figure 13,
 * about an hour), {@code --smoke} (seconds, for the build); each runs F0, Fdb, Fremoting
 * (with the application scope, the paper's Singleton) and Fproxy (cache-edge in front of the
 * origin, which warms its cache from the origin's {@code /warmup.txt} at start: the driver waits
 * for that warm-up, at most {@value #EDGE_WARMUP_WAIT_MILLIS} ms, before the users start, and
 * prints what it did) and then the <em>hosting-strategy
 * comparison</em> of the paper's Table 1: Fremoting with each {@link ServiceScope} under the
 * same load, written to {@code hosting-strategies.csv} and printed as a table.
 * {@code --hosting} runs only that comparison (with the durations of the chosen plan, quick by
 * default); {@code --fig13} only Figure 13: the four deployments at the main RTT with the
 * workload's cacheable share at 52 % and 30 % instead of Table 3's 70 % (the paper's output hit
 * ratios; the 70 % runs of the same plan are the third point). {@code --warmup-s N} and
 * {@code --measure-s N} override the plan's seconds per run; {@code --deployments F0,Fproxy},
 * {@code --users 5,15}, {@code --other-rtts 50,400} (or {@code none}), {@code --no-hosting}
 * and {@code --cacheable-shares 0.52,0.30} (Figure 13's workloads, or {@code none}) narrow it.
 * {@code --merge DIR,DIR} writes the runs of earlier sessions' output directories (their
 * {@code summary.csv} and {@code pages.csv}) to {@code --out} as one set, charts included, and
 * runs nothing.
 * {@code --catalog-scale N} adds N generated products per category (two items each) to
 * JPetStore's catalog. {@code --out DIR} changes the output directory (default
 * {@code samples/petshop/target/results}). {@code --trace FILE} also writes the measured GETs of
 * the plan's first F0 run (nothing cached, so each latency is what a miss costs) as a cache-sim
 * trace ({@code time_us,key,size_bytes,miss_cost_us}; the key of a catalog page is its URL, of
 * the other pages the user and the URL).
 */
public final class PetShopLoad {

    /**
     * What to run.
     *
     * @param mainRtt the RTT of Figures 9 and 10 (the paper's 200 ms)
     * @param usersAtMainRtt user counts measured at the main RTT
     * @param otherRtts further RTTs (Figure 12), measured with the smallest user count
     * @param catalogScale generated products per category on top of JPetStore's 16
     * @param hosting the hosting-strategy comparison, or null to skip it
     * @param cacheableShares further shares of cacheable activities (Figure 13; Table 3's is
     *     0.70), measured at the main RTT with the smallest user count
     */
    public record Plan(List<Deployment.Kind> deployments, long mainRtt,
            List<Integer> usersAtMainRtt, List<Long> otherRtts, long warmupMillis,
            long measureMillis, long thinkMillis, int catalogScale, Hosting hosting,
            List<Double> cacheableShares) {

        /** A plan without Figure 13's workload variants. */
        public Plan(List<Deployment.Kind> deployments, long mainRtt,
                List<Integer> usersAtMainRtt, List<Long> otherRtts, long warmupMillis,
                long measureMillis, long thinkMillis, int catalogScale, Hosting hosting) {
            this(deployments, mainRtt, usersAtMainRtt, otherRtts, warmupMillis, measureMillis,
                    thinkMillis, catalogScale, hosting, List.of());
        }

        /** The paper's four deployments. */
        static final List<Deployment.Kind> ALL = List.of(Deployment.Kind.F0,
                Deployment.Kind.FDB, Deployment.Kind.FREMOTING, Deployment.Kind.FPROXY);

        /**
         * Under three minutes: F0, Fdb, Fremoting and Fproxy with 5 and 15 users at 200 ms
         * and 5 users at 50/400 ms (3 s warm-up, 4 s measured per run), then the three scopes
         * with 25 users at 0 ms (2 s + 4 s each, one round: too short to rank the scopes).
         * Figure 13 is left to {@code --full} or {@code --fig13}.
         */
        public static Plan quick() {
            return new Plan(ALL, 200, List.of(5, 15), List.of(50L, 400L), 3_000, 4_000, 50, 0,
                    new Hosting(0, 25, 2_000, 4_000, 1), List.of());
        }

        /** The paper's matrix, scaled to one machine, Figure 13 included: about an hour. */
        public static Plan full() {
            return new Plan(ALL, 200, List.of(5, 10, 25, 50, 100), List.of(50L, 400L), 30_000,
                    60_000, 50, 0, new Hosting(0, 25, 20_000, 30_000, 3),
                    List.of(0.52, 0.30));
        }

        /**
         * Seconds: 2 users at 20 ms and 0 ms, and with 30 % cacheable activities; the scopes
         * with 2 users at 0 ms.
         */
        public static Plan smoke() {
            return new Plan(ALL, 20, List.of(2), List.of(0L), 500, 1_500, 50, 0,
                    new Hosting(0, 2, 300, 1_000, 1), List.of(0.30));
        }

        /** A copy with a generated catalog of {@code n} more products per category. */
        public Plan withCatalogScale(int n) {
            return new Plan(deployments, mainRtt, usersAtMainRtt, otherRtts, warmupMillis,
                    measureMillis, thinkMillis, n, hosting, cacheableShares);
        }

        /** A copy with other warm-up and measurement times per run (not per hosting cell). */
        public Plan withDurations(long warmup, long measure) {
            return new Plan(deployments, mainRtt, usersAtMainRtt, otherRtts, warmup, measure,
                    thinkMillis, catalogScale, hosting, cacheableShares);
        }

        /** A copy with Figure 13's workload variants (shares of cacheable activities). */
        public Plan withCacheableShares(List<Double> shares) {
            return new Plan(deployments, mainRtt, usersAtMainRtt, otherRtts, warmupMillis,
                    measureMillis, thinkMillis, catalogScale, hosting, List.copyOf(shares));
        }

        /**
         * A copy that runs only these deployments, with these users at the main RTT, these
         * other RTTs, and the hosting comparison or not; {@code null} keeps the plan's.
         */
        public Plan narrowed(List<Deployment.Kind> only, List<Integer> users, List<Long> rtts,
                boolean withHosting) {
            return new Plan(only == null ? deployments : List.copyOf(only), mainRtt,
                    users == null ? usersAtMainRtt : List.copyOf(users),
                    rtts == null ? otherRtts : List.copyOf(rtts), warmupMillis, measureMillis,
                    thinkMillis, catalogScale, withHosting ? hosting : null, cacheableShares);
        }

        /** A copy that runs only the hosting-strategy comparison. */
        public Plan hostingOnly() {
            return new Plan(List.of(), mainRtt, usersAtMainRtt, List.of(), warmupMillis,
                    measureMillis, thinkMillis, catalogScale, hosting, List.of());
        }

        /** A copy that runs only Figure 13: the main RTT, the fewest users, every share. */
        public Plan fig13Only() {
            int fewest = usersAtMainRtt.stream().mapToInt(Integer::intValue).min().orElse(1);
            return new Plan(deployments, mainRtt, List.of(fewest), List.of(), warmupMillis,
                    measureMillis, thinkMillis, catalogScale, null, List.of(0.52, 0.30));
        }

        int maxUsers() {
            return usersAtMainRtt.stream().mapToInt(Integer::intValue).max().orElse(1);
        }
    }

    /**
     * The hosting-strategy comparison (paper §5.2.2, Table 1): Fremoting once per
     * {@link ServiceScope}, same load. At 0 ms and without think time the users saturate the
     * machine, so what a scope costs shows in throughput and origin CPU instead of hiding
     * behind the WAN and the think time.
     *
     * <p>All scopes run in one JVM, so the first one measured pays for the JIT and the heap's
     * growth: in one round of 30 s + 60 s per scope the first (application) came out 35 % below
     * the other two, and in the next run with another order a different scope won. So the
     * comparison runs in {@code rounds}, each starting with the next scope, and reports each
     * scope's median round.
     */
    public record Hosting(long rttMillis, int users, long warmupMillis, long measureMillis,
            int rounds) {
    }

    /** The longest the driver waits for the Fproxy edge's warm-up (its budget is 60 s). */
    static final long EDGE_WARMUP_WAIT_MILLIS = 65_000;

    /** Where {@code --trace} writes the first F0 run's requests; null once written. */
    private static volatile Path traceTo;

    private PetShopLoad() {
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException("option needs a value: " + args[i - 1]);
        }
        return args[i];
    }

    /** Command-line entry point. */
    public static void main(String[] args) throws Exception {
        Plan plan = Plan.quick();
        boolean hostingOnly = false;
        boolean fig13Only = false;
        int warmupSeconds = -1;
        int measureSeconds = -1;
        int catalogScale = 0;
        List<Deployment.Kind> only = null;
        List<Integer> users = null;
        List<Long> rtts = null;
        boolean withHosting = true;
        List<Path> merge = null;
        List<Double> shares = null;
        Path out = Path.of("samples", "petshop", "target", "results");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> plan = Plan.quick();
                case "--full" -> plan = Plan.full();
                case "--smoke" -> plan = Plan.smoke();
                case "--hosting" -> hostingOnly = true;
                case "--fig13" -> fig13Only = true;
                case "--warmup-s" -> warmupSeconds = Integer.parseInt(value(args, ++i));
                case "--measure-s" -> measureSeconds = Integer.parseInt(value(args, ++i));
                case "--catalog-scale" -> {
                    if (++i >= args.length) {
                        throw new IllegalArgumentException("option needs a value: "
                                + "--catalog-scale");
                    }
                    catalogScale = Integer.parseInt(args[i]);
                }
                case "--out" -> {
                    if (++i >= args.length) {
                        throw new IllegalArgumentException("option needs a value: --out");
                    }
                    out = Path.of(args[i]);
                }
                case "--trace" -> traceTo = Path.of(value(args, ++i));
                case "--deployments" -> only = Arrays.stream(value(args, ++i).split(","))
                        .map(String::trim).map(Deployment.Kind::parse).toList();
                case "--users" -> users = Arrays.stream(value(args, ++i).split(","))
                        .map(String::trim).map(Integer::valueOf).toList();
                case "--other-rtts" -> {
                    String v = value(args, ++i);
                    rtts = "none".equals(v) ? List.of() : Arrays.stream(v.split(","))
                            .map(String::trim).map(Long::valueOf).toList();
                }
                case "--no-hosting" -> withHosting = false;
                case "--cacheable-shares" -> {
                    String v = value(args, ++i);
                    shares = "none".equals(v) ? List.of() : Arrays.stream(v.split(","))
                            .map(String::trim).map(Double::valueOf).toList();
                }
                case "--merge" -> merge = Arrays.stream(value(args, ++i).split(","))
                        .map(String::trim).map(Path::of).toList();
                default -> throw new IllegalArgumentException("unknown option: " + args[i]
                        + " (options: --quick | --full | --smoke, --hosting | --fig13,"
                        + " --warmup-s N, --measure-s N, --catalog-scale N,"
                        + " --deployments F0,Fdb,Fremoting,Fproxy, --users N,N,"
                        + " --other-rtts MS,MS|none, --no-hosting,"
                        + " --cacheable-shares 0.52,0.30|none, --merge DIR,DIR,"
                        + " --out DIR, --trace FILE)");
            }
        }
        if (merge != null) {
            // the runs of earlier sessions (say one per deployment), as one set of results
            List<RunResult> runs = new ArrayList<>();
            for (Path dir : merge) {
                runs.addAll(Results.read(dir));
            }
            Results.write(out, runs, plan.mainRtt());
            System.out.print(Results.summaryTable(runs, plan.mainRtt()));
            System.out.printf("%d runs of %s merged into %s%n", runs.size(), merge,
                    out.toAbsolutePath());
            return;
        }
        plan = plan.withCatalogScale(catalogScale);
        if (only != null || users != null || rtts != null || !withHosting) {
            plan = plan.narrowed(only, users, rtts, withHosting);
        }
        if (shares != null) {
            plan = plan.withCacheableShares(shares);
        }
        if (warmupSeconds >= 0 || measureSeconds >= 0) {
            plan = plan.withDurations(
                    warmupSeconds >= 0 ? warmupSeconds * 1000L : plan.warmupMillis(),
                    measureSeconds >= 0 ? measureSeconds * 1000L : plan.measureMillis());
        }
        if (hostingOnly) {
            plan = plan.hostingOnly();
        } else if (fig13Only) {
            plan = plan.fig13Only();
        }
        long t0 = System.nanoTime();
        List<RunResult> results = run(plan, out, true);
        List<HostingResult> hosting = hosting(plan, out, true);
        System.out.println();
        System.out.print(Results.summaryTable(results, plan.mainRtt()));
        if (!hosting.isEmpty()) {
            System.out.println();
            System.out.print(Results.hostingTable(hosting));
        }
        System.out.printf("results in %s (%d runs, %d scopes, %.0f s)%n", out.toAbsolutePath(),
                results.size(), hosting.size(), (System.nanoTime() - t0) / 1e9);
    }

    /**
     * One row of the hosting-strategy comparison.
     *
     * @param round the round it was measured in (1-based)
     * @param serviceObjects service objects the origin created during the measurement
     * @param heapAfterGcMb heap used by this whole process (edge, origin, load) after a full GC
     *     at the end of the measurement
     */
    public record HostingResult(ServiceScope scope, int round, long rttMillis, int users,
            double throughput, double meanMillis, double p99Millis, long errors,
            double originCpuMillisPerRequest, double originRequestsPerRequest,
            long serviceObjects, double heapAfterGcMb) {
    }

    /**
     * Runs the plan's hosting-strategy comparison (nothing without one), writes
     * {@code hosting-strategies.csv} under {@code out} and returns its rows.
     */
    public static List<HostingResult> hosting(Plan plan, Path out, boolean verbose)
            throws Exception {
        List<HostingResult> rows = new ArrayList<>();
        Hosting h = plan.hosting();
        if (h == null) {
            return rows;
        }
        Plan cell = new Plan(List.of(Deployment.Kind.FREMOTING), h.rttMillis(),
                List.of(h.users()), List.of(), h.warmupMillis(), h.measureMillis(),
                0, plan.catalogScale(), h);
        List<ServiceScope> scopes = List.of(ServiceScope.values());
        List<HostingResult> all = new ArrayList<>();
        for (int round = 0; round < h.rounds(); round++) {
            for (int k = 0; k < scopes.size(); k++) {
                ServiceScope scope = scopes.get((round + k) % scopes.size());
                Measured m = measure(cell, Deployment.Kind.FREMOTING, scope, h.rttMillis(),
                        h.users());
                RunResult r = m.result();
                HostingResult row = new HostingResult(scope, round + 1, h.rttMillis(),
                        h.users(), r.throughput(), r.all().mean(), r.all().p99(), r.errors(),
                        r.requests() == 0 ? 0 : r.originCpuMillis() / r.requests(),
                        r.requests() == 0 ? 0 : (double) r.originRequests() / r.requests(),
                        m.serviceObjects(), m.heapAfterGcMb());
                all.add(row);
                if (verbose) {
                    System.out.printf("Fremoting scope=%-11s round %d rtt=%4d ms users=%3d"
                            + "  %6.1f req/s  mean %7.1f ms  p99 %7.1f  origin CPU %.2f ms/req"
                            + "  objects %d  heap %.0f MB%n", scope.axis2Name(), round + 1,
                            h.rttMillis(), h.users(), row.throughput(), row.meanMillis(),
                            row.p99Millis(), row.originCpuMillisPerRequest(),
                            row.serviceObjects(), row.heapAfterGcMb());
                }
            }
        }
        for (ServiceScope scope : scopes) {
            List<HostingResult> mine = all.stream().filter(r -> r.scope() == scope)
                    .sorted(Comparator.comparingDouble(HostingResult::throughput)).toList();
            rows.add(mine.get(mine.size() / 2));
        }
        Results.writeHostingRounds(out, all);
        Results.writeHosting(out, rows);
        return rows;
    }

    /** Runs every run of {@code plan}, writes the results under {@code out} and returns them. */
    public static List<RunResult> run(Plan plan, Path out, boolean verbose) throws Exception {
        List<RunResult> results = new ArrayList<>();
        for (Deployment.Kind kind : plan.deployments()) {
            for (int users : plan.usersAtMainRtt()) {
                results.add(runOne(plan, kind, plan.mainRtt(), users, verbose));
            }
            int fewest = plan.usersAtMainRtt().stream().mapToInt(Integer::intValue).min()
                    .orElse(1);
            for (long rtt : plan.otherRtts()) {
                results.add(runOne(plan, kind, rtt, fewest, verbose));
            }
            for (double share : plan.cacheableShares()) {
                results.add(runOne(plan, kind, plan.mainRtt(), fewest, share, verbose));
            }
            Results.write(out, results, plan.mainRtt());
        }
        return results;
    }

    private static RunResult runOne(Plan plan, Deployment.Kind kind, long rtt, int users,
            boolean verbose) throws Exception {
        return runOne(plan, kind, rtt, users, Workload.TABLE_3_CACHEABLE, verbose);
    }

    private static RunResult runOne(Plan plan, Deployment.Kind kind, long rtt, int users,
            double cacheableShare, boolean verbose) throws Exception {
        RunResult r = measure(plan, kind, ServiceScope.APPLICATION, rtt, users, cacheableShare)
                .result();
        if (verbose) {
            System.out.printf("%-9s rtt=%4d ms users=%3d A-share %.2f  %6.1f req/s  mean %7.1f"
                    + " ms  A %7.1f  B %7.1f  C %7.1f  errors %d  origin %d req, %.0f ms CPU"
                    + "%s%n", r.deployment(), rtt, users, cacheableShare, r.throughput(),
                    r.all().mean(), r.classA().mean(), r.classB().mean(), r.classC().mean(),
                    r.errors(), r.originRequests(), r.originCpuMillis(),
                    Double.isNaN(r.filteredShare()) ? "" : String.format(Locale.ROOT,
                            "  edge hit ratio %.0f %%, filtered %.0f %%",
                            100 * r.fragmentHitRatio(), 100 * r.filteredShare()));
            r.errorKinds().forEach((what, n) -> System.out.printf("          error x%d  %s%n",
                    n, what));
        }
        return r;
    }

    private record Measured(RunResult result, long serviceObjects, double heapAfterGcMb) {
    }

    private static long serviceObjects(Deployment d) {
        if (d.options().kind() != Deployment.Kind.FREMOTING) {
            return 0;
        }
        return OriginServices.SERVICES.stream()
                .mapToLong(s -> d.originServices().instances(s)).sum();
    }

    private static Measured measure(Plan plan, Deployment.Kind kind, ServiceScope scope,
            long rtt, int users) throws Exception {
        return measure(plan, kind, scope, rtt, users, Workload.TABLE_3_CACHEABLE);
    }

    private static Measured measure(Plan plan, Deployment.Kind kind, ServiceScope scope,
            long rtt, int users, double cacheableShare) throws Exception {
        Deployment.Options o = new Deployment.Options(kind, 0, rtt, false, 1_000_000,
                Math.max(plan.maxUsers(), users), plan.catalogScale(), 300, 400, 0, 0, scope);
        Path tracePath = kind == Deployment.Kind.F0 ? traceTo : null;
        try (Deployment d = Deployment.start(o, true);
                TraceLog trace = tracePath == null ? null : new TraceLog(tracePath, String.format(
                        Locale.ROOT, "petshop-sample PetShopLoad, F0, RTT %d ms, %d users, "
                        + "cacheable share %.2f", rtt, users, cacheableShare))) {
            traceTo = tracePath == null ? traceTo : null;
            EdgeWarmup.Stats warm = d.awaitEdgeWarmup(EDGE_WARMUP_WAIT_MILLIS);
            if (warm != null) {
                System.out.printf("%-9s rtt=%4d ms users=%3d  edge warm-up before the users "
                        + "start: %d paths, %d stored, %d failed, %d skipped, %d origin "
                        + "requests, %d ms%s%n", kind.label(), rtt, users, warm.listed(),
                        warm.stored(), warm.failed(), warm.skipped(), warm.originRequests(),
                        warm.elapsed().toMillis(), warm.done() ? "" : " (not done: measuring"
                                + " anyway)");
            }
            Recorder recorder = new Recorder();
            recorder.trace(trace);
            List<Workload.VirtualUser> vus = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            for (int i = 1; i <= users; i++) {
                Workload.VirtualUser vu = new Workload.VirtualUser(d.clientUrl(), "user" + i,
                        recorder, 31L * i + rtt, plan.thinkMillis(), cacheableShare);
                vus.add(vu);
                Thread t = new Thread(vu, "petshop-load-user-" + i);
                t.setDaemon(true);
                threads.add(t);
                t.start();
            }
            Thread.sleep(plan.warmupMillis());
            long origin0 = d.originRequests();
            Map<Long, Long> cpu0 = d.originCpuNanosByThread();
            long objects0 = serviceObjects(d);
            boolean edge = kind == Deployment.Kind.FPROXY;
            EdgeStats edge0 = edge ? d.edge().stats() : null;
            long hits0 = d.app().cache().hits();
            long misses0 = d.app().cache().misses();
            long t0 = System.nanoTime();
            recorder.measuring(true);
            Thread.sleep(plan.measureMillis());
            recorder.measuring(false);
            double seconds = (System.nanoTime() - t0) / 1e9;
            long originRequests = d.originRequests() - origin0;
            double cpuMillis = Deployment.cpuBetween(cpu0, d.originCpuNanosByThread()) / 1e6;
            long hits = d.app().cache().hits() - hits0;
            long misses = d.app().cache().misses() - misses0;
            double hitRatio = hits + misses == 0 ? 0 : (double) hits / (hits + misses);
            double filtered = Double.NaN;
            if (edge) {
                EdgeStats e = d.edge().stats();
                long served = e.hits() + e.misses() + e.fragmentHits() + e.fragmentsFetched()
                        - (edge0.hits() + edge0.misses() + edge0.fragmentHits()
                                + edge0.fragmentsFetched());
                hitRatio = served == 0 ? 0 : (double) (e.hits() + e.fragmentHits()
                        - edge0.hits() - edge0.fragmentHits()) / served;
                long requests = e.requests() - edge0.requests();
                filtered = requests == 0 ? 0 : (double) (e.filtered() - edge0.filtered())
                        / requests;
            }
            long objects = serviceObjects(d) - objects0;
            // the sessions (soapsession) are still alive here: what a scope retains counts
            System.gc();
            double heapMb = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed()
                    / (1024.0 * 1024.0);
            for (Workload.VirtualUser vu : vus) {
                vu.stop();
            }
            for (Thread t : threads) {
                t.join(TimeUnit.SECONDS.toMillis(10));
            }
            RunResult r = result(kind.label(), rtt, users, seconds, recorder, originRequests,
                    cpuMillis, hitRatio, cacheableShare, filtered);
            return new Measured(r, objects, heapMb);
        }
    }

    private static RunResult result(String deployment, long rtt, int users, double seconds,
            Recorder rec, long originRequests, double cpuMillis, double hitRatio,
            double cacheableShare, double filteredShare) {
        List<RunResult.PageStats> pages = new ArrayList<>();
        rec.pages().forEach((page, h) -> pages.add(new RunResult.PageStats(page,
                rec.classOf(page), stats(h))));
        long n = rec.all().getTotalCount();
        return new RunResult(deployment, rtt, users, seconds, n, rec.errors(), n / seconds,
                stats(rec.all()), stats(rec.byClass(RequestClass.A)),
                stats(rec.byClass(RequestClass.B)), stats(rec.byClass(RequestClass.C)), pages,
                originRequests, cpuMillis, hitRatio, cacheableShare, filteredShare,
                rec.errorKinds());
    }

    private static RunResult.Stats stats(Histogram h) {
        if (h.getTotalCount() == 0) {
            return new RunResult.Stats(0, 0, 0, 0, 0, 0);
        }
        return new RunResult.Stats(h.getTotalCount(), h.getMean() / 1000,
                h.getValueAtPercentile(50) / 1000.0, h.getValueAtPercentile(95) / 1000.0,
                h.getValueAtPercentile(99) / 1000.0, h.getMaxValue() / 1000.0);
    }
}
