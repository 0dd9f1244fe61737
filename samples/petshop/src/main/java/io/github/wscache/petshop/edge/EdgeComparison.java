package io.github.wscache.petshop.edge;

import io.github.wscache.petshop.Deployment;
import io.github.wscache.petshop.load.UserAgent;
import io.github.wscache.varnish.VarnishProcess;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
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
import java.util.Map;
import java.util.function.Supplier;

/**
 * cache-edge against Varnish Cache in front of the same Pet Shop origin (ESI on) behind the same
 * WAN relay: the Fproxy deployment starts the origin, the relay and cache-edge; Varnish is
 * started beside it with {@code petshop.vcl}, whose backend is the same relay.
 *
 * <ol>
 *   <li><b>Parity</b>: the same pages, anonymous and signed in (same session cookie through
 *       both), must compose to the same HTML.</li>
 *   <li><b>Cart page</b>: a signed-in user's cart (one cacheable fragment, two uncacheable ones:
 *       the cart and the "pet favourites") — cache-edge fetches the two in parallel, Varnish 7.1
 *       one after the other.</li>
 *   <li><b>Cached pages</b>: requests/s of a fully cached category page, measured by
 *       {@link Wrk} (a load generator in its own process, keep-alive connections) so that the
 *       load does not run inside the JVM it measures.</li>
 * </ol>
 *
 * <pre>
 * java -cp samples/petshop/target/petshop-sample.jar \
 *     io.github.wscache.petshop.edge.EdgeComparison --wan-ms 200
 * </pre>
 * Needs Debian's {@code varnish} and {@code wrk} ({@code apt-get install varnish wrk}).
 */
public final class EdgeComparison {

    /** The pages compared, anonymous and then signed in as {@code j2ee}. */
    static final List<String> PAGES = List.of("/", "/category?id=FISH",
            "/product?id=FI-SW-01", "/item?id=EST-1", "/search?keyword=dog");

    /**
     * What was measured.
     *
     * @param rttMillis WAN round-trip time between the edges and the origin
     * @param pagesCompared pages fetched through both
     * @param mismatches paths whose HTML differed
     * @param cartEdgeMillis mean Cart page time through cache-edge
     * @param cartVarnishMillis mean Cart page time through Varnish
     * @param cachedEdgeRps fully cached page, requests/s through cache-edge
     * @param cachedVarnishRps the same through Varnish
     * @param cachedEdgeCpuMicros CPU time per request of the fully cached page in cache-edge's
     *     JVM (the whole process: request threads, garbage collection, compilation; the origin
     *     and the relay are idle then), over all measured rounds
     * @param cachedVarnishCpuMicros the same in varnishd's processes
     */
    public record Result(long rttMillis, int pagesCompared, List<String> mismatches,
            double cartEdgeMillis, double cartVarnishMillis, double cachedEdgeRps,
            double cachedVarnishRps, double cachedEdgeCpuMicros, double cachedVarnishCpuMicros) {

        /** The result as CSV, header included. */
        public String csv() {
            return "rtt_ms,pages_compared,mismatches,cart_edge_ms,cart_varnish_ms,"
                    + "cached_page_edge_rps,cached_page_varnish_rps,"
                    + "cached_page_edge_cpu_us,cached_page_varnish_cpu_us\n"
                    + String.format(Locale.ROOT, "%d,%d,%d,%.1f,%.1f,%.0f,%.0f,%.1f,%.1f%n",
                            rttMillis, pagesCompared, mismatches.size(), cartEdgeMillis,
                            cartVarnishMillis, cachedEdgeRps, cachedVarnishRps,
                            cachedEdgeCpuMicros, cachedVarnishCpuMicros);
        }
    }

    private EdgeComparison() {
    }

