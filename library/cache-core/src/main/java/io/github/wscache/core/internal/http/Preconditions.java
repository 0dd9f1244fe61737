package io.github.wscache.core.internal.http;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * A client's conditional GET answered by a cache from a stored 200 (RFC 9110 §13.2.2):
 * {@code If-None-Match} with the weak comparison, else {@code If-Modified-Since} against the
 * stored {@code Last-Modified}. cache-edge and cache-http both ask here.
 *
 * <pre>{@code
 * if (Preconditions.notModified(request::get, stored::get)) {
 *     send(304, Preconditions.keptOn304(stored));
 * }
 * }</pre>
 */
public final class Preconditions {
    /** The fields a 304 carries (RFC 9110 §15.4.5), lower case. */
    public static final Set<String> KEPT_ON_304 = Set.of("cache-control", "content-location",
            "date", "etag", "expires", "vary", "last-modified", "age");

    private Preconditions() {
    }

    /**
     * Returns whether a request's preconditions make the answer from a stored 200 a 304.
     *
     * @param request the request's field values by name (case-insensitive; {@code null} or
     *     empty when absent)
     * @param stored the stored response's field values by name, the same way
     */
    public static boolean notModified(Function<String, List<String>> request,
            Function<String, List<String>> stored) {
        List<String> noneMatch = values(request, "If-None-Match");
        if (!noneMatch.isEmpty()) {
            String etag = first(stored, "ETag");
            return Validators.ifNoneMatchMatches(String.join(", ", noneMatch),
                    etag == null ? null : EntityTag.parse(etag).orElse(null));
        }
        String since = first(request, "If-Modified-Since");
        String modified = first(stored, "Last-Modified");
        if (since == null || modified == null) {
            return false;
        }
        return Validators.notModifiedSince(since, HttpDates.parse(modified).orElse(null));
    }

    /**
     * Returns whether a request is a conditional GET a cache may answer itself: it has
     * {@code If-None-Match} or {@code If-Modified-Since} and none of the preconditions or
     * ranges a cache leaves to the origin ({@code If-Match}, {@code If-Unmodified-Since},
     * {@code If-Range}, {@code Range}).
     */
    public static boolean answerable(Function<String, List<String>> request) {
        return (!values(request, "If-None-Match").isEmpty()
                || !values(request, "If-Modified-Since").isEmpty())
                && values(request, "If-Match").isEmpty()
                && values(request, "If-Unmodified-Since").isEmpty()
                && values(request, "If-Range").isEmpty() && values(request, "Range").isEmpty();
    }

    /** Returns the names of {@code fields} a 304 keeps ({@link #KEPT_ON_304}). */
    public static Set<String> keptOn304(Iterable<String> fields) {
        Set<String> kept = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        for (String n : fields) {
            if (KEPT_ON_304.contains(n.toLowerCase(Locale.ROOT))) {
                kept.add(n);
            }
        }
        return kept;
    }

    private static List<String> values(Function<String, List<String>> fields, String name) {
        List<String> v = fields.apply(name);
        return v == null ? List.of() : v;
    }

    private static String first(Function<String, List<String>> fields, String name) {
        List<String> v = values(fields, name);
        return v.isEmpty() ? null : v.get(0);
    }
}
