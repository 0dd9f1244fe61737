package io.github.wscache.core.policy;

import java.util.ArrayList;
import java.util.List;

/**
 * A name pattern where {@code *} stands for any run of characters (none included) and every other
 * character for itself; immutable.
 *
 * <p>Design: no regular expression. Policy files are written by people but may be generated or
 * hostile, and a regex built from {@code a*a*a*...b} backtracks exponentially, overflows the stack
 * on long names and fails to compile with 100,000 stars (issue 13). The pattern is split at its
 * stars into literal segments; the first must start the name, the last must end it, and each
 * middle one is found left to right with {@link String#indexOf(String, int)}, taking the leftmost
 * occurrence. Leftmost is always right for {@code *}-only globs (a later occurrence leaves less
 * room for the rest), so nothing is ever retried: matching costs one pass over the name per
 * segment at worst, O(name length x pattern length), and no stack.
 */
final class Glob {
    private final String pattern;
    /** The literal parts between stars; one part when there is no star. */
    private final String[] segments;

    private Glob(String pattern, String[] segments) {
        this.pattern = pattern;
        this.segments = segments;
    }

    /** Returns the glob of {@code pattern}, with runs of {@code *} collapsed into one. */
    static Glob of(String pattern) {
        String p = collapse(pattern);
        List<String> parts = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < p.length(); i++) {
            if (p.charAt(i) == '*') {
                parts.add(p.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(p.substring(start));
        return new Glob(p, parts.toArray(new String[0]));
    }

    /** Returns {@code pattern} with every run of {@code *} replaced by one {@code *}. */
    static String collapse(String pattern) {
        if (!pattern.contains("**")) {
            return pattern;
        }
        StringBuilder sb = new StringBuilder(pattern.length());
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c != '*' || sb.length() == 0 || sb.charAt(sb.length() - 1) != '*') {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** Returns the pattern, runs of {@code *} collapsed. */
    String pattern() {
        return pattern;
    }

    /** Returns whether the whole of {@code name} matches. */
    boolean matches(String name) {
        int n = segments.length;
        if (n == 1) {
            return name.equals(segments[0]);
        }
        String first = segments[0];
        String last = segments[n - 1];
        int end = name.length() - last.length();
        if (end < first.length() || !name.startsWith(first) || !name.endsWith(last)) {
            return false;
        }
        int from = first.length();
        for (int i = 1; i < n - 1; i++) {
            String s = segments[i];
            int at = name.indexOf(s, from);
            if (at < 0 || at + s.length() > end) {
                return false;
            }
            from = at + s.length();
        }
        return true;
    }

    @Override
    public String toString() {
        return pattern;
    }
}
