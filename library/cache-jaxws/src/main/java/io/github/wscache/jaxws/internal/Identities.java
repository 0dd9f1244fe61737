package io.github.wscache.jaxws.internal;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.internal.http.Credentials;
import jakarta.xml.soap.Node;
import jakarta.xml.soap.SOAPElement;
import jakarta.xml.soap.SOAPHeader;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.handler.MessageContext;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one mapping from an outgoing JAX-WS request to the caller's identity: the same rules as
 * cache-axis's, read from what a JAX-WS handler sees. Everything below becomes a credential of
 * the {@link Invocation}; the cache partitions keys by a salted hash of them all together, unless
 * the operation is {@code sharedAcrossUsers}:
 * <ul>
 *   <li>HTTP Basic: {@code BindingProvider.USERNAME_PROPERTY} and {@code PASSWORD_PROPERTY};</li>
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
 * <p>The credential-like name pattern is cache-core's ({@code internal.http.Credentials}), the
 * one every integration uses.
 */
final class Identities {
    private static final Set<String> ADDRESSING = Set.of(
            "http://www.w3.org/2005/08/addressing",
            "http://schemas.xmlsoap.org/ws/2004/08/addressing",
            "http://schemas.xmlsoap.org/ws/2004/03/addressing");
    private static final String PASSWORD_DIGEST = "#PasswordDigest";
    private static final Logger LOG = LoggerFactory.getLogger(Identities.class);
    private static final int MAX_NOTED = 1_000;
    private static final Set<String> NOTED = ConcurrentHashMap.newKeySet();

    private Identities() {
    }

    static boolean isCredentialLike(String name) {
        return Credentials.isCredentialLike(name);
    }

    /**
     * Adds the credentials (and other SOAP headers as variants) of one request.
     *
     * @param session what stands for the port's session when the runtime maintains one
     */
    static void addTo(Invocation.Builder b, MessageContext ctx, SOAPHeader header,
            Set<String> identityHeaders, String session) {
        Object user = ctx.get(BindingProvider.USERNAME_PROPERTY);
        Object password = ctx.get(BindingProvider.PASSWORD_PROPERTY);
        if (user != null || password != null) {
            b.credential("http-basic", user + "\u0000" + password);
        }
        Object headers = ctx.get(MessageContext.HTTP_REQUEST_HEADERS);
        if (headers instanceof Map) {
            for (Map.Entry<?, ?> e : ((Map<?, ?>) headers).entrySet()) {
                if (e.getKey() == null || e.getValue() == null) {
                    continue;
                }
                Object v = e.getValue();
                String value = v instanceof List ? String.join(", ", strings((List<?>) v))
                        : v.toString();
                httpHeader(b, e.getKey().toString(), value);
            }
        }
        if (Boolean.TRUE.equals(ctx.get(BindingProvider.SESSION_MAINTAIN_PROPERTY))) {
            b.credential("jaxws-session", session);
        }
        if (header != null) {
            for (Iterator<?> it = header.getChildElements(); it.hasNext();) {
                Object o = it.next();
                if (o instanceof SOAPElement) {
                    soapHeader(b, (SOAPElement) o, identityHeaders);
                }
            }
        }
    }

    private static List<String> strings(List<?> values) {
        return values.stream().map(String::valueOf).toList();
    }

    private static void httpHeader(Invocation.Builder b, String name, String value) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.equals("authorization")) {
            b.authorization(value);
        } else if (n.equals("proxy-authorization") || n.equals("cookie")) {
            b.credential("header:" + n, value);
        } else if (isCredentialLike(n)) {
            noteGuessed("HTTP header " + name);
            b.credential("header:" + n, value);
        }
    }

    private static void soapHeader(Invocation.Builder b, SOAPElement h, Set<String> named) {
        String ns = h.getNamespaceURI() == null ? "" : h.getNamespaceURI();
        String local = h.getLocalName();
        String name = "{" + ns + "}" + local;
        if (ADDRESSING.contains(ns)) {
            return;
        }
        if ("Security".equals(local)) {
            security(b, h);
            return;
        }
        if (named.contains(local) || named.contains(name)) {
            b.credential("soap-header:" + name, Xml.toString(h));
            return;
        }
        if (isCredentialLike(local)) {
            noteGuessed("SOAP header " + name);
            b.credential("soap-header:" + name, Xml.toString(h));
            return;
        }
        b.vary("soap-header:" + name, Xml.toString(h));
    }

    private static void security(Invocation.Builder b, SOAPElement security) {
        for (Iterator<?> it = security.getChildElements(); it.hasNext();) {
            Object o = it.next();
            if (!(o instanceof SOAPElement)) {
                continue;
            }
            SOAPElement token = (SOAPElement) o;
            String local = token.getLocalName();
            if ("Timestamp".equals(local)) {
                continue;
            }
            if (!"UsernameToken".equals(local)) {
                b.credential("wsse:" + local, Xml.toString(token));
                continue;
            }
            String user = null;
            String password = null;
            boolean digest = false;
            for (Iterator<?> u = token.getChildElements(); u.hasNext();) {
                Object c = u.next();
                if (!(c instanceof SOAPElement)) {
                    continue;
                }
                SOAPElement e = (SOAPElement) c;
                if ("Username".equals(e.getLocalName())) {
                    user = text(e).strip();
                } else if ("Password".equals(e.getLocalName())) {
                    password = text(e);
                    String type = e.getAttribute("Type");
                    digest = type != null && type.endsWith(PASSWORD_DIGEST);
                }
            }
            if (user != null) {
                b.username(user);
            }
            if (password != null && !digest) {
                b.credential("wsse-password", password);
            }
        }
    }

    private static String text(Node e) {
        String t = e.getTextContent();
        return t == null ? "" : t;
    }

    /** Says once per name that a credential-like field no rule names was taken as one. */
    private static void noteGuessed(String what) {
        if (NOTED.size() < MAX_NOTED && NOTED.add(what)) {
            LOG.info("wscache: requests carry {}, which looks like a credential: responses are "
                    + "kept per value of it, never shared (name it in identityHeaders, or set "
                    + "sharedAcrossUsers: true if it does not identify the caller; logged once)",
                    what);
        }
    }
}
