package io.github.wscache.composition;

import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.SharedBody;
import io.github.wscache.edge.EdgeServer;
import io.github.wscache.jsonws.JsonService;
import io.github.wscache.redis.NodeProcess;
import io.github.wscache.redis.RedisTier;
import io.github.wscache.redis.TierEntries;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * cache-edge in the matrix: an {@link EdgeServer} in front of cache-http's {@link JsonService},
 * whose {@code page/N} and {@code gatedpage/N} answer as a site answers an edge for a page per
 * session ({@code max-age=60}, {@code Vary: Cookie}, the caller's {@code Cookie} echoed); the
 * other JVM is {@link EdgeFarmNode}. Identity: a session cookie, which makes a request personal
 * at the edge; the page's {@code Vary: Cookie} is what lets the edge keep one per session.
 * Callers ask the edge over HTTP, so the ones waiting inside cache-core are the edge's request
 * threads, not the callers.
 */
final class EdgeSide extends JsonServiceSide {
    private final URI origin;
    private final HttpClient client = HttpClient.newHttpClient();

    private EdgeSide(String redisUri, JsonService service, NodeProcess other) {
        super(redisUri, service, other, "page", "gatedpage");
        this.origin = service.uri("");
    }

    /** Starts the origin and the other JVM (which starts in the background). */
    static EdgeSide start(String redisUri) throws IOException {
        JsonService service = new JsonService();
        NodeProcess other = NodeProcess.start(EdgeFarmNode.class, redisUri,
                service.uri("").toString());
        return new EdgeSide(redisUri, service, other);
    }

    @Override
    public String toString() {
        return "cache-edge";
    }

    @Override
    public String shows(String user) {
        return "\"user\":\"" + (user.equals("-") ? "null" : "session=" + user) + "\"";
    }

    @Override
    public Local open(String value, RedisTier tier, InstantSource clock) {
        EdgeServer edge = EdgeFarmNode.edge(origin, tier, clock);
        return new Local() {
            @Override
            public String call(String key, String user) throws Exception {
                HttpResponse<String> r = EdgeFarmNode.get(client, edge, key, user);
                if (r.statusCode() != 200) {
                    throw new AssertionError("status " + r.statusCode() + ": " + r.body());
                }
                return r.body();
            }

            @Override
            public ResponseCache cache() {
                return edge.responseCache();
            }

            @Override
            public void close() {
                edge.close();
            }
        };
    }

    @Override
    public String callThere(String key, String user) {
        String line = other.ask("GET " + key + " " + user, ANSWER);
        String[] w = line.split(" ", 2);
        if (!w[0].equals("200")) {
            throw new AssertionError("there: " + line);
        }
        return w[1];
    }

    @Override
    public void parallelThere(String key, String user, int threads) {
        other.send("PAR " + key + " " + threads + " " + user);
    }

    /** The edge's request threads: its callers ask it over HTTP. */
    @Override
    public Collection<Thread> waiting(Collection<Thread> callers) {
        return new ArrayList<>(Thread.getAllStackTraces().keySet());
    }

    /**
     * A page answers through two tier entries, the {@code Vary} marker under the URL's key and
     * the page under its variant's key: a JVM that has not seen the URL reads both.
     */
    @Override
    public int tierReadsPerAnswer() {
        return 2;
    }

    /** The page's entry, not the marker. */
    @Override
    public TierEntries.Entry entryToSpoil(List<TierEntries.Entry> entries) {
        List<TierEntries.Entry> pages = entries.stream().filter(e -> !new String(e.bytes(),
                StandardCharsets.ISO_8859_1).contains("vary-marker")).toList();
        if (pages.size() != 1) {
            throw new AssertionError(pages.size() + " page entries of " + entries.size());
        }
        return pages.get(0);
    }

    /** cache-http's entry: a JSON body in cache-http's own shared form. */
    @Override
    public byte[] foreignEntry(byte[] redisKey) throws Exception {
        return entry(redisKey, CachedResponse.builder(new SharedBody("http-body", 1,
                "{\"not\":\"a page\"}".getBytes(StandardCharsets.UTF_8))).status(200)
                .header("Cache-Control", "max-age=60").build());
    }
}
