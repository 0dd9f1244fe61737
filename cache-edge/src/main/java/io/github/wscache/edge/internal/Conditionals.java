package io.github.wscache.edge.internal;

import io.github.wscache.core.internal.http.EntityTag;
import io.github.wscache.core.internal.http.HttpDates;
import io.github.wscache.core.internal.http.Validators;
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

    /**
     * Returns whether a 200 with {@code response} fields is not modified for {@code request}:
     * the evaluation is cache-core's ({@link Validators}), the one HTTP code path of wscache.
     */
    public static boolean notModified(Map<String, List<String>> request,
            Map<String, List<String>> response) {
        List<String> noneMatch = HeaderRules.members(request, "If-None-Match");
        if (!noneMatch.isEmpty()) {
            String etag = HeaderRules.first(response, "ETag");
            return Validators.ifNoneMatchMatches(String.join(", ", noneMatch),
                    etag == null ? null : EntityTag.parse(etag).orElse(null));
        }
        String since = HeaderRules.first(request, "If-Modified-Since");
        String modified = HeaderRules.first(response, "Last-Modified");
        if (since == null || modified == null) {
            return false;
        }
        return Validators.notModifiedSince(since, HttpDates.parse(modified).orElse(null));
    }
}
