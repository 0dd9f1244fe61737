package io.github.wscache.core.internal;

import java.util.Locale;

/**
 * Finds the name an administrator most likely meant ("did you mean ...?"): the candidate with
 * the smallest case-insensitive edit distance (Levenshtein), if it is close enough to be a typo
 * or a different spelling of the same name rather than another name altogether.
 */
public final class NearestName {
    /** Names longer than this are not compared (the distance is quadratic in the length). */
    private static final int MAX_LENGTH = 256;

    private NearestName() {
    }

    /**
     * Returns the candidate nearest to {@code name}, or {@code null} when none is within
     * {@code max(2, length / 2)} edits.
     */
    public static String of(String name, Iterable<String> candidates) {
        if (name == null || name.length() > MAX_LENGTH) {
            return null;
        }
        String n = name.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            if (c == null || c.length() > MAX_LENGTH) {
                continue;
            }
            int d = distance(n, c.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        return best != null && bestDistance <= Math.max(2, Math.max(n.length(), best.length()) / 2)
                ? best : null;
    }

    /** Returns the Levenshtein distance of two strings. */
    public static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
