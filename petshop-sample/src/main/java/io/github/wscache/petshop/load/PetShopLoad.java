package io.github.wscache.petshop.load;

import io.github.wscache.petshop.Deployment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The load driver: for each deployment, WAN round-trip time and number of users of a plan, starts
 * the deployment in this process, runs N virtual users in a closed loop (50 ms think time) with a
 * warm-up and then a measurement interval, and writes CSV files and charts.
 *
 * <pre>
 * java -cp petshop-sample/target/petshop-sample.jar \
 *     io.github.wscache.petshop.load.PetShopLoad --quick
 * </pre>
 * Plans: {@code --quick} (under 3 minutes), {@code --full} (the paper's matrix, about 25
 * minutes), {@code --smoke} (seconds, for the build). {@code --catalog-scale N} adds N generated
 * products per category (two items each) to JPetStore's catalog. {@code --out DIR} changes the
 * output directory (default {@code petshop-sample/target/results}).
 */
public final class PetShopLoad {

    /**
     * What to run.
     *
     * @param mainRtt the RTT of Figures 9 and 10 (the paper's 200 ms)
     * @param usersAtMainRtt user counts measured at the main RTT
     * @param otherRtts further RTTs (Figure 12), measured with the smallest user count
     * @param catalogScale generated products per category on top of JPetStore's 16
     */
    public record Plan(List<Deployment.Kind> deployments, long mainRtt,
            List<Integer> usersAtMainRtt, List<Long> otherRtts, long warmupMillis,
            long measureMillis, long thinkMillis, int catalogScale) {

        /** Under three minutes: F0 and Fdb, 5 and 15 users at 200 ms, 5 users at 50/400 ms. */
        public static Plan quick() {
            return new Plan(List.of(Deployment.Kind.F0, Deployment.Kind.FDB), 200,
                    List.of(5, 15), List.of(50L, 400L), 6_000, 8_000, 50, 0);
        }

        /** The paper's matrix, scaled to one machine: about 25 minutes. */
        public static Plan full() {
            return new Plan(List.of(Deployment.Kind.F0, Deployment.Kind.FDB), 200,
                    List.of(5, 10, 25, 50, 100), List.of(50L, 400L), 30_000, 60_000, 50, 0);
        }

        /** A few seconds: 2 users, 20 ms and 0 ms. */
        public static Plan smoke() {
            return new Plan(List.of(Deployment.Kind.F0, Deployment.Kind.FDB), 20, List.of(2),
                    List.of(0L), 500, 1_500, 50, 0);
        }

        /** A copy with a generated catalog of {@code n} more products per category. */
        public Plan withCatalogScale(int n) {
            return new Plan(deployments, mainRtt, usersAtMainRtt, otherRtts, warmupMillis,
                    measureMillis, thinkMillis, n);
        }

        int maxUsers() {
            return usersAtMainRtt.stream().mapToInt(Integer::intValue).max().orElse(1);
        }
    }

    private PetShopLoad() {
    }

    /** Command-line entry point. */
    public static void main(String[] args) throws Exception {
        Plan plan = Plan.quick();
        int catalogScale = 0;
        Path out = Path.of("petshop-sample", "target", "results");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> plan = Plan.quick();
                case "--full" -> plan = Plan.full();
                case "--smoke" -> plan = Plan.smoke();
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
                default -> throw new IllegalArgumentException("unknown option: " + args[i]
                        + " (options: --quick | --full | --smoke, --catalog-scale N, --out DIR)");
            }
        }
        List<RunResult> results = run(plan.withCatalogScale(catalogScale), out, true);
        System.out.println("results in " + out.toAbsolutePath() + " (" + results.size()
                + " runs)");
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
            Results.write(out, results, plan.mainRtt());
        }
        return results;
    }

    private static RunResult runOne(Plan plan, Deployment.Kind kind, long rtt, int users,
            boolean verbose) throws Exception {
        Deployment.Options o = new Deployment.Options(kind, 0, rtt, false, 1_000_000,
                Math.max(plan.maxUsers(), users), plan.catalogScale(), 300, 400, 0, 0);
        try (Deployment d = Deployment.start(o)) {
            Recorder recorder = new Recorder();
            List<Workload.VirtualUser> vus = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            for (int i = 1; i <= users; i++) {
                Workload.VirtualUser vu = new Workload.VirtualUser(d.clientUrl(), "user" + i,
                        recorder, 31L * i + rtt, plan.thinkMillis());
                vus.add(vu);
                Thread t = new Thread(vu, "petshop-load-user-" + i);
                t.setDaemon(true);
                threads.add(t);
                t.start();
            }
            Thread.sleep(plan.warmupMillis());
            long origin0 = d.originRequests();
            Map<Long, Long> cpu0 = d.originCpuNanosByThread();
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
            for (Workload.VirtualUser vu : vus) {
                vu.stop();
            }
            for (Thread t : threads) {
                t.join(TimeUnit.SECONDS.toMillis(10));
            }
            RunResult r = result(kind.label(), rtt, users, seconds, recorder, originRequests,
                    cpuMillis, hits + misses == 0 ? 0 : (double) hits / (hits + misses));
            if (verbose) {
                System.out.printf("%-4s rtt=%4d ms users=%3d  %6.1f req/s  mean %7.1f ms"
                        + "  A %7.1f  B %7.1f  C %7.1f  errors %d  origin %d req, %.0f ms CPU%n",
                        r.deployment(), rtt, users, r.throughput(), r.all().mean(),
                        r.classA().mean(), r.classB().mean(), r.classC().mean(), r.errors(),
                        r.originRequests(), r.originCpuMillis());
            }
            return r;
        }
    }

    private static RunResult result(String deployment, long rtt, int users, double seconds,
            Recorder rec, long originRequests, double cpuMillis, double hitRatio) {
        List<RunResult.PageStats> pages = new ArrayList<>();
        rec.pages().forEach((page, h) -> pages.add(new RunResult.PageStats(page,
                rec.classOf(page), stats(h))));
        long n = rec.all().getTotalCount();
        return new RunResult(deployment, rtt, users, seconds, n, rec.errors(), n / seconds,
                stats(rec.all()), stats(rec.byClass(RequestClass.A)),
                stats(rec.byClass(RequestClass.B)), stats(rec.byClass(RequestClass.C)), pages,
                originRequests, cpuMillis, hitRatio);
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
