package io.github.wscache.jaxws.internal;

import io.github.wscache.core.Invocation;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.ConduitSelector;
import org.apache.cxf.endpoint.DeferredConduitSelector;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.endpoint.UpfrontConduitSelector;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.headers.Header;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.transport.Conduit;

/**
 * What a CXF client port carries outside its JAX-WS request context, for the object level
 * ({@link ObjectCalls}), which answers before CXF runs and so sees none of CXF's message: the
 * credentials of the client's HTTP conduit (set in code or {@code <http-conf:conduit>}), SOAP
 * headers put in the request context as CXF's header list, WS-Security settings
 * ({@code security.*}, {@code ws-security.*}: the tokens are made later, from them), and out
 * interceptors of the application's, which may add anything. The conduit's credentials become
 * the call's; with any of the others the port is its own caller, as at the message level
 * ({@link CxfRequests}). Loaded only when CXF is on the class path.
 */
final class CxfPorts {
    private CxfPorts() {
    }

    /** Returns the CXF client of {@code port}, or {@code null} for another runtime's port. */
    static RuntimePort clientOf(Object port) {
        try {
            Client c = ClientProxy.getClient(port);
            return c == null ? null : new Port(c);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * A CXF client as the object level reads it on every call. Its conduit is kept while the
     * client's conduit selector and the endpoint address stay the same ({@code getConduit()}
     * builds a message and an exchange to select it, which cost more than an object hit).
     * Thread-safe.
     */
    static final class Port implements RuntimePort {
        private final Client client;
        /** The selector, the address and the conduit they gave; replaced whole. */
        private volatile Object[] conduit;

        Port(Client client) {
            this.client = client;
        }

        /**
         * Adds what CXF would send of the caller with a call to {@code address}: the conduit's
         * credentials; {@code caller} stands for the port when what CXF adds cannot be seen
         * here.
         */
        @Override
        public void addTo(Invocation.Builder b, Object address, String caller) {
            if (CxfRequests.HTTP_CONDUIT) {
                HttpConduits.addTo(b, conduit(address));
            }
            if (hidden(client)) {
                b.credential("cxf-client", caller);
            }
        }

        private Conduit conduit(Object address) {
            ConduitSelector selector = client.getConduitSelector();
            Object[] kept = conduit;
            if (kept != null && kept[0] == selector && Objects.equals(kept[1], address)) {
                return (Conduit) kept[2];
            }
            Conduit c = client.getConduit();
            if (selector instanceof UpfrontConduitSelector
                    || selector instanceof DeferredConduitSelector) {
                conduit = new Object[] {selector, address, c}; // one conduit per address
            }
            return c;
        }
    }

    private static boolean hidden(Client c) {
        Map<String, Object> request = c.getRequestContext();
        Object headers = request.get(Header.HEADER_LIST);
        if (headers instanceof Collection && !((Collection<?>) headers).isEmpty()) {
            return true;
        }
        for (String key : request.keySet()) {
            if (key.startsWith("security.") || key.startsWith("ws-security.")) {
                return true;
            }
        }
        Endpoint endpoint = c.getEndpoint();
        return foreign(c.getOutInterceptors())
                || endpoint != null && (foreign(endpoint.getOutInterceptors())
                        || foreign(endpoint.getService().getOutInterceptors())
                        || foreign(endpoint.getBinding().getOutInterceptors()))
                || c.getBus() != null && foreign(c.getBus().getOutInterceptors());
    }

    /** Whether one of {@code interceptors} may add what identifies a caller. */
    private static boolean foreign(List<? extends Interceptor<?>> interceptors) {
        for (Interceptor<?> i : interceptors) {
            if (CxfRequests.mayAddCredentials(i)) {
                return true;
            }
        }
        return false;
    }
}
