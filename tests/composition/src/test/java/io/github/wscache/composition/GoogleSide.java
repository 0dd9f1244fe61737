package io.github.wscache.composition;

import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.SharedBody;
import io.github.wscache.google.GoogleServer;
import io.github.wscache.google.service.GoogleSearchServiceImpl;
import io.github.wscache.redis.NodeProcess;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * What the SOAP columns share (cache-axis, cache-jaxws): the Google fixture on Tomcat, whose
 * {@code doSpellingSuggestion} of {@code "whoami"} answers the credentials it got and whose
 * requests it counts and holds; HTTP Basic users with the password {@code pw-<user>}; a farm node
 * that speaks {@code CALL} and {@code PAR}; cache-http's entry as the foreign one.
 */
abstract class GoogleSide extends FarmSide {
    private static final String OPERATION = "doSpellingSuggestion";

    final String redisUri;
    final GoogleServer server;

    GoogleSide(String redisUri, GoogleServer server, NodeProcess other) {
        super(other);
        this.redisUri = redisUri;
        this.server = server;
    }

    @Override
    public String key() {
        // one phrase for every check: each check has its own caches and namespace, and the
        // service counts the requests of the operation
        return GoogleSearchServiceImpl.WHOAMI;
    }

    @Override
    public String heldKey() {
        return GoogleSearchServiceImpl.WHOAMI;
    }

    @Override
    public String staleKey() {
        server.setResponseHeader("Cache-Control", "max-age=1, stale-if-error=600");
        return GoogleSearchServiceImpl.WHOAMI;
    }

    /** A SOAP 1.1 fault with HTTP 500 for every request, as a failing service answers. */
    @Override
    public void fail() {
        server.faultNext(Integer.MAX_VALUE);
    }

    @Override
    public void reset() {
        server.faultNext(0);
        server.setResponseHeader("Cache-Control", null);
    }

    /** The object level ({@code object}, {@code auto}) keeps no response to stand in. */
    @Override
    public boolean standsInForErrors(String value) {
        return !value.equals("object") && !value.equals("auto");
    }

    @Override
    public boolean keepsObjects(String value) {
        return value.equals("object") || value.equals("auto");
    }

    @Override
    public long calls(String key) {
        return server.requestCount(OPERATION);
    }

    @Override
    public void hold() {
        server.holdRequests();
    }

    @Override
    public void release() {
        server.releaseRequests();
    }

    @Override
    public int held() {
        return server.heldRequests();
    }

    /** The {@code Authorization} header the service echoes for {@code user}. */
    static String basic(String user) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":pw-" + user)
                .getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String shows(String user) {
        return "Authorization=" + (user.equals("-") ? "null" : basic(user));
    }

    @Override
    public String callThere(String key, String user) {
        return other.ask("CALL " + key + " " + user, ANSWER);
    }

    @Override
    public void parallelThere(String key, String user, int threads) {
        other.send("PAR " + key + " " + user + " " + threads);
    }

    /** cache-http's entry: its shared form of a JSON body ({@code http-body/1}). */
    @Override
    public byte[] foreignEntry(byte[] redisKey) throws Exception {
        return entry(redisKey, CachedResponse.builder(new SharedBody("http-body", 1,
                "{\"user\":\"null\"}".getBytes(StandardCharsets.UTF_8))).status(200)
                .contentType("application/json").build());
    }
}
