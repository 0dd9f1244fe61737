package io.github.wscache.edge.internal;

import io.github.wscache.core.internal.yaml.Durations;
import io.github.wscache.core.internal.yaml.Sizes;
import io.github.wscache.core.internal.yaml.YamlNode;
import io.github.wscache.edge.EdgeServer;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One option of the edge's command line ({@code --read-timeout 5s}) and of its configuration file
 * ({@code readTimeout: 5s}): the one table from which the flags, the file's keys, the usage text
 * and the site's reference table are made, so that they cannot drift apart. Each option parses
 * and checks its value ({@link #parse}, {@link #fromYaml}) with a message that says what to
 * write instead, and applies it to an {@link EdgeServer.Builder} ({@link EdgeCommand}).
 */
public enum EdgeOption {
    CONFIG("config", Type.FILE, "FILE", "none",
            "Reads options from a YAML file (the keys are the options' names in camelCase, e.g. "
                    + "readTimeout); options on the command line override the file."),
    ORIGIN("origin", Type.URL, "URL", "required",
            "Base URL of the origin; request paths and queries are appended. One origin per "
                    + "edge."),
    ADDRESS("address", Type.ADDRESS, "ADDR", "0.0.0.0",
            "Address the proxy listens on: all interfaces, as clients on other hosts need; "
                    + "127.0.0.1 keeps it local."),
    PORT("port", Type.PORT, "N", "8090", "Port the proxy listens on; 0 picks a free one."),
    ADMIN_ADDRESS("adminAddress", Type.ADDRESS, "ADDR", "127.0.0.1",
            "Address of the admin port: loopback, so only this host reads the counters."),
    ADMIN_PORT("adminPort", Type.PORT_OR_OFF, "N|off", "8091",
            "Port that serves the counters as JSON at " + EdgeServer.DEFAULT_ADMIN_PATH
                    + " and the admin page at " + EdgeServer.ADMIN_PAGE_PATH + "/; 0 picks a "
                    + "free one, off turns it off. Never the proxy's port."),
    ESI_ALWAYS("esiAlways", Type.BOOLEAN, "", "false",
            "Processes ESI in every textual response, not only in those the origin marks with "
                    + "Surrogate-Control: content=\"ESI/1.0\"."),
    VARY_COOKIES("varyCookies", Type.LIST, "NAME,...", "none",
            "Cookies whose values select a variant of a response with Vary: Cookie; without "
                    + "them the whole Cookie field does."),
    ANONYMOUS_COOKIES("anonymousCookies", Type.LIST, "NAME,...", "none",
            "Cookies that do not make a request personal (analytics, consent): names, or "
                    + "prefixes ending in * such as _ga*. Any other cookie or a credential makes "
                    + "it personal: no stored answer unless marked shared."),
    KEY_HEADERS("keyHeaders", Type.LIST, "NAME,...", "none",
            "Request fields that reach the origin and are part of the cache key (such as "
                    + "X-Forwarded-Proto); client forwarding and rewrite fields are otherwise "
                    + "dropped."),
    KEEP_METHOD_OVERRIDE("keepMethodOverride", Type.BOOLEAN, "", "false",
            "Lets X-HTTP-Method-Override and its kin on GET and HEAD reach the origin, as part "
                    + "of the key; by default they are removed."),
    TRUSTED_PROXIES("trustedProxies", Type.LIST, "ADDR[/BITS],...", "none",
            "Proxies in front of the edge whose Forwarded and X-Forwarded-* fields are kept "
                    + "(the edge appends its hop); from others they are replaced."),
    MAX_URI_LENGTH("maxUriLength", Type.SIZE, "SIZE", "8KB",
            "Longest request target (path and query) the edge takes, 1KB to 64KB; a longer one "
                    + "is answered 414 by the edge and reaches no origin."),
    MAX_HEADER_BYTES("maxHeaderBytes", Type.SIZE, "SIZE", "8KB",
            "Most bytes of request header fields the edge takes, 1KB to 64KB; more are "
                    + "answered 431 by the edge and reach no origin."),
    INCLUDE_HOSTS("includeHosts", Type.LIST, "HOST[:PORT],...", "none",
            "Hosts besides the origin's that absolute include URLs may name."),
    SHARED_TIER("sharedTier", Type.TIER, "URI", "none",
            "Shares the cache with a farm of edges through Redis (cache-redis, beside the jar): "
                    + "redis://HOST:PORT. A page one edge stored is a hit on the others."),
    SHARED_TIER_KEY_FILE("sharedTierKeyFile", Type.FILE, "FILE", "none",
            "File holding the key (at least 32 bytes, the same on every edge) that signs the "
                    + "shared tier's entries; none: the farm trusts whoever can write to Redis."),
    MAX_BYTES("maxBytes", Type.SIZE, "SIZE", "64MB",
            "Bound on the estimated bytes the cache keeps: 65536, 512KB, 64MB, 1GB."),
    CONNECT_TIMEOUT("connectTimeout", Type.DURATION, "DURATION", "10s",
            "How long to wait for the origin to accept a connection."),
    READ_TIMEOUT("readTimeout", Type.DURATION, "DURATION", "30s",
            "How long the origin may take to answer a client's request; then 504."),
    INCLUDE_TIMEOUT("includeTimeout", Type.DURATION, "DURATION", "5s",
            "How long one ESI include may take; then alt, onerror=\"continue\" or 504."),
    MAX_INCLUDE_DEPTH("maxIncludeDepth", Type.COUNT, "N", "3",
            "How deep includes nest (0 to 32); the page's own includes are level 1."),
    FETCH_THREADS("fetchThreads", Type.COUNT, "N", "64",
            "Threads that fetch includes (1 to 4096)."),
    CLASSIFY_PAGES("classifyPages", Type.LIST, "PATH,...", "none",
            "Pages whose embedded objects classify clients as poor, normal or rich (paper 004): "
                    + "exact paths, or prefixes ending in *; none: no classification."),
    ACTION_PAGES("actionPages", Type.LIST, "PATH,...", "none",
            "Pages on which server actions may be taken for poor and rich clients, written as "
                    + "classifyPages; none: no action."),
    SERVER_ACTIONS("serverActions", Type.LIST, "ACTION,...", "gzip,reduce",
            "Actions that may be taken: gzip and reduce (poor clients; reduce leaves out "
                    + "includes marked wscache-optional), enrich (rich clients)."),
    OPTIONAL_INCLUDES("optionalIncludes", Type.LIST, "SRC,...", "none",
            "Include srcs, as written in pages, that a reduced page leaves out besides those "
                    + "marked wscache-optional=\"true\"."),
    POOR_FIRST("poorFirst", Type.DURATION, "DURATION", "3s",
            "A client is poor when its mean delay from a page to its first embedded object "
                    + "exceeds this..."),
    POOR_LAST("poorLast", Type.DURATION, "DURATION", "5s",
            "...or its mean delay to the last one exceeds this."),
    RICH_FIRST("richFirst", Type.DURATION, "DURATION", "1s",
            "A client is rich when its mean delay to the first embedded object is at most "
                    + "this..."),
    RICH_LAST("richLast", Type.DURATION, "DURATION", "2s",
            "...and its mean delay to the last one at most this."),
    GZIP_FOR_ALL("gzipForAll", Type.BOOLEAN, "", "true",
            "Gzips action pages for every client that accepts it; false: for poor clients only."),
    CLIENT_ADDRESS_HEADER("clientAddressHeader", Type.NAME, "NAME", "none",
            "Request field whose first address is the client's for classification (such as "
                    + "X-Forwarded-For), only behind a proxy that sets it; none: the "
                    + "connection's."),
    ACCESS_LOG("accessLog", Type.LOG, "FILE|-|off", "off",
            "Access log, one line per request (combined format, cache outcome, microseconds): "
                    + "a file, appended to; - for standard output; off for none."),
    PURGE_SECRET_FILE("purgeSecretFile", Type.FILE, "FILE", "none",
            "File whose first line is the secret that authenticates purges on the admin port "
                    + "(POST /_edge/purge, and the admin page /_edge/admin/); none: every purge "
                    + "is refused and the admin page is read-only."),
    DRAIN_TIMEOUT("drainTimeout", Type.DRAIN, "DURATION", "10s",
            "On stop (SIGTERM, Ctrl-C): how long requests in flight may take to finish; the "
                    + "port stops accepting at once."),
    WARMUP_URL("warmupUrl", Type.TARGET, "PATH|URL", "none",
            "List of paths to pre-fetch in the background at start, one per line, # comments: "
                    + "a path on the origin such as /warmup.txt, or an http URL."),
    WARMUP_FILE("warmupFile", Type.FILE, "FILE", "none",
            "File listing paths to pre-fetch at start, in the format of --warmup-url."),
    WARMUP_FROM_LOG("warmupFromLog", Type.FILE, "FILE", "none",
            "Access log of an earlier run: its most requested paths (GET, 2xx) are pre-fetched "
                    + "at start; a log that does not exist yet warms nothing."),
    WARMUP_TOP("warmupTop", Type.COUNT, "N", "100",
            "How many paths --warmup-from-log takes (1 to 10000)."),
    WARMUP_CONCURRENCY("warmupConcurrency", Type.COUNT, "N", "4",
            "Paths the warm-up fetches at once (1 to 64)."),
    WARMUP_BUDGET("warmupBudget", Type.DURATION, "DURATION", "60s",
            "How long the warm-up may take; paths not fetched by then are skipped.");

    /** The longest timeout accepted: longer ones are typing mistakes. */
    static final Duration MAXIMUM_DURATION = Duration.ofHours(1);

    /** What {@link #parse} returns for {@code off} (admin port, access log). */
    static final Object OFF = "off";

    enum Type { FILE, URL, ADDRESS, PORT, PORT_OR_OFF, BOOLEAN, LIST, SIZE, DURATION, DRAIN,
        COUNT, LOG, TARGET, NAME, TIER }

    private final String key;
    private final Type type;
    private final String metavar;
    private final String defaultText;
    private final String help;

    EdgeOption(String key, Type type, String metavar, String defaultText, String help) {
        this.key = key;
        this.type = type;
        this.metavar = metavar;
        this.defaultText = defaultText;
        this.help = help;
    }

    /** Returns the key in the configuration file, e.g. {@code readTimeout}. */
    public String key() {
        return key;
    }

    /** Returns the flag, e.g. {@code --read-timeout}. */
    public String flag() {
        StringBuilder b = new StringBuilder("--");
        for (char c : key.toCharArray()) {
            if (Character.isUpperCase(c)) {
                b.append('-').append(Character.toLowerCase(c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** Returns what the value looks like in the usage text; empty for a switch. */
    public String metavar() {
        return metavar;
    }

    /** Returns the default as the usage text and the site show it. */
    public String defaultText() {
        return defaultText;
    }

    /** Returns one sentence or two on what the option does. */
    public String help() {
        return help;
    }

    /** Returns whether the option is a switch that may be given without a value. */
    boolean isSwitch() {
        return type == Type.BOOLEAN;
    }

    /** Returns whether the configuration file may set the option. */
    boolean inFile() {
        return this != CONFIG;
    }

    /** Finds an option by its flag, or returns {@code null}. */
    static EdgeOption byFlag(String flag) {
        for (EdgeOption o : values()) {
            if (o.flag().equals(flag)) {
                return o;
            }
        }
        return null;
    }

    /** Finds an option by its key in the file, or returns {@code null}. */
    static EdgeOption byKey(String key) {
        for (EdgeOption o : values()) {
            if (o.key.equals(key) && o.inFile()) {
                return o;
            }
        }
        return null;
    }

    /** Returns what a good value looks like, for messages. */
    String expected() {
        switch (type) {
            case FILE:
                return "a file name such as edge.yaml";
            case URL:
                return "an http or https URL such as http://localhost:8080";
            case TIER:
                return "a shared tier address such as redis://127.0.0.1:6379";
            case ADDRESS:
                return "an IP address or host name such as 0.0.0.0 or 127.0.0.1";
            case PORT:
                return "a port number from 0 to 65535";
            case PORT_OR_OFF:
                return "a port number from 0 to 65535, or off";
            case BOOLEAN:
                return "true or false";
            case LIST:
                return "names separated by commas such as " + listExample();
            case NAME:
                return "a header field name such as X-Forwarded-For";
            case SIZE:
                return "a size such as 65536, 512KB, 64MB or 1GB";
            case DURATION:
                return "a positive duration such as 500ms, 30s or 2m";
            case DRAIN:
                return "a duration such as 0s, 500ms, 30s or 2m";
            case COUNT:
                return "a whole number from " + min() + " to " + max();
            case TARGET:
                return "a path on the origin such as /warmup.txt, or an http URL";
            default:
                return "a file name, - for standard output, or off";
        }
    }

    private String listExample() {
        switch (this) {
            case VARY_COOKIES:
                return "JSESSIONID,user";
            case CLASSIFY_PAGES:
            case ACTION_PAGES:
                return "/,/shop/*";
            case SERVER_ACTIONS:
                return "gzip,reduce,enrich";
            case OPTIONAL_INCLUDES:
                return "/fragments/ads,/fragments/news";
            default:
                return "static.example.com,img.example.com:8080";
        }
    }

    private int min() {
        return this == MAX_INCLUDE_DEPTH ? 0 : 1;
    }

    private int max() {
        switch (this) {
            case FETCH_THREADS:
                return 4096;
            case WARMUP_TOP:
                return Warmup.Settings.MAX_TOP;
            case WARMUP_CONCURRENCY:
                return Warmup.Settings.MAX_CONCURRENCY;
            default:
                return 32;
        }
    }

    /**
     * Parses a value written as text (on the command line, or a scalar in the file).
     *
     * @throws BadValue naming what to write instead
     */
    Object parse(String text) {
        String t = text.trim();
        switch (type) {
            case FILE:
                if (t.isEmpty()) {
                    throw bad(text);
                }
                return t;
            case URL:
                return url(text);
            case TIER:
                if (!t.matches("[a-z][a-z0-9+.-]*://[^\\s/]+(/\\S*)?")) {
                    throw bad(text);
                }
                return t;
            case TARGET:
                return target(text);
            case ADDRESS:
                if (t.isEmpty() || t.chars().anyMatch(c -> c <= ' ' || c == '/')) {
                    throw bad(text);
                }
                return t;
            case PORT:
            case COUNT:
                return integer(text);
            case PORT_OR_OFF:
                return t.equalsIgnoreCase("off") ? OFF : integer(text);
            case BOOLEAN:
                if (t.equalsIgnoreCase("true") || t.equalsIgnoreCase("false")) {
                    return Boolean.valueOf(t);
                }
                throw bad(text);
            case LIST:
                return list(text);
            case NAME:
                if (t.isEmpty() || !t.chars().allMatch(c -> c > ' ' && c < 127 && c != ':')) {
                    throw bad(text);
                }
                return t;
            case SIZE:
                return size(text);
            case DURATION:
            case DRAIN:
                return duration(text);
            default:
                if (t.isEmpty()) {
                    throw bad(text);
                }
                return t.equalsIgnoreCase("off") ? OFF : t;
        }
    }

    /**
     * Reads a value from the configuration file.
     *
     * @throws BadValue naming what to write instead (the caller adds the place)
     */
    Object fromYaml(YamlNode n) {
        switch (n.kind()) {
            case BOOLEAN:
                if (type == Type.BOOLEAN) {
                    return n.bool();
                }
                if (!n.bool() && (type == Type.PORT_OR_OFF || type == Type.LOG)) {
                    return OFF;
                }
                throw bad(n.describe(), "");
            case LIST:
                if (type != Type.LIST) {
                    throw bad(n.describe(), type == Type.LOG
                            ? " (write \"-\" in quotes for standard output)" : "");
                }
                List<String> items = new ArrayList<>();
                for (YamlNode item : n.list()) {
                    if (item.kind() != YamlNode.Kind.STRING && item.kind() != YamlNode.Kind.NUMBER
                            || item.text().isBlank()) {
                        throw new BadValue("must be a list of names such as [" + (this
                                == INCLUDE_HOSTS ? "static.example.com"
                                : listExample().replace(",", ", ")) + "], but one item is "
                                + item.describe());
                    }
                    items.add(item.text().trim());
                }
                return List.copyOf(items);
            case STRING:
            case NUMBER:
                return parse(n.text());
            default:
                throw bad(n.describe(), "");
        }
    }

    private BadValue bad(String text) {
        return bad("'" + YamlNode.shortened(text) + "'", "");
    }

    private BadValue bad(String described, String hint) {
        return new BadValue("must be " + expected() + ", not " + described + hint);
    }

    private URI url(String text) {
        URI u;
        try {
            u = new URI(text.trim());
        } catch (java.net.URISyntaxException e) {
            throw bad(text);
        }
        String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || u.getHost() == null) {
            throw bad(text);
        }
        if (u.getQuery() != null || u.getFragment() != null) {
            throw new BadValue("must be a base URL without query or fragment such as "
                    + "http://localhost:8080/app, not '" + YamlNode.shortened(text) + "'");
        }
        return u;
    }

    /** A path on the origin ({@code /warmup.txt}) or an absolute http(s) URL. */
    private URI target(String text) {
        String t = text.trim();
        if (!t.startsWith("/")) {
            URI u;
            try {
                u = new URI(t);
            } catch (java.net.URISyntaxException e) {
                throw bad(text);
            }
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https") || u.getHost() == null
                    || u.getFragment() != null) {
                throw bad(text);
            }
            return u;
        }
        try {
            URI u = new URI(t);
            if (t.startsWith("//") || u.getFragment() != null) {
                throw bad(text);
            }
            return u;
        } catch (java.net.URISyntaxException e) {
            throw bad(text);
        }
    }

    private int integer(String text) {
        String t = text.trim();
        long v;
        try {
            v = t.length() > 12 ? Long.MAX_VALUE : Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw bad(text);
        }
        long lo = type == Type.COUNT ? min() : 0;
        long hi = type == Type.COUNT ? max() : 65535;
        if (v < lo || v > hi) {
            throw bad(text);
        }
        return (int) v;
    }

    private List<String> list(String text) {
        List<String> items = new ArrayList<>();
        for (String s : text.split(",", -1)) {
            String t = s.trim();
            if (t.isEmpty() || t.chars().anyMatch(c -> c <= ' ')) {
                throw bad(text);
            }
            items.add(t);
        }
        return List.copyOf(items);
    }

    private long size(String text) {
        long s = Sizes.parse(text);
        if (s == Sizes.TOO_LARGE) {
            throw new BadValue("must be at most " + (Long.MAX_VALUE >> 30) + "GB, not '"
                    + YamlNode.shortened(text) + "'; write a size such as 64MB");
        }
        if (s <= 0) {
            throw bad(text);
        }
        return s;
    }

    private Duration duration(String text) {
        Duration d = Durations.parse(text);
        if (d == null || d.isNegative() || d.isZero() && type == Type.DURATION) {
            throw bad(text);
        }
        if (d.compareTo(MAXIMUM_DURATION) > 0) {
            throw new BadValue("must be at most 1h, not '" + YamlNode.shortened(text)
                    + "'; write a duration such as 30s or 2m");
        }
        return d;
    }

    /** A value that is wrong; the message says what to write and lacks the option's name. */
    static final class BadValue extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        BadValue(String problem) {
            super(problem);
        }
    }
}
