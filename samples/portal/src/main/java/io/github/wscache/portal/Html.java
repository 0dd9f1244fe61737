package io.github.wscache.portal;

import io.github.wscache.core.CacheStats;
import java.util.Locale;

/** HTML and JSON escaping, and readable numbers, for the portal's pages. */
final class Html {
    private Html() {
    }

    /** Escapes text for HTML element content and double-quoted attribute values. */
    static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<':
                    b.append("&lt;");
                    break;
                case '>':
                    b.append("&gt;");
                    break;
                case '&':
                    b.append("&amp;");
                    break;
                case '"':
                    b.append("&quot;");
                    break;
                case '\'':
                    b.append("&#39;");
                    break;
                default:
                    b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * Renders an HTML fragment from the back-end (Google's titles and snippets carry
     * {@code <b>}) safely: everything is escaped, then only {@code <b>}, {@code </b>},
     * {@code <br>} and the character references lt, gt, amp, quot and #39 are let through.
     */
    static String snippet(String html) {
        return esc(html).replace("&lt;b&gt;", "<b>").replace("&lt;/b&gt;", "</b>")
                .replace("&lt;br&gt;", "<br>")
                .replaceAll("&amp;(lt|gt|amp|quot|#39);", "&$1;");
    }

    /** Returns a JSON string literal. */
    static String json(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder(s.length() + 16).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    b.append("\\\"");
                    break;
                case '\\':
                    b.append("\\\\");
                    break;
                case '\n':
                    b.append("\\n");
                    break;
                case '\r':
                    b.append("\\r");
                    break;
                case '\t':
                    b.append("\\t");
                    break;
                default:
                    if (c < 0x20 || c == '<' || c == '>' || c == '&') {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
            }
        }
        return b.append('"').toString();
    }

    /** Returns statistics as people read them: {@code 12 hits, 3 misses (80.0 % hits), ...}. */
    static String readable(CacheStats s) {
        long w = s.weightedSize();
        String size = w < 1024 ? w + " B" : w < 1 << 20
                ? String.format(Locale.ROOT, "%.1f KB", w / 1024.0)
                : String.format(Locale.ROOT, "%.1f MB", w / 1048576.0);
        return String.format(Locale.ROOT, "%,d hits, %,d misses (%.1f %% hits), %,d "
                + "bypasses, %,d errors; %,d entries, %s; mean service call %.2f ms", s.hits(),
                s.misses(), 100 * s.hitRatio(), s.bypasses(), s.errors(), s.entryCount(), size,
                s.loads() == 0 ? 0.0 : s.loadTimeNanos() / 1e6 / s.loads());
    }
}
