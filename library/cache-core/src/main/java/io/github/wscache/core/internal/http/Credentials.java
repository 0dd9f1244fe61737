package io.github.wscache.core.internal.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The one rule of wscache for which request header fields carry a caller's identity: the rule
 * cache-axis and cache-http map to an {@code Invocation}'s credentials, and cache-edge uses to tell
 * a personal request from an anonymous one.
 *
 * <ul>
 *   <li>{@code Authorization} and {@code Proxy-Authorization}, of any scheme;</li>
 *   <li>{@code Cookie} (a cache may be told that some cookie names identify nobody:
 *       {@link #personalFields(Map, CookieNames)});</li>
 *   <li>every field whose name looks like a credential ({@link #isCredentialLike}):
 *       {@code X-Api-Key}, {@code X-Auth-Token}, {@code X-Session-Id}, ...</li>
 * </ul>
 *
 * <pre>{@code
 * Credentials.isCredentialLike("X-Api-Key");                  // true
 * Credentials.personalFields(requestHeaders, CookieNames.NONE); // [cookie, x-api-key]
 * }</pre>
 */
public final class Credentials {
    /**
     * Words in the names of fields (and SOAP header elements) that carry credentials, matched
     * anywhere in the name, case aside (a plain search: this runs for every field of every
     * request at the edge, where a regular expression cost a few per cent of the throughput).
     */
    private static final String[] CREDENTIAL_WORDS = {"auth", "token", "apikey", "api-key",
        "api_key", "secret", "session", "cookie", "ticket", "credential", "passw", "signature",
        "jwt", "bearer", "assertion", "saml", "login", "license", "licence"};

    /** Field names that always carry credentials, in lower case. */
    private static final Set<String> ALWAYS = Set.of("authorization", "proxy-authorization",
            "cookie");

    private Credentials() {
    }

    /**
     * Tells whether a field or SOAP header element name looks like it carries a credential
     * ({@code X-Api-Key}, {@code AuthHeader}, {@code SessionToken}, ...).
     *
     * @param name a header field or element name, any case
     * @return whether it matches the credential pattern
     */
    public static boolean isCredentialLike(String name) {
        String n = name.toLowerCase(java.util.Locale.ROOT);
        for (String w : CREDENTIAL_WORDS) {
            if (n.contains(w)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Returns the fields of a request that make it personal, in lower case and in the request's
     * order: {@code authorization}, {@code proxy-authorization}, {@code cookie} when at least one
     * of its cookies is not named by {@code anonymous}, and every credential-like field with a
     * value. Empty for an anonymous request.
     *
     * @param request the request's header fields
     * @param anonymous cookie names that identify nobody (analytics, consent)
     * @return the personal fields, lower case, never {@code null}
     */
    public static List<String> personalFields(Map<String, List<String>> request,
            CookieNames anonymous) {
        List<String> out = new ArrayList<>(2);
        for (Map.Entry<String, List<String>> e : request.entrySet()) {
            String n = e.getKey().toLowerCase(Locale.ROOT);
            if (e.getValue() == null || e.getValue().stream().allMatch(String::isBlank)) {
                continue;
            }
            if (n.equals("cookie")) {
                if (!anonymous.coversAll(e.getValue())) {
                    out.add(n);
                }
            } else if (ALWAYS.contains(n) || isCredentialLike(n)) {
                out.add(n);
            }
        }
        return out;
    }
}
