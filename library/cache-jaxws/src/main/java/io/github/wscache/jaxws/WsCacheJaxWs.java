package io.github.wscache.jaxws;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.jaxws.internal.CachingSoapHandler;
import io.github.wscache.jaxws.internal.ObjectCalls;
import io.github.wscache.jaxws.internal.Operations;
import jakarta.xml.ws.Binding;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.Service;
import jakarta.xml.ws.handler.Handler;
import jakarta.xml.ws.handler.HandlerResolver;
import jakarta.xml.ws.handler.PortInfo;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Puts a {@link ResponseCache} in front of JAX-WS client ports, under its policy, on any JAX-WS
 * implementation (Apache CXF, Eclipse Metro): a standard client-side SOAP handler answers a fresh
 * entry without sending anything and stores the responses the service sends, at the message
 * level (the response envelope's XML bytes).
 *
 * <pre>{@code
 * ResponseCache cache = ResponseCache.builder()
 *         .policy(Policy.load(Path.of("wscache.yaml")))
 *         .build();
 * CatalogServiceSoap port = new CatalogService().getCatalogServiceSoap();
 * WsCacheJaxWs.install(port, cache);                       // this port
 *
 * CatalogService service = WsCacheJaxWs.install(new CatalogService(), cache);
 * CatalogServiceSoap cached = service.getCatalogServiceSoap(); // every port made after
 * }</pre>
 *
 * <p>Operations are named as the WSDL writes them ({@code KeywordSearch}, not the Java method
 * {@code keywordSearch}); the payload element and the SOAP action's last segment match as
 * aliases. The caller's identity (HTTP Basic through {@code BindingProvider.USERNAME_PROPERTY},
 * {@code Authorization}, {@code Cookie} and credential-like HTTP request headers, a maintained
 * session, a WS-Security {@code UsernameToken}, credential-like SOAP headers) partitions the
 * keys: no response is given to a caller with other credentials. SOAP faults, HTTP errors and
 * transport failures reach the caller as without the cache and are never stored; concurrent
 * misses of one key make one request.
 *
 * <p>On Apache CXF a port proxy is cached in CXF's own interceptors instead ({@link
 * WsCacheFeature}): the key is made before the request is marshalled, a hit is answered before
 * anything is sent, no SAAJ message is built either way, and {@code value: events} replays the
 * recorded payload straight into JAXB. The standard handler takes over when the port has JAX-WS
 * handlers of the application's, and for a {@code Dispatch}.
 *
 * <p>Thread-safe: a port may be shared by threads as the JAX-WS implementation allows. The cache
 * handler must run last of the port's handlers before the transport (it is added at the end of
 * the chain), so that the request it keys is the one sent.
 */
public final class WsCacheJaxWs {
    private WsCacheJaxWs() {
    }

    /**
     * Adds the cache's handler at the end of the handler chain of {@code port} (a port proxy or a
     * {@code Dispatch}); a CXF port proxy gets {@link WsCacheFeature} instead.
     *
     * @param port a port from {@code Service.getPort} or a {@code Dispatch<SOAPMessage>}
     * @param cache the cache and its policy
     * @return {@code port}, for chaining
     * @throws IllegalArgumentException when {@code port} is no {@link BindingProvider}, or its
     *     binding is not SOAP (an XML/HTTP binding has no SOAP handlers)
     * @throws IllegalStateException when the port already has a wscache handler
     */
    public static <T> T install(T port, ResponseCache cache) {
        Objects.requireNonNull(port, "port");
        Objects.requireNonNull(cache, "cache");
        if (!(port instanceof BindingProvider)) {
            throw new IllegalArgumentException("port must be a jakarta.xml.ws.BindingProvider: "
                    + port.getClass().getName());
        }
        Binding binding = ((BindingProvider) port).getBinding();
        if (!(binding instanceof jakarta.xml.ws.soap.SOAPBinding)) {
            throw new IllegalArgumentException("port must have a SOAP binding: " + binding);
        }
        if (isInstalled(port)) {
            throw new IllegalStateException("port already has a wscache handler: " + port);
        }
        if (cxfPort(port)) {
            // CXF's own interceptors cache, with no SAAJ message either way (WsCacheFeature)
            WsCacheFeature.attach(port, cache);
            return port;
        }
        @SuppressWarnings("rawtypes")
        List<Handler> chain = new ArrayList<>(binding.getHandlerChain());
        chain.add(new CachingSoapHandler(cache, () -> Operations.of(port.getClass())));
        binding.setHandlerChain(chain);
        return port;
    }

    private static boolean cxfPort(Object port) {
        try {
            return WsCacheFeature.isCxfPort(port);
        } catch (LinkageError noCxf) {
            return false;
        }
    }

