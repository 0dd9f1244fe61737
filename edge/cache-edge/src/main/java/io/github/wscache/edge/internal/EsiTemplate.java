package io.github.wscache.edge.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text with ESI 1.0 variable references, {@code $(NAME)}, {@code $(NAME{key})}, each optionally
 * with a default, {@code $(NAME{key}|default)} or {@code $(NAME|'default')} (ESI 1.0 §5), parsed
 * once and rendered per request. A {@code $(} that does not start a well-formed reference is
 * literal text.
 *
 * <p>Rendering escapes every substituted value for where it goes ({@link Escape}): into an
 * include's URL it is percent-encoded (a cookie cannot add a path segment, a query parameter or
 * another host to the URL), into page text it is HTML-escaped (a cookie cannot add markup).
 * Defaults are the origin's own text and are not escaped.
 */
public final class EsiTemplate {
    private static final Pattern REF = Pattern.compile(
            "\\$\\(([A-Z_]{1,32})(?:\\{([^}]{0,256})\\})?(?:\\|('[^']{0,256}'|[^)']{0,256}))?\\)");

    /** How substituted values are escaped. */
    public enum Escape {
        /** Percent-encoding of everything but RFC 3986 unreserved characters. */
        URL,
        /** {@code & < > " '} as character references. */
        HTML,
        /** None: for the operands of an {@code esi:when} test, which are never output. */
        NONE
    }

    /** One piece: literal text ({@code name} null) or a reference. */
    private record Piece(String text, String name, String key, String fallback) {
    }

    private final List<Piece> pieces;
    private final String source;

    private EsiTemplate(String source, List<Piece> pieces) {
        this.source = source;
        this.pieces = pieces;
    }

    /** Parses {@code s}; never fails. */
    public static EsiTemplate parse(String s) {
        List<Piece> out = new ArrayList<>();
        Matcher m = REF.matcher(s);
        int at = 0;
        while (m.find()) {
            if (m.start() > at) {
                out.add(new Piece(s.substring(at, m.start()), null, null, null));
            }
            String key = m.group(2);
            if (key != null && key.length() >= 2 && key.startsWith("'") && key.endsWith("'")) {
                key = key.substring(1, key.length() - 1);
            }
            String fallback = m.group(3);
            if (fallback != null && fallback.startsWith("'")) {
                fallback = fallback.substring(1, fallback.length() - 1);
            }
            out.add(new Piece(null, m.group(1), key, fallback));
            at = m.end();
        }
        if (at < s.length()) {
            out.add(new Piece(s.substring(at), null, null, null));
        }
        return new EsiTemplate(s, List.copyOf(out));
    }

    /**
     * Returns whether the text is one literal, which {@link #render} returns as it is (the same
     * {@code String} every time).
     */
    public boolean isConstant() {
        return pieces.size() == 1 && pieces.get(0).name() == null;
    }

    /** Returns whether the text refers to any variable. */
    public boolean hasVariables() {
        return pieces.stream().anyMatch(p -> p.name() != null);
    }

    /** Returns the text as written, for messages and logs (never a request's values). */
    public String source() {
        return source;
    }

    /** Renders the text with the request's values, escaped by {@code escape}. */
    public String render(EsiVariables vars, Escape escape) {
        if (pieces.size() == 1 && pieces.get(0).name() == null) {
            return pieces.get(0).text();
        }
        StringBuilder sb = new StringBuilder();
        for (Piece p : pieces) {
            if (p.name() == null) {
                sb.append(p.text());
                continue;
            }
            String v = vars.get(p.name(), p.key());
            if (v.isEmpty() && p.fallback() != null) {
                sb.append(p.fallback());
            } else {
                sb.append(switch (escape) {
                    case URL -> urlEncode(v);
                    case HTML -> htmlEscape(v);
                    case NONE -> v;
                });
            }
        }
        return sb.toString();
    }

    /** Percent-encodes all but the unreserved characters of RFC 3986 (UTF-8). */
    static String urlEncode(String v) {
        StringBuilder sb = new StringBuilder();
        for (byte b : v.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || c == '-' || c == '.' || c == '_' || c == '~') {
                sb.append((char) c);
            } else {
                sb.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return sb.toString();
    }

    static String htmlEscape(String v) {
        StringBuilder sb = new StringBuilder(v.length());
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
