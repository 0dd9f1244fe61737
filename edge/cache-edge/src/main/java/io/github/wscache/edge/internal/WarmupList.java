package io.github.wscache.edge.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the paths a warm-up fetches: a list of paths (one per line, {@code #} starts a comment,
 * blank lines ignored), or the most requested paths of an access log written by the edge
 * ({@link AccessLog}, the combined format). Pure parsing, no I/O beyond the reader given.
 *
 * <p>A list line is a path with an optional query ({@code /category?id=FISH}), or an absolute
 * {@code http(s)} URL on the origin's host and port (its path and query are taken). Anything else
 * (white space or control characters inside, another host, not a URI) is a bad line: reported,
 * counted, skipped. From a log only {@code GET} requests answered with a 2xx count, and a request
 * target with an escape in it ({@code \x..}, {@code \"}: a byte a well-behaved client does not
 * send unencoded) is ignored.
 */
public final class WarmupList {
    /** At most this many paths per source; the rest is ignored with a warning. */
    public static final int MAX_PATHS = 10_000;
    /** Distinct targets counted in a log; later new ones are not counted (a bound on memory). */
    static final int MAX_DISTINCT_IN_LOG = 200_000;
    /** The request line and status of a combined-format line. */
    private static final Pattern LOG_LINE = Pattern.compile(
            "^\\S+ \\S+ \\S+ \\[[^\\]]*\\] \"((?:[^\"\\\\]|\\\\.)*)\" (\\d{3}) ");

    private WarmupList() {
    }

    /**
     * What a list gave.
     *
     * @param paths the paths in order, duplicates removed
     * @param badLines lines that are not paths, each as {@code "N: 'text'"}
     * @param truncated whether paths beyond {@link #MAX_PATHS} were ignored
     */
    public record Parsed(List<String> paths, List<String> badLines, boolean truncated) {
    }

    /**
     * Reads a list of paths.
     *
     * @param origin the origin's base URL: absolute URLs must name its host and port
     */
    public static Parsed parse(BufferedReader in, URI origin) throws IOException {
        Set<String> paths = new LinkedHashSet<>();
        List<String> bad = new ArrayList<>();
        boolean truncated = false;
        String line;
        int n = 0;
        while ((line = in.readLine()) != null) {
            n++;
            int hash = line.indexOf('#');
            String t = (hash < 0 ? line : line.substring(0, hash)).strip();
            if (t.isEmpty()) {
                continue;
            }
            String p = path(t, origin);
            if (p == null) {
                bad.add(n + ": '" + (t.length() > 80 ? t.substring(0, 77) + "..." : t) + "'");
            } else if (!paths.contains(p)) {
                if (paths.size() >= MAX_PATHS) {
                    truncated = true;
                    break;
                }
                paths.add(p);
            }
        }
        return new Parsed(List.copyOf(paths), List.copyOf(bad), truncated);
    }

    /** The path and query a list line names, or {@code null} when it is not a usable one. */
    static String path(String t, URI origin) {
        if (t.chars().anyMatch(c -> c <= ' ' || c >= 0x7f)) {
            return null;
        }
        URI u;
        try {
            u = new URI(t);
        } catch (URISyntaxException e) {
            return null;
        }
        if (u.isAbsolute()) {
            if (u.getHost() == null || !("http".equalsIgnoreCase(u.getScheme())
                    || "https".equalsIgnoreCase(u.getScheme()))
                    || !Composer.authority(u).equals(Composer.authority(origin))) {
                return null;
            }
            String p = u.getRawPath() == null || u.getRawPath().isEmpty() ? "/" : u.getRawPath();
            return u.getRawQuery() == null ? p : p + "?" + u.getRawQuery();
        }
        if (!t.startsWith("/") || t.startsWith("//")) {
            return null;
        }
        return t;
    }

    /**
     * Returns the {@code top} most requested targets (path and query) of an access log in the
     * combined format, most requested first (ties: the one seen first), {@code GET} with a 2xx
     * only.
     */
    public static List<String> topOfAccessLog(BufferedReader in, int top) throws IOException {
        Map<String, long[]> counts = new LinkedHashMap<>();
        String line;
        while ((line = in.readLine()) != null) {
            Matcher m = LOG_LINE.matcher(line);
            if (!m.find()) {
                continue;
            }
            int status = Integer.parseInt(m.group(2));
            String[] request = m.group(1).split(" ");
            if (status < 200 || status > 299 || request.length != 3
                    || !request[0].equals("GET") || !request[1].startsWith("/")
                    || request[1].startsWith("//") || request[1].indexOf('\\') >= 0) {
                continue;
            }
            long[] c = counts.get(request[1]);
            if (c != null) {
                c[0]++;
            } else if (counts.size() < MAX_DISTINCT_IN_LOG) {
                counts.put(request[1], new long[] {1});
            }
        }
        // a stable sort keeps the order of first appearance among equal counts
        Comparator<Map.Entry<String, long[]>> byCount = Comparator.comparingLong(
                e -> -e.getValue()[0]);
        return counts.entrySet().stream()
                .sorted(byCount)
                .limit(Math.min(top, MAX_PATHS))
                .map(Map.Entry::getKey)
                .toList();
    }
}
