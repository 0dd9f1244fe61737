package io.github.wscache.jaxws;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.jaxws.internal.CachingSoapHandler;
import io.github.wscache.jaxws.internal.CxfMessageLevel;
import jakarta.xml.ws.Binding;
import jakarta.xml.ws.handler.Handler;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.feature.AbstractFeature;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.jaxws.support.JaxWsEndpointImpl;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.service.model.InterfaceInfo;
import org.apache.cxf.service.model.OperationInfo;

/**
 * Apache CXF's way to put a {@link ResponseCache} in front of a client: a feature for
 * {@code JaxWsProxyFactoryBean.getFeatures()}, a generated {@code Service}'s constructor or
 * {@code getPort(..., features)} (it is a {@code WebServiceFeature}), or a Spring bean listed in
 * a client's {@code <jaxws:features>}. It caches at the message level, with the behaviour of
 * {@link WsCacheJaxWs#install(Object, ResponseCache)}: in CXF's own interceptors, before anything
 * is marshalled, and with no SAAJ message either way ({@code value: events} replays the recorded
 * payload into JAXB), or — when the client has JAX-WS handlers of the application's, or is a
 * {@code Dispatch} — with the standard SOAP handler at the end of its handler chain.
 *
 * <pre>{@code
 * JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
 * factory.setServiceClass(CatalogServiceSoap.class);
 * factory.setAddress("https://catalog.example.com/CatalogService.asmx");
 * factory.getFeatures().add(new WsCacheFeature(cache));
 * CatalogServiceSoap port = factory.create(CatalogServiceSoap.class);
 * }</pre>
 *
 * <p>The handler, when needed, is added at the end of the client's JAX-WS handler chain, before
 * a message is sent, so it runs last before the transport. A feature instance may serve many
 * clients; each gets its own interceptors and handler. Only clients are cached: on a server
 * endpoint the feature does nothing.
 */
public final class WsCacheFeature extends AbstractFeature {
    private final ResponseCache cache;

    /**
     * A feature that caches with {@code cache} under its policy.
     *
     * @param cache the cache and its policy
     */
    public WsCacheFeature(ResponseCache cache) {
        this.cache = Objects.requireNonNull(cache, "cache");
    }

    /** Returns the cache this feature installs. */
    public ResponseCache cache() {
        return cache;
    }

    /**
     * Gives {@code client} the feature during its call of {@code message}, whose interceptor
     * chain gets the feature's interceptors too (the zero-code install, which decides at the
     * first call).
     */
    static void attach(ResponseCache cache, Client client, Bus bus, Message message) {
        WsCacheFeature feature = new WsCacheFeature(cache);
        CxfMessageLevel level = feature.level(client);
        Installer installer = feature.installer(client);
        level.addTo(client);
        client.getOutInterceptors().add(installer);
        installer.handleMessage(message);
        message.getInterceptorChain().add(level.outInterceptor());
    }

    /** Gives the CXF client behind {@code port} the feature with {@code cache}. */
    static void attach(Object port, ResponseCache cache) {
        Client client = ClientProxy.getClient(port);
        new WsCacheFeature(cache).initialize(client, client.getBus());
    }

    @Override
    public void initialize(Client client, Bus bus) {
        CxfMessageLevel level = level(client);
        Installer installer = installer(client);
        installer.handleMessage(null);
        level.addTo(client);
        client.getOutInterceptors().add(installer);
    }

    private CxfMessageLevel level(Client client) {
        InterfaceInfo contract = client.getEndpoint().getEndpointInfo().getInterface();
        return new CxfMessageLevel(cache, contract == null ? null : () -> operations(contract));
    }

