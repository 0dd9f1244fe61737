package io.github.wscache.composition;

import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.google.GoogleServer;
import io.github.wscache.jaxws.JaxWsFarmNode;
import io.github.wscache.redis.NodeProcess;
import io.github.wscache.redis.RedisTier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.InstantSource;

/**
 * cache-jaxws in the matrix: a CXF client generated from google-ws's WSDL, cached in CXF's own
 * interceptors (its callers wait in cache-core's single flight themselves), in front of the same
 * Google fixture as cache-axis's column (its {@code doSpellingSuggestion} of {@code "whoami"}
 * answers the credentials it got); the other JVM
 * is cache-jaxws's {@link JaxWsFarmNode}. Identity: HTTP Basic through {@code BindingProvider}'s
 * user name and password, as cache-jaxws maps it.
 *
 * <p>{@link #objectsProxy()} is the same service and other JVM driven through
 * {@code WsCacheJaxWs.objects} instead, its users set on CXF's HTTP conduit: the proxy answers
 * before CXF runs, so it must read them from the client itself.
 */
final class JaxWsSide extends GoogleSide {
    /** Whether calls go through the object-level proxy with users on the conduit. */
    private final boolean objects;

    private JaxWsSide(String redisUri, GoogleServer server, NodeProcess other,
            boolean objects) {
        super(redisUri, server, other);
        this.objects = objects;
    }

    /** Starts the service and the other JVM (which starts in the background). */
    static JaxWsSide start(String redisUri) throws IOException {
        GoogleServer server = GoogleServer.start(0);
        NodeProcess other = NodeProcess.start(JaxWsFarmNode.class, redisUri, server.endpoint());
        return new JaxWsSide(redisUri, server, other, false);
    }

    /**
     * This side's service and other JVM, called through the object-level proxy with the users
     * on the HTTP conduit; closing it closes nothing (this side closes them).
     */
    JaxWsSide objectsProxy() {
        return new JaxWsSide(redisUri, server, other, true);
    }

    @Override
    public void openThere(String namespace, String value) {
        other.ask("OPEN " + namespace + " " + value + (objects ? " objects" : ""), ANSWER);
    }

    /** cache-jaxws's {@code value: xml} keeps the envelope's bytes. */
    @Override
    public boolean keepsXmlBytes(String value) {
        return !objects && "xml".equals(value);
    }

    @Override
    public byte[] brokenXmlEntry(byte[] redisKey) throws Exception {
        return entry(redisKey, CachedResponse.builder(("<soapenv:Envelope xmlns:soapenv="
                + "'http://schemas.xmlsoap.org/soap/envelope/'><soapenv:Body><broken")
                .getBytes(StandardCharsets.UTF_8)).status(200)
                .contentType("text/xml; charset=UTF-8").build());
    }

    @Override
    public String toString() {
        return objects ? "cache-jaxws objects proxy" : "cache-jaxws";
    }

    @Override
    public RedisTier tier(String namespace) {
        return JaxWsFarmNode.tier(redisUri, namespace);
    }

    @Override
    public Local open(String value, RedisTier tier, InstantSource clock) {
        ResponseCache cache = JaxWsFarmNode.open(tier, value, clock);
        return new Local() {
            @Override
            public String call(String key, String user) {
                return objects ? JaxWsFarmNode.callObjects(cache, server.endpoint(), key, user)
                        : JaxWsFarmNode.call(cache, server.endpoint(), key, user);
            }

            @Override
            public ResponseCache cache() {
                return cache;
            }

            @Override
            public void close() {
                cache.close();
            }
        };
    }

    @Override
    public void close() {
        if (objects) {
            return;
        }
        try {
            other.close();
        } finally {
            server.close();
        }
    }
}
