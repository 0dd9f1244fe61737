package io.github.wscache.edge.internal;

import io.github.wscache.core.internal.http.CookieNames;
import io.github.wscache.core.internal.http.Credentials;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What of a client's request may reach the origin and what the edge's cache key must hold, so
 * that no request decides what other users get (cache poisoning) and no personal answer is
 * shared. Immutable; the settings are checked when it is made ({@link #of}).
 *
 * <ul>
 *   <li><b>Forwarding fields</b> ({@code Forwarded}, {@code X-Forwarded-*}, {@code X-Real-IP},
 *       ...) and <b>rewrite fields</b> ({@code X-Original-URL}, {@code X-Rewrite-URL}, ...) from
 *       a client are dropped: an origin that builds links or routes from them would have its
 *       cached answer rewritten for everyone. The edge sends its own {@code Forwarded}
 *       ({@code for=client;proto=scheme}) and {@code X-Forwarded-For}. From a
 *       {@linkplain #trusted trusted proxy} the forwarding fields are kept and the edge appends
 *       its hop; those that can change a page ({@link #TRUSTED_KEY_FIELDS}, and the
 *       {@code host} and {@code proto} parameters of {@code Forwarded}) are then part of the key,
 *       since a proxy in front may pass on what its own client sent. Rewrite fields never pass
 *       unless keyed.</li>
 *   <li><b>Method-override fields</b> ({@code X-HTTP-Method-Override}, {@code X-HTTP-Method},
 *       {@code X-Method-Override}) are dropped from GET and HEAD, whose answers are stored; with
 *       {@code keepMethodOverride} they pass and are part of the key. Other methods are never
 *       stored and keep them.</li>
 *   <li><b>Key fields</b> ({@code keyHeaders}) always pass and select their own stored
 *       answer, as if every response named them in {@code Vary}.</li>
 *   <li><b>Personal requests</b>: those with {@code Cookie} (unless every cookie is one of the
 *       {@code anonymousCookies}) or a credential, by cache-core's {@link Credentials}.</li>
 *   <li><b>Plain requests</b> ({@link #plainForErrors}): only an error answered to a request
 *       whose unkeyed fields are all ordinary, of ordinary size and characters, is stored.</li>
 * </ul>
 *
 * <p>{@link #naive()} switches all of this off (every field passes unkeyed, no request is
 * personal, every error may be stored): only for the tests that show each attack succeeds
 * without these rules.
 *
 * <pre>{@code
 * RequestRules rules = RequestRules.of(List.of("_ga*"), List.of("X-Forwarded-Proto"), false,
 *         List.of("10.0.0.0/8"));
 * Map<String, List<String>> toOrigin = rules.towardOrigin(clientFields, "GET", "10.1.2.3", "http");
 * }</pre>
 */
public final class RequestRules {
    /** No anonymous cookies, no key fields, overrides dropped, no trusted proxy. */
    public static final RequestRules DEFAULTS = new RequestRules(CookieNames.NONE, List.of(),
            false, List.of(), false);

    /**
     * The forwarding fields that are part of the key when a trusted proxy may send them (lower
     * case): those an origin builds links, redirects or routes from. {@code X-Forwarded-For}
     * is not: it names one client, and a page that depends on it is personal.
     */
    public static final List<String> TRUSTED_KEY_FIELDS = List.of("x-forwarded-host",
            "x-forwarded-proto", "x-forwarded-scheme", "x-forwarded-port", "x-forwarded-prefix",
            "x-forwarded-ssl", "forwarded");

    /** Fields that tunnel another method through GET or POST. */
    public static final Set<String> METHOD_OVERRIDE = HeaderRules.caseInsensitive(
            "X-HTTP-Method-Override", "X-HTTP-Method", "X-Method-Override");
    /** Fields that tell a server where a request came from (besides {@code X-Forwarded-*}). */
    private static final Set<String> FORWARDING = HeaderRules.caseInsensitive("Forwarded",
            "X-Real-IP", "X-Client-IP", "True-Client-IP", "X-Cluster-Client-IP", "Via-Client");
    /** Fields that make a router serve another path or host than the request line's. */
    private static final Set<String> REWRITE = HeaderRules.caseInsensitive("X-Original-URL",
            "X-Rewrite-URL", "X-Original-URI", "X-Original-Host", "X-Host",
            "X-HTTP-Host-Override", "X-Override-URL");
    /** Fields the edge must not be asked to key on: it sets them, or they are hop-by-hop. */
    private static final Set<String> NOT_KEYABLE = HeaderRules.caseInsensitive("Host",
            "Content-Length", "Transfer-Encoding", "Connection", "Keep-Alive", "TE", "Trailer",
            "Upgrade", "Proxy-Authorization", "Accept-Encoding", "Surrogate-Capability",
            "Forwarded", "X-Forwarded-For");
    /**
     * Request fields every browser and HTTP library sends, which select nothing an origin
     * should answer with an error: an error answered to a request with any other unkeyed field
     * is not stored.
     */
    private static final Set<String> ORDINARY = HeaderRules.caseInsensitive("Accept",
            "Accept-Language", "Accept-Charset", "Accept-Encoding", "User-Agent", "Referer",
            "Origin", "DNT", "Upgrade-Insecure-Requests", "Priority", "Cache-Control", "Pragma",
            "Cookie", "If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since",
            "If-Range", "Range", "Via", "Surrogate-Capability", "Forwarded", "X-Forwarded-For",
            "X-Requested-With", "Purpose", "Sec-Purpose");
    /** The longest value of an ordinary field in a plain request. */
    static final int MAX_ORDINARY_VALUE = 1024;
    /** The most bytes of unkeyed fields in a plain request. */
    static final int MAX_ORDINARY_TOTAL = 4096;
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+");

    private final CookieNames anonymousCookies;
    private final List<String> keyHeaders;
    private final boolean keepMethodOverride;
    private final List<Cidr> trustedProxies;
    /** Every defence off: for the tests that show the attacks succeed without them. */
    private final boolean naive;
    /**
     * The key fields, lower case: keyHeaders, the override fields when kept, the forwarding
     * fields a trusted proxy may pass on.
     */
    private final List<String> keyFields;

    private RequestRules(CookieNames anonymousCookies, List<String> keyHeaders,
            boolean keepMethodOverride, List<Cidr> trustedProxies, boolean naive) {
        this.anonymousCookies = anonymousCookies;
        this.keyHeaders = List.copyOf(keyHeaders);
        this.keepMethodOverride = keepMethodOverride;
        this.trustedProxies = List.copyOf(trustedProxies);
        this.naive = naive;
        List<String> k = new ArrayList<>();
        for (String h : keyHeaders) {
            add(k, h.toLowerCase(Locale.ROOT));
        }
        if (keepMethodOverride) {
            METHOD_OVERRIDE.forEach(h -> add(k, h.toLowerCase(Locale.ROOT)));
        }
        if (!trustedProxies.isEmpty() && !naive) {
            TRUSTED_KEY_FIELDS.forEach(h -> add(k, h));
        }
        this.keyFields = naive ? List.of() : List.copyOf(k);
    }

    private static void add(List<String> list, String s) {
        if (!list.contains(s)) {
            list.add(s);
        }
    }

    /**
     * Makes the rules.
     *
     * @param anonymousCookies cookie names (or prefixes ending in {@code *}) that do not make a
     *     request personal
     * @param keyHeaders request fields that reach the origin and are part of the key
     * @param keepMethodOverride whether method-override fields reach the origin (then keyed)
     * @param trustedProxies addresses or CIDR blocks whose forwarding fields are kept
     * @throws IllegalArgumentException naming the first value that cannot work, and what to
     *     write instead
     */
    public static RequestRules of(List<String> anonymousCookies, List<String> keyHeaders,
            boolean keepMethodOverride, List<String> trustedProxies) {
        for (String h : keyHeaders) {
            checkKeyHeader(h);
        }
        List<Cidr> proxies = new ArrayList<>();
        for (String p : trustedProxies) {
            proxies.add(Cidr.parse(p));
        }
        return new RequestRules(CookieNames.of(anonymousCookies), keyHeaders,
                keepMethodOverride, proxies, false);
    }

    /**
     * Returns these rules with every defence off, as a naive caching proxy runs: every client
     * field reaches the origin unkeyed (forwarding fields as from a trusted proxy), no request
     * is personal, and {@link #naive()} tells the cache to store errors whatever the request
     * carried. For tests only: they run each attack against it to show that it succeeds there.
     */
    public RequestRules naive() {
        return new RequestRules(anonymousCookies, keyHeaders, keepMethodOverride,
                trustedProxies, true);
    }

    /** Whether these are the {@linkplain #naive() naive} rules. */
    public boolean isNaive() {
        return naive;
    }

    /** Checks one key header name; throws with what to write instead. */
    public static void checkKeyHeader(String h) {
        if (h == null || !TOKEN.matcher(h).matches()) {
            throw new IllegalArgumentException("'" + h + "' is not a header field name: write "
                    + "a name such as X-Forwarded-Proto");
        }
        if (NOT_KEYABLE.contains(h)) {
            throw new IllegalArgumentException("'" + h + "' cannot be a key header: the edge "
                    + "sets it itself or it is hop-by-hop; name a field the client sends, such "
                    + "as X-Forwarded-Proto");
        }
        if (h.equalsIgnoreCase("Cookie")) {
            throw new IllegalArgumentException("'Cookie' cannot be a key header: list the "
                    + "cookies that select a variant in varyCookies instead");
        }
    }

    /** Returns the fields added to every stored response's secondary key, lower case. */
    public List<String> keyFields() {
        return keyFields;
    }

    /** Returns the cookie names that do not make a request personal. */
    public CookieNames anonymousCookies() {
        return anonymousCookies;
    }

    /**
     * Returns the request's fields that make it personal (lower case; empty: anonymous), by
     * cache-core's {@link Credentials} with this edge's anonymous cookies.
     */
    public List<String> personalFields(Map<String, List<String>> request) {
        if (naive) {
            return List.of();
        }
        return Credentials.personalFields(request, anonymousCookies);
    }

    /** Tells whether a client address is one of the trusted proxies. */
    public boolean trusted(String clientAddress) {
        if (trustedProxies.isEmpty() || clientAddress == null) {
            return false;
        }
        byte[] a = Cidr.literal(clientAddress);
        if (a == null) {
            return false;
        }
        for (Cidr c : trustedProxies) {
            if (c.contains(a)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The request fields to send to the origin: {@link HeaderRules#towardOrigin}, less the
     * forwarding, rewrite and method-override fields these rules drop, plus the edge's own
     * {@code Forwarded} and {@code X-Forwarded-For}.
     *
     * @param request the client's fields
     * @param method the request method, upper case
     * @param clientAddress the client's IP address as the connection gives it
     * @param scheme the scheme the client used ({@code http} or {@code https})
     */
    public Map<String, List<String>> towardOrigin(Map<String, List<String>> request,
            String method, String clientAddress, String scheme) {
        Map<String, List<String>> out = HeaderRules.towardOrigin(request);
        boolean trusted = naive || trusted(clientAddress);
        boolean stored = method.equals("GET") || method.equals("HEAD");
        out.keySet().removeIf(n -> !naive && !keyFields.contains(n.toLowerCase(Locale.ROOT))
                && (REWRITE.contains(n)
                        || (stored && METHOD_OVERRIDE.contains(n))
                        || (!trusted && isForwarding(n))));
        String client = clientAddress == null ? "unknown" : clientAddress;
        out.put("X-Forwarded-For", List.of(appended(trusted ? out.get("X-Forwarded-For") : null,
                client)));
        out.put("Forwarded", List.of(appended(trusted ? out.get("Forwarded") : null,
                "for=" + forwardedNode(client) + ";proto=" + scheme)));
        return out;
    }

    private static boolean isForwarding(String name) {
        return FORWARDING.contains(name)
                || name.regionMatches(true, 0, "X-Forwarded-", 0, "X-Forwarded-".length());
    }

    private static String appended(List<String> lines, String hop) {
        if (lines == null || lines.isEmpty()) {
            return hop;
        }
        return String.join(", ", lines) + ", " + hop;
    }

    /**
     * The part of {@code Forwarded} lines that is part of the key: the {@code host} and
     * {@code proto} parameters of every element, in order ({@code for} and {@code by} name
     * single clients and proxies, and would give every client its own entry).
     */
    public static String forwardedKey(List<String> lines) {
        StringBuilder b = new StringBuilder();
        for (String line : lines) {
            for (String pair : line.split("[,;]")) {
                int eq = pair.indexOf('=');
                if (eq < 0) {
                    continue;
                }
                String name = pair.substring(0, eq).strip().toLowerCase(Locale.ROOT);
                if (name.equals("host") || name.equals("proto")) {
                    b.append(name).append('=').append(pair.substring(eq + 1).strip())
                            .append(';');
                }
            }
        }
        return b.toString();
    }

    /** A node of {@code Forwarded} (RFC 7239 §6): an IPv6 address is bracketed and quoted. */
    static String forwardedNode(String address) {
        return address.indexOf(':') >= 0 ? "\"[" + address + "]\"" : address;
    }

    /**
     * Tells whether an error answered to this request may be stored: every field the origin saw
     * is part of the key ({@code keyed}), or an ordinary request field ({@code User-Agent},
     * {@code Accept}, ...; {@code Sec-*}) with a value of visible ASCII of at most
     * {@value #MAX_ORDINARY_VALUE} characters, and the unkeyed fields together take at most
     * {@value #MAX_ORDINARY_TOTAL} bytes. A header an origin rejects (unknown, oversized, with a
     * control character) must not turn a URL into an error page for everyone. Forwarding fields
     * count as ordinary: those that reach this point came from a trusted proxy or the edge.
     *
     * @param sent the fields sent to the origin
     * @param keyed the response's secondary key fields, lower case
     */
    public static boolean plainForErrors(Map<String, List<String>> sent, List<String> keyed) {
        int total = 0;
        for (Map.Entry<String, List<String>> e : sent.entrySet()) {
            String n = e.getKey();
            if (keyed.contains(n.toLowerCase(Locale.ROOT))) {
                continue;
            }
            if (!ORDINARY.contains(n) && !n.regionMatches(true, 0, "Sec-", 0, 4)
                    && !isForwarding(n)) {
                return false;
            }
            for (String v : e.getValue()) {
                if (v.length() > MAX_ORDINARY_VALUE || !visible(v)) {
                    return false;
                }
                total += n.length() + v.length() + 4;
            }
        }
        return total <= MAX_ORDINARY_TOTAL;
    }

    private static boolean visible(String v) {
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if ((c < 0x20 && c != '\t') || c >= 0x7f) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return "RequestRules{anonymousCookies=" + anonymousCookies + ", keyHeaders="
                + keyHeaders + ", keepMethodOverride=" + keepMethodOverride
                + ", trustedProxies=" + trustedProxies + (naive ? ", naive" : "") + "}";
    }

    /** An address block: an IPv4 or IPv6 literal with an optional prefix length. */
    record Cidr(byte[] network, int bits, String text) {
        static Cidr parse(String s) {
            String what = "'" + s + "' is not an address or CIDR block: write one such as "
                    + "10.0.0.5, 10.0.0.0/8 or 2001:db8::/32";
            if (s == null || s.isBlank()) {
                throw new IllegalArgumentException(what);
            }
            int slash = s.indexOf('/');
            byte[] a = literal(slash < 0 ? s.strip() : s.substring(0, slash).strip());
            if (a == null) {
                throw new IllegalArgumentException(what);
            }
            int bits = a.length * 8;
            if (slash >= 0) {
                try {
                    bits = Integer.parseInt(s.substring(slash + 1).strip());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(what, e);
                }
                if (bits < 0 || bits > a.length * 8) {
                    throw new IllegalArgumentException(what);
                }
            }
            return new Cidr(a, bits, s.strip());
        }

        /** The bytes of an IP literal, or null when it is not one (no name is looked up). */
        static byte[] literal(String s) {
            String t = s.startsWith("[") && s.endsWith("]") ? s.substring(1, s.length() - 1) : s;
            boolean v4 = t.matches("\\d{1,3}(\\.\\d{1,3}){3}");
            if (v4) {
                for (String octet : t.split("\\.")) {
                    if (Integer.parseInt(octet) > 255) {
                        return null; // else InetAddress would look the text up as a name
                    }
                }
            }
            boolean v6 = t.indexOf(':') >= 0 && t.matches("[0-9A-Fa-f:.%a-zA-Z]+");
            if (!v4 && !v6) {
                return null;
            }
            try {
                return InetAddress.getByName(t).getAddress();
            } catch (UnknownHostException | SecurityException e) {
                return null;
            }
        }

        boolean contains(byte[] a) {
            if (a.length != network.length) {
                return false;
            }
            int full = bits / 8;
            for (int i = 0; i < full; i++) {
                if (a[i] != network[i]) {
                    return false;
                }
            }
            int rest = bits % 8;
            if (rest == 0) {
                return true;
            }
            int mask = (0xff << (8 - rest)) & 0xff;
            return (a[full] & mask) == (network[full] & mask);
        }

        @Override
        public String toString() {
            return text;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Cidr c && c.text.equals(text);
        }

        @Override
        public int hashCode() {
            return text.hashCode();
        }
    }
}