    private Installer installer(Client client) {
        if (!(client.getEndpoint() instanceof JaxWsEndpointImpl)) {
            throw new IllegalArgumentException("WsCacheFeature needs a JAX-WS client "
                    + "(JaxWsProxyFactoryBean or a jakarta.xml.ws.Service port): "
                    + client.getEndpoint());
        }
        Binding binding = ((JaxWsEndpointImpl) client.getEndpoint()).getJaxwsBinding();
        InterfaceInfo contract = client.getEndpoint().getEndpointInfo().getInterface();
        return new Installer((JaxWsEndpointImpl) client.getEndpoint(), binding,
                new CachingSoapHandler(cache,
                contract == null ? null : () -> operations(contract)));
    }

    /** Whether {@code port} is a CXF client proxy. */
    static boolean isCxfPort(Object port) {
        return Proxy.isProxyClass(port.getClass())
                && Proxy.getInvocationHandler(port) instanceof ClientProxy;
    }

    /** Whether {@code port} is a CXF client proxy this feature was given to. */
    static boolean isOn(Object port) {
        return isCxfPort(port) && isOn(ClientProxy.getClient(port));
    }

    /** Whether this feature was given to {@code client}. */
    static boolean isOn(Client client) {
        for (Interceptor<?> i : client.getOutInterceptors()) {
            if (i instanceof Installer) {
                return true;
            }
        }
        return false;
    }

    /** The operation names of CXF's service model, which keeps them as the WSDL writes them. */
    private static List<String> operations(InterfaceInfo contract) {
        List<String> names = new ArrayList<>();
        for (OperationInfo op : contract.getOperations()) {
            names.add(op.getName().getLocalPart());
        }
        return names;
    }

    /**
     * Before a message meets the chain: when the client has JAX-WS handlers of the
     * application's (they may change what the cache would key), the cache's handler joins the
     * end of the chain and caches the call; without them the message level in CXF's own
     * interceptors does ({@link CxfMessageLevel}), and no handler is added — a handler makes
     * CXF build SAAJ messages both ways.
     */
    private static final class Installer extends AbstractPhaseInterceptor<Message> {
        private final JaxWsEndpointImpl endpoint;
        private final Binding binding;
        private final CachingSoapHandler handler;

        Installer(JaxWsEndpointImpl endpoint, Binding binding, CachingSoapHandler handler) {
            super(Phase.SETUP);
            this.endpoint = endpoint;
            this.binding = binding;
            this.handler = handler;
        }

        @Override
        public void handleMessage(Message message) {
            synchronized (binding) {
                @SuppressWarnings("rawtypes")
                List<Handler> chain = binding.getHandlerChain();
                boolean ours = false;
                boolean another = false;
                boolean application = false;
                for (Handler<?> h : chain) {
                    if (h == handler) {
                        ours = true;
                    } else if (h instanceof CachingSoapHandler) {
                        another = true;
                    } else {
                        application = true;
                    }
                }
                boolean dispatch = message != null && (message.getExchange() == null
                        || message.getExchange().getBindingOperationInfo() == null);
                if (!ours && !application && !dispatch) {
                    // CXF's own interceptors cache, unless a handler of wscache's is there
                    if (another && message != null) {
                        message.put(CxfMessageLevel.HANDLER_CACHES, Boolean.TRUE);
                    }
                    return;
                }
                if (another) {
                    if (message != null) {
                        message.put(CxfMessageLevel.HANDLER_CACHES, Boolean.TRUE);
                    }
                    return;
                }
                if (!ours) {
                    @SuppressWarnings("rawtypes")
                    List<Handler> next = new ArrayList<>(chain);
                    next.add(handler);
                    binding.setHandlerChain(next);
                }
            }
            if (message != null) {
                message.put(CxfMessageLevel.HANDLER_CACHES, Boolean.TRUE);
                if (message.getInterceptorChain() != null) {
                    // this call's chain was built while the handler chain was empty (a
                    // Service's resolver or JaxWsProxyFactoryBean replaced it after the feature
                    // ran), without CXF's handler interceptors: they join it now (an interceptor
                    // already in the chain is not added twice)
                    message.getInterceptorChain().add(endpoint.getOutInterceptors());
                }
            }
        }
    }
}
