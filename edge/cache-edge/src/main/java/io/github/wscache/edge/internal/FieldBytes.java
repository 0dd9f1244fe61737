package io.github.wscache.edge.internal;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.nio.charset.StandardCharsets;
import org.apache.tomcat.util.http.MimeHeaders;

/**
 * A response whose fields the edge adds as bytes, straight into Tomcat's own field list.
 *
 * <p>A field added through the servlet API is kept by Tomcat as two {@code String}s, and when
 * the response is committed each is encoded with a {@code CharsetEncoder} made for it (Tomcat
 * 11's {@code MessageBytes.toBytes}): two encoders and two buffers per field, 6 % of the CPU of
 * a cached composed page in a profile. The {@link TrafficValve} hands Tomcat's field list of
 * each request to the servlet as a request attribute; through this wrapper a field whose name
 * and value hold only printable ISO-8859-1 characters and tabs is added as the bytes Tomcat's
 * encoder would have made. Any other field (a control character, which Tomcat replaces with a
 * space, or a character beyond ISO-8859-1), {@code Content-Type} and {@code Content-Length}
 * (which Tomcat keeps apart), and every field of a response already committed go through the
 * servlet API as before. Confined to the request's thread, as the response it wraps.
 */
final class FieldBytes extends HttpServletResponseWrapper {
    /** The request attribute under which {@link TrafficValve} leaves Tomcat's field list. */
    static final String ATTRIBUTE = FieldBytes.class.getName();

    private final MimeHeaders fields;

    private FieldBytes(HttpServletResponse resp, MimeHeaders fields) {
        super(resp);
        this.fields = fields;
    }

    /**
     * Returns {@code resp} wrapped when the valve left Tomcat's field list for {@code req},
     * else {@code resp} itself.
     */
    static HttpServletResponse wrap(HttpServletRequest req, HttpServletResponse resp) {
        return req.getAttribute(ATTRIBUTE) instanceof MimeHeaders m
                ? new FieldBytes(resp, m) : resp;
    }

    /** Adds one field to {@code resp}, as bytes when it can. */
    static void add(HttpServletResponse resp, String name, String value) {
        if (resp instanceof FieldBytes f && f.addBytes(name, value)) {
            return;
        }
        resp.addHeader(name, value);
    }

    private boolean addBytes(String name, String value) {
        if (name == null || value == null || name.isEmpty() || !plain(name) || !plain(value)
                || name.equalsIgnoreCase("Content-Type")
                || name.equalsIgnoreCase("Content-Length") || isCommitted()) {
            return false;
        }
        byte[] n = name.getBytes(StandardCharsets.ISO_8859_1);
        byte[] v = value.getBytes(StandardCharsets.ISO_8859_1);
        fields.addValue(n, 0, n.length).setBytes(v, 0, v.length);
        return true;
    }

    /** Whether {@code s} holds only tabs and printable ISO-8859-1 characters. */
    static boolean plain(String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x20 && c != '\t' || c == 0x7F || c > 0xFF) {
                return false;
            }
        }
        return true;
    }
}
