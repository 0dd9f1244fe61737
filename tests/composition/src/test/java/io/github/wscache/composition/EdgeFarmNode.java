package io.github.wscache.composition;

import io.github.wscache.edge.EdgeServer;
import io.github.wscache.http.HttpFarmNode;
import io.github.wscache.redis.NodeProcess;
import io.github.wscache.redis.RedisTier;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.InstantSource;

/**
 * The matrix's second JVM for cache-edge: an {@link EdgeServer} on its own {@link RedisTier}, in
 * front of the same origin, driven by one command a line on standard input, each answered by one
 * line on standard output starting with {@code "@ "}:
 *
 * <pre>
 * OPEN namespace value     a new edge on the tier of that namespace    -> @ OPEN
 * GET path user|-          one request through the edge               -> @ GET status body
 * PAR path threads user|-  concurrent requests; when all returned     -> @ PAR distinct bodies
 * STATS                    the tier's counters -> @ STATS leases lease-waits hits
 * QUIT                     closes the edge and exits
 * </pre>
 *
 * <p>Its static methods are the one way either JVM builds an edge and asks it, so that the keys
 * are equal on both.
 */
// its methods take and give cache-redis types, a test dependency on the class path
@SuppressWarnings("exports")
public final class EdgeFarmNode {
    private final String redisUri;
    private final URI origin;
    private final PrintStream out;
    private final HttpClient client = HttpClient.newHttpClient();
    private EdgeServer edge;
    private RedisTier tier;

    private EdgeFarmNode(String redisUri, URI origin, PrintStream out) {
        this.redisUri = redisUri;
        this.origin = origin;
        this.out = out;
    }

    /** {@code EdgeFarmNode redis://127.0.0.1:port http://127.0.0.1:port/api/}. */
    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        EdgeFarmNode node = new EdgeFarmNode(args[0], URI.create(args[1]), out);
        NodeProcess.serve(out, node::command, node::close);
    }

    private boolean command(String[] w, String line) throws Exception {
        switch (w[0]) {
            case "OPEN" -> {
                close();
                tier = HttpFarmNode.tier(redisUri, w[1]);
                edge = edge(origin, tier);
                out.println("@ OPEN");
            }
            case "GET" -> {
                HttpResponse<String> r = get(client, edge, w[1], w[2]);
                out.println("@ GET " + r.statusCode() + " " + r.body());
            }
            case "PAR" -> {
                EdgeServer e = edge;
                NodeProcess.parallelInBackground(out, Integer.parseInt(w[2]),
                        () -> get(client, e, w[1], w[3]).body());
            }
            case "STATS" -> NodeProcess.stats(out, tier);
            case "QUIT" -> {
                return false;
            }
            default -> out.println("@ " + w[0] + " ERROR unknown command: " + line);
        }
        return true;
    }

    private void close() {
        if (edge != null) {
            edge.close();
            edge = null;
        }
    }

    /**
     * An edge in front of {@code origin} (JsonService's {@code /api/}) on a free loopback port,
     * on {@code tier} ({@code null}: its own store only); started.
     */
    public static EdgeServer edge(URI origin, RedisTier tier) {
        return edge(origin, tier, Clock.systemUTC());
    }

    /** {@link #edge(URI, RedisTier)} on {@code clock}. */
    public static EdgeServer edge(URI origin, RedisTier tier, InstantSource clock) {
        EdgeServer.Builder b = EdgeServer.builder().origin(origin).address("127.0.0.1").port(0)
                .adminPath(null).clock(clock);
        if (tier != null) {
            b.sharedTier(tier);
        }
        return b.build().start();
    }

    /**
     * One request for {@code path} through {@code edge}, with the session cookie of
     * {@code user} ({@code -}: anonymous, no cookie).
     */
    public static HttpResponse<String> get(HttpClient client, EdgeServer edge, String path,
            String user) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + edge.port() + "/" + path));
        if (!user.equals("-")) {
            b.header("Cookie", "session=" + user);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }
}
