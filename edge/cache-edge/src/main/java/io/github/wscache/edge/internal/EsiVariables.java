package io.github.wscache.edge.internal;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The ESI 1.0 variables of one client request (ESI Language Specification 1.0 §5):
 * {@code HTTP_COOKIE} (whole, or {@code {name}}), {@code HTTP_HOST}, {@code HTTP_REFERER},
 * {@code QUERY_STRING} (whole, or {@code {name}}) and {@code HTTP_ACCEPT_LANGUAGE{lang}}
 * ({@code true} or {@code false}). Any other variable, and a missing cookie, parameter or field,
 * is the empty string (the spec's undefined value), which a default ({@code $(VAR|default)})
 * replaces.
 *
 * <p>The values are the client's own: they are only ever substituted into what the edge sends to
 * this one client (a composed page is never stored) or into the URL of an include, where they are
 * percent-encoded ({@link EsiTemplate}); a stored container or fragment keeps its markup, never a
 * value.
 */
public final class EsiVariables {
    /** No request: every variable is empty (tests, warm-up). */
    public static final EsiVariables NONE = new EsiVariables(Map.of(), null);

    private final Map<String, List<String>> headers;
    private final String query;

    /**
     * Creates the variables of a request.
     *
     * @param headers the client's header fields (case-insensitive map)
     * @param query the raw query string of the client's request, or {@code null}
     */
    public EsiVariables(Map<String, List<String>> headers, String query) {
        this.headers = headers;
        this.query = query;
    }

    /**
     * Returns the value of {@code name} with the dictionary key {@code key} (or {@code null}),
     * the empty string when undefined.
     */
    public String get(String name, String key) {
        switch (name) {
            case "HTTP_COOKIE":
                return key == null ? join("Cookie", "; ") : cookie(key);
            case "HTTP_HOST":
                return key == null ? join("Host", ",") : "";
            case "HTTP_REFERER":
                return key == null ? join("Referer", ",") : "";
            case "QUERY_STRING":
                return key == null ? (query == null ? "" : query) : parameter(key);
            case "HTTP_ACCEPT_LANGUAGE":
                return key == null ? join("Accept-Language", ",")
                        : Boolean.toString(acceptsLanguage(key));
            default:
                return "";
        }
    }

    private String join(String field, String sep) {
        List<String> v = headers.get(field);
        return v == null ? "" : String.join(sep, v);
    }

    private String cookie(String name) {
        List<String> lines = headers.get("Cookie");
        if (lines == null) {
            return "";
        }
        for (String line : lines) {
            for (String pair : line.split(";")) {
                int eq = pair.indexOf('=');
                if (eq > 0 && pair.substring(0, eq).trim().equals(name)) {
                    String v = pair.substring(eq + 1).trim();
                    if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
                        v = v.substring(1, v.length() - 1);
                    }
                    return v;
                }
            }
        }
        return "";
    }

    private String parameter(String name) {
        if (query == null) {
            return "";
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            String n = eq < 0 ? pair : pair.substring(0, eq);
            if (decode(n).equals(name)) {
                return eq < 0 ? "" : decode(pair.substring(eq + 1));
            }
        }
        return "";
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }

    private boolean acceptsLanguage(String lang) {
        String want = lang.toLowerCase(Locale.ROOT);
        List<String> tags = new ArrayList<>();
        for (String m : HeaderRules.members(headers, "Accept-Language")) {
            String[] p = m.split(";");
            boolean zero = p.length > 1 && p[1].trim().replace(" ", "").matches("q=0(\\.0*)?");
            if (!zero) {
                tags.add(p[0].trim().toLowerCase(Locale.ROOT));
            }
        }
        for (String t : tags) {
            if (t.equals(want) || t.startsWith(want + "-")) {
                return true;
            }
        }
        return false;
    }
}
