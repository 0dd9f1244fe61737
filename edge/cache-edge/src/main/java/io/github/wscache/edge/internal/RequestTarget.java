package io.github.wscache.edge.internal;

import java.net.URI;
import java.util.Locale;

/**
 * The one normal form of a URL the edge keys on and forwards to the origin, so that the key and
 * what the origin answers can never be two readings of one request (Kettle, "Web Cache
 * Entanglement", 2020: a cache that normalises its key but forwards the raw path lets one
 * spelling poison another). The syntax-based normalisation of RFC 3986 §6.2.2, and RFC 9110
 * §4.2.3 for http(s):
 *
 * <ul>
 *   <li>scheme and host in lower case, the scheme's default port (80, 443) left out, an empty
 *       path written {@code /};</li>
 *   <li>percent-encodings with upper-case hex digits, and those of unreserved characters
 *       ({@code A-Z a-z 0-9 - . _ ~}) decoded: {@code /%7euser} is {@code /~user}; every
 *       other encoding stays, so {@code %2F}, {@code %3B}, {@code %23} and {@code %3F} keep
 *       their meaning of data;</li>
 *   <li>dot segments removed (RFC 3986 §5.2.4), after the decoding, so {@code /a/%2e%2e/b} is
 *       {@code /b};</li>
 *   <li>the query only percent-normalised: its parameters keep their order and spelling
 *       ({@code +} is not a space here), since an origin may read them in order.</li>
 * </ul>
 *
 * <p>Stateless; {@link #normalize} is idempotent.
 */
public final class RequestTarget {
    private static final String HEX = "0123456789ABCDEF";

    private RequestTarget() {
    }

    /**
     * Returns the normal form of an absolute http(s) URI.
     *
     * @throws IllegalArgumentException if it is not absolute or has no host
     */
    public static URI normalize(URI u) {
        if (u.getScheme() == null || u.getRawAuthority() == null || u.getHost() == null) {
            throw new IllegalArgumentException("not an absolute http URL: " + u);
        }
        if (isNormal(u)) {
            return u; // the common case: nothing to change, nothing to parse again
        }
        String scheme = u.getScheme().toLowerCase(Locale.ROOT);
        StringBuilder b = new StringBuilder(scheme).append("://");
        if (u.getRawUserInfo() != null) {
            b.append(u.getRawUserInfo()).append('@');
        }
        b.append(u.getHost().toLowerCase(Locale.ROOT));
        int port = u.getPort();
        boolean defaultPort = port == 80 && scheme.equals("http")
                || port == 443 && scheme.equals("https");
        if (port >= 0 && !defaultPort) {
            b.append(':').append(port);
        }
        b.append(path(u.getRawPath()));
        if (u.getRawQuery() != null) {
            b.append('?').append(percent(u.getRawQuery()));
        }
        return URI.create(b.toString());
    }

    /**
     * Whether {@code u} is already in normal form: lower-case scheme and host, no default port,
     * a non-empty path, and no percent-encoding or dot segment in path or query.
     */
    private static boolean isNormal(URI u) {
        String scheme = u.getScheme();
        String host = u.getHost();
        String path = u.getRawPath();
        String query = u.getRawQuery();
        int port = u.getPort();
        return isLowerCase(scheme) && isLowerCase(host)
                && !(port == 80 && scheme.equals("http") || port == 443 && scheme.equals("https"))
                && path != null && path.startsWith("/") && path.indexOf('%') < 0
                && !hasDotSegment(path) && (query == null || query.indexOf('%') < 0);
    }

    private static boolean isLowerCase(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 'A' && c <= 'Z') {
                return false;
            }
        }
        return true;
    }

    /** Whether a path has a {@code .} or {@code ..} segment. */
    private static boolean hasDotSegment(String path) {
        for (int i = path.indexOf('.'); i >= 0; i = path.indexOf('.', i + 1)) {
            boolean starts = i == 0 || path.charAt(i - 1) == '/';
            int after = i + 1 < path.length() && path.charAt(i + 1) == '.' ? i + 2 : i + 1;
            boolean ends = after == path.length() || path.charAt(after) == '/';
            if (starts && ends) {
                return true;
            }
        }
        return false;
    }

    /** Returns a raw path in normal form (percent-encodings, then dot segments). */
    static String path(String rawPath) {
        if (rawPath == null || rawPath.isEmpty()) {
            return "/";
        }
        String p = removeDotSegments(percent(rawPath));
        return p.isEmpty() ? "/" : p;
    }

    /**
     * Upper-cases the hex digits of every percent-encoding and decodes those of unreserved
     * characters; a {@code %} not followed by two hex digits stays as it is.
     */
    static String percent(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            int hi = c == '%' && i + 2 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
            int lo = hi >= 0 ? Character.digit(s.charAt(i + 2), 16) : -1;
            if (lo < 0) {
                b.append(c);
                continue;
            }
            char decoded = (char) (hi * 16 + lo);
            if (unreserved(decoded)) {
                b.append(decoded);
            } else {
                b.append('%').append(HEX.charAt(hi)).append(HEX.charAt(lo));
            }
            i += 2;
        }
        return b.toString();
    }

    private static boolean unreserved(char c) {
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-'
                || c == '.' || c == '_' || c == '~';
    }

    /** RFC 3986 §5.2.4, as written there. */
    static String removeDotSegments(String path) {
        String in = path;
        StringBuilder out = new StringBuilder(path.length());
        while (!in.isEmpty()) {
            if (in.startsWith("../")) {
                in = in.substring(3);
            } else if (in.startsWith("./")) {
                in = in.substring(2);
            } else if (in.startsWith("/./")) {
                in = in.substring(2);
            } else if (in.equals("/.")) {
                in = "/";
            } else if (in.startsWith("/../")) {
                in = in.substring(3);
                dropLastSegment(out);
            } else if (in.equals("/..")) {
                in = "/";
                dropLastSegment(out);
            } else if (in.equals(".") || in.equals("..")) {
                in = "";
            } else {
                int next = in.indexOf('/', in.startsWith("/") ? 1 : 0);
                int end = next < 0 ? in.length() : next;
                out.append(in, 0, end);
                in = in.substring(end);
            }
        }
        return out.toString();
    }

    private static void dropLastSegment(StringBuilder out) {
        int slash = out.lastIndexOf("/");
        out.setLength(Math.max(slash, 0));
    }
}
