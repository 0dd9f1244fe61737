package io.github.wscache.axis.internal;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.internal.http.Credentials;
import java.lang.reflect.Field;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import javax.xml.namespace.QName;
import org.apache.axiom.om.OMElement;
import org.apache.axis2.client.Options;
import org.apache.axis2.client.ServiceClient;
import org.apache.axis2.context.NamedValue;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.apache.axis2.transport.http.HTTPAuthenticator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one mapping from an outgoing Axis2 request to the caller's identity, shared by the
 * message level ({@link RequestKeys}) and the application-object level ({@link StubCalls}).
 *
 * <p>Everything below becomes a credential of the {@link Invocation}; the cache partitions keys
 * by a salted hash of all of them together, unless the operation is {@code sharedAcrossUsers}:
 * <ul>
 *   <li>HTTP Basic, Digest and NTLM credentials of an {@code HTTPAuthenticator}
 *       ({@code HTTPConstants.AUTHENTICATE}): user, password, domain, realm and host;</li>
 *   <li>the {@code Authorization}, {@code Proxy-Authorization} and {@code Cookie} headers of
 *       {@code HTTP_HEADERS}, of any scheme, and every other header whose name looks like a
 *       credential ({@code X-Api-Key}, {@code X-Auth-Token}, {@code X-Session}, ...);</li>
 *   <li>the session cookie Axis2 keeps for a client that manages its session
 *       ({@code Options.setManageSession(true)}, {@code HTTPConstants.COOKIE_STRING});</li>
 *   <li>{@code Options.getUserName()} and {@code getPassword()} (used by WS-Security
 *       modules);</li>
 *   <li>in a WS-Security {@code Security} header: a {@code UsernameToken}'s {@code Username},
 *       with its password when it is sent in clear ({@code PasswordText}; a
 *       {@code PasswordDigest} changes with every request's nonce, so the user name stands for
 *       it), and every other token ({@code BinarySecurityToken}, a SAML assertion, ...) by its
 *       whole content; the {@code Timestamp} is left out;</li>
 *   <li>SOAP header elements the policy names in {@code identityHeaders}, and every other SOAP
 *       header element whose name looks like a credential ({@code AuthHeader},
 *       {@code SessionToken}, {@code ApiKey}, ...), by their whole content.</li>
 * </ul>
 * Other SOAP header elements (except WS-Addressing's, which address the message) are not
 * credentials but may still select the response (a locale, a tenant, a version), so they take
 * part in the key as request variants. Other HTTP request headers do not.
 */
final class Identities {
    private static final Set<String> ADDRESSING = Set.of(
            "http://www.w3.org/2005/08/addressing",
            "http://schemas.xmlsoap.org/ws/2004/08/addressing",
            "http://schemas.xmlsoap.org/ws/2004/03/addressing");
    private static final String PASSWORD_DIGEST = "#PasswordDigest";
    private static final Logger LOG = LoggerFactory.getLogger(Identities.class);
    private static final int MAX_NOTED = 1_000;
    /** Credential-like names met that no rule names: each is said once in the log. */
    private static final Set<String> NOTED = ConcurrentHashMap.newKeySet();
    private static volatile Field serviceClientHeaders;

    private Identities() {
    }

    /**
     * Adds the credentials (and non-credential SOAP headers as variants) of one request.
     *
     * @param property looks a property up as the HTTP sender would (message context or options)
     * @param options the client options
     * @param sessionCookie the session cookie Axis2 manages for this client, or {@code null}
     * @param soapHeaders the request's SOAP header elements
     * @param identityHeaders the policy's {@code identityHeaders}
     */
    static void addTo(Invocation.Builder b, Function<String, Object> property, Options options,
            Object sessionCookie, Iterator<OMElement> soapHeaders, Set<String> identityHeaders) {
        httpHeaders(b, property.apply(HTTPConstants.HTTP_HEADERS));
        Object auth = property.apply(HTTPConstants.AUTHENTICATE);
        if (auth instanceof HTTPAuthenticator) {
            HTTPAuthenticator a = (HTTPAuthenticator) auth;
            b.credential("authenticator", a.getUsername() + '\u0000' + a.getPassword() + '\u0000'
                    + a.getDomain() + '\u0000' + a.getRealm() + '\u0000' + a.getHost());
        }
        if (sessionCookie != null && options != null && options.isManageSession()) {
            b.credential("axis2-session", sessionCookie.toString());
        }
        if (options != null && (options.getUserName() != null || options.getPassword() != null)) {
            b.credential("options-user", options.getUserName() + '\u0000'
                    + options.getPassword());
        }
        while (soapHeaders != null && soapHeaders.hasNext()) {
            soapHeader(b, soapHeaders.next(), identityHeaders);
        }
    }

    private static void httpHeaders(Invocation.Builder b, Object headers) {
        if (headers instanceof List) {
            for (Object o : (List<?>) headers) {
                if (o instanceof NamedValue) {
                    httpHeader(b, ((NamedValue) o).getName(), ((NamedValue) o).getValue());
                }
            }
        } else if (headers instanceof Map) {
            for (Map.Entry<?, ?> e : ((Map<?, ?>) headers).entrySet()) {
                if (e.getKey() != null && e.getValue() != null) {
                    httpHeader(b, e.getKey().toString(), e.getValue().toString());
                }
            }
        }
    }

    private static void httpHeader(Invocation.Builder b, String name, String value) {
        if (name == null || value == null) {
            return;
        }
        String n = name.toLowerCase(Locale.ROOT);
        if (n.equals("authorization")) {
            b.authorization(value);
        } else if (n.equals("proxy-authorization") || n.equals("cookie")) {
            b.credential("header:" + n, value);
        } else if (Credentials.isCredentialLike(n)) {
            noteGuessed("HTTP header " + name);
            b.credential("header:" + n, value);
        }
    }

    private static void soapHeader(Invocation.Builder b, OMElement h, Set<String> named) {
        QName q = h.getQName();
        String ns = q.getNamespaceURI() == null ? "" : q.getNamespaceURI();
        String local = q.getLocalPart();
        String name = "{" + ns + "}" + local;
        if (ADDRESSING.contains(ns)) {
            return;
        }
        if ("Security".equals(local)) {
            security(b, h);
            return;
        }
        if (named.contains(local) || named.contains(name)) {
            b.credential("soap-header:" + name, h.toString());
            return;
        }
        if (Credentials.isCredentialLike(local)) {
            noteGuessed("SOAP header " + name);
            b.credential("soap-header:" + name, h.toString());
            return;
        }
        b.vary("soap-header:" + name, h.toString());
    }

    private static void security(Invocation.Builder b, OMElement security) {
        for (Iterator<OMElement> it = security.getChildElements(); it.hasNext();) {
            OMElement token = it.next();
            String local = token.getLocalName();
            if ("Timestamp".equals(local)) {
                continue;
            }
            if ("UsernameToken".equals(local)) {
                String user = null;
                String password = null;
                boolean digest = false;
                for (Iterator<OMElement> u = token.getChildElements(); u.hasNext();) {
                    OMElement e = u.next();
                    if ("Username".equals(e.getLocalName())) {
                        user = e.getText().trim();
                    } else if ("Password".equals(e.getLocalName())) {
                        password = e.getText();
                        String type = e.getAttributeValue(new QName("Type"));
                        digest = type != null && type.endsWith(PASSWORD_DIGEST);
                    }
                }
                if (user != null) {
                    b.username(user);
                }
                if (password != null && !digest) {
                    b.credential("wsse-password", password);
                }
                continue;
            }
            b.credential("wsse:" + local, token.toString());
        }
    }

    /**
     * Says once per name that a credential-like field no rule names was taken as a credential:
     * the partition it causes is then visible to whoever wonders why two callers do not share.
     */
    private static void noteGuessed(String what) {
        if (NOTED.size() < MAX_NOTED && NOTED.add(what)) {
            LOG.info("wscache: requests carry {}, which looks like a credential: responses are "
                    + "kept per value of it, never shared (name it in identityHeaders, or set "
                    + "sharedAcrossUsers: true if it does not identify the caller; logged once)",
                    what);
        }
    }

    /** Returns the credential-like names met so far that no rule names, for tests. */
    static Set<String> guessedCredentials() {
        return Set.copyOf(NOTED);
    }

    /**
     * Returns the SOAP header elements a {@link ServiceClient} adds to every request
     * ({@code addHeader}); Axis2 has no getter for them. {@code null} when they cannot be read:
     * the caller must then not cache at the object level, where it cannot see the envelope.
     */
    @SuppressWarnings("unchecked")
    static Iterator<OMElement> clientHeaders(ServiceClient client) {
        try {
            Field f = serviceClientHeaders;
            if (f == null) {
                f = ServiceClient.class.getDeclaredField("headers");
                f.setAccessible(true);
                serviceClientHeaders = f;
            }
            Object headers = f.get(client);
            if (headers instanceof List) {
                return List.copyOf((List<OMElement>) headers).iterator();
            }
            return headers == null ? Collections.emptyIterator() : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
