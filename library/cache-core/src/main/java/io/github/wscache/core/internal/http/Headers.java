package io.github.wscache.core.internal.http;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * An immutable, case-insensitive multimap of HTTP header fields.
 *
 * <p>Built from the {@code Map<String, List<String>>} most HTTP clients expose. Names that differ
 * only in case are merged (values in encounter order); {@code null} names, such as the status
 * line {@code HttpURLConnection} reports, and {@code null} values are dropped. Each list element
 * is one field line; {@link #members(String)} splits comma-separated list values.
 *
 * <pre>{@code
 * Headers h = Headers.of(Map.of("Cache-Control", List.of("max-age=60"), "Vary", List.of("a, b")));
 * h.first("cache-control");   // Optional[max-age=60]
 * h.members("VARY");          // [a, b]
 * }</pre>
 */
public final class Headers {

    /**
     * Hop-by-hop fields (RFC 9110 §7.6.1), in lower case: meaningful for one connection only, so
     * never stored, forwarded or merged from a 304 — together with the fields a message's
     * {@code Connection} names ({@link #connectionOptions}).
     */
    public static final Set<String> HOP_BY_HOP = Set.of("connection", "keep-alive",
            "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade");

    /** Proxy authentication fields, in lower case: between one client and one proxy only. */
    public static final Set<String> PROXY_AUTHENTICATION = Set.of("proxy-authenticate",
            "proxy-authorization", "proxy-authentication-info");

    /**
     * The fields that set cookies: each is for the one client whose request the response
     * answered, and replayed later it would give a client a cookie the origin has since rotated,
     * or another user's (as Chromium's HTTP cache, which keeps responses without them).
     */
    public static final Set<String> SET_COOKIE = Set.of("set-cookie", "set-cookie2");

    /**
     * {@link #HOP_BY_HOP}, {@link #PROXY_AUTHENTICATION} and {@link #SET_COOKIE}, names matched
     * in any case.
     */
    private static final Set<String> NEVER_STORED = neverStored();

    /** No header fields at all. */
    public static final Headers EMPTY = new Headers(new TreeMap<>(String.CASE_INSENSITIVE_ORDER));

    private final Map<String, List<String>> fields;

    private Headers(TreeMap<String, List<String>> fields) {
        this.fields = Collections.unmodifiableMap(fields);
    }

    /**
     * Copies a header map.
     *
     * @param headers field name to field line values; may be {@code null}
     * @return the immutable, case-insensitive copy
     */
    public static Headers of(Map<String, ? extends List<String>> headers) {
        TreeMap<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (headers != null) {
            headers.forEach((name, values) -> add(copy, name, values));
        }
        return freeze(copy);
    }

    /**
     * Builds headers from alternating names and values, handy in code and tests.
     *
     * @param namesAndValues {@code name1, value1, name2, value2, ...}; a repeated name adds a line
     * @return the headers
     * @throws IllegalArgumentException when the number of arguments is odd
     */
    public static Headers of(String... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("names and values must come in pairs");
        }
        TreeMap<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (int i = 0; i < namesAndValues.length; i += 2) {
            add(copy, namesAndValues[i], Collections.singletonList(namesAndValues[i + 1]));
        }
        return freeze(copy);
    }

    private static void add(TreeMap<String, List<String>> target, String name,
            List<String> values) {
        if (name == null || values == null) {
            return;
        }
        for (String value : values) {
            if (value != null) {
                target.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
            }
        }
    }

    private static Headers freeze(TreeMap<String, List<String>> fields) {
        fields.replaceAll((name, values) -> List.copyOf(values));
        return new Headers(fields);
    }

    /**
     * Returns all field line values of a field.
     *
     * @param name the field name, any case
     * @return the values in order; empty when absent
     */
    public List<String> all(String name) {
        return fields.getOrDefault(name, List.of());
    }

    /**
     * Returns the first field line value of a field.
     *
     * @param name the field name, any case
     * @return the first value, if any
     */
    public Optional<String> first(String name) {
        List<String> values = all(name);
        return values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    /**
     * Returns the comma-separated members of a list-valued field over all its lines, trimmed
     * and without empty members. Not for fields whose values contain commas, such as dates.
     *
     * @param name the field name, any case
     * @return the members in order
     */
    public List<String> members(String name) {
        List<String> members = new ArrayList<>();
        for (String line : all(name)) {
            for (String member : line.split(",")) {
                String m = member.strip();
                if (!m.isEmpty()) {
                    members.add(m);
                }
            }
        }
        return List.copyOf(members);
    }

    /**
     * Tells whether a field is present.
     *
     * @param name the field name, any case
     * @return whether at least one field line exists
     */
    public boolean contains(String name) {
        return fields.containsKey(name);
    }

    /** @return the field names, each in the case first seen, sorted case-insensitively */
    public Set<String> names() {
        return fields.keySet();
    }

    /** @return an unmodifiable case-insensitive view, usable where a plain map is expected */
    public Map<String, List<String>> asMap() {
        return fields;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Headers h) || h.fields.size() != fields.size()) {
            return false;
        }
        for (Map.Entry<String, List<String>> e : fields.entrySet()) {
            if (!e.getValue().equals(h.fields.get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int hash = 0;
        for (Map.Entry<String, List<String>> e : fields.entrySet()) {
            hash += Objects.hash(e.getKey().toLowerCase(Locale.ROOT), e.getValue());
        }
        return hash;
    }

    @Override
    public String toString() {
        return fields.toString();
    }

    /**
     * Returns the fields of a response that a cache never stores, in lower case (RFC 9111
     * §3.1): the hop-by-hop fields ({@link #HOP_BY_HOP}) and those its {@code Connection} names,
     * the proxy authentication fields ({@link #PROXY_AUTHENTICATION}), the fields that set
     * cookies ({@link #SET_COOKIE}: whether a response that sets one is stored at all is the
     * storage decision's; a {@code 304} that freshens a stored response may set one for the
     * client it answers), and the fields a qualified
     * {@code Cache-Control: no-cache="..."} names (§5.2.2.4: they must not be reused without
     * revalidation; the rest of the response may be). Only names the response carries are
     * returned. The same as {@link #notStored(Map, boolean) notStored(response, false)}.
     *
     * @param response the response header fields; may be {@code null}
     * @return the lower-case names to leave out of the stored response, often empty
     */
    public static Set<String> notStored(Map<String, ? extends List<String>> response) {
        return notStored(response, false);
    }

    /**
     * Returns the fields of a response that a cache never stores ({@link #notStored(Map)}) and,
     * for a shared cache, those a qualified {@code Cache-Control: private="..."} names
     * (§5.2.2.7: a shared cache must not store them; the rest of the response it may). Every
     * integration's stored form comes from here.
     *
     * @param response the response header fields; may be {@code null}
     * @param sharedCache whether the entry may be given to other users than the requester's
     * @return the lower-case names to leave out of the stored response, often empty
     */
    public static Set<String> notStored(Map<String, ? extends List<String>> response,
            boolean sharedCache) {
        if (response == null || response.isEmpty()) {
            return Set.of();
        }
        Set<String> named = null;
        List<String> connection = null;
        List<String> cacheControl = null;
        for (Map.Entry<String, ? extends List<String>> e : response.entrySet()) {
            String name = e.getKey();
            if (name == null || e.getValue() == null) {
                continue;
            }
            if (name.equalsIgnoreCase("connection")) {
                connection = e.getValue();
            } else if (name.equalsIgnoreCase("cache-control")) {
                cacheControl = e.getValue();
            }
        }
        if (connection != null) {
            named = new HashSet<>(connectionOptions(connection));
        }
        if (cacheControl != null) {
            CacheControl cc = CacheControl.parse(cacheControl);
            Set<String> fields = cc.noCacheFields();
            if (!fields.isEmpty()) {
                named = named == null ? new HashSet<>() : named;
                named.addAll(lower(fields));
            }
            if (sharedCache && !cc.privateFields().isEmpty()) {
                named = named == null ? new HashSet<>() : named;
                named.addAll(lower(cc.privateFields()));
            }
        }
        Set<String> dropped = null;
        for (String name : response.keySet()) {
            if (name == null) {
                continue;
            }
            // most responses keep every field: no name is lowered unless it may be dropped
            if (NEVER_STORED.contains(name)
                    || named != null && named.contains(name.toLowerCase(Locale.ROOT))) {
                dropped = dropped == null ? new HashSet<>() : dropped;
                dropped.add(name.toLowerCase(Locale.ROOT));
            }
        }
        return dropped == null ? Set.of() : Set.copyOf(dropped);
    }

    private static Set<String> neverStored() {
        Set<String> names = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        names.addAll(HOP_BY_HOP);
        names.addAll(PROXY_AUTHENTICATION);
        names.addAll(SET_COOKIE);
        return Collections.unmodifiableSet(names);
    }

    private static Set<String> lower(Set<String> names) {
        Set<String> out = new HashSet<>();
        for (String n : names) {
            out.add(n.trim().toLowerCase(Locale.ROOT));
        }
        return out;
    }

    /**
     * Returns the field names a message's {@code Connection} values list, in lower case: they
     * are hop-by-hop for that message.
     *
     * @param connection the values of the {@code Connection} field, possibly empty
     * @return the names, lower case
     */
    public static Set<String> connectionOptions(Iterable<String> connection) {
        Set<String> names = new java.util.HashSet<>();
        for (String v : connection) {
            for (String token : v.split(",")) {
                String t = token.trim();
                if (!t.isEmpty()) {
                    names.add(t.toLowerCase(java.util.Locale.ROOT));
                }
            }
        }
        return names;
    }
}
