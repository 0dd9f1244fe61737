package io.github.wscache.jaxws.internal;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.internal.http.CallerFields;
import io.github.wscache.core.internal.http.DomSoapHeaders;
import jakarta.xml.soap.SOAPHeader;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.handler.MessageContext;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The one mapping from an outgoing JAX-WS request to the caller's identity: the same rules as
 * cache-axis's, read from what a JAX-WS handler sees. Everything below becomes a credential of
 * the {@link Invocation}; the cache partitions keys by a salted hash of them all together, unless
 * the operation is {@code sharedAcrossUsers}:
 * <ul>
 *   <li>HTTP Basic: {@code BindingProvider.USERNAME_PROPERTY} and {@code PASSWORD_PROPERTY};</li>
 *   <li>CXF's WS-Security settings of the call ({@code security.username},
 *       {@code security.password}, {@code security.signature.username}, or their older
 *       {@code ws-security.*} names), when they are strings: WS-Security makes its tokens from
 *       them after the cache has looked, and a port may switch users between calls;</li>
 *   <li>of {@code MessageContext.HTTP_REQUEST_HEADERS}: {@code Authorization} (any scheme),
 *       {@code Proxy-Authorization}, {@code Cookie}, and every header whose name looks like a
 *       credential ({@code X-Api-Key}, {@code X-Auth-Token}, ...);</li>
 *   <li>a maintained session ({@code SESSION_MAINTAIN_PROPERTY}): the runtime keeps its cookies
 *       out of a handler's sight, per port, so the port itself (one handler instance) stands for
 *       the session: two ports never share, calls of one port do;</li>
 *   <li>in a WS-Security {@code Security} header: a {@code UsernameToken}'s {@code Username},
 *       with its password when sent in clear ({@code PasswordText}; a {@code PasswordDigest}
 *       changes with each nonce, so the user name stands for it), and every other token by its
 *       whole content; the {@code Timestamp} is left out;</li>
 *   <li>SOAP header elements the policy names in {@code identityHeaders}, and every other one
 *       whose name looks like a credential, by their whole content.</li>
 * </ul>
 * Other SOAP header elements (not WS-Addressing's) take part in the key as request variants.
 *
 * <p>The rules are cache-core's ({@code internal.http.CallerFields}), the ones cache-axis
 * follows too: this class reads the JAX-WS context; the SOAP header, a DOM tree in SAAJ, is
 * walked by {@code DomSoapHeaders}.
 */
final class Identities {
    /** CXF's WS-Security settings that name the caller (SecurityConstants), as CXF reads them. */
    private static final List<String> WS_SECURITY = List.of("security.username",
            "security.password", "security.signature.username");

    private Identities() {
    }

    /**
     * Adds the credentials (and other SOAP headers as variants) of one request.
     *
     * @param session what stands for the port's session when the runtime maintains one
     */
    static void addTo(Invocation.Builder b, MessageContext ctx, SOAPHeader header,
            Set<String> identityHeaders, String session) {
        addContext(b, ctx::get, session);
        DomSoapHeaders.addTo(b, header, identityHeaders);
    }

    /**
     * Adds what a JAX-WS context says of the caller: HTTP Basic user and password, request
     * headers, a maintained session; read from a handler's {@code MessageContext} or a port's
     * request context alike.
     *
     * @param get the context's properties
     * @param session what stands for the port's session when the runtime maintains one
     */
    static void addContext(Invocation.Builder b, Function<String, Object> get, String session) {
        Object user = get.apply(BindingProvider.USERNAME_PROPERTY);
        Object password = get.apply(BindingProvider.PASSWORD_PROPERTY);
        if (user != null || password != null) {
            b.credential("http-basic", user + "\u0000" + password);
        }
        wsSecurity(b, get);
        Object headers = get.apply(MessageContext.HTTP_REQUEST_HEADERS);
        if (headers instanceof Map) {
            for (Map.Entry<?, ?> e : ((Map<?, ?>) headers).entrySet()) {
                if (e.getKey() == null || e.getValue() == null) {
                    continue;
                }
                Object v = e.getValue();
                String value = v instanceof List ? joined((List<?>) v) : v.toString();
                httpHeader(b, e.getKey().toString(), value);
            }
        }
        if (Boolean.TRUE.equals(get.apply(BindingProvider.SESSION_MAINTAIN_PROPERTY))) {
            b.credential("jaxws-session", session);
        }
    }

    /**
     * CXF's WS-Security settings of the caller, each under its name or the older one CXF also
     * reads ({@code ws-security.}); a setting that is no string (a callback handler, a crypto
     * object) is left out, the client then being its own caller if WS-Security runs after the
     * cache ({@link CxfRequests}).
     */
    private static void wsSecurity(Invocation.Builder b, Function<String, Object> get) {
        StringBuilder caller = null;
        for (String name : WS_SECURITY) {
            Object v = get.apply(name);
            if (!(v instanceof String)) {
                v = get.apply("ws-" + name);
            }
            if (v instanceof String) {
                caller = caller == null ? new StringBuilder() : caller.append('\u0000');
                caller.append(name).append('=').append(v);
            }
        }
        if (caller != null) {
            b.credential("ws-security", caller.toString());
        }
    }

    /** The lines of a field as one value, as {@code String.join(", ", ...)} writes them. */
    private static String joined(List<?> values) {
        if (values.size() == 1) {
            return String.valueOf(values.get(0));
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(values.get(i));
        }
        return sb.toString();
    }

    private static void httpHeader(Invocation.Builder b, String name, String value) {
        CallerFields.httpField(b, name, value);
    }
}
