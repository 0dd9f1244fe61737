package io.github.wscache.core.internal.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits comma-separated directive lists such as {@code Cache-Control} (RFC 9111 §5.2) into
 * name/argument pairs. Names are lower-cased, arguments may be tokens or quoted-strings
 * (unescaped here), and a malformed member is skipped up to the next top-level comma.
 * A member may carry a {@code ;target} suffix, as {@code Surrogate-Control} allows.
 */
final class DirectiveParser {

    /**
     * One parsed member of a directive list.
     *
     * @param name the directive name, lower case
     * @param argument the unquoted argument, or {@code null} when there was none
     * @param quoted whether the argument was written as a quoted-string
     * @param target the lower-cased {@code ;target} suffix, or {@code null}
     */
    record Directive(String name, String argument, boolean quoted, String target) {
    }

    private final String text;
    private int pos;

    private DirectiveParser(String text) {
        this.text = text;
    }

    static List<Directive> parse(Iterable<String> headerValues) {
        List<Directive> result = new ArrayList<>();
        if (headerValues == null) {
            return result;
        }
        for (String value : headerValues) {
            if (value != null) {
                new DirectiveParser(value).parseInto(result);
            }
        }
        return result;
    }

    private void parseInto(List<Directive> out) {
        while (pos < text.length()) {
            Directive d = parseMember();
            if (d != null) {
                out.add(d);
            }
            skipToNextMember();
        }
    }

    private Directive parseMember() {
        skipWhitespace();
        String name = token();
        if (name.isEmpty()) {
            return null;
        }
        skipWhitespace();
        String argument = null;
        boolean quoted = false;
        if (peek() == '=') {
            pos++;
            skipWhitespace();
            if (peek() == '"') {
                argument = quotedString();
                if (argument == null) {
                    return null;
                }
                quoted = true;
            } else {
                argument = token();
                if (argument.isEmpty()) {
                    return null;
                }
            }
            skipWhitespace();
        }
        String target = null;
        if (peek() == ';') {
            pos++;
            skipWhitespace();
            target = token().toLowerCase(Locale.ROOT);
            if (target.isEmpty()) {
                return null;
            }
            skipWhitespace();
        }
        if (pos < text.length() && peek() != ',') {
            return null;
        }
        return new Directive(name.toLowerCase(Locale.ROOT), argument, quoted, target);
    }

    private String token() {
        int start = pos;
        while (pos < text.length() && isTchar(text.charAt(pos))) {
            pos++;
        }
        return text.substring(start, pos);
    }

    /** Reads a quoted-string at {@code pos}; returns {@code null} when it is unterminated. */
    private String quotedString() {
        StringBuilder sb = new StringBuilder();
        pos++;
        while (pos < text.length()) {
            char c = text.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c == '\\' && pos < text.length()) {
                c = text.charAt(pos++);
            }
            sb.append(c);
        }
        return null;
    }

    private void skipToNextMember() {
        boolean inQuotes = false;
        while (pos < text.length()) {
            char c = text.charAt(pos++);
            if (inQuotes && c == '\\') {
                pos++;
            } else if (c == '"') {
                inQuotes = !inQuotes;
            } else if (c == ',' && !inQuotes) {
                return;
            }
        }
    }

    private void skipWhitespace() {
        while (pos < text.length() && (text.charAt(pos) == ' ' || text.charAt(pos) == '\t')) {
            pos++;
        }
    }

    private char peek() {
        return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private static boolean isTchar(char c) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
            return true;
        }
        return "!#$%&'*+-.^_`|~".indexOf(c) >= 0;
    }
}
