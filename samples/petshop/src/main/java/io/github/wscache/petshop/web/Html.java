package io.github.wscache.petshop.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * HTML escaping and a marker type for markup that is already safe. {@link Template} escapes
 * every value that is not a {@link Safe}, so untrusted text can never become markup by mistake.
 */
public final class Html {

    /** Markup that must be inserted as is. Create it only from trusted templates. */
    public record Safe(String html) {
        /** Not null. */
        public Safe {
            Objects.requireNonNull(html, "html");
        }

        @Override
        public String toString() {
            return html;
        }
    }

    /** The empty markup. */
    public static final Safe EMPTY = new Safe("");

    private Html() {
    }

    /** Marks trusted markup as safe. */
    public static Safe safe(String html) {
        return new Safe(html);
    }

    /**
     * Escapes text for use in element content and in quoted attribute values:
     * {@code & < > " '} become character references. Null becomes the empty string.
     */
    public static String escape(Object value) {
        if (value == null) {
            return "";
        }
        String s = value.toString();
        StringBuilder out = null;
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            String rep = switch (ch) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '"' -> "&quot;";
                case '\'' -> "&#39;";
                default -> null;
            };
            if (rep != null) {
                if (out == null) {
                    out = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                out.append(rep);
            } else if (out != null) {
                out.append(ch);
            }
        }
        return out == null ? s : out.toString();
    }

    /** URL-encodes a query parameter value (UTF-8). */
    public static String url(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
