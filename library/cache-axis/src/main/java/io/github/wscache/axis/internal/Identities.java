package io.github.wscache.axis.internal;

import io.github.wscache.core.Invocation;
import io.github.wscache.core.internal.http.CallerFields;
import java.lang.reflect.Field;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import javax.xml.namespace.QName;
import org.apache.axiom.om.OMElement;
import org.apache.axis2.client.Options;
import org.apache.axis2.client.ServiceClient;
import org.apache.axis2.context.NamedValue;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.apache.axis2.transport.http.HTTPAuthenticator;

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
        CallerFields.httpField(b, name, value);
    }

    private static void soapHeader(Invocation.Builder b, OMElement h, Set<String> named) {
        QName q = h.getQName();
        String ns = q.getNamespaceURI() == null ? "" : q.getNamespaceURI();
        String local = q.getLocalPart();
        CallerFields.SoapHeader kind = CallerFields.soapHeader(ns, local, named);
        if (kind == CallerFields.SoapHeader.WS_SECURITY) {
            security(b, h);
        } else if (kind != CallerFields.SoapHeader.IGNORED) {
            CallerFields.soapHeader(b, ns, local, kind, h.toString());
        }
    }

    private static void security(Invocation.Builder b, OMElement security) {
        for (Iterator<OMElement> it = security.getChildElements(); it.hasNext();) {
            OMElement token = it.next();
            String local = token.getLocalName();
            if (CallerFields.isLeftOut(local)) {
                continue;
            }
            if (!"UsernameToken".equals(local)) {
                CallerFields.securityToken(b, local, token.toString());
                continue;
            }
            String user = null;
            String password = null;
            String type = null;
            for (Iterator<OMElement> u = token.getChildElements(); u.hasNext();) {
                OMElement e = u.next();
                if ("Username".equals(e.getLocalName())) {
                    user = e.getText();
                } else if ("Password".equals(e.getLocalName())) {
                    password = e.getText();
                    type = e.getAttributeValue(new QName("Type"));
                }
            }
            CallerFields.usernameToken(b, user, password, type);
        }
    }

    /** Returns the credential-like names met so far that no rule names, for tests. */
    static Set<String> guessedCredentials() {
        return CallerFields.guessed();
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
