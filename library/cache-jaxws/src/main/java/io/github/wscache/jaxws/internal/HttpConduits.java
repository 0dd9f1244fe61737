package io.github.wscache.jaxws.internal;

import io.github.wscache.core.Invocation;
import org.apache.cxf.configuration.security.AuthorizationPolicy;
import org.apache.cxf.transport.Conduit;
import org.apache.cxf.transport.http.HTTPConduit;

/**
 * The credentials a CXF client's HTTP conduit sends with every request (its
 * {@code AuthorizationPolicy}, configured in code or {@code <http-conf:conduit>}), which the
 * call's own context does not show. Loaded only when CXF's HTTP transport is on the class path.
 */
final class HttpConduits {
    private HttpConduits() {
    }

    /** Adds the credentials of {@code conduit}, when it is an HTTP conduit that has some. */
    static void addTo(Invocation.Builder b, Conduit conduit) {
        if (conduit instanceof HTTPConduit) {
            HTTPConduit http = (HTTPConduit) conduit;
            policy(b, "http-conduit", http.getAuthorization());
            policy(b, "http-conduit-proxy", http.getProxyAuthorization());
        }
    }

    private static void policy(Invocation.Builder b, String name, AuthorizationPolicy p) {
        if (p != null && (p.getUserName() != null || p.getPassword() != null
                || p.getAuthorization() != null)) {
            b.credential(name, p.getAuthorizationType() + "\u0000" + p.getUserName() + "\u0000"
                    + p.getPassword() + "\u0000" + p.getAuthorization());
        }
    }
}
