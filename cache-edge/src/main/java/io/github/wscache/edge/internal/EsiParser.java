package io.github.wscache.edge.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the ESI 1.0 subset the edge implements into text and include nodes, in one pass.
 *
 * <p>{@code <esi:include src=".." alt=".." onerror="continue"/>} becomes an {@link Include};
 * {@code <esi:remove>..</esi:remove>} and {@code <esi:comment ../>} are dropped;
 * {@code <!--esi} and its closing {@code -->} are dropped and what is between them is processed.
 * Other markup, including ESI elements outside the subset, stays text.
 *
 * <p>The body is read as ISO-8859-1, which maps every byte to one char, so the output re-encoded
 * the same way is byte-identical outside the ESI markup whatever the page's real charset is
 * (ESI markup is ASCII, and bytes of multi-byte UTF-8 sequences are never ASCII).
 */
public final class EsiParser {
    private static final Pattern ATTR =
            Pattern.compile("([a-zA-Z_:-]+)\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)')");

    /** A node of a parsed page. */
    public sealed interface Node permits Text, Include {
    }

    /** Literal bytes. */
    public record Text(byte[] bytes) implements Node {
    }

    /**
     * An include.
     *
     * @param src the URL to include, as written
     * @param alt the fallback URL, or {@code null}
     * @param continueOnError whether a failure drops the include silently
     */
    public record Include(String src, String alt, boolean continueOnError) implements Node {
    }

    private EsiParser() {
    }

    /** Parses a body; never fails (unterminated markup is kept as text). */
    public static List<Node> parse(byte[] body) {
        String s = new String(body, StandardCharsets.ISO_8859_1);
        List<Node> out = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        int i = 0;
        int esiComments = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == '-' && esiComments > 0 && s.startsWith("-->", i)) {
                esiComments--;
                i += 3;
            } else if (c != '<') {
                text.append(c);
                i++;
            } else if (s.startsWith("<!--esi", i)) {
                esiComments++;
                i += 7;
            } else if (s.startsWith("<esi:remove", i)) {
                int end = s.indexOf("</esi:remove>", i);
                if (end < 0) {
                    text.append(c);
                    i++;
                } else {
                    i = end + "</esi:remove>".length();
                }
            } else if (s.startsWith("<esi:comment", i)) {
                int end = s.indexOf('>', i);
                if (end < 0) {
                    text.append(c);
                    i++;
                } else {
                    i = end + 1;
                }
            } else if (s.startsWith("<esi:include", i)) {
                int end = s.indexOf('>', i);
                if (end < 0) {
                    text.append(c);
                    i++;
                    continue;
                }
                Include inc = include(s.substring(i + "<esi:include".length(), end));
                i = end + 1;
                if (s.charAt(end - 1) != '/' && s.startsWith("</esi:include>", i)) {
                    i += "</esi:include>".length();
                }
                if (inc != null) {
                    flush(text, out);
                    out.add(inc);
                }
            } else {
                text.append(c);
                i++;
            }
        }
        flush(text, out);
        return out;
    }

    private static Include include(String attributes) {
        String src = null;
        String alt = null;
        boolean cont = false;
        Matcher m = ATTR.matcher(attributes);
        while (m.find()) {
            String v = m.group(2) != null ? m.group(2) : m.group(3);
            switch (m.group(1)) {
                case "src":
                    src = v;
                    break;
                case "alt":
                    alt = v;
                    break;
                case "onerror":
                    cont = v.equals("continue");
                    break;
                default:
                    break;
            }
        }
        return src == null ? null : new Include(src, alt, cont);
    }

    private static void flush(StringBuilder text, List<Node> out) {
        if (text.length() > 0) {
            out.add(new Text(text.toString().getBytes(StandardCharsets.ISO_8859_1)));
            text.setLength(0);
        }
    }
}
