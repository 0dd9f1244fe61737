package io.github.wscache.portal.load;

import io.github.wscache.core.CacheStats;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.policy.Rule;
import io.github.wscache.google.GoogleServer;
import io.github.wscache.portal.Portal;
import io.github.wscache.portal.Representations;
import io.github.wscache.sim.trace.TraceLog;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/**
 * The load driver of the paper's section 5.2: starts the back-end and the portal in this JVM and
 * requests portal result pages ({@code /search?q=}, which calls doGoogleSearch and
 * doSpellingSuggestion) from closed-loop clients with a controlled cache-hit ratio: each request
 * takes a query from a hot set (cached when the point starts) or a never-repeating one, so that
 * exactly {@code ratio} percent of the requests are for hot queries. For every representation
 * (applied to both operations) and number of clients it sweeps the ratios after a warm-up and
 * writes {@code results.csv}, PNG charts and {@code summary.md}.
 *
 * <pre>
 * java -cp samples/portal/target/portal-demo.jar io.github.wscache.portal.load.PortalLoad --quick
 * java -cp samples/portal/target/portal-demo.jar io.github.wscache.portal.load.PortalLoad --full
 * </pre>
 * {@code --min-uses 2} runs the same matrix with the policy's {@code minUses: 2}: responses of
 * queries asked for once are passed through and never kept.
 * {@code --trace FILE} also writes the measured requests of the points without a cache
 * (representation {@code none}: each latency is what a miss costs) as a cache-sim trace
 * ({@code time_us,key,size_bytes,miss_cost_us}; the key is the query, the size the page's).
 */
public final class PortalLoad {
    /** The representations of Figures 3 and 4, plus no cache at all. */
    public static final List<String> ALL_REPRESENTATIONS = List.of("xml", "events",
            "serialization", "reflection", "clone", "reference", "none");

    private static final int HOT_QUERIES = 16;
    private static final AtomicLong COLD = new AtomicLong();
    /** Where {@code --trace} writes the uncached points' requests, or null. */
    private static volatile TraceLog trace;

    private PortalLoad() {
    }

    /**
     * What to run.
     *
     * @param representations representations to test
     * @param clients numbers of concurrent clients
     * @param ratios target hit ratios in percent
     * @param warmup warm-up per point (clients run, nothing recorded)
     * @param measure measurement window per point
     * @param jitWarmup one warm-up of the whole JVM before the first point: the portal, its
     *     back-end and the client share one JVM whose throughput rises about 2.5x over its first
     *     two minutes of load, whatever the representation, so a short warm-up favours the
     *     representations measured last
     * @param delayMs back-end service delay
     * @param out output directory
     * @param minUses the policy's {@code minUses} for both operations (1: every response is
     *     kept; 2: only those of queries asked for a second time, so one-time queries cost what
     *     they cost without the cache)
     */
    public record Options(List<String> representations, List<Integer> clients,
            List<Integer> ratios, Duration warmup, Duration measure, Duration jitWarmup,
            long delayMs, Path out, int minUses) {

        /** The whole matrix, short windows: about two minutes (its warm-up is too short for
         * comparisons between representations at 0 % hits; use the full run for those). */
        public static Options quick(Path out) {
            return new Options(ALL_REPRESENTATIONS, List.of(1, 25), List.of(0, 25, 50, 75, 100),
                    Duration.ofMillis(250), Duration.ofMillis(800), Duration.ofSeconds(30), 0,
                    out, 1);
        }

        /** The whole matrix with longer windows and a 150 s JVM warm-up (about 21 minutes). */
        public static Options full(Path out) {
            return new Options(ALL_REPRESENTATIONS, List.of(1, 25), List.of(0, 25, 50, 75, 100),
                    Duration.ofSeconds(3), Duration.ofSeconds(12), Duration.ofSeconds(150), 0,
                    out, 1);
        }

        /** A few points at a tiny scale, to prove the driver works (seconds). */
        public static Options smoke(Path out) {
            return new Options(List.of("events", "reflection", "none"), List.of(1, 4),
                    List.of(0, 100), Duration.ofMillis(50), Duration.ofMillis(200),
                    Duration.ofMillis(300), 0, out, 1);
        }

        Options with(String key, String value) {
            switch (key) {
                case "--representations":
                    return new Options(List.of(value.split(",")), clients, ratios, warmup,
                            measure, jitWarmup, delayMs, out, minUses);
                case "--clients":
                    return new Options(representations, ints(value), ratios, warmup, measure,
                            jitWarmup, delayMs, out, minUses);
                case "--ratios":
                    return new Options(representations, clients, ints(value), warmup, measure,
                            jitWarmup, delayMs, out, minUses);
                case "--warmup-ms":
                    return new Options(representations, clients, ratios,
                            Duration.ofMillis(Long.parseLong(value)), measure, jitWarmup,
                            delayMs, out, minUses);
                case "--measure-ms":
                    return new Options(representations, clients, ratios, warmup,
                            Duration.ofMillis(Long.parseLong(value)), jitWarmup, delayMs, out,
                            minUses);
                case "--delay-ms":
                    return new Options(representations, clients, ratios, warmup, measure,
                            jitWarmup, Long.parseLong(value), out, minUses);
                case "--jit-warmup-ms":
                    return new Options(representations, clients, ratios, warmup, measure,
                            Duration.ofMillis(Long.parseLong(value)), delayMs, out, minUses);
                case "--out":
                    return new Options(representations, clients, ratios, warmup, measure,
                            jitWarmup, delayMs, Path.of(value), minUses);
                case "--min-uses":
                    return new Options(representations, clients, ratios, warmup, measure,
                            jitWarmup, delayMs, out, Integer.parseInt(value));
                default:
                    throw new IllegalArgumentException("unknown option " + key);
            }
        }

        private static List<Integer> ints(String csv) {
            return Arrays.stream(csv.split(",")).map(String::trim).map(Integer::valueOf)
                    .collect(Collectors.toList());
        }

        /** Estimated wall time of the points alone. */
        Duration estimate() {
            long points = (long) representations.size() * clients.size() * ratios.size();
            return warmup.plus(measure).plusMillis(150).multipliedBy(points).plus(jitWarmup);
        }
    }

