package io.github.wscache.http;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.redis.NodeProcess;
import io.github.wscache.redis.RedisTier;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A farm node of {@link HttpFarmTest} (and of composition-tests' matrix, through this module's
 * test jar) in a JVM of its own: a {@link CachingHttpClient} on its
 * own {@link ResponseCache} and {@link RedisTier}, driven by one command a line on standard input,
 * each answered by one line on standard output starting with {@code "@ "} (the log goes to
 * standard error):
 *
 * <pre>
 * OPEN namespace value           a new cache (value: xml, events or objects) -> @ OPEN
 * GET path user|- string|json    one request        -> @ GET status cache-status body
 * POLICY value shared|local      a new cache built from a policy alone, naming the Redis
 *                                as its sharedTier or not                -> @ POLICY
 * ZIPF seed requests keys threads  that many GETs of items/K, K drawn from Zipf(1) over keys,
 *                                by that many threads -> @ ZIPF errors hits misses
 * PAR path threads string|json [user]  concurrent GETs (anonymous without a user); when all
 *                                returned -> @ PAR distinct bodies
 * STATS                          the tier's counters -> @ STATS leases lease-waits hits
 * QUIT                           closes the cache and exits
 * </pre>
 *
 * <p>Its static methods are the one way a test of either JVM builds a node's tier, client and
 * request, so that the keys are equal on every node.
 */
// its methods take and give cache-redis types, a test dependency on the class path
@SuppressWarnings("exports")
public final class HttpFarmNode {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final java.lang.reflect.Type MAP =
            new TypeReference<Map<String, Object>>() { }.getType();
    private final String redisUri;
    private final URI service;
    private final PrintStream out;
    private final HttpClient network = HttpClient.newHttpClient();
    private CachingHttpClient client;
    private RedisTier tier;

    private HttpFarmNode(String redisUri, URI service, PrintStream out) {
        this.redisUri = redisUri;
        this.service = service;
        this.out = out;
    }

