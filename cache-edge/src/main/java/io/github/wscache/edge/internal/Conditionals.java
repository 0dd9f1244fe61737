package io.github.wscache.edge.internal;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The client's conditional GET evaluated at the edge (RFC 9110 §13.2.2): {@code If-None-Match}
 * with the weak comparison, else {@code If-Modified-Since} against {@code Last-Modified}. The edge
 * asks the origin unconditionally for what it caches, so it answers the client's conditionals
 * itself.
 */
public final class Conditionals {
    /** The fields a 304 carries (RFC 9110 §15.4.5), besides the edge's own. */
    public static final Set<String> KEPT_ON_304 = HeaderRules.caseInsensitive("Cache-Control",
            "Content-Location", "Date", "ETag", "Expires", "Vary", "Last-Modified");

    private Conditionals() {
    }

    /** Returns whether a 200 with {@code response} fields is not modified for {@code request}. */
    public static boolean notModified(Map<String, List<String>> request,
            Map<String, List<String>> response) {
        List<String> noneMatch = HeaderRules.members(request, "If-None-Match");
        if (!noneMatch.isEmpty()) {
            String etag = HeaderRules.first(response, "ETag");
            if (noneMatch.contains("*")) {
                return true; // a 200 means a current representation exists
            }
            if (etag == null) {
                return false;
            }
            String tag = opaque(etag);
            return noneMatch.stream().map(Conditionals::opaque).anyMatch(tag::equals);
        }
        String since = HeaderRules.first(request, "If-Modified-Since");
        String modified = HeaderRules.first(response, "Last-Modified");
        if (since == null || modified == null) {
            return false;
        }
        try {
            ZonedDateTime s = ZonedDateTime.parse(since.trim(),
                    DateTimeFormatter.RFC_1123_DATE_TIME);
            ZonedDateTime m = ZonedDateTime.parse(modified.trim(),
                    DateTimeFormatter.RFC_1123_DATE_TIME);
            return !m.isAfter(s);
        } catch (DateTimeParseException e) {
            return false; // an invalid date is ignored (RFC 9110 §13.1.3)
        }
    }

    private static String opaque(String etag) {
        String t = etag.trim();
        return t.startsWith("W/") ? t.substring(2) : t;
    }
}
