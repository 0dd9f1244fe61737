package io.github.wscache.edge;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * How the edge classifies its clients as poor, normal or rich from the delays between a page and
 * the requests for its embedded objects, and which server actions it takes for them
 * (Krishnamurthy &amp; Wills, <i>client classification and server actions</i>; paper 004).
 *
 * <p><b>Classification.</b> A request whose path is in {@link Builder#classifyPages} starts a
 * measured sequence for its client (by address); the requests of the same client for embedded
 * objects ({@link Builder#embeddedSuffixes}: {@code .css}, {@code .js}, images, fonts) that follow
 * within {@link Builder#sequenceTimeout} give two delays, from the page to the first and to the
 * last embedded object. They update two exponentially weighted means per client,
 * {@code E = alpha * E + (1 - alpha) * measured} ({@link Builder#alpha}, 0.7 as in the paper), and
 * the same two for the client's address-prefix cluster ({@code /24} for IPv4, {@code /48} for
 * IPv6), which classifies clients seen for the first time. A client is
 * <ul>
 *   <li>poor when {@code E_first > poorFirst} or {@code E_last > poorLast} (3 s, 5 s),
 *   <li>rich when {@code E_first <= richFirst} and {@code E_last <= richLast} (1 s, 2 s),
 *   <li>normal otherwise, and while nothing is known of it or its cluster.
 * </ul>
 * As in the paper, a page on which an action was taken is not measured. The client table is
 * bounded ({@link Builder#maxClients}) and forgets clients idle for {@link Builder#clientIdle}.
 *
 * <p><b>Server actions</b>, only on the pages of {@link Builder#actionPages} and only those
 * {@link Builder#actions enabled}:
 * <ul>
 *   <li>{@link ServerAction#GZIP} (poor clients that accept gzip): gzip at the best compression
 *       level, whatever the body's size; with {@link Builder#gzipForAll gzipForAll(false)} these
 *       pages are gzipped for poor clients only. Brotli is not offered (no pure-Java encoder is
 *       available to the build).
 *   <li>{@link ServerAction#REDUCE} (poor clients, ESI pages): the page's own includes marked
 *       {@code wscache-optional="true"} or listed in {@link Builder#optionalIncludes} are left
 *       out.
 *   <li>{@link ServerAction#ENRICH} (rich clients, ESI pages): the page's own includes marked
 *       {@code wscache-rich="true"}, left out for everyone else, are included.
 * </ul>
 * Included fragments are never altered (the attributes count in the page's own markup only), and
 * the cache stores the origin's markup only: variants are made per request while composing, so
 * one client's variant cannot reach another client through the edge. Responses of action pages
 * carry {@code Vary: *} (their content depends on the client's address, which no request field
 * names, so no cache downstream may reuse them), {@code X-Class} (the client's class) and
 * {@code X-Server-Actions} (the actions taken, {@code none} when none).
 *
 * <p><b>Forcing.</b> A request with {@code X-Server-Actions: gzip, reduce} (the paper's header)
 * gets exactly the listed actions on an action page, whatever its class, among the enabled ones;
 * an empty {@code X-Server-Actions} gets none. Unknown names are ignored.
 *
 * <p>Immutable and thread-safe.
 *
 * <pre>{@code
 * EdgeServer edge = EdgeServer.builder()
 *         .origin(URI.create("http://localhost:8080"))
 *         .clientClassification(ClientClassification.builder()
 *                 .classifyPages("/", "/shop/*")
 *                 .actionPages("/shop/*")
 *                 .actions(ServerAction.GZIP, ServerAction.REDUCE)
 *                 .poorThresholds(Duration.ofSeconds(3), Duration.ofSeconds(5))
 *                 .build())
 *         .build();
 * }</pre>
 */
public final class ClientClassification {
    /** The connectivity class of a client. */
    public enum ClientClass {
        /** Slow: actions that cut the bytes or the objects of a page help it. */
        POOR,
        /** Neither poor nor rich, or not known yet. */
        NORMAL,
        /** Fast: may be given a richer page. */
        RICH;

        /** Returns the lower-case name sent in {@code X-Class}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** An action the edge may take for a client of some class. */
    public enum ServerAction {
        /** Gzip at the best level, any size (poor clients that accept gzip). */
        GZIP("gzip"),
        /** Leave out the page's optional includes (poor clients). */
        REDUCE("reduce"),
        /** Add the page's rich-only includes (rich clients). */
        ENRICH("enrich");

        private final String token;

        ServerAction(String token) {
            this.token = token;
        }

        /** Returns the name used in {@code X-Server-Actions}. */
        public String token() {
            return token;
        }

        /** Finds an action by its token ({@code gz} also means gzip), or {@code null}. */
        public static ServerAction byToken(String token) {
            String t = token.trim().toLowerCase(Locale.ROOT);
            if (t.equals("gz") || t.equals(".gz")) {
                return GZIP;
            }
            for (ServerAction a : values()) {
                if (a.token.equals(t)) {
                    return a;
                }
            }
            return null;
        }
    }

    /** The default suffixes of embedded objects. */
    public static final List<String> DEFAULT_EMBEDDED_SUFFIXES = List.of(".css", ".js", ".png",
            ".gif", ".jpg", ".jpeg", ".svg", ".ico", ".webp", ".woff", ".woff2");

    private final List<String> classifyPages;
    private final List<String> actionPages;
    private final Set<ServerAction> actions;
    private final List<String> optionalIncludes;
    private final List<String> embeddedSuffixes;
    private final double alpha;
    private final Duration poorFirst;
    private final Duration poorLast;
    private final Duration richFirst;
    private final Duration richLast;
    private final Duration sequenceTimeout;
    private final Duration clientIdle;
    private final long maxClients;
    private final int ipv4Prefix;
    private final int ipv6Prefix;
    private final boolean gzipForAll;
    private final String clientAddressHeader;

    private ClientClassification(Builder b) {
        this.classifyPages = b.classifyPages;
        this.actionPages = b.actionPages;
        this.actions = Set.copyOf(b.actions);
        this.optionalIncludes = b.optionalIncludes;
        this.embeddedSuffixes = b.embeddedSuffixes;
        this.alpha = b.alpha;
        this.poorFirst = b.poorFirst;
        this.poorLast = b.poorLast;
        this.richFirst = b.richFirst;
        this.richLast = b.richLast;
        this.sequenceTimeout = b.sequenceTimeout;
        this.clientIdle = b.clientIdle;
        this.maxClients = b.maxClients;
        this.ipv4Prefix = b.ipv4Prefix;
        this.ipv6Prefix = b.ipv6Prefix;
        this.gzipForAll = b.gzipForAll;
        this.clientAddressHeader = b.clientAddressHeader;
    }

    /** Returns a builder with the paper's settings. */
    public static Builder builder() {
        return new Builder();
    }

    /** Pages whose embedded objects classify: exact paths, or prefixes ending in {@code *}. */
    public List<String> classifyPages() {
        return classifyPages;
    }

    /** Pages on which actions may be taken: exact paths, or prefixes ending in {@code *}. */
    public List<String> actionPages() {
        return actionPages;
    }

    /** The actions that may be taken. */
    public Set<ServerAction> actions() {
        return actions;
    }

    /** Include {@code src}s (as written) that the reduced page leaves out. */
    public List<String> optionalIncludes() {
        return optionalIncludes;
    }

    /** Path suffixes of embedded objects (lower case). */
    public List<String> embeddedSuffixes() {
        return embeddedSuffixes;
    }

    /** The weight of the history in the moving means. */
    public double alpha() {
        return alpha;
    }

    /** {@code E_first} above this is poor. */
    public Duration poorFirst() {
        return poorFirst;
    }

    /** {@code E_last} above this is poor. */
    public Duration poorLast() {
        return poorLast;
    }

    /** {@code E_first} at most this (and {@code E_last} at most {@link #richLast}) is rich. */
    public Duration richFirst() {
        return richFirst;
    }

    /** {@code E_last} at most this (and {@code E_first} at most {@link #richFirst}) is rich. */
    public Duration richLast() {
        return richLast;
    }

    /** How long after a page its embedded objects are counted. */
    public Duration sequenceTimeout() {
        return sequenceTimeout;
    }

    /** How long a client is remembered without requests. */
    public Duration clientIdle() {
        return clientIdle;
    }

    /** The most clients (and, separately, clusters) remembered. */
    public long maxClients() {
        return maxClients;
    }

    /** The prefix length of an IPv4 cluster. */
    public int ipv4Prefix() {
        return ipv4Prefix;
    }

    /** The prefix length of an IPv6 cluster. */
    public int ipv6Prefix() {
        return ipv6Prefix;
    }

    /** Whether action pages are gzipped for every client that accepts it (the edge's default). */
    public boolean gzipForAll() {
        return gzipForAll;
    }

    /** The request field whose first address is the client's, or {@code null} (the socket's). */
    public String clientAddressHeader() {
        return clientAddressHeader;
    }

    /**
     * Configures a {@link ClientClassification}. Setters validate at once, {@link #build()}
     * checks that the thresholds are ordered. Not thread-safe.
     */
    public static final class Builder {
        private List<String> classifyPages = List.of();
        private List<String> actionPages = List.of();
        private Set<ServerAction> actions = EnumSet.of(ServerAction.GZIP, ServerAction.REDUCE);
        private List<String> optionalIncludes = List.of();
        private List<String> embeddedSuffixes = DEFAULT_EMBEDDED_SUFFIXES;
        private double alpha = 0.7;
        private Duration poorFirst = Duration.ofSeconds(3);
        private Duration poorLast = Duration.ofSeconds(5);
        private Duration richFirst = Duration.ofSeconds(1);
        private Duration richLast = Duration.ofSeconds(2);
        private Duration sequenceTimeout = Duration.ofSeconds(30);
        private Duration clientIdle = Duration.ofHours(1);
        private long maxClients = 100_000;
        private int ipv4Prefix = 24;
        private int ipv6Prefix = 48;
        private boolean gzipForAll = true;
        private String clientAddressHeader;

        private Builder() {
        }

        /**
         * Sets the pages used to classify (none by default: nothing is classified): exact paths
         * such as {@code /}, or prefixes such as {@code /shop/*}. The paper advises the popular
         * pages that have embedded objects.
         *
         * @throws IllegalArgumentException if a pattern does not start with {@code /}
         */
        public Builder classifyPages(String... patterns) {
            this.classifyPages = patterns("classify pages", patterns);
            return this;
        }

        /**
         * Sets the pages on which actions may be taken (none by default: no action is taken),
         * written as for {@link #classifyPages}.
         *
         * @throws IllegalArgumentException if a pattern does not start with {@code /}
         */
        public Builder actionPages(String... patterns) {
            this.actionPages = patterns("action pages", patterns);
            return this;
        }

        /** Sets the actions that may be taken (default gzip and reduce); none turns them off. */
        public Builder actions(ServerAction... actions) {
            EnumSet<ServerAction> s = EnumSet.noneOf(ServerAction.class);
            for (ServerAction a : actions) {
                s.add(Objects.requireNonNull(a, "action"));
            }
            this.actions = s;
            return this;
        }

        /**
         * Names include {@code src}s, as written in the page, that the reduced page leaves out
         * besides those marked {@code wscache-optional="true"}.
         *
         * @throws IllegalArgumentException if one is blank
         */
        public Builder optionalIncludes(String... srcs) {
            for (String s : srcs) {
                if (s == null || s.isBlank()) {
                    throw new IllegalArgumentException("optional includes must not be blank: "
                            + java.util.Arrays.toString(srcs));
                }
            }
            this.optionalIncludes = List.of(srcs);
            return this;
        }

        /**
         * Sets the path suffixes of embedded objects (default {@link
         * #DEFAULT_EMBEDDED_SUFFIXES}); compared without regard to case.
         *
         * @throws IllegalArgumentException if none is given or one does not start with a dot
         */
        public Builder embeddedSuffixes(String... suffixes) {
            if (suffixes.length == 0) {
                throw new IllegalArgumentException("embedded suffixes must not be empty");
            }
            for (String s : suffixes) {
                if (s == null || !s.startsWith(".") || s.length() < 2) {
                    throw new IllegalArgumentException("an embedded suffix must start with a "
                            + "dot, such as .png: " + s);
                }
            }
            this.embeddedSuffixes = java.util.Arrays.stream(suffixes)
                    .map(s -> s.toLowerCase(Locale.ROOT)).toList();
            return this;
        }

        /**
         * Sets the weight of the history in the moving means (default 0.7): 0 keeps only the
         * last measurement.
         *
         * @throws IllegalArgumentException if not in [0, 1)
         */
        public Builder alpha(double alpha) {
            if (!(alpha >= 0 && alpha < 1)) {
                throw new IllegalArgumentException("alpha must be at least 0 and below 1: "
                        + alpha);
            }
            this.alpha = alpha;
            return this;
        }

        /**
         * Sets the poor thresholds (default 3 s, 5 s): a client is poor when {@code E_first}
         * exceeds {@code first} or {@code E_last} exceeds {@code last}.
         *
         * @throws IllegalArgumentException if one is not positive
         */
        public Builder poorThresholds(Duration first, Duration last) {
            this.poorFirst = positive(first, "poor first threshold");
            this.poorLast = positive(last, "poor last threshold");
            return this;
        }

        /**
         * Sets the rich thresholds (default 1 s, 2 s): a client is rich when {@code E_first} is
         * at most {@code first} and {@code E_last} at most {@code last}.
         *
         * @throws IllegalArgumentException if one is not positive
         */
        public Builder richThresholds(Duration first, Duration last) {
            this.richFirst = positive(first, "rich first threshold");
            this.richLast = positive(last, "rich last threshold");
            return this;
        }

        /**
         * Sets how long after a page its client's embedded objects count (default 30 s).
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder sequenceTimeout(Duration timeout) {
            this.sequenceTimeout = positive(timeout, "sequence timeout");
            return this;
        }

        /**
         * Sets how long a client (or cluster) without requests is remembered (default 1 h).
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder clientIdle(Duration idle) {
            this.clientIdle = positive(idle, "client idle time");
            return this;
        }

        /**
         * Bounds the clients remembered, and separately the clusters (default 100,000 each).
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder maxClients(long max) {
            if (max <= 0) {
                throw new IllegalArgumentException("max clients must be positive: " + max);
            }
            this.maxClients = max;
            return this;
        }

        /**
         * Sets the prefix lengths of address clusters (default 24 for IPv4, 48 for IPv6).
         *
         * @throws IllegalArgumentException if out of 0..32 or 0..128
         */
        public Builder clusterPrefixes(int ipv4, int ipv6) {
            if (ipv4 < 0 || ipv4 > 32) {
                throw new IllegalArgumentException("ipv4 cluster prefix must be in 0..32: "
                        + ipv4);
            }
            if (ipv6 < 0 || ipv6 > 128) {
                throw new IllegalArgumentException("ipv6 cluster prefix must be in 0..128: "
                        + ipv6);
            }
            this.ipv4Prefix = ipv4;
            this.ipv6Prefix = ipv6;
            return this;
        }

        /**
         * Whether action pages are gzipped for every client that accepts gzip (default true, as
         * every other response of the edge); false gzips them for poor clients only, which
         * saves the edge's CPU.
         */
        public Builder gzipForAll(boolean all) {
            this.gzipForAll = all;
            return this;
        }

        /**
         * Takes the client's address from the first value of this request field (such as
         * {@code X-Forwarded-For}) instead of the connection; only behind a proxy that sets it.
         * A value that is not an IP address is ignored.
         *
         * @throws IllegalArgumentException if blank
         */
        public Builder clientAddressHeader(String name) {
            if (name != null && name.isBlank()) {
                throw new IllegalArgumentException("client address header must not be blank");
            }
            this.clientAddressHeader = name;
            return this;
        }

        /**
         * Returns the configuration.
         *
         * @throws IllegalStateException if a rich threshold exceeds the poor one
         */
        public ClientClassification build() {
            if (richFirst.compareTo(poorFirst) > 0) {
                throw new IllegalStateException("rich first threshold " + richFirst
                        + " must not exceed poor first threshold " + poorFirst);
            }
            if (richLast.compareTo(poorLast) > 0) {
                throw new IllegalStateException("rich last threshold " + richLast
                        + " must not exceed poor last threshold " + poorLast);
            }
            return new ClientClassification(this);
        }

        private static List<String> patterns(String what, String... patterns) {
            for (String p : patterns) {
                if (p == null || !p.startsWith("/")) {
                    throw new IllegalArgumentException(what + " must start with /: " + p);
                }
            }
            return List.of(patterns);
        }

        private static Duration positive(Duration d, String name) {
            Objects.requireNonNull(d, name);
            if (d.isZero() || d.isNegative()) {
                throw new IllegalArgumentException(name + " must be positive: " + d);
            }
            return d;
        }
    }
}
