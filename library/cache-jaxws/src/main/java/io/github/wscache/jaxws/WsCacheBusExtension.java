package io.github.wscache.jaxws;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.internal.DefaultCaches;
import java.util.Optional;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.ClientLifeCycleListener;
import org.apache.cxf.jaxws.support.JaxWsEndpointImpl;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Zero-code caching for Apache CXF: with cache-jaxws on the class path and the JVM started with
 * {@code -D}{@value #POLICY_PROPERTY}{@code =path/to/wscache.yaml}, every JAX-WS client CXF
 * creates ({@code Service.getPort}, {@code JaxWsProxyFactoryBean}, {@code <jaxws:client>}) gets
 * {@link WsCacheFeature} with the one cache of that policy file (watched; shared by the JVM's
 * clients), from its first call. Without the property it does nothing. CXF makes it for every
 * bus, from this jar's {@code META-INF/cxf/bus-extensions.txt}; applications do not use it.
 *
 * <pre>{@code
 * java -Dwscache.jaxws.policy=config/wscache.yaml -jar catalog-client.jar
 * }</pre>
 *
 * <p>The property is not cache-axis's {@code wscache.policy}, which the Spring Boot starter reads
 * too: a Boot application's CXF client beans get the starter's cache, and this stays off. A
 * client that has the feature already is left alone; a wrong policy fails the creation of the
 * first client with its {@code file:line:column}.
 */
public final class WsCacheBusExtension implements ClientLifeCycleListener {
    /** The system property that names the policy file and turns zero-code caching on. */
    public static final String POLICY_PROPERTY = "wscache.jaxws.policy";
    private static final Logger LOG = LoggerFactory.getLogger(WsCacheBusExtension.class);

    private final Bus bus;

    /**
     * A listener of {@code bus}'s clients; made by CXF, whose client life cycle manager
     * registers every {@code ClientLifeCycleListener} its bus extensions name.
     *
     * @param bus the bus whose clients may be cached
     */
    public WsCacheBusExtension(Bus bus) {
        this.bus = bus;
    }

    @Override
    public void clientCreated(Client client) {
        if (!(client.getEndpoint() instanceof JaxWsEndpointImpl)) {
            return;
        }
        // read now, so that a wrong policy fails the client's creation with its place
        Optional<ResponseCache> cache = DefaultCaches.ofFile(POLICY_PROPERTY);
        if (cache.isPresent()) {
            // CXF tells its listeners before it applies the client's own features: decide at
            // the first call, when a WsCacheFeature of the application's would be there
            client.getOutInterceptors().add(new FirstCall(client, cache.get()));
        }
    }

    /** Gives the client the feature at its first call, unless it has one of its own. */
    private final class FirstCall extends AbstractPhaseInterceptor<Message> {
        private final Client client;
        private final ResponseCache cache;
        private boolean decided;

        FirstCall(Client client, ResponseCache cache) {
            super(Phase.SETUP);
            this.client = client;
            this.cache = cache;
        }

        @Override
        public void handleMessage(Message message) {
            synchronized (this) {
                if (decided) {
                    return;
                }
                decided = true;
                if (!WsCacheFeature.isOn(client)) {
                    WsCacheFeature.attach(cache, client, bus, message);
                    LOG.debug("wscache: caching the CXF client of {}",
                            client.getEndpoint().getEndpointInfo().getName());
                }
            }
            client.getOutInterceptors().remove(this);
        }
    }

    @Override
    public void clientDestroyed(Client client) {
        // the cache outlives its clients: it is the JVM's, for this policy file
    }
}
