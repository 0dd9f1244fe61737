package io.github.wscache.core.internal.http;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A Structured Field Dictionary (RFC 8941 §3.2), parsed strictly by the algorithm of §4.2.2, as
 * RFC 9213 requires for {@code CDN-Cache-Control}: a field value that does not parse is invalid
 * as a whole, and a cache ignores the entire field. Only what a cache reads is kept of each
 * member: an Integer, a String, a Boolean, or "another type" (a Decimal, a Token, a Byte
 * Sequence, an Inner List); parameters are checked and dropped.
 *
 * <pre>{@code
 * StructuredDictionary.parse(List.of("max-age=60, no-store"));   // two members
 * StructuredDictionary.parse(List.of("max-age = 60"));           // empty: invalid
 * }</pre>
 */
public final class StructuredDictionary {
    /** A member's value of a type a cache does not read (Decimal, Token, Byte Sequence, ...). */
    public static final Object OTHER = new Object() {
        @Override
        public String toString() {
            return "(another type)";
        }
    };

    private final String in;
    private int at;

    private StructuredDictionary(String in) {
        this.in = in;
    }

    /**
     * Parses the field lines of one field, combined as RFC 8941 §4.2 says (joined with a
     * comma).
     *
     * @return the members in order, a later duplicate replacing an earlier one (its value a
     *     {@link Long}, a {@link String}, a {@link Boolean} or {@link #OTHER}), or empty when the
     *     value is not a valid Dictionary
     */
    public static Optional<Map<String, Object>> parse(List<String> lines) {
        String joined = String.join(",", lines);
        if (joined.length() > 16 * 1024) {
            return Optional.empty();
        }
        try {
            return Optional.of(new StructuredDictionary(joined).dictionary());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private Map<String, Object> dictionary() {
        Map<String, Object> members = new LinkedHashMap<>();
        skipSp();
        while (at < in.length()) {
            String key = key();
            Object value;
            if (peek() == '=') {
                at++;
                value = peek() == '(' ? innerList() : bareItem();
            } else {
                value = Boolean.TRUE;
            }
            parameters();
            members.remove(key);
            members.put(key, value);
            skipOws();
            if (at == in.length()) {
                return members;
            }
            expect(',');
            skipOws();
            if (at == in.length()) {
                throw new IllegalArgumentException("a trailing comma");
            }
        }
        return members;
    }

    private char peek() {
        return at < in.length() ? in.charAt(at) : '\0';
    }

    private void expect(char c) {
        if (peek() != c) {
            throw new IllegalArgumentException("expected '" + c + "' at " + at);
        }
        at++;
    }

    private void skipSp() {
        while (peek() == ' ') {
            at++;
        }
    }

    private void skipOws() {
        while (peek() == ' ' || peek() == '\t') {
            at++;
        }
    }

    private String key() {
        char c = peek();
        if (!(c >= 'a' && c <= 'z') && c != '*') {
            throw new IllegalArgumentException("a key starts with a-z or '*' at " + at);
        }
        int start = at++;
        while (true) {
            c = peek();
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-'
                    || c == '.' || c == '*') {
                at++;
            } else {
                return in.substring(start, at);
            }
        }
    }

    private void parameters() {
        while (peek() == ';') {
            at++;
            skipSp();
            key();
            if (peek() == '=') {
                at++;
                bareItem();
            }
        }
    }

    private Object innerList() {
        expect('(');
        while (true) {
            skipSp();
            if (peek() == ')') {
                at++;
                return OTHER;
            }
            bareItem();
            parameters();
            char c = peek();
            if (c != ' ' && c != ')') {
                throw new IllegalArgumentException("an inner list item ends badly at " + at);
            }
        }
    }

    private Object bareItem() {
        char c = peek();
        if (c == '-' || (c >= '0' && c <= '9')) {
            return number();
        }
        if (c == '"') {
            return string();
        }
        if (c == '*' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) {
            token();
            return OTHER;
        }
        if (c == ':') {
            byteSequence();
            return OTHER;
        }
        if (c == '?') {
            at++;
            char b = peek();
            if (b != '0' && b != '1') {
                throw new IllegalArgumentException("a boolean is ?0 or ?1 at " + at);
            }
            at++;
            return b == '1';
        }
        throw new IllegalArgumentException("no item at " + at);
    }

    private Object number() {
        boolean negative = false;
        if (peek() == '-') {
            negative = true;
            at++;
        }
        int start = at;
        int dot = -1;
        while (true) {
            char c = peek();
            if (c >= '0' && c <= '9') {
                at++;
            } else if (c == '.' && dot < 0) {
                dot = at++;
            } else {
                break;
            }
            int length = at - start;
            if (dot < 0 ? length > 15 : length > 16) {
                throw new IllegalArgumentException("a number too long at " + at);
            }
        }
        if (at == start || (dot >= 0 && (dot == start || dot - start > 12 || at - dot - 1 < 1
                || at - dot - 1 > 3))) {
            throw new IllegalArgumentException("not a number at " + start);
        }
        if (dot >= 0) {
            return OTHER;
        }
        long v = Long.parseLong(in.substring(start, at));
        return negative ? -v : v;
    }

    private String string() {
        expect('"');
        StringBuilder sb = new StringBuilder();
        while (at < in.length()) {
            char c = in.charAt(at++);
            if (c == '\\') {
                char n = peek();
                if (n != '"' && n != '\\') {
                    throw new IllegalArgumentException("a bad escape at " + at);
                }
                sb.append(n);
                at++;
            } else if (c == '"') {
                return sb.toString();
            } else if (c < 0x20 || c > 0x7e) {
                throw new IllegalArgumentException("a character not allowed in a string");
            } else {
                sb.append(c);
            }
        }
        throw new IllegalArgumentException("an unterminated string");
    }

    private void token() {
        at++;
        while (true) {
            char c = peek();
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || "!#$%&'*+-.^_`|~:/".indexOf(c) >= 0) {
                at++;
            } else {
                return;
            }
        }
    }

    private void byteSequence() {
        expect(':');
        while (true) {
            char c = peek();
            if (c == ':') {
                at++;
                return;
            }
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '+' || c == '/' || c == '=') {
                at++;
            } else {
                throw new IllegalArgumentException("not base64 at " + at);
            }
        }
    }
}
