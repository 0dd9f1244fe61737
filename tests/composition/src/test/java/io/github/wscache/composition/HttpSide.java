package io.github.wscache.composition;

import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.http.CachingHttpClient;
import io.github.wscache.http.HttpFarmNode.Answer;
import io.github.wscache.http.HttpFarmNode;
import io.github.wscache.jsonws.JsonService;
import io.github.wscache.redis.NodeProcess;
import io.github.wscache.redis.RedisTier;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.InstantSource;
import java.util.Base64;

/**
 * cache-http in the matrix: a {@link CachingHttpClient} whose answers are bound with
 * {@code JsonBodyHandlers} (so that the policy's {@code value} decides the representation:
 * {@code xml} the bytes, {@code events} the token recording, {@code auto} the bound object), in
 * front of cache-http's {@link JsonService} on Tomcat: {@code who/N} (max-age=60, not marked
 * private) and {@code gated/N} (held while told to) answer the caller's {@code Authorization};
 * the other JVM is cache-http's {@link HttpFarmNode}. Identity: HTTP Basic, as cache-http maps
 * it.
 */
final class HttpSide extends JsonServiceSide {
    private final URI api;
    private final HttpClient network = HttpClient.newHttpClient();

    private HttpSide(String redisUri, JsonService service, NodeProcess other) {
        super(redisUri, service, other, "who", "gated");
        this.api = service.uri("");
    }

    /** Starts the service and the other JVM (which starts in the background). */
    static HttpSide start(String redisUri) throws IOException {
        JsonService service = new JsonService();
        NodeProcess other = NodeProcess.start(HttpFarmNode.class, redisUri,
                service.uri("").toString());
        return new HttpSide(redisUri, service, other);
    }

    @Override
    public String toString() {
        return "cache-http";
    }

    @Override
    public String shows(String user) {
        return "\"user\":\"" + (user.equals("-") ? "null" : "Basic " + Base64.getEncoder()
                .encodeToString((user + ":pw").getBytes(StandardCharsets.UTF_8))) + "\"";
    }

    @Override
    public Local open(String value, RedisTier tier, InstantSource clock) {
        CachingHttpClient client = HttpFarmNode.client(tier, api, value, network, clock);
        return new Local() {
            @Override
            public String call(String key, String user) throws Exception {
                return body(HttpFarmNode.get(client, api, key, user, "json"));
            }

            @Override
            public ResponseCache cache() {
                return client.cache();
            }

            @Override
            public void close() {
                client.cache().close();
            }
        };
    }

    private static String body(Answer a) {
        if (a.status() != 200) {
            throw new AssertionError("status " + a.status() + ": " + a);
        }
        return a.body();
    }

    @Override
    public String callThere(String key, String user) {
        return body(Answer.parse(other.ask("GET " + key + " " + user + " json", ANSWER)));
    }

    @Override
    public void parallelThere(String key, String user, int threads) {
        other.send("PAR " + key + " " + threads + " json " + user);
    }

    /** cache-axis's entry at the message level: a SOAP answer's XML bytes. */
    @Override
    public byte[] foreignEntry(byte[] redisKey) throws Exception {
        return entry(redisKey, CachedResponse.builder(("<soapenv:Envelope xmlns:soapenv="
                + "'http://schemas.xmlsoap.org/soap/envelope/'><soapenv:Body/>"
                + "</soapenv:Envelope>").getBytes(StandardCharsets.UTF_8)).status(200)
                .contentType("text/xml").build());
    }
}
