package io.github.wscache.edge.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the ESI 1.0 subset the edge implements into nodes, in one pass.
 *
 * <p>{@code <esi:include src=".." alt=".." onerror="continue"/>} becomes an {@link Include}
 * ({@code src} and {@code alt} may hold variables, {@code $(HTTP_COOKIE{name})});
 * {@code <esi:choose>} with its {@code <esi:when test="..">} and {@code <esi:otherwise>}
 * becomes a {@link Choose}; the text inside {@code <esi:vars>} becomes {@link VarText}
 * (variables substituted per request); {@code <esi:remove>..</esi:remove>} and
 * {@code <esi:comment ../>} are dropped; an include's {@code wscache-optional="true"} and
 * {@code wscache-rich="true"} mark it for the server actions ({@code ServerActions});
 * {@code <!--esi} and its closing {@code -->} are dropped and what is between them is
 * processed. Other markup stays text.
 *
 * <p>Failing safe: an unterminated {@code esi:include}, {@code esi:remove} or
 * {@code esi:comment} is kept as text, as before; an {@code esi:choose}, {@code esi:when},
 * {@code esi:otherwise} or {@code esi:vars} without its end tag, an {@code esi:when} without a
 * valid {@code test}, a stray end tag of one of them, or nesting deeper than
 * {@value #MAX_NESTING} levels is an {@link EsiSyntaxException}: the document fails rather than
 * showing the branches of a conditional to everyone. The parser only moves forward, so it ends on
 * any input.
 *
 * <p>The body is read as ISO-8859-1, which maps every byte to one char, so the output re-encoded
 * the same way is byte-identical outside the ESI markup whatever the page's real charset is
 * (ESI markup is ASCII, and bytes of multi-byte UTF-8 sequences are never ASCII).
 */
public final class EsiParser {
    static final int MAX_NESTING = 32;
    private static final Pattern ATTR =
            Pattern.compile("([a-zA-Z_:-]+)\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)')");

    /** A node of a parsed page. */
    public sealed interface Node permits Text, VarText, Include, Choose {
    }

    /** Literal bytes. */
    public record Text(byte[] bytes) implements Node {
    }

    /** Text inside {@code esi:vars}: its variables are substituted (HTML-escaped). */
    public record VarText(EsiTemplate text) implements Node {
    }

    /**
     * An include.
     *
     * @param src the URL to include, as written (may hold variables)
     * @param alt the fallback URL, or {@code null}
     * @param continueOnError whether a failure drops the include silently
     * @param optional {@code wscache-optional="true"}: a reduced page leaves it out
     * @param rich {@code wscache-rich="true"}: only a richer page has it
     * @param srcTemplate {@code src} parsed for its variables
     * @param altTemplate {@code alt} parsed for its variables, or {@code null}
     */
    public record Include(String src, String alt, boolean continueOnError, boolean optional,
            boolean rich, EsiTemplate srcTemplate, EsiTemplate altTemplate) implements Node {
        /** An include of {@code src}, falling back to {@code alt} (or {@code null}). */
        public Include(String src, String alt, boolean continueOnError) {
            this(src, alt, continueOnError, false, false);
        }

        /** An include marked optional or rich-only (server actions, paper 004). */
        public Include(String src, String alt, boolean continueOnError, boolean optional,
                boolean rich) {
            this(src, alt, continueOnError, optional, rich, EsiTemplate.parse(src),
                    alt == null ? null : EsiTemplate.parse(alt));
        }
    }

    /**
     * An {@code esi:choose}: the body of the first {@code when} whose test is true, else the
     * {@code otherwise} (empty when there is none).
     */
    public record Choose(List<When> whens, List<Node> otherwise) implements Node {
    }

    /** One {@code esi:when}. */
    public record When(EsiExpression test, List<Node> body) {
    }

    private final String s;
    private final StringBuilder text = new StringBuilder();
    private int i;
    private int esiComments;

    private EsiParser(String s) {
        this.s = s;
    }

    /**
     * Parses a body.
     *
     * @throws EsiSyntaxException when a conditional or {@code esi:vars} is malformed
     */
    public static List<Node> parse(byte[] body) {
        EsiParser p = new EsiParser(new String(body, StandardCharsets.ISO_8859_1));
        return p.sequence(null, false, 0);
    }

    /** Nodes up to {@code end} (consumed), or to the end of the body when {@code end} is null. */
    private List<Node> sequence(String end, boolean vars, int depth) {
        if (depth > MAX_NESTING) {
            throw error("ESI elements nested deeper than " + MAX_NESTING);
        }
        List<Node> out = new ArrayList<>();
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == '-' && esiComments > 0 && s.startsWith("-->", i)) {
                esiComments--;
                i += 3;
            } else if (c != '<') {
                text.append(c);
                i++;
            } else if (end != null && s.startsWith(end, i)) {
                i += end.length();
                flush(out, vars);
                return out;
            } else if (s.startsWith("<!--esi", i)) {
                esiComments++;
                i += 7;
            } else if (s.startsWith("<esi:remove", i)) {
                int close = s.indexOf("</esi:remove>", i);
                if (close < 0) {
                    text.append(c);
                    i++;
                } else {
                    i = close + "</esi:remove>".length();
                }
            } else if (s.startsWith("<esi:comment", i)) {
                int close = s.indexOf('>', i);
                if (close < 0) {
                    text.append(c);
                    i++;
                } else {
                    i = close + 1;
                }
            } else if (s.startsWith("<esi:include", i)) {
                include(out, vars);
            } else if (tag("<esi:choose")) {
                flush(out, vars);
                out.add(choose(vars, depth + 1));
            } else if (tag("<esi:vars")) {
                flush(out, vars);
                if (startTag().endsWith("/")) {
                    continue;
                }
                out.addAll(sequence("</esi:vars>", true, depth + 1));
            } else if (tag("<esi:when") || tag("<esi:otherwise") || s.startsWith("</esi:when>", i)
                    || s.startsWith("</esi:otherwise>", i) || s.startsWith("</esi:choose>", i)
                    || s.startsWith("</esi:vars>", i)) {
                throw error("misplaced " + s.substring(i, Math.min(n, s.indexOf('>', i) < 0 ? n
                        : s.indexOf('>', i) + 1)));
            } else {
                text.append(c);
                i++;
            }
        }
        if (end != null) {
            throw error("missing " + end);
        }
        flush(out, vars);
        return out;
    }

    private void include(List<Node> out, boolean vars) {
        int close = s.indexOf('>', i);
        if (close < 0) {
            text.append('<');
            i++;
            return;
        }
        Include inc = include(s.substring(i + "<esi:include".length(), close));
        i = close + 1;
        if (s.charAt(close - 1) != '/' && s.startsWith("</esi:include>", i)) {
            i += "</esi:include>".length();
        }
        if (inc != null) {
            flush(out, vars);
            out.add(inc);
        }
    }

    /** An {@code esi:choose} whose start tag begins at {@link #i}. */
    private Choose choose(boolean vars, int depth) {
        if (startTag().endsWith("/")) {
            throw error("esi:choose without esi:when");
        }
        List<When> whens = new ArrayList<>();
        List<Node> otherwise = null;
        while (true) {
            int when = s.indexOf("<esi:when", i);
            int other = s.indexOf("<esi:otherwise", i);
            int close = s.indexOf("</esi:choose>", i);
            int next = min(when, other, close);
            if (next < 0) {
                throw error("missing </esi:choose>");
            }
            i = next; // text between the branches is not part of any branch
            if (next == close) {
                i += "</esi:choose>".length();
                break;
            }
            String attrs = startTag();
            boolean empty = attrs.endsWith("/");
            if (next == when) {
                String test = attribute(attrs, "test");
                if (test == null) {
                    throw error("esi:when without a test");
                }
                EsiExpression e = EsiExpression.parse(test);
                whens.add(new When(e, empty ? List.of()
                        : sequence("</esi:when>", vars, depth + 1)));
            } else {
                List<Node> body = empty ? List.of()
                        : sequence("</esi:otherwise>", vars, depth + 1);
                if (otherwise == null) {
                    otherwise = body;
                }
            }
        }
        if (whens.isEmpty()) {
            throw error("esi:choose without esi:when");
        }
        return new Choose(List.copyOf(whens), otherwise == null ? List.of() : otherwise);
    }

    private static int min(int... xs) {
        int m = -1;
        for (int x : xs) {
            if (x >= 0 && (m < 0 || x < m)) {
                m = x;
            }
        }
        return m;
    }

    /** Whether the element {@code name} (e.g. {@code <esi:when}) starts at {@link #i}. */
    private boolean tag(String name) {
        if (!s.startsWith(name, i)) {
            return false;
        }
        int after = i + name.length();
        if (after >= s.length()) {
            return true;
        }
        char c = s.charAt(after);
        return c == '>' || c == '/' || Character.isWhitespace(c);
    }

    /** Consumes the start tag at {@link #i}; returns its attribute text (ends in / if empty). */
    private String startTag() {
        int nameEnd = i;
        while (nameEnd < s.length() && s.charAt(nameEnd) != '>' && s.charAt(nameEnd) != '/'
                && !Character.isWhitespace(s.charAt(nameEnd))) {
            nameEnd++;
        }
        int close = -1;
        char quote = 0;
        for (int k = nameEnd; k < s.length() && close < 0; k++) {
            char c = s.charAt(k);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '>') {
                close = k;
            }
        }
        if (close < 0) {
            throw error("unterminated " + s.substring(i, nameEnd) + " tag");
        }
        String attrs = s.substring(nameEnd, close).strip();
        i = close + 1;
        return attrs;
    }

    private static String attribute(String attributes, String name) {
        Matcher m = ATTR.matcher(attributes);
        while (m.find()) {
            if (m.group(1).equals(name)) {
                return m.group(2) != null ? m.group(2) : m.group(3);
            }
        }
        return null;
    }

    private static Include include(String attributes) {
        String src = null;
        String alt = null;
        boolean cont = false;
        boolean optional = false;
        boolean rich = false;
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
                case "wscache-optional":
                    optional = v.equalsIgnoreCase("true");
                    break;
                case "wscache-rich":
                    rich = v.equalsIgnoreCase("true");
                    break;
                default:
                    break;
            }
        }
        return src == null ? null : new Include(src, alt, cont, optional, rich);
    }

    private void flush(List<Node> out, boolean vars) {
        if (text.length() > 0) {
            String t = text.toString();
            text.setLength(0);
            EsiTemplate tpl = vars ? EsiTemplate.parse(t) : null;
            if (tpl != null && tpl.hasVariables()) {
                out.add(new VarText(tpl));
            } else {
                out.add(new Text(t.getBytes(StandardCharsets.ISO_8859_1)));
            }
        }
    }

    private EsiSyntaxException error(String what) {
        return new EsiSyntaxException("ESI: " + what + " (at offset " + i + ")");
    }
}