    /**
     * Caches the results of {@code port}'s operations as application objects: returns a proxy
     * with the port's interfaces (the SEI, {@code BindingProvider}) whose calls go through
     * {@link ResponseCache#call}, which keeps each result once and gives every caller its own
     * copy, made by the copier the policy's {@code value} picks ({@code auto}, {@code reflection},
     * {@code serialization}, {@code clone}, {@code reference}). Operations whose policy says
     * {@code xml} or {@code events} are cached at the message level by the handler, which this
     * method installs on {@code port} if it has none; the proxy then calls the port as it is.
     *
     * <pre>{@code
     * CatalogServiceSoap port = WsCacheJaxWs.objects(service.getCatalogServiceSoap(), cache);
     * SearchResult r = port.keywordSearch("java", 1);   // a copy of the stored result
     * }</pre>
     *
     * <p>Set the request context (endpoint, user, headers) on the returned proxy or on
     * {@code port}: it is the same map. A port with JAX-WS handlers of the application's is not
     * cached at this level (they may add credentials it cannot see); its message level is.
     *
     * @param port a port from {@code Service.getPort} or a CXF proxy factory
     * @param cache the cache and its policy
     * @return the caching proxy; use it instead of {@code port}
     * @throws IllegalArgumentException when {@code port} implements no {@code @WebService}
     *     interface or is not a SOAP {@link BindingProvider}
     */
    public static <T> T objects(T port, ResponseCache cache) {
        Objects.requireNonNull(cache, "cache");
        if (!isInstalled(port)) {
            install(port, cache);
        }
        return ObjectCalls.wrap(port, cache);
    }

    /**
     * Returns whether {@code port} caches already: its handler chain has a wscache handler (put
     * there by {@link #install(Object, ResponseCache)}, {@link WsCacheFeature} or a service's
     * {@link #handlerResolver}). {@code false} for anything that is no {@link BindingProvider}.
     */
    public static boolean isInstalled(Object port) {
        if (!(port instanceof BindingProvider)) {
            return false;
        }
        for (Handler<?> h : ((BindingProvider) port).getBinding().getHandlerChain()) {
            if (h instanceof CachingSoapHandler) {
                return true;
            }
        }
        // a CXF proxy factory replaces the chain after its features ran: WsCacheFeature puts
        // the handler back when the first message goes out
        try {
            return WsCacheFeature.isOn(port);
        } catch (LinkageError noCxf) {
            return false;
        }
    }

    /**
     * Gives every SOAP port that {@code service} makes from now on the cache's handler, after the
     * handlers of the service's own resolver; the operation names are read from the service's
     * WSDL ({@code Service.getWSDLDocumentLocation()}).
     *
     * @param service a generated {@code Service} subclass or one from {@code Service.create}
     * @param cache the cache and its policy
     * @return {@code service}, for chaining
     */
    public static <S extends Service> S install(S service, ResponseCache cache) {
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(cache, "cache");
        URL wsdl = service.getWSDLDocumentLocation();
        service.setHandlerResolver(resolver(cache, service.getHandlerResolver(),
                wsdl == null ? null : () -> Operations.of(wsdl)));
        return service;
    }

    /**
     * Returns a resolver that gives every SOAP port of a {@code Service} the cache's handler, for
     * {@code Service.setHandlerResolver}; set it before the ports are made.
     *
     * @param cache the cache and its policy
     * @return a resolver of one cache handler per port
     */
    public static HandlerResolver handlerResolver(ResponseCache cache) {
        return handlerResolver(cache, null);
    }

    /**
     * Like {@link #handlerResolver(ResponseCache)}, after the handlers {@code delegate} gives
     * (the service's own resolver, from {@code Service.getHandlerResolver()}).
     *
     * @param cache the cache and its policy
     * @param delegate the resolver whose handlers run first, or {@code null}
     * @return a resolver of the delegate's handlers and one cache handler per port
     */
    public static HandlerResolver handlerResolver(ResponseCache cache, HandlerResolver delegate) {
        Objects.requireNonNull(cache, "cache");
        return resolver(cache, delegate, null);
    }

    private static HandlerResolver resolver(ResponseCache cache, HandlerResolver delegate,
            Supplier<List<String>> operations) {
        return new HandlerResolver() {
            @Override
            @SuppressWarnings("rawtypes")
            public List<Handler> getHandlerChain(PortInfo portInfo) {
                List<Handler> chain = new ArrayList<>();
                if (delegate != null) {
                    chain.addAll(delegate.getHandlerChain(portInfo));
                }
                String binding = portInfo.getBindingID();
                if (binding == null || !binding.startsWith("http://www.w3.org/2004/08/wsdl/http")) {
                    chain.add(new CachingSoapHandler(cache, operations));
                }
                return chain;
            }
        };
    }
}