    /** {@code HttpFarmNode redis://127.0.0.1:port http://127.0.0.1:port/api/}. */
    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        HttpFarmNode node = new HttpFarmNode(args[0], URI.create(args[1]), out);
        NodeProcess.serve(out, node::command, node::close);
    }

    /** Runs one command; returns false for {@code QUIT}. */
    private boolean command(String[] w, String line) throws Exception {
        switch (w[0]) {
            case "OPEN" -> {
                close();
                tier = tier(redisUri, w[1]);
                client = client(tier, service, w[2], network);
                out.println("@ OPEN");
            }
            case "GET" -> out.println("@ GET " + get(client, service, w[1], w[2], w[3])
                    .line());
            case "POLICY" -> {
                // zero code: the cache is built from a policy that names the tier or not
                close();
                String text = policy(service, w[1]) + (w[2].equals("shared")
                        ? "sharedTier: " + redisUri + "\n" : "");
                client = CachingHttpClient.builder(network).cache(ResponseCache.builder()
                        .policy(Policy.parse(text, "http.yaml")).build()).build();
                tier = null;
                out.println("@ POLICY");
            }
            case "ZIPF" -> zipf(Long.parseLong(w[1]), Integer.parseInt(w[2]),
                    Integer.parseInt(w[3]), Integer.parseInt(w[4]));
            case "PAR" -> {
                String user = w.length > 4 ? w[4] : "-";
                CachingHttpClient c = client;
                NodeProcess.parallelInBackground(out, Integer.parseInt(w[2]),
                        () -> get(c, service, w[1], user, w[3]).body());
            }
            case "STATS" -> NodeProcess.stats(out, tier);
            case "QUIT" -> {
                return false;
            }
            default -> out.println("@ " + w[0] + " ERROR unknown command: " + line);
        }
        return true;
    }

    /**
     * {@code requests} GETs of {@code items/K} over {@code threads} threads, K drawn from a Zipf
     * distribution with exponent 1 over {@code keys} keys (paper 003's workload), each thread
     * seeded from {@code seed}; answers the errors and the cache's hits and misses.
     */
    private void zipf(long seed, int requests, int keys, int threads) throws Exception {
        double[] cdf = new double[keys];
        double sum = 0;
        for (int k = 0; k < keys; k++) {
            sum += 1.0 / (k + 1);
            cdf[k] = sum;
        }
        double total = sum;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Integer>> runs = new ArrayList<>();
            CachingHttpClient c = client;
            for (int t = 0; t < threads; t++) {
                java.util.Random random = new java.util.Random(seed * 1_000 + t);
                int n = requests / threads + (t < requests % threads ? 1 : 0);
                runs.add(pool.submit(() -> {
                    int errors = 0;
                    for (int i = 0; i < n; i++) {
                        int at = java.util.Arrays.binarySearch(cdf, random.nextDouble() * total);
                        int key = (at >= 0 ? at : -at - 1) + 1;
                        if (get(c, service, "items/" + key, "-", "string").status() != 200) {
                            errors++;
                        }
                    }
                    return errors;
                }));
            }
            int errors = 0;
            for (Future<Integer> f : runs) {
                errors += f.get();
            }
            out.println("@ ZIPF " + errors + " " + c.cache().stats().hits() + " "
                    + c.cache().stats().misses());
        } finally {
            pool.shutdownNow();
        }
    }

    private void close() {
        if (client != null) {
            client.cache().close();
            client = null;
        }
    }

    /** The same policy on every node, so that their keys are equal. */
    public static String policy(URI service, String value) {
        return JsonServiceTestBase.policy(service, "true", "60s", value);
    }

    /** A node's tier on {@code namespace}. */
    public static RedisTier tier(String redisUri, String namespace) {
        // generous timeouts on a loaded two-core machine: the test counts calls exactly
        return RedisTier.builder().uri(redisUri).namespace(namespace)
                .timeout(Duration.ofMillis(1000)).leaseTime(Duration.ofSeconds(60))
                .leaseWait(Duration.ofSeconds(60)).build();
    }

    /** A node's client: its own cache on {@code tier} ({@code null}: its own store only). */
    public static CachingHttpClient client(RedisTier tier, URI service, String value,
            HttpClient network) {
        return client(tier, service, value, network, Clock.systemUTC());
    }

    /** {@link #client(RedisTier, URI, String, HttpClient)} on {@code clock}. */
    public static CachingHttpClient client(RedisTier tier, URI service, String value,
            HttpClient network, InstantSource clock) {
        ResponseCache.Builder b = ResponseCache.builder()
                .policy(Policy.parse(policy(service, value), "http.yaml")).clock(clock);
        if (tier != null) {
            b.sharedTier(tier);
        }
        ResponseCache cache = b.build();
        return CachingHttpClient.builder(network).cache(cache).build();
    }

    /** What a node's GET answered: status, {@code Cache-Status}, body on one line. */
    public record Answer(int status, String cacheStatus, String body) {
        /** Reads the line a node prints, {@code "status cache-status body"}. */
        public static Answer parse(String line) {
            String[] w = line.split(" ", 3);
            return new Answer(Integer.parseInt(w[0]), w[1].replace('_', ' '), w[2]);
        }

        String line() {
            return status + " " + cacheStatus.replace(' ', '_') + " " + body;
        }
    }

    /**
     * One GET of {@code path} by {@code user} ({@code -}: anonymous), read as a string or bound
     * to a map and written back as sorted JSON ({@code json}).
     */
    public static Answer get(CachingHttpClient client, URI service, String path, String user,
            String handler) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(service.resolve(path));
        if (!user.equals("-")) {
            b.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                    (user + ":pw").getBytes(StandardCharsets.UTF_8)));
        }
        HttpResponse<?> r;
        String body;
        if (handler.equals("json")) {
            HttpResponse<Map<String, Object>> bound = client.send(b.build(),
                    JsonBodyHandlers.of(MAPPER, MAP));
            r = bound;
            body = MAPPER.writeValueAsString(new TreeMap<>(bound.body()));
        } else {
            HttpResponse<String> text = client.send(b.build(),
                    HttpResponse.BodyHandlers.ofString());
            r = text;
            body = text.body();
        }
        return new Answer(r.statusCode(), r.headers().firstValue(CacheStatus.HEADER)
                .orElse("none"), body);
    }
}
