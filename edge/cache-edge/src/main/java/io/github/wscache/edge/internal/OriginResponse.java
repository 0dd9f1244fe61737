package io.github.wscache.edge.internal;

import java.util.List;
import java.util.Map;

/**
 * One response as the edge holds it: status, case-insensitive header fields, the whole body.
 *
 * @param status the HTTP status
 * @param headers the header fields (a case-insensitive map)
 * @param body the body bytes, never {@code null}
 */
public record OriginResponse(int status, Map<String, List<String>> headers, byte[] body) {
    /** Returns the first value of a field, or {@code null}. */
    public String header(String name) {
        return HeaderRules.first(headers, name);
    }
}
