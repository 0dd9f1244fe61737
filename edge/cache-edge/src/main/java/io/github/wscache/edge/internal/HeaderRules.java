package io.github.wscache.edge.internal;

import io.github.wscache.core.internal.http.Headers;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Which header fields cross the edge. Hop-by-hop fields (RFC 9110 §7.6.1: {@code Connection} and
 * the fields it names, {@code Keep-Alive}, {@code Proxy-*}, {@code TE}, {@code Trailer},
 * {@code Transfer-Encoding}, {@code Upgrade}) never do; framing ({@code Content-Length}) and
 * {@code Host} are set by whoever sends the message.
 */
public final class HeaderRules {
    /** The edge's own header on stored responses: when (edge clock, epoch ms) it was received. */
    public static final String RECEIVED = "Wscache-Edge-Received";

    /** Hop-by-hop and proxy authentication fields, as cache-core defines them. */
    private static final Set<String> HOP_BY_HOP = caseInsensitive(
            Stream.concat(Headers.HOP_BY_HOP.stream(), Headers.PROXY_AUTHENTICATION.stream())
                    .toArray(String[]::new));
    /** Framing, the surrogate's own control and tag fields, the edge's bookkeeping field. */
    private static final Set<String> NOT_TOWARD_CLIENT = caseInsensitive("Content-Length",
            "Surrogate-Control", "Surrogate-Key", RECEIVED);
    /** Fields the JDK HttpClient refuses to set or sets itself. */
    private static final Set<String> CLIENT_SETS = caseInsensitive("Host", "Content-Length",
            "Expect", "Upgrade", "Connection", "HTTP2-Settings");

    private HeaderRules() {
    }

    static Set<String> caseInsensitive(String... names) {
        Set<String> s = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        s.addAll(List.of(names));
        return s;
    }

    /** Returns a new empty case-insensitive header map. */
    public static Map<String, List<String>> newHeaders() {
        return new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    }

    /** Returns whether a field is hop-by-hop, given the message's {@code Connection} values. */
    static boolean isHopByHop(String name, Map<String, List<String>> all) {
        if (HOP_BY_HOP.contains(name)) {
            return true;
        }
        List<String> connection = all.get("Connection");
        return connection != null && Headers.connectionOptions(connection)
                .contains(name.toLowerCase(Locale.ROOT));
    }

    /** The request fields to send to the origin: end-to-end fields minus those the client sets. */
    public static Map<String, List<String>> towardOrigin(Map<String, List<String>> request) {
        Map<String, List<String>> out = newHeaders();
        for (Map.Entry<String, List<String>> e : request.entrySet()) {
            String n = e.getKey();
            if (!isHopByHop(n, request) && !CLIENT_SETS.contains(n)) {
                out.put(n, new ArrayList<>(e.getValue()));
            }
        }
        return out;
    }

    /**
     * The response fields to send to the client: end-to-end fields minus framing, the
     * surrogate's own {@code Surrogate-Control} and the edge's bookkeeping field.
     */
    public static Map<String, List<String>> towardClient(Map<String, List<String>> response) {
        Map<String, List<String>> out = newHeaders();
        List<String> connection = response.get("Connection");
        Set<String> named = connection == null ? Set.of()
                : new HashSet<>(Headers.connectionOptions(connection));
        for (Map.Entry<String, List<String>> e : response.entrySet()) {
            String n = e.getKey();
            if (!HOP_BY_HOP.contains(n) && !NOT_TOWARD_CLIENT.contains(n)
                    && (named.isEmpty() || !named.contains(n.toLowerCase(Locale.ROOT)))) {
                out.put(n, new ArrayList<>(e.getValue()));
            }
        }
        return out;
    }

    /** Returns the first value of a field, or {@code null}. */
    public static String first(Map<String, List<String>> headers, String name) {
        List<String> v = headers.get(name);
        return v == null || v.isEmpty() ? null : v.get(0);
    }

    /** Returns the comma-separated members of all values of a field, trimmed. */
    public static List<String> members(Map<String, List<String>> headers, String name) {
        List<String> out = new ArrayList<>();
        List<String> v = headers.get(name);
        if (v != null) {
            for (String line : v) {
                for (String m : line.split(",")) {
                    if (!m.isBlank()) {
                        out.add(m.trim());
                    }
                }
            }
        }
        return out;
    }

    /** Returns whether a media type is textual: text/*, XML, JSON or JavaScript. */
    public static boolean isTextual(String contentType) {
        if (contentType == null) {
            return false;
        }
        String t = contentType.toLowerCase(Locale.ROOT);
        return t.startsWith("text/") || t.contains("xml") || t.contains("json")
                || t.contains("javascript");
    }
}