    /** Runs the load: {@code --quick} (default), {@code --full} or {@code --smoke}, options. */
    public static void main(String[] args) throws Exception {
        Path out = Path.of("samples", "portal", "target", "results");
        if (!Files.isDirectory(Path.of("samples", "portal"))) {
            out = Path.of("target", "results");
        }
        Options o = Options.quick(out);
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick":
                    o = Options.quick(o.out());
                    break;
                case "--full":
                    o = Options.full(o.out());
                    break;
                case "--smoke":
                    o = Options.smoke(o.out());
                    break;
                case "--trace":
                    if (i + 1 >= args.length) {
                        throw new IllegalArgumentException("missing value after --trace");
                    }
                    trace = new TraceLog(Path.of(args[++i]), "portal-demo PortalLoad, "
                            + "representation none, " + String.join(" ", args));
                    break;
                default:
                    if (i + 1 >= args.length) {
                        throw new IllegalArgumentException("missing value after " + args[i]);
                    }
                    o = o.with(args[i], args[i + 1]);
                    i++;
            }
        }
        System.out.printf(Locale.ROOT, "portal load: %s x clients %s x hit ratios %s, "
                + "warm-up %d ms + %d ms per point, about %d s; results in %s%n",
                o.representations(), o.clients(), o.ratios(), o.warmup().toMillis(),
                o.measure().toMillis(), o.estimate().toSeconds(), o.out().toAbsolutePath());
        long t0 = System.nanoTime();
        List<Point> points;
        try {
            points = run(o, System.out);
        } finally {
            if (trace != null) {
                trace.close();
            }
        }
        Results.write(points, o, Duration.ofNanos(System.nanoTime() - t0));
        System.out.printf(Locale.ROOT, "done in %d s: %s%n",
                Duration.ofNanos(System.nanoTime() - t0).toSeconds(),
                o.out().resolve("summary.md").toAbsolutePath());
    }

    /** The policy of the load: both operations of the results page cached for an hour. */
    static Policy basePolicy(int minUses) {
        OperationPolicy cached = OperationPolicy.builder().cacheable(true)
                .ttl(Duration.ofHours(1)).minUses(minUses).build();
        return Policy.builder().maximumSize(256L << 20)
                .rule(Rule.of(Representations.SERVICE, "doGoogleSearch", cached))
                .rule(Rule.of(Representations.SERVICE, "doSpellingSuggestion", cached))
                .build();
    }

    /** Runs every point; progress goes to {@code log}. */
    public static List<Point> run(Options o, java.io.PrintStream log) throws IOException,
            InterruptedException {
        List<Point> points = new ArrayList<>();
        try (GoogleServer backend = GoogleServer.start(0);
                Portal portal = Portal.start(Portal.options(backend.endpoint())
                        .policy(basePolicy(o.minUses())).maxThreads(64))) {
            backend.service().setDelay(Duration.ofMillis(o.delayMs()));
            int maxClients = o.clients().stream().mapToInt(Integer::intValue).max().orElse(1);
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(10)).build();
            String base = portal.url() + "search?q=";
            // the JVM's warm-up: every representation once, mixed hits and misses
            for (String rep : o.representations()) {
                switchTo(portal, rep);
                prime(http, base);
                drive(http, base, maxClients, 50,
                        o.jitWarmup().dividedBy(o.representations().size()), Duration.ZERO,
                        "warm");
            }
            for (String rep : o.representations()) {
                switchTo(portal, rep);
                prime(http, base);
                for (int clients : o.clients()) {
                    for (int ratio : o.ratios()) {
                        CacheStats s0 = portal.cache().stats("doGoogleSearch");
                        long b0 = backend.requestCount("doGoogleSearch");
                        long cpu0 = cpuNanos();
                        Run r = drive(http, base, clients, ratio, o.warmup(), o.measure(), rep);
                        CacheStats s1 = portal.cache().stats("doGoogleSearch");
                        long hits = s1.hits() - s0.hits();
                        long all = hits + s1.misses() - s0.misses() + s1.bypasses()
                                - s0.bypasses();
                        double cpu = (cpuNanos() - cpu0) / (double) r.wallNanos
                                / Runtime.getRuntime().availableProcessors();
                        Histogram h = r.histogram;
                        Point p = new Point(rep, clients, ratio, h.getTotalCount(), r.errors,
                                o.measure().toNanos() / 1e9, h.getMean() / 1000.0,
                                h.getValueAtPercentile(50) / 1000.0,
                                h.getValueAtPercentile(99) / 1000.0, h.getMaxValue() / 1000.0,
                                all == 0 ? 0 : hits / (double) all,
                                backend.requestCount("doGoogleSearch") - b0, cpu);
                        points.add(p);
                        log.printf(Locale.ROOT, "%-13s clients %2d hits %3d%%: %8.1f req/s, "
                                + "mean %7.2f ms, p99 %7.2f ms (measured hit ratio %.2f, "
                                + "errors %d)%n", rep, clients, ratio, p.throughput(), p.meanMs(),
                                p.p99Ms(), p.measuredHitRatio(), p.errors());
                    }
                }
            }
        }
        return points;
    }

    private static long cpuNanos() {
        java.lang.management.OperatingSystemMXBean os =
                ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getProcessCpuTime();
        }
        return 0;
    }

    private static void switchTo(Portal portal, String rep) {
        portal.setRepresentation("doGoogleSearch", rep);
        portal.setRepresentation("doSpellingSuggestion", rep);
        portal.invalidate(null);
    }

    static String hot(int i) {
        return "hot query " + i;
    }

    private static void prime(HttpClient http, String base) throws IOException,
            InterruptedException {
        for (int i = 0; i < HOT_QUERIES; i++) {
            get(http, base, hot(i));
        }
    }

    private static int get(HttpClient http, String base, String q) throws IOException,
            InterruptedException {
        return fetch(http, base, q).statusCode();
    }

    private static HttpResponse<byte[]> fetch(HttpClient http, String base, String q)
            throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(base
                + URLEncoder.encode(q, StandardCharsets.UTF_8))).timeout(Duration.ofSeconds(30))
                .build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    /** The outcome of one point. */
    private static final class Run {
        private final Histogram histogram = new Histogram(60_000_000L, 3);
        private long errors;
        private long wallNanos;
    }

    /**
     * Runs {@code clients} closed-loop clients for warm-up plus measurement; records requests
     * that start and end inside the measurement window.
     */
    private static Run drive(HttpClient http, String base, int clients, int ratio,
            Duration warmup, Duration measure, String tag) throws InterruptedException {
        long start = System.nanoTime();
        long measureFrom = start + warmup.toNanos();
        long measureTo = measureFrom + measure.toNanos();
        Run total = new Run();
        List<Thread> threads = new ArrayList<>();
        List<Run> runs = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            Run mine = new Run();
            runs.add(mine);
            int client = c;
            Thread t = new Thread(() -> {
                long k = client * 7L;
                while (System.nanoTime() < measureTo) {
                    boolean hot = (k + 1) * ratio / 100 > k * ratio / 100;
                    String q = hot ? hot((int) ((k * 31 + client) % HOT_QUERIES))
                            : "cold query " + tag + " " + COLD.incrementAndGet();
                    k++;
                    long t0 = System.nanoTime();
                    int status;
                    int bytes = 0;
                    try {
                        HttpResponse<byte[]> r = fetch(http, base, q);
                        status = r.statusCode();
                        bytes = r.body().length;
                    } catch (IOException e) {
                        status = -1;
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                    long t1 = System.nanoTime();
                    if (t0 >= measureFrom && t1 <= measureTo) {
                        if (status == 200) {
                            mine.histogram.recordValue(Math.max(1, (t1 - t0) / 1000));
                            TraceLog log = trace;
                            if (log != null && tag.equals("none")) {
                                log.record(q, bytes, (t1 - t0) / 1000);
                            }
                        } else {
                            mine.errors++;
                        }
                    }
                }
            }, "load-client-" + c);
            threads.add(t);
            t.start();
        }
        long cpuStart = System.nanoTime();
        for (Thread t : threads) {
            t.join();
        }
        for (Run r : runs) {
            total.histogram.add(r.histogram);
            total.errors += r.errors;
        }
        total.wallNanos = Math.max(1, System.nanoTime() - cpuStart);
        return total;
    }
}
