package io.github.wscache.core.internal.http;

import java.util.List;

/**
 * What a response says about being given by a shared cache to requests that carry credentials
 * ({@link Credentials#personalFields}), and the decision for one such request. RFC 9111 lets a
 * shared cache store a response without {@code Cache-Control} and reuse it heuristically; for a
 * request with a session cookie that hands a signed-in user's page to everyone. So a personal
 * request is answered from, and stored into, a shared cache only when
 * <ul>
 *   <li>the response says it may be shared ({@link #marked()}): {@code public} or
 *       {@code s-maxage} in its {@code Cache-Control} or in the field the cache obeys instead
 *       ({@code CDN-Cache-Control}); a lifetime in a field addressed to surrogates
 *       ({@code Surrogate-Control}, {@code CDN-Cache-Control}) is not enough on its own, since
 *       sites send those for personal fragments too; or its secondary key (its {@code Vary},
 *       plus the fields the cache adds to every key) holds every personal field of the request,
 *       so that only the same credentials select it;</li>
 *   <li>and its lifetime is explicit ({@link #explicitLifetime()}: {@code max-age},
 *       {@code s-maxage} or {@code Expires} in the directives obeyed), never heuristic.</li>
 * </ul>
 *
 * <pre>{@code
 * SharedUse use = SharedUse.of(TargetedCacheControl.of(headers, true), headers);
 * use.allows(List.of("cookie"), List.of("cookie"));   // true for Vary: Cookie, max-age=60
 * }</pre>
 *
 * @param marked the response says a shared cache may give it to anyone
 * @param explicitLifetime its freshness lifetime is explicit, not heuristic
 */
public record SharedUse(boolean marked, boolean explicitLifetime) {
    /** The reason a personal request's response is not stored, for counters and logs. */
    public static final String NOT_SHARED =
            "request with Cookie or credentials, and the response is not marked shared";

    /**
     * Reads a response.
     *
     * @param directives the directives the cache obeys, and the field they come from
     * @param response the response's header fields
     * @return what it says
     */
    public static SharedUse of(TargetedCacheControl directives, Headers response) {
        CacheControl obeyed = directives.directives();
        CacheControl cc = CacheControl.parse(response.all("Cache-Control"));
        boolean marked = obeyed.isPublic() || obeyed.sMaxAge().isPresent() || cc.isPublic()
                || cc.sMaxAge().isPresent();
        boolean explicit = obeyed.sMaxAge().isPresent() || obeyed.maxAge().isPresent()
                || response.first("Expires").isPresent();
        return new SharedUse(marked, explicit);
    }

    /**
     * Decides whether the response may answer, or be stored for, a request.
     *
     * @param personalFields the request's personal fields, lower case (empty: anonymous)
     * @param keyFields the response's secondary key fields, lower case
     * @return whether it may
     */
    public boolean allows(List<String> personalFields, List<String> keyFields) {
        if (personalFields.isEmpty()) {
            return true;
        }
        return explicitLifetime && (marked || keyFields.containsAll(personalFields));
    }
}
