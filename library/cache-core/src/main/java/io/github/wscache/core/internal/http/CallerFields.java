package io.github.wscache.core.internal.http;

import io.github.wscache.core.Invocation;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one mapping, for every SOAP integration (cache-axis, cache-jaxws), from what a client adds
 * to a request to the caller's identity in the key: the integrations walk their own message
 * model (Axiom, SAAJ) and ask here what each HTTP field, SOAP header element and WS-Security
 * token is. The rules:
 * <ul>
 *   <li>HTTP fields: {@code Authorization} is the authorization; {@code Proxy-Authorization} and
 *       {@code Cookie} credentials; any credential-like name ({@link Credentials}) a credential,
 *       noted once in the log;</li>
 *   <li>SOAP header elements: WS-Addressing's take no part (a message id per call); WS-Security
 *       is read token by token ({@link #usernameToken}, {@link #securityToken}, its
 *       {@code Timestamp} left out); one the policy names in {@code identityHeaders}, or with a
 *       credential-like name, is a credential; any other is a request variant.</li>
 * </ul>
 *
 * <pre>{@code
 * CallerFields.httpField(b, "X-Api-Key", "k1");                     // a credential
 * CallerFields.SoapHeader kind = CallerFields.soapHeader(ns, "Locale", Set.of()); // VARIANT
 * }</pre>
 */
public final class CallerFields {
    /** The WS-Addressing namespaces: their headers differ per call and identify nobody. */
    public static final Set<String> WS_ADDRESSING = Set.of(
            "http://www.w3.org/2005/08/addressing",
            "http://schemas.xmlsoap.org/ws/2004/08/addressing",
            "http://schemas.xmlsoap.org/ws/2004/03/addressing");
    private static final String PASSWORD_DIGEST = "#PasswordDigest";
    private static final Logger LOG = LoggerFactory.getLogger(CallerFields.class);
    private static final int MAX_NOTED = 1_000;
    private static final Set<String> NOTED = ConcurrentHashMap.newKeySet();

    /** What a SOAP header element is to the key. */
    public enum SoapHeader {
        /** WS-Addressing: no part of the key. */
        IGNORED,
        /** {@code Security}: read its tokens. */
        WS_SECURITY,
        /** Named in {@code identityHeaders}, or credential-like: the caller's identity. */
        CREDENTIAL,
        /** Any other: a request variant. */
        VARIANT
    }

    private CallerFields() {
    }

    /** Adds one HTTP request field the application sets, if it identifies the caller. */
    public static void httpField(Invocation.Builder b, String name, String value) {
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

    /**
     * Returns what a SOAP header element is to the key.
     *
     * @param ns its namespace, {@code ""} for none
     * @param named the names the policy gives in {@code identityHeaders} (local or
     *     {@code {ns}local})
     */
    public static SoapHeader soapHeader(String ns, String local, Set<String> named) {
        if (WS_ADDRESSING.contains(ns)) {
            return SoapHeader.IGNORED;
        }
        if ("Security".equals(local)) {
            return SoapHeader.WS_SECURITY;
        }
        String name = "{" + ns + "}" + local;
        if (named.contains(local) || named.contains(name)) {
            return SoapHeader.CREDENTIAL;
        }
        if (Credentials.isCredentialLike(local)) {
            noteGuessed("SOAP header " + name);
            return SoapHeader.CREDENTIAL;
        }
        return SoapHeader.VARIANT;
    }

    /** Adds a SOAP header element of kind {@code CREDENTIAL} or {@code VARIANT}, by its XML. */
    public static void soapHeader(Invocation.Builder b, String ns, String local, SoapHeader kind,
            String xml) {
        String name = "soap-header:{" + ns + "}" + local;
        if (kind == SoapHeader.CREDENTIAL) {
            b.credential(name, xml);
        } else if (kind == SoapHeader.VARIANT) {
            b.vary(name, xml);
        }
    }

    /** Whether a child of {@code wsse:Security} is left out (its {@code Timestamp}). */
    public static boolean isLeftOut(String tokenLocalName) {
        return "Timestamp".equals(tokenLocalName);
    }

    /**
     * Adds a {@code UsernameToken}: the user, and a password sent in clear (a digest differs
     * per call and is left out).
     *
     * @param passwordType the {@code Type} attribute of its {@code Password}, or null
     */
    public static void usernameToken(Invocation.Builder b, String user, String password,
            String passwordType) {
        if (user != null) {
            b.username(user.strip());
        }
        boolean digest = passwordType != null && passwordType.endsWith(PASSWORD_DIGEST);
        if (password != null && !digest) {
            b.credential("wsse-password", password);
        }
    }

    /** Adds any other WS-Security token (a binary token, an assertion) by its XML. */
    public static void securityToken(Invocation.Builder b, String local, String xml) {
        b.credential("wsse:" + local, xml);
    }

    /** Returns the credential-like names met so far that no rule names, for tests. */
    public static Set<String> guessed() {
        return Set.copyOf(NOTED);
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
}
