package io.github.wscache.core.internal.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code Range} request field for byte ranges (RFC 9110 §14.1.2, §14.2), evaluated against
 * a representation of known length. One satisfiable range gives a 206 with
 * {@code Content-Range}; no satisfiable range a 416 with {@code Content-Range: bytes *&#47;len};
 * a field that is not a valid {@code bytes} range set is ignored (the full 200). Several
 * satisfiable ranges are reported as {@link Kind#MULTIPLE}; a server may answer them with the
 * full 200 instead of a {@code multipart/byteranges} 206 (RFC 9110 §14.2: "a server MAY ignore
 * the Range header field").
 *
 * <pre>{@code
 * ByteRanges r = ByteRanges.evaluate("bytes=0-499", 10_000);
 * r.kind();           // SINGLE
 * r.contentRange();   // "bytes 0-499/10000"
 * }</pre>
 *
 * @param kind what to answer
 * @param first the first byte of a single range
 * @param last the last byte of a single range, inclusive
 * @param length the representation's length
 */
public record ByteRanges(Kind kind, long first, long last, long length) {

    /** What a {@code Range} asks for. */
    public enum Kind {
        /** No valid byte range set: send the full representation. */
        IGNORED,
        /** One satisfiable range: 206. */
        SINGLE,
        /** More than one satisfiable range. */
        MULTIPLE,
        /** No satisfiable range: 416. */
        UNSATISFIABLE
    }

    /**
     * Evaluates a {@code Range} field value.
     *
     * @param range the field value, may be {@code null}
     * @param length the representation's length in bytes
     * @return the evaluation
     */
    public static ByteRanges evaluate(String range, long length) {
        if (range == null) {
            return ignored(length);
        }
        String v = range.strip();
        int eq = v.indexOf('=');
        if (eq < 0 || !v.substring(0, eq).strip().toLowerCase(Locale.ROOT).equals("bytes")) {
            return ignored(length);
        }
        List<long[]> satisfiable = new ArrayList<>();
        int specs = 0;
        for (String spec : v.substring(eq + 1).split(",")) {
            String s = spec.strip();
            if (s.isEmpty()) {
                continue;
            }
            long[] r = parse(s, length);
            if (r == null) {
                return ignored(length);
            }
            specs++;
            if (r.length == 2) {
                satisfiable.add(r);
            }
        }
        if (specs == 0) {
            return ignored(length);
        }
        if (satisfiable.isEmpty()) {
            return new ByteRanges(Kind.UNSATISFIABLE, -1, -1, length);
        }
        if (satisfiable.size() > 1) {
            return new ByteRanges(Kind.MULTIPLE, -1, -1, length);
        }
        return new ByteRanges(Kind.SINGLE, satisfiable.get(0)[0], satisfiable.get(0)[1],
                length);
    }

    /** Returns {first, last}, an empty array when unsatisfiable, {@code null} when invalid. */
    private static long[] parse(String s, long length) {
        int dash = s.indexOf('-');
        if (dash < 0) {
            return null;
        }
        String a = s.substring(0, dash).strip();
        String b = s.substring(dash + 1).strip();
        boolean badA = !a.isEmpty() && !digits(a);
        boolean badB = !b.isEmpty() && !digits(b);
        if (badA || badB || a.isEmpty() && b.isEmpty()) {
            return null;
        }
        if (a.isEmpty()) {
            long suffix = number(b);
            if (suffix == 0 || length == 0) {
                return new long[0];
            }
            return new long[] {Math.max(0, length - suffix), length - 1};
        }
        long first = number(a);
        long last = b.isEmpty() ? length - 1 : number(b);
        if (last < first) {
            return null;
        }
        if (first >= length) {
            return new long[0];
        }
        return new long[] {first, Math.min(last, length - 1)};
    }

    private static boolean digits(String s) {
        return !s.isEmpty() && s.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    private static long number(String s) {
        return s.length() > 18 ? Long.MAX_VALUE : Long.parseLong(s);
    }

    private static ByteRanges ignored(long length) {
        return new ByteRanges(Kind.IGNORED, -1, -1, length);
    }

    /** @return {@code bytes first-last/length}, or {@code bytes *&#47;length} for a 416 */
    public String contentRange() {
        return kind == Kind.SINGLE ? "bytes " + first + "-" + last + "/" + length
                : "bytes */" + length;
    }
}
