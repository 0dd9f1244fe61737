package io.github.wscache.core.internal.http;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A list of cookie names, each exact ({@code consent}) or a prefix ending in {@code *}
 * ({@code _ga*}), checked when it is made: a cache's list of the cookies that identify nobody.
 * Immutable.
 *
 * <pre>{@code
 * CookieNames analytics = CookieNames.of(List.of("_ga*", "consent"));
 * analytics.coversAll(List.of("_ga=GA1.2; _ga_XY=GS1"));   // true
 * analytics.coversAll(List.of("_ga=GA1.2; session=abc"));  // false
 * }</pre>
 */
public final class CookieNames {
    /** No names: every cookie counts. */
    public static final CookieNames NONE = new CookieNames(List.of());

    /** A cookie-name token (RFC 6265 §4.1.1), optionally ending in {@code *}. */
    private static final Pattern NAME = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]+\\*?");

    private final List<String> names;

    private CookieNames(List<String> names) {
        this.names = List.copyOf(names);
    }

    /**
     * Makes a list.
     *
     * @param names exact names or prefixes ending in {@code *}
     * @return the list
     * @throws IllegalArgumentException naming the first name that is not a cookie name
     */
    public static CookieNames of(List<String> names) {
        for (String n : names) {
            if (n == null || !NAME.matcher(n).matches() || n.equals("*")) {
                throw new IllegalArgumentException("'" + n + "' is not a cookie name: write a "
                        + "name such as consent, or a prefix ending in * such as _ga*");
            }
        }
        return new CookieNames(names);
    }

    /** Returns the names as given. */
    public List<String> names() {
        return names;
    }

    /** Tells whether {@code cookieName} is named by this list. */
    public boolean covers(String cookieName) {
        return covers(cookieName, 0, cookieName.length());
    }

    /**
     * Tells whether every cookie of some {@code Cookie} field lines is named by this list
     * (no cookies at all: true).
     */
    public boolean coversAll(List<String> cookieLines) {
        // asked for every request that carries cookies: the names are read where they are,
        // as cookieNames reads them, without splitting the lines
        for (String line : cookieLines) {
            int length = line.length();
            int from = 0;
            while (from <= length) {
                int semi = line.indexOf(';', from);
                int end = semi < 0 ? length : semi;
                int start = from;
                while (start < end && Character.isWhitespace(line.charAt(start))) {
                    start++;
                }
                if (start < end) {
                    int eq = line.indexOf('=', start);
                    int nameEnd = eq < 0 || eq > end ? end : eq;
                    while (nameEnd > start && Character.isWhitespace(line.charAt(nameEnd - 1))) {
                        nameEnd--;
                    }
                    if (!covers(line, start, nameEnd)) {
                        return false;
                    }
                }
                from = end + 1;
            }
        }
        return true;
    }

    /** Tells whether the cookie name {@code line[start, end)} is named by this list. */
    private boolean covers(String line, int start, int end) {
        int length = end - start;
        for (String n : names) {
            boolean prefix = n.endsWith("*");
            int nameLength = prefix ? n.length() - 1 : n.length();
            if ((prefix ? length >= nameLength : length == nameLength)
                    && line.regionMatches(start, n, 0, nameLength)) {
                return true;
            }
        }
        return false;
    }

    /** Returns the names of the cookies in {@code Cookie} field lines, in order. */
    public static List<String> cookieNames(List<String> cookieLines) {
        List<String> out = new ArrayList<>();
        for (String line : cookieLines) {
            for (String pair : line.split(";")) {
                String p = pair.strip();
                if (p.isEmpty()) {
                    continue;
                }
                int eq = p.indexOf('=');
                out.add((eq < 0 ? p : p.substring(0, eq)).strip());
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return String.join(",", names);
    }
}