    /**
     * How the fully cached page is loaded: each edge gets {@code warmup} of load (cache-edge's JIT
     * needs about 15 s to reach its steady throughput), then the edges are measured in turn for
     * {@code measure} each, {@code rounds} times (interleaved, so that drift of the machine hits
     * both); the median round counts.
     *
     * @param warmup load per edge before measuring
     * @param measure one measured round
     * @param rounds measured rounds per edge
     * @param connections wrk's keep-alive connections
     */
    public record CachedLoad(Duration warmup, Duration measure, int rounds, int connections) {
        /** Validates. */
        public CachedLoad {
            if (rounds < 1 || connections < 1 || measure.isNegative() || measure.isZero()
                    || warmup.isNegative()) {
                throw new IllegalArgumentException("bad load: " + warmup + ", " + measure + ", "
                        + rounds + " rounds, " + connections + " connections");
            }
        }
    }

    /**
     * Command line: {@code --wan-ms N} (200), {@code --out DIR}, {@code --seconds N} (10, one
     * measured round per edge; three rounds), {@code --warmup-s N} (20, load per edge before
     * measuring: see {@link CachedLoad}).
     */
    public static void main(String[] args) throws Exception {
        long rtt = 200;
        int seconds = 10;
        int warmup = 20;
        Path out = Path.of("samples", "petshop", "target", "results");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--wan-ms" -> rtt = Long.parseLong(args[++i]);
                case "--seconds" -> seconds = Integer.parseInt(args[++i]);
                case "--warmup-s" -> warmup = Integer.parseInt(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown option: " + args[i]
                        + " (options: --wan-ms N --seconds N --warmup-s N --out DIR)");
            }
        }
        Result r = run(rtt, 10, new CachedLoad(Duration.ofSeconds(warmup),
                Duration.ofSeconds(seconds), 3, 8));
        Files.createDirectories(out);
        Files.writeString(out.resolve("edge-vs-varnish.csv"), r.csv(), StandardCharsets.UTF_8);
        System.out.printf(Locale.ROOT, "WAN RTT %d ms%n  parity: %d pages, %d differ %s%n"
                + "  Cart page: cache-edge %.0f ms, Varnish %.0f ms%n"
                + "  fully cached page: cache-edge %.0f req/s, Varnish %.0f req/s%n"
                + "  CPU per cached page: cache-edge %.1f us, Varnish %.1f us%n",
                r.rttMillis(), r.pagesCompared(), r.mismatches().size(), r.mismatches(),
                r.cartEdgeMillis(), r.cartVarnishMillis(), r.cachedEdgeRps(),
                r.cachedVarnishRps(), r.cachedEdgeCpuMicros(), r.cachedVarnishCpuMicros());
    }

    /**
     * Runs the three comparisons.
     *
     * @param rttMillis WAN round-trip time
     * @param cartRounds Cart page fetches per edge (after one warm-up)
     * @param load how the fully cached page is loaded
     */
    public static Result run(long rttMillis, int cartRounds, CachedLoad load) throws Exception {
        Deployment.Options o = Deployment.Options.of(Deployment.Kind.FPROXY, rttMillis)
                .withPorts(0, 0, 0);
        try (Deployment d = Deployment.start(o);
                VarnishProcess varnish = VarnishProcess.startWithVcl(vcl("127.0.0.1",
                        d.relay().port()))) {
            URI edge = d.clientUrl();
            URI vx = URI.create("http://127.0.0.1:" + varnish.port() + "/");
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(30)).build();

            // a signed-in session with a cart, usable through both edges
            UserAgent user = new UserAgent(edge);
            user.post("/session", Map.of("username", "j2ee", "password", "petshop"));
            user.post("/cart/add", Map.of("itemId", "EST-6"));
            String cookie = "JSESSIONID=" + user.cookie("JSESSIONID") + "; PS_VIEW="
                    + user.cookie("PS_VIEW");

            List<String> mismatches = new ArrayList<>();
            int compared = 0;
            for (String c : Arrays.asList(null, cookie)) {
                for (String page : PAGES) {
                    // twice: the second answer comes from each cache
                    for (int round = 0; round < 2; round++) {
                        String a = get(http, edge, page, c).body();
                        String b = get(http, vx, page, c).body();
                        compared++;
                        if (!a.equals(b)) {
                            mismatches.add((c == null ? "anonymous " : "signed in ") + page);
                        }
                    }
                }
            }
            String cartEdge = get(http, edge, "/cart", cookie).body();
            String cartVarnish = get(http, vx, "/cart", cookie).body();
            compared++;
            if (!cartEdge.equals(cartVarnish)) {
                mismatches.add("signed in /cart");
            }

            double cartE = meanMillis(http, edge, "/cart", cookie, cartRounds);
            double cartV = meanMillis(http, vx, "/cart", cookie, cartRounds);
            List<Supplier<Duration>> cpu = List.of(
                    () -> ProcessHandle.current().info().totalCpuDuration()
                            .orElse(Duration.ZERO),
                    varnish::cpuTime);
            double[][] rps = throughput(List.of(edge, vx), cpu, "/category?id=FISH", load);
            return new Result(rttMillis, compared, List.copyOf(mismatches), cartE, cartV,
                    rps[0][0], rps[0][1], rps[1][0], rps[1][1]);
        }
    }

    /** The Pet Shop VCL with its backend filled in. */
    public static String vcl(String host, int port) {
        try (InputStream in = EdgeComparison.class.getResourceAsStream(
                "/io/github/wscache/petshop/varnish/petshop.vcl")) {
            if (in == null) {
                throw new IllegalStateException("petshop.vcl is not on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .replace("@BACKEND_HOST@", host)
                    .replace("@BACKEND_PORT@", Integer.toString(port));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static HttpResponse<String> get(HttpClient http, URI base, String path,
            String cookie) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path.substring(1)))
                .timeout(Duration.ofSeconds(60));
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException(base + path + " answered " + r.statusCode());
        }
        return r;
    }

    private static double meanMillis(HttpClient http, URI base, String path, String cookie,
            int rounds) throws IOException, InterruptedException {
        get(http, base, path, cookie);
        long total = 0;
        for (int i = 0; i < rounds; i++) {
            long t = System.nanoTime();
            get(http, base, path, cookie);
            total += System.nanoTime() - t;
        }
        return total / 1e6 / rounds;
    }

    /**
     * Warms each edge, then measures them in turn, round after round: the median requests/s
     * per edge, and the CPU time per request ({@code cpu}: each edge's CPU time so far), over
     * all its rounds, in µs.
     */
    private static double[][] throughput(List<URI> bases, List<Supplier<Duration>> cpu,
            String path, CachedLoad load) throws IOException, InterruptedException {
        HttpClient warm = HttpClient.newHttpClient();
        List<URI> urls = new ArrayList<>();
        for (URI base : bases) {
            for (int i = 0; i < 3; i++) {
                get(warm, base, path, null);
            }
            URI url = base.resolve(path.substring(1));
            if (!load.warmup().isZero()) {
                Wrk.run(url, load.connections(), load.warmup());
            }
            urls.add(url);
        }
        double[][] rounds = new double[urls.size()][load.rounds()];
        long[] cpuNanos = new long[urls.size()];
        long[] requests = new long[urls.size()];
        for (int r = 0; r < load.rounds(); r++) {
            for (int e = 0; e < urls.size(); e++) {
                Duration before = cpu.get(e).get();
                Wrk.Result w = Wrk.run(urls.get(e), load.connections(), load.measure());
                cpuNanos[e] += cpu.get(e).get().minus(before).toNanos();
                requests[e] += w.requests();
                rounds[e][r] = w.requestsPerSecond();
            }
        }
        double[][] result = new double[2][urls.size()];
        for (int e = 0; e < urls.size(); e++) {
            double[] sorted = rounds[e].clone();
            Arrays.sort(sorted);
            result[0][e] = sorted[sorted.length / 2];
            result[1][e] = requests[e] == 0 ? 0 : cpuNanos[e] / 1e3 / requests[e];
        }
        return result;
    }
}
