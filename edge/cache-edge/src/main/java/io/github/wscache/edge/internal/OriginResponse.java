package io.github.wscache.edge.internal;

import io.github.wscache.core.internal.http.SurrogateControl;
import java.util.List;
import java.util.Map;

/**
 * One response as the edge holds it: status, case-insensitive header fields, the whole body.
 *
 * <p>A response made {@linkplain #fixed fixed} (what the edge shows for a stored response, the
 * same object for every hit) promises that its fields no longer change: what the edge derives
 * from them on every request ({@link #surrogateEsi()}, {@link #transformable()}) is then worked
 * out once. Any other response works them out when asked, since its fields may still be edited.
 * Thread-safe when its fields are not edited; two threads that race to work out a fact of a
 * fixed response get the same answer, and one is kept.
 */
public final class OriginResponse {
    private static final byte UNKNOWN = 0;
    private static final byte NO = 1;
    private static final byte YES = 2;

    private final int status;
    private final Map<String, List<String>> headers;
    private final byte[] body;
    private final boolean fixed;
    private byte surrogateEsi;
    private byte transformable;

    /**
     * A response whose fields may still be edited.
     *
     * @param status the HTTP status
     * @param headers the header fields (a case-insensitive map)
     * @param body the body bytes, never {@code null}
     */
    public OriginResponse(int status, Map<String, List<String>> headers, byte[] body) {
        this(status, headers, body, false);
    }

    private OriginResponse(int status, Map<String, List<String>> headers, byte[] body,
            boolean fixed) {
        this.status = status;
        this.headers = headers;
        this.body = body;
        this.fixed = fixed;
    }

    /** A response whose {@code headers} (an unmodifiable map) never change. */
    static OriginResponse fixed(int status, Map<String, List<String>> headers, byte[] body) {
        return new OriginResponse(status, headers, body, true);
    }

    /** Returns the HTTP status. */
    public int status() {
        return status;
    }

    /** Returns the header fields (a case-insensitive map). */
    public Map<String, List<String>> headers() {
        return headers;
    }

    /** Returns the body bytes, never {@code null}. */
    public byte[] body() {
        return body;
    }

    /** Returns the first value of a field, or {@code null}. */
    public String header(String name) {
        return HeaderRules.first(headers, name);
    }

    /** Whether {@code Surrogate-Control} asks this edge to process ESI in the body. */
    public boolean surrogateEsi() {
        byte known = surrogateEsi;
        if (known != UNKNOWN) {
            return known == YES;
        }
        boolean esi = SurrogateControl.parse(headers.getOrDefault("Surrogate-Control",
                List.of()), SurrogateControl.WSCACHE_EDGE).requiresEsi();
        if (fixed) {
            surrogateEsi = esi ? YES : NO;
        }
        return esi;
    }

    /**
     * Whether the edge may gzip this response for a client that takes it: a whole 200-class
     * textual body that is not encoded yet, and no {@code Cache-Control: no-transform}
     * (RFC 9110 §7.7).
     */
    public boolean transformable() {
        byte known = transformable;
        if (known != UNKNOWN) {
            return known == YES;
        }
        boolean may = HeaderRules.isTextual(header("Content-Type"))
                && !headers.containsKey("Content-Encoding")
                && status != 206 && status != 204
                && !ProxyServlet.noTransform(headers.get("Cache-Control"));
        if (fixed) {
            transformable = may ? YES : NO;
        }
        return may;
    }

    @Override
    public String toString() {
        return "OriginResponse[status=" + status + ", headers=" + headers + ", body="
                + body.length + " bytes]";
    }
}
