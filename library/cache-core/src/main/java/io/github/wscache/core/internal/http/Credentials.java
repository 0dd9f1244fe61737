package io.github.wscache.core.internal.http;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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

    private Credentials() {
    }

    /**
     * {@link #CREDENTIAL_WORDS} by their first two letters ({@code 'a'} to {@code 'z'} each, every
     * word starts with two), so that a name is read once, and a word is compared only where the
     * name holds its first two letters.
     */
    private static final String[][] BY_PAIR = new String[26 * 26][];

    static {
        for (String w : CREDENTIAL_WORDS) {
            int pair = (w.charAt(0) - 'a') * 26 + w.charAt(1) - 'a';
            String[] words = BY_PAIR[pair];
            BY_PAIR[pair] = words == null ? new String[] {w} : append(words, w);
        }
    }

    private static String[] append(String[] words, String w) {
        String[] longer = Arrays.copyOf(words, words.length + 1);
        longer[words.length] = w;
        return longer;
    }

    /**
     * Tells whether a field or SOAP header element name looks like it carries a credential
     * ({@code X-Api-Key}, {@code AuthHeader}, {@code SessionToken}, ...): whether its lower case
     * contains one of the credential words.
     *
     * @param name a header field or element name, any case
     * @return whether it matches the credential pattern
     */
    public static boolean isCredentialLike(String name) {
        // asked for every field of every request: one pass over an ASCII name (every field name
        // is one), no lower-case copy; anything else is lowered as Locale.ROOT lowers it
        int length = name.length();
        int previous = -1;
        for (int i = 0; i < length; i++) {
            char c = name.charAt(i);
            if (c >= 0x80) {
                return containsWord(name.toLowerCase(Locale.ROOT));
            }
            int letter = (c | 0x20) - 'a';
            if (letter < 0 || letter >= 26) {
                previous = -1;
                continue;
            }
            if (previous >= 0) {
                String[] words = BY_PAIR[previous * 26 + letter];
                if (words != null) {
                    for (String w : words) {
                        if (startsAt(name, i - 1, w)) {
                            return true;
                        }
                    }
                }
            }
            previous = letter;
        }
        return false;
    }

    /**
     * Whether {@code w} (lower case ASCII) is at {@code at} in {@code name}, whose first two
     * characters there are already known to match.
     */
    private static boolean startsAt(String name, int at, String w) {
        int n = w.length();
        if (at + n > name.length()) {
            return false;
        }
        for (int j = 2; j < n; j++) {
            char c = name.charAt(at + j);
            char x = w.charAt(j);
            // x is a lower-case letter or one of "-_": only a letter may differ by case
            if (c != x && !(x >= 'a' && x <= 'z' && c == (char) (x - 0x20))) {
                return false;
            }
        }
        return true;
    }

    private static boolean containsWord(String lower) {
        for (String w : CREDENTIAL_WORDS) {
            if (lower.contains(w)) {
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
        List<String> out = null;
        for (Map.Entry<String, List<String>> e : request.entrySet()) {
            String name = e.getKey();
            List<String> values = e.getValue();
            if (values == null || allBlank(values)) {
                continue;
            }
            if (name.equalsIgnoreCase("cookie")) {
                if (!anonymous.coversAll(values)) {
                    out = add(out, "cookie");
                }
            } else if (name.equalsIgnoreCase("authorization")
                    || name.equalsIgnoreCase("proxy-authorization") || isCredentialLike(name)) {
                out = add(out, name.toLowerCase(Locale.ROOT));
            }
        }
        // most requests are anonymous: nothing is allocated for them
        return out == null ? List.of() : out;
    }

    private static List<String> add(List<String> out, String field) {
        List<String> list = out == null ? new ArrayList<>(2) : out;
        list.add(field);
        return list;
    }

    private static boolean allBlank(List<String> values) {
        for (String v : values) {
            if (!v.isBlank()) {
                return false;
            }
        }
        return true;
    }
}
