package io.github.wscache.composition;

import io.github.wscache.axis.AxisFarmNode;
import io.github.wscache.axis.WsCache;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.google.GoogleServer;
import io.github.wscache.redis.NodeProcess;
import io.github.wscache.redis.RedisTier;
import java.io.IOException;
import java.time.InstantSource;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;

/**
 * cache-axis in the matrix: a {@code GoogleSearchService} stub on Axis2 (message level: the cache
 * installed in the client configuration; object level: caching stubs), in front of the Google
 * fixture on Tomcat, whose {@code doSpellingSuggestion} of {@code "whoami"} answers the
 * credentials it got; the other JVM is cache-axis's {@link AxisFarmNode}. Identity: HTTP Basic
 * in the stub's headers, as cache-axis maps it.
 */
final class AxisSide extends GoogleSide {
    private final ConfigurationContext context;

    private AxisSide(String redisUri, GoogleServer server, ConfigurationContext context,
            NodeProcess other) {
        super(redisUri, server, other);
        this.context = context;
    }

    /** Starts the service and the other JVM (which starts in the background). */
    static AxisSide start(String redisUri) throws IOException {
        GoogleServer server = GoogleServer.start(0);
        ConfigurationContext context =
                ConfigurationContextFactory.createConfigurationContextFromFileSystem(null, null);
        NodeProcess other = NodeProcess.start(AxisFarmNode.class, redisUri, server.endpoint());
        return new AxisSide(redisUri, server, context, other);
    }

    @Override
    public String toString() {
        return "cache-axis";
    }

    @Override
    public RedisTier tier(String namespace) {
        return AxisFarmNode.tier(redisUri, namespace);
    }

    @Override
    public Local open(String value, RedisTier tier, InstantSource clock) {
        // one cache at a time in the client configuration
        WsCache.uninstall(context);
        ResponseCache cache = AxisFarmNode.open(context, tier, value, clock);
        return new Local() {
            @Override
            public String call(String key, String user) throws Exception {
                return AxisFarmNode.call(context, cache, value, server.endpoint(), key, user);
            }

            @Override
            public ResponseCache cache() {
                return cache;
            }

            @Override
            public void close() {
                WsCache.uninstall(context);
                cache.close();
            }
        };
    }

    @Override
    public void close() throws AxisFault {
        try {
            other.close();
        } finally {
            WsCache.uninstall(context);
            server.close();
            context.terminate();
        }
    }
}
