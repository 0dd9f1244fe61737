package io.github.wscache.portal.load;

import io.github.wscache.google.GoogleServer;
import io.github.wscache.testkit.RedisServer;
import java.io.IOException;
import java.io.PrintStream;
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
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * The Farm experiment (issue 17, the site's Farm page): the portal demo as a farm of portal JVMs
 * ({@link FarmNode}) in front of one back-end (a {@link GoogleServer} in this JVM, with a delay
 * per call), driven by closed-loop clients that send each request to the next node in turn
 * (round robin) and draw the query from a Zipf distribution (paper 003: beta = 1 over 5,000
 * queries). Each results page calls doGoogleSearch and doSpellingSuggestion, both cached at the
 * message level ({@code value: events}, so that Redis holds them as bytes) for an hour.
 *
 * <p>Configurations, each with fresh JVMs and caches: one node alone; three nodes with their own
 * caches only (independent L1s); three nodes whose policy says {@code sharedTier:
 * redis://...} (L1 + the shared Redis tier, no code). For the two farms, a fourth node then
 * starts cold and takes requests alone (what its cold start costs the back-end), then a node
 * that ran the whole phase takes the same number (the warm reference). With the shared tier, one
 * client then measures a page that is an L1 hit, an L2 hit and uncached. Last, a shared-tier farm,
 * warmed by half a phase's requests, runs for a fixed time while Redis is killed
 * ({@code SIGKILL}) at one third and started again (empty) at two thirds: errors, latency and
 * back-end calls per second. Each Redis is Debian's {@code redis-server} on a free loopback port,
 * started by the test kit's {@link RedisServer}.
 *
 * <pre>
 * ./mvnw -q -pl samples/portal -am package -DskipTests
 * java -cp samples/portal/target/portal-demo.jar io.github.wscache.portal.load.FarmLoad \
 *      [--smoke] [--out src/site/resources/farm/&lt;date&gt;] [--requests 60000] ...
 * </pre>
 * Writes {@code farm.json}, {@code phases.csv}, {@code probes.csv}, {@code timeline.csv}, PNG
 * charts and {@code summary.md} ({@link FarmReport}).
 */
public final class FarmLoad {
    static final String SEARCH = "doGoogleSearch";
    static final String SPELLING = "doSpellingSuggestion";
    /** Queries the JVMs warm up on, outside the measured key space. */
    private static final int WARM_UP_QUERIES = 200;

    private FarmLoad() {
    }

    /**
     * What to run.
     *
     * @param nodes portal JVMs of a farm
     * @param clients closed-loop clients
     * @param queries distinct queries (Zipf ranks)
     * @param beta the Zipf exponent
     * @param requests requests of each configuration's measured phase
     * @param coldRequests requests of the cold node, and of the warm reference node
     * @param delayMs the back-end's delay per call
     * @param warmUp each farm's JIT warm-up, on queries outside the measured ones
     * @param killRun the length of the run during which Redis is killed and restarted
     * @param probes pages per kind in the latency probe (L1 hit, L2 hit, uncached)
     * @param out output directory
     * @param logs where the portal JVMs' logs go
     * @param configs the configurations to run, of single, independent, shared and
     *     redis-killed (a cold node's phases need {@code coldRequests > 0}, the probe
     *     {@code probes > 0})
     */
    public record Options(int nodes, int clients, int queries, double beta, int requests,
            int coldRequests, long delayMs, Duration warmUp, Duration killRun, int probes,
            Path out, Path logs, List<String> configs) {
        /** Every configuration, in the order they run. */
        static final List<String> ALL = List.of("single", "independent", "shared",
                "redis-killed");

        /** The experiment of the Farm page (about ten minutes on two cores). */
        public static Options full(Path out) {
            return new Options(3, 25, 5_000, 1.0, 60_000, 5_000, 20, Duration.ofSeconds(10),
                    Duration.ofSeconds(45), 200, out, defaultLogs(), ALL);
        }

        /** Every phase at a tiny scale, to prove the driver works (about a minute). */
        public static Options smoke(Path out) {
            return new Options(3, 6, 500, 1.0, 1_500, 300, 2, Duration.ofSeconds(2),
                    Duration.ofSeconds(6), 20, out, defaultLogs(), ALL);
        }

        /** {@code samples/portal/target/farm-logs} from the repository root, else a temp dir. */
        private static Path defaultLogs() {
            return Files.isDirectory(Path.of("samples", "portal", "target"))
                    ? Path.of("samples", "portal", "target", "farm-logs")
                    : Path.of(System.getProperty("java.io.tmpdir"), "wscache-farm-logs");
        }

        Options with(String key, String value) {
            switch (key) {
                case "--nodes":
                    return new Options(Integer.parseInt(value), clients, queries, beta, requests,
                            coldRequests, delayMs, warmUp, killRun, probes, out, logs,
                            configs);
                case "--clients":
                    return new Options(nodes, Integer.parseInt(value), queries, beta, requests,
                            coldRequests, delayMs, warmUp, killRun, probes, out, logs,
                            configs);
                case "--queries":
                    return new Options(nodes, clients, Integer.parseInt(value), beta, requests,
                            coldRequests, delayMs, warmUp, killRun, probes, out, logs,
                            configs);
                case "--beta":
                    return new Options(nodes, clients, queries, Double.parseDouble(value),
                            requests, coldRequests, delayMs, warmUp, killRun, probes, out, logs,
                            configs);
                case "--requests":
                    return new Options(nodes, clients, queries, beta, Integer.parseInt(value),
                            coldRequests, delayMs, warmUp, killRun, probes, out, logs,
                            configs);
                case "--cold-requests":
                    return new Options(nodes, clients, queries, beta, requests,
                            Integer.parseInt(value), delayMs, warmUp, killRun, probes, out, logs,
                            configs);
                case "--delay-ms":
                    return new Options(nodes, clients, queries, beta, requests, coldRequests,
                            Long.parseLong(value), warmUp, killRun, probes, out, logs,
                            configs);
                case "--warm-up-s":
                    return new Options(nodes, clients, queries, beta, requests, coldRequests,
                            delayMs, Duration.ofSeconds(Long.parseLong(value)), killRun, probes,
                            out, logs, configs);
                case "--kill-run-s":
                    return new Options(nodes, clients, queries, beta, requests, coldRequests,
                            delayMs, warmUp, Duration.ofSeconds(Long.parseLong(value)), probes,
                            out, logs, configs);
                case "--probes":
                    return new Options(nodes, clients, queries, beta, requests, coldRequests,
                            delayMs, warmUp, killRun, Integer.parseInt(value), out, logs,
                            configs);
                case "--out":
                    return new Options(nodes, clients, queries, beta, requests, coldRequests,
                            delayMs, warmUp, killRun, probes, Path.of(value), logs,
                            configs);
                case "--configs":
                    List<String> chosen = List.of(value.split(","));
                    if (!ALL.containsAll(chosen)) {
                        throw new IllegalArgumentException("--configs takes some of " + ALL
                                + ": " + value);
                    }
                    return new Options(nodes, clients, queries, beta, requests, coldRequests,
                            delayMs, warmUp, killRun, probes, out, logs, chosen);
                case "--logs":
                    return new Options(nodes, clients, queries, beta, requests, coldRequests,
                            delayMs, warmUp, killRun, probes, out, Path.of(value),
                            configs);
                default:
                    throw new IllegalArgumentException("unknown option " + key);
            }
        }
    }

    /** Runs the experiment: {@code --smoke} or the full one (default), then options. */
    public static void main(String[] args) throws Exception {
        Path out = Path.of("samples", "portal", "target", "farm", LocalDate.now().toString());
        Options o = Options.full(out);
        for (int i = 0; i < args.length; i++) {
            if ("--smoke".equals(args[i])) {
                o = Options.smoke(o.out());
            } else if ("--full".equals(args[i])) {
                o = Options.full(o.out());
            } else {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("missing value after " + args[i]);
                }
                o = o.with(args[i], args[i + 1]);
                i++;
            }
        }
        FarmReport report = run(o, System.out);
        report.write();
        System.out.println("results in " + o.out().toAbsolutePath());
    }

    /** Runs every phase, logging progress to {@code log}; returns what was measured. */
    public static FarmReport run(Options o, PrintStream log) throws IOException,
            InterruptedException {
        FarmReport report = new FarmReport(o);
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        Path policies = Files.createTempDirectory("wscache-farm-policies");
        Zipf zipf = new Zipf(o.queries(), o.beta());
        log.printf(Locale.ROOT, "farm: %d nodes, %d clients, Zipf beta %.2f over %d queries, "
                + "%d requests per configuration, back-end delay %d ms; logs in %s%n",
                o.nodes(), o.clients(), o.beta(), o.queries(), o.requests(), o.delayMs(),
                o.logs().toAbsolutePath());
        try (GoogleServer backend = GoogleServer.start(0)) {
            backend.service().setDelay(Duration.ofMillis(o.delayMs()));
            Farm farm = new Farm(o, http, backend, zipf, report, log, policies);
            if (o.configs().contains("single")) {
                farm.configuration("single", 1, false);
            }
            if (o.configs().contains("independent")) {
                farm.configuration("independent", o.nodes(), false);
            }
            if (o.configs().contains("shared")) {
                farm.configuration("shared", o.nodes(), true);
            }
            if (o.configs().contains("redis-killed")) {
                farm.redisKilled();
            }
        }
        return report;
    }

    /** The phases, with what they share: the back-end, the client, the report. */
    private static final class Farm {
        private final Options o;
        private final HttpClient http;
        private final GoogleServer backend;
        private final Zipf zipf;
        private final FarmReport report;
        private final PrintStream log;
        private final Path policies;
        private int started;

        Farm(Options o, HttpClient http, GoogleServer backend, Zipf zipf, FarmReport report,
                PrintStream log, Path policies) {
            this.o = o;
            this.http = http;
            this.backend = backend;
            this.zipf = zipf;
            this.report = report;
            this.log = log;
            this.policies = policies;
        }

        private Path policy(String name, RedisServer redis) throws IOException {
            Path file = policies.resolve(name + ".yaml");
            Files.writeString(file, policyText(redis == null ? null : redis.uri()));
            return file;
        }

        private List<FarmNode> startNodes(String config, int n, Path policy)
                throws IOException, InterruptedException {
            List<FarmNode> nodes = new ArrayList<>();
            try {
                for (int i = 0; i < n; i++) {
                    nodes.add(startNode(config, policy));
                }
            } catch (IOException | RuntimeException e) {
                nodes.forEach(FarmNode::close);
                throw e;
            }
            return nodes;
        }

        private FarmNode startNode(String config, Path policy) throws IOException,
                InterruptedException {
            return FarmNode.start(config + "-node" + (++started), backend.endpoint(), policy,
                    o.logs(), http);
        }

        /** One configuration: warm-up, the measured phase, the cold node, the probe. */
        void configuration(String name, int n, boolean shared) throws IOException,
                InterruptedException {
            RedisServer redis = shared ? RedisServer.start() : null;
            List<FarmNode> nodes = null;
            try {
                Path policy = policy(name, redis);
                nodes = startNodes(name, n, policy);
                warmUp(nodes);
                FarmReport.Phase p = measure(name, "farm", nodes, o.requests(), 17);
                if (n > 1 && o.coldRequests() > 0) {
                    FarmNode cold = startNode(name, policy);
                    try {
                        warmUp(List.of(cold));
                        measure(name, "cold node", List.of(cold), o.coldRequests(), 23);
                        measure(name, "warm node", List.of(nodes.get(0)), o.coldRequests(), 23);
                    } finally {
                        cold.close();
                    }
                }
                if (shared && o.probes() > 0) {
                    probe(nodes);
                }
                log.printf(Locale.ROOT, "%s: back-end calls per 10,000 requests %.0f%n", name,
                        p.backendCallsPer10k());
            } finally {
                if (nodes != null) {
                    nodes.forEach(FarmNode::close);
                }
                if (redis != null) {
                    redis.close();
                }
            }
        }

        /** JIT warm-up on queries outside the measured ones, a few clients on every node. */
        private void warmUp(List<FarmNode> nodes) throws InterruptedException {
            Zipf warm = new Zipf(WARM_UP_QUERIES, 1.0);
            drive(nodes, Math.min(8, o.clients()), 0, o.warmUp(), warm, "warm-up ", 5, null);
        }

        private FarmReport.Phase measure(String config, String phase, List<FarmNode> nodes,
                int requests, long seed) throws IOException, InterruptedException {
            List<FarmNode.OpStats> before = stats(nodes);
            long search0 = backend.requestCount(SEARCH);
            long spelling0 = backend.requestCount(SPELLING);
            double load0 = loadAverage();
            Run r = drive(nodes, o.clients(), requests, null, zipf, "zipf ", seed, null);
            FarmNode.OpStats cache = sum(stats(nodes)).minus(sum(before));
            FarmReport.Phase p = FarmReport.Phase.of(config, phase, nodes.size(), o.clients(),
                    r, backend.requestCount(SEARCH) - search0,
                    backend.requestCount(SPELLING) - spelling0, cache, load0, loadAverage());
            report.phases.add(p);
            log.printf(Locale.ROOT, "%-11s %-9s %6d requests %7.1f req/s, mean %6.2f ms, p99 "
                    + "%7.2f ms, errors %d; back-end calls %d (%.0f per 10,000); hits L1 %.3f "
                    + "L2 %.3f all %.3f; load %.1f%n", config, phase, p.requests(),
                    p.throughput(), p.meanMs(), p.p99Ms(), p.errors(),
                    p.backendSearch() + p.backendSpelling(), p.backendCallsPer10k(),
                    p.l1HitRatio(), p.l2HitRatio(), p.hitRatio(), p.loadAverageEnd());
            return p;
        }

        /** Cache counters of both operations, per node. */
        private List<FarmNode.OpStats> stats(List<FarmNode> nodes) throws IOException,
                InterruptedException {
            List<FarmNode.OpStats> all = new ArrayList<>();
            for (FarmNode n : nodes) {
                all.add(n.stats(http, SEARCH).plus(n.stats(http, SPELLING)));
            }
            return all;
        }

        private static FarmNode.OpStats sum(List<FarmNode.OpStats> stats) {
            FarmNode.OpStats s = new FarmNode.OpStats(0, 0, 0, 0);
            for (FarmNode.OpStats x : stats) {
                s = s.plus(x);
            }
            return s;
        }

        /**
         * One client, one page at a time on an idle farm: uncached pages (new queries, two
         * back-end calls), L2 hits (a query another node just loaded) and L1 hits (the same
         * query again on the same node).
         */
        private void probe(List<FarmNode> nodes) throws IOException, InterruptedException {
            FarmNode a = nodes.get(0);
            FarmNode b = nodes.get(1);
            Histogram uncached = new Histogram(60_000_000L, 3);
            Histogram l2 = new Histogram(60_000_000L, 3);
            Histogram l1 = new Histogram(60_000_000L, 3);
            long search0 = backend.requestCount(SEARCH);
            for (int i = 0; i < o.probes(); i++) {
                String q = "probe " + i;
                uncached.recordValue(timedGet(a, q));
                l2.recordValue(timedGet(b, q));
                l1.recordValue(timedGet(b, q));
            }
            long calls = backend.requestCount(SEARCH) - search0;
            report.probes.add(FarmReport.Probe.of("uncached (two back-end calls)", uncached));
            report.probes.add(FarmReport.Probe.of("L2 hit (shared Redis)", l2));
            report.probes.add(FarmReport.Probe.of("L1 hit (the node's own store)", l1));
            report.probeSearchCalls = calls;
            log.printf(Locale.ROOT, "probe: uncached %.2f ms, L2 hit %.2f ms, L1 hit %.2f ms "
                    + "(means of %d; doGoogleSearch back-end calls %d)%n",
                    uncached.getMean() / 1000, l2.getMean() / 1000, l1.getMean() / 1000,
                    o.probes(), calls);
        }

        private long timedGet(FarmNode node, String q) throws IOException,
                InterruptedException {
            long t0 = System.nanoTime();
            HttpResponse<byte[]> r = get(http, node, q);
            long micros = Math.max(1, (System.nanoTime() - t0) / 1000);
            if (r.statusCode() != 200) {
                throw new IOException("probe " + q + " on " + node.name() + ": status "
                        + r.statusCode());
            }
            return micros;
        }

        /**
         * A shared-tier farm, warmed by half a measured phase's requests, then run for
         * {@code killRun}: Redis is killed at one third and started again (empty) at two thirds;
         * errors, latency and back-end calls per second.
         */
        void redisKilled() throws IOException, InterruptedException {
            String name = "redis-killed";
            RedisServer redis = RedisServer.start();
            List<FarmNode> nodes = null;
            ScheduledExecutorService events = Executors.newSingleThreadScheduledExecutor();
            try {
                nodes = startNodes(name, o.nodes(), policy(name, redis));
                warmUp(nodes);
                // the caches warm, so that the run starts from a steady state
                drive(nodes, o.clients(), o.requests() / 2, null, zipf, "zipf ", 29, null);
                long third = o.killRun().toMillis() / 3;
                List<String> failures = new CopyOnWriteArrayList<>();
                events.schedule(() -> {
                    try {
                        redis.kill();
                        log.println("redis-killed: Redis killed");
                    } catch (RuntimeException e) {
                        failures.add(e.toString());
                    }
                }, third, TimeUnit.MILLISECONDS);
                events.schedule(() -> {
                    try {
                        redis.restart();
                        log.println("redis-killed: Redis started again (empty)");
                    } catch (RuntimeException e) {
                        failures.add(e.toString());
                    }
                }, 2 * third, TimeUnit.MILLISECONDS);
                List<FarmNode.OpStats> before = stats(nodes);
                long search0 = backend.requestCount(SEARCH);
                long spelling0 = backend.requestCount(SPELLING);
                double load0 = loadAverage();
                Timeline timeline = new Timeline(backend);
                Run r = drive(nodes, o.clients(), 0, o.killRun(), zipf, "zipf ", 31, timeline);
                FarmNode.OpStats cache = sum(stats(nodes)).minus(sum(before));
                FarmReport.Phase p = FarmReport.Phase.of(name, "Redis killed at "
                        + third / 1000.0 + " s, back at " + 2 * third / 1000.0 + " s",
                        nodes.size(), o.clients(), r, backend.requestCount(SEARCH) - search0,
                        backend.requestCount(SPELLING) - spelling0, cache, load0,
                        loadAverage());
                report.phases.add(p);
                report.timeline = timeline.rows(r, third / 1000.0, 2 * third / 1000.0,
                        o.killRun());
                report.failures.addAll(failures);
                log.printf(Locale.ROOT, "%s: %d requests, errors %d, mean %.2f ms, p99 %.2f ms%n",
                        name, p.requests(), p.errors(), p.meanMs(), p.p99Ms());
            } finally {
                events.shutdownNow();
                if (nodes != null) {
                    nodes.forEach(FarmNode::close);
                }
                redis.close();
            }
        }
    }

    /** The policy of every node: both calls of a results page cached as recordings. */
    static String policyText(String sharedTier) {
        return "# written by FarmLoad\n"
                + "maximumSize: 256MB\n"
                + (sharedTier == null ? "" : "sharedTier: " + sharedTier + "\n")
                + "operations:\n"
                + "  - service: GoogleSearchService\n    operation: " + SEARCH + "\n"
                + "    ttl: 1h\n    value: events\n"
                + "  - service: GoogleSearchService\n    operation: " + SPELLING + "\n"
                + "    ttl: 1h\n    value: events\n";
    }

    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    static HttpResponse<byte[]> get(HttpClient http, FarmNode node, String q)
            throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(node.url() + "search?q="
                + URLEncoder.encode(q, StandardCharsets.UTF_8))).timeout(Duration.ofSeconds(30))
                .build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    /** What one driven phase measured (latencies in microseconds). */
    static final class Run {
        final Histogram all = new Histogram(60_000_000L, 3);
        long requests;
        long errors;
        long wallNanos;
        /** Per second since the start: latencies and errors. */
        List<Histogram> seconds = new ArrayList<>();
        List<Long> secondErrors = new ArrayList<>();

        void record(int second, long micros, boolean ok) {
            while (seconds.size() <= second) {
                seconds.add(new Histogram(60_000_000L, 3));
                secondErrors.add(0L);
            }
            if (ok) {
                all.recordValue(micros);
                seconds.get(second).recordValue(micros);
                requests++;
            } else {
                errors++;
                secondErrors.set(second, secondErrors.get(second) + 1);
            }
        }

        void add(Run other) {
            all.add(other.all);
            requests += other.requests;
            errors += other.errors;
            for (int s = 0; s < other.seconds.size(); s++) {
                while (seconds.size() <= s) {
                    seconds.add(new Histogram(60_000_000L, 3));
                    secondErrors.add(0L);
                }
                seconds.get(s).add(other.seconds.get(s));
                secondErrors.set(s, secondErrors.get(s) + other.secondErrors.get(s));
            }
        }
    }

    /** Back-end calls per second during a timed run. */
    static final class Timeline {
        private final GoogleServer backend;
        private final List<Long> calls = new ArrayList<>();
        private ScheduledExecutorService sampler;

        Timeline(GoogleServer backend) {
            this.backend = backend;
        }

        synchronized void start() {
            sampler = Executors.newSingleThreadScheduledExecutor();
            sampler.scheduleAtFixedRate(() -> {
                synchronized (this) {
                    calls.add(backend.requestCount(SEARCH) + backend.requestCount(SPELLING));
                }
            }, 0, 1, TimeUnit.SECONDS);
        }

        void stop() {
            sampler.shutdownNow();
        }

        synchronized List<FarmReport.Second> rows(Run r, double killedAt, double backAt,
                Duration length) {
            List<FarmReport.Second> rows = new ArrayList<>();
            // whole seconds only: the last one holds the few requests that ended after the run
            int whole = (int) Math.min(r.seconds.size(), length.toSeconds());
            for (int s = 0; s < whole; s++) {
                Histogram h = r.seconds.get(s);
                long backendCalls = s + 1 < calls.size() ? calls.get(s + 1) - calls.get(s) : -1;
                boolean up = s + 1 <= killedAt || s >= backAt;
                rows.add(new FarmReport.Second(s, h.getTotalCount(), r.secondErrors.get(s),
                        h.getTotalCount() == 0 ? 0 : h.getMean() / 1000,
                        h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(99) / 1000.0,
                        backendCalls, up));
            }
            return rows;
        }
    }

    /**
     * Runs closed-loop clients against {@code nodes}, each request to the next node in turn,
     * until {@code requests} were sent (when positive) or for {@code duration}.
     */
    static Run drive(List<FarmNode> nodes, int clients, long requests, Duration duration,
            Zipf zipf, String prefix, long seed, Timeline timeline) throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        AtomicLong issued = new AtomicLong();
        AtomicLong turn = new AtomicLong();
        long start = System.nanoTime();
        long end = duration == null ? Long.MAX_VALUE : start + duration.toNanos();
        List<Run> runs = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        if (timeline != null) {
            timeline.start();
        }
        for (int c = 0; c < clients; c++) {
            Run mine = new Run();
            runs.add(mine);
            SplittableRandom random = new SplittableRandom(seed * 1_000 + c);
            Thread t = new Thread(() -> {
                while (true) {
                    if (requests > 0 ? issued.getAndIncrement() >= requests
                            : System.nanoTime() >= end) {
                        return;
                    }
                    FarmNode node = nodes.get((int) (turn.getAndIncrement() % nodes.size()));
                    String q = prefix + zipf.next(random);
                    long t0 = System.nanoTime();
                    boolean ok;
                    try {
                        ok = get(http, node, q).statusCode() == 200;
                    } catch (IOException e) {
                        ok = false;
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                    long t1 = System.nanoTime();
                    mine.record((int) ((t1 - start) / 1_000_000_000L),
                            Math.max(1, (t1 - t0) / 1000), ok);
                }
            }, "farm-client-" + c);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        if (timeline != null) {
            timeline.stop();
        }
        Run total = new Run();
        runs.forEach(total::add);
        total.wallNanos = Math.max(1, System.nanoTime() - start);
        return total;
    }
}
