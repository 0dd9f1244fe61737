package io.github.wscache.jaxws.internal;

import io.github.wscache.core.Invocation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.cxf.endpoint.Client;
import org.apache.cxf.endpoint.Endpoint;
import org.apache.cxf.frontend.ClientProxy;
import org.apache.cxf.headers.Header;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.message.Message;

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
    /** Whether CXF's HTTP transport is on the class path (it is optional). */
    private static final boolean HTTP_CONDUIT =
            CachingSoapHandler.present("org.apache.cxf.transport.http.HTTPConduit");

    private CxfPorts() {
    }

    /**
     * Adds what CXF would send of the caller with a call on {@code port}; {@code client} stands
     * for the port when what it adds cannot be seen here. A port that is not CXF's adds nothing.
     */
    static void addTo(Invocation.Builder b, Object port, Map<String, Object> request,
            String client) {
        Client c;
        try {
            c = ClientProxy.getClient(port);
        } catch (RuntimeException e) {
            return; // another JAX-WS runtime's port
        }
        if (c == null) {
            return;
        }
        if (HTTP_CONDUIT) {
            HttpConduits.addTo(b, c.getConduit());
        }
        if (hidden(c, request)) {
            b.credential("cxf-client", client);
        }
    }

    private static boolean hidden(Client c, Map<String, Object> request) {
        Object headers = request.get(Header.HEADER_LIST);
        if (headers instanceof Collection && !((Collection<?>) headers).isEmpty()) {
            return true;
        }
        for (String key : request.keySet()) {
            if (key.startsWith("security.") || key.startsWith("ws-security.")) {
                return true;
            }
        }
        List<Interceptor<? extends Message>> out = new ArrayList<>(c.getOutInterceptors());
        Endpoint endpoint = c.getEndpoint();
        if (endpoint != null) {
            out.addAll(endpoint.getOutInterceptors());
            out.addAll(endpoint.getService().getOutInterceptors());
            out.addAll(endpoint.getBinding().getOutInterceptors());
        }
        if (c.getBus() != null) {
            out.addAll(c.getBus().getOutInterceptors());
        }
        for (Interceptor<?> i : out) {
            if (!ours(i.getClass().getName()) && CxfRequests.mayAddCredentials(i)) {
                return true;
            }
        }
        return false;
    }

    /** Whether an interceptor is this module's (the feature's), which adds nothing. */
    private static boolean ours(String type) {
        return type.startsWith("io.github.wscache.jaxws.internal.")
                || type.startsWith("io.github.wscache.jaxws.WsCacheFeature$")
                || type.startsWith("io.github.wscache.jaxws.WsCacheBusExtension$");
    }
}
