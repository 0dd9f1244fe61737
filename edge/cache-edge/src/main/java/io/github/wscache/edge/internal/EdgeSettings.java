package io.github.wscache.edge.internal;

import io.github.wscache.edge.ClientClassification;
import io.github.wscache.edge.EdgeServer;
import java.io.OutputStream;
import java.net.URI;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The edge's configuration as {@code EdgeServer.Builder} collects it, with its defaults: each
 * setter validates at once with the message the builder's Javadoc promises, each getter has the
 * value the server runs with. The warm-up's options are {@link Warmup.Settings}. Not
 * thread-safe; the server reads it when it starts.
 */
public final class EdgeSettings {
    /** The longest request target (path and query) the edge takes by default, in bytes. */
    public static final int DEFAULT_MAX_URI_LENGTH = 8192;
    /** The most bytes of request header fields the edge takes by default. */
    public static final int DEFAULT_MAX_HEADER_BYTES = 8192;
    /** The smallest and largest limit either may be set to. */
    static final int MIN_LIMIT = 1024;
    static final int MAX_LIMIT = 65536;
    /** Room in Tomcat's buffer for the method, the version and the line ends. */
    private static final int HEAD_SLACK = 1024;

    private URI origin;
    private int port;
    private String address = "0.0.0.0";
    private int maxIncludeDepth = 3;
    private Duration includeTimeout = Duration.ofSeconds(5);
    private boolean esiAlways;
    private List<String> varyCookies = List.of();
    private final List<String> includeHosts = new ArrayList<>();
    private long maxBytes = 64L << 20;
    private InstantSource clock = InstantSource.system();
    private String adminPath = EdgeServer.DEFAULT_ADMIN_PATH;
    private String adminAddress = "127.0.0.1";
    private int adminPort;
    private int fetchThreads = 64;
    private Duration connectTimeout = Duration.ofSeconds(10);
    private Duration readTimeout = Duration.ofSeconds(30);
    private Duration drainTimeout = Duration.ofSeconds(10);
    private OutputStream accessLog;
    private Runnable cacheFault;
    private boolean invalidateLocations = true;
    private String purgeSecret;
    private String purgeHeader;
    private List<String> anonymousCookies = List.of();
    private List<String> keyHeaders = List.of();
    private boolean keepMethodOverride;
    private List<String> trustedProxies = List.of();
    private int maxUriLength = DEFAULT_MAX_URI_LENGTH;
    private int maxHeaderBytes = DEFAULT_MAX_HEADER_BYTES;
    private boolean naive;
    private final Warmup.Settings warmup = new Warmup.Settings();
    private ClientClassification classification;
    private String sharedTierUri;
    private java.nio.file.Path sharedTierKey;
    private io.github.wscache.core.spi.SharedTier sharedTier;

    /** Client classification and server actions; {@code null} (the default) turns them off. */
    public void clientClassification(ClientClassification c) {
        this.classification = c;
    }

    /** Sets the purge secret: at least 16 printable ASCII characters without spaces. */
    public void purgeSecret(String secret) {
        Objects.requireNonNull(secret, "purgeSecret");
        if (secret.length() < 16 || !secret.chars().allMatch(c -> c > ' ' && c < 127)) {
            throw new IllegalArgumentException("the purge secret must be at least 16 "
                    + "printable ASCII characters without spaces");
        }
        this.purgeSecret = secret;
    }

    /** Sets the origin base URL, an absolute http(s) URL; once. */
    public void origin(URI u) {
        Objects.requireNonNull(u, "origin");
        if (this.origin != null) {
            throw new IllegalStateException("origin was already set: " + this.origin);
        }
        String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || u.getHost() == null) {
            throw new IllegalArgumentException("origin must be an http URL: " + u);
        }
        this.origin = u;
    }

    /** Sets the proxy's port, 0..65535 (0: any free one). */
    public void port(int p) {
        if (p < 0 || p > 65535) {
            throw new IllegalArgumentException("port must be in 0..65535: " + p);
        }
        this.port = p;
    }

    /** Sets the proxy's address; not blank. */
    public void address(String a) {
        Objects.requireNonNull(a, "address");
        if (a.isBlank()) {
            throw new IllegalArgumentException("address must not be blank");
        }
        this.address = a;
    }

    /** Sets the admin port's address; not blank. */
    public void adminAddress(String a) {
        Objects.requireNonNull(a, "adminAddress");
        if (a.isBlank()) {
            throw new IllegalArgumentException("admin address must not be blank");
        }
        this.adminAddress = a;
    }

    /** Sets the admin port, 0..65535 (0: any free one). */
    public void adminPort(int p) {
        if (p < 0 || p > 65535) {
            throw new IllegalArgumentException("admin port must be in 0..65535: " + p);
        }
        this.adminPort = p;
    }

    /** Sets how long the origin may take to connect; positive. */
    public void connectTimeout(Duration timeout) {
        this.connectTimeout = positive(timeout, "connect timeout");
    }

    /** Sets how long the origin may take to answer a client's request; positive. */
    public void readTimeout(Duration timeout) {
        this.readTimeout = positive(timeout, "read timeout");
    }

    /** Sets how long a stop waits for requests in flight; not negative. */
    public void drainTimeout(Duration timeout) {
        Objects.requireNonNull(timeout, "drainTimeout");
        if (timeout.isNegative()) {
            throw new IllegalArgumentException("drain timeout must not be negative: "
                    + timeout);
        }
        this.drainTimeout = timeout;
    }

    /** Sets where the access log goes; {@code null} turns it off. */
    public void accessLog(OutputStream out) {
        this.accessLog = out;
    }

    private static Duration positive(Duration timeout, String name) {
        Objects.requireNonNull(timeout, name);
        if (timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException(name + " must be positive: " + timeout);
        }
        return timeout;
    }

    /** Sets how deep includes may nest; not negative. */
    public void maxIncludeDepth(int depth) {
        if (depth < 0) {
            throw new IllegalArgumentException("max include depth must not be negative: "
                    + depth);
        }
        this.maxIncludeDepth = depth;
    }

    /** Sets how long one include may take; positive. */
    public void includeTimeout(Duration timeout) {
        Objects.requireNonNull(timeout, "includeTimeout");
        if (timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("include timeout must be positive: "
                    + timeout);
        }
        this.includeTimeout = timeout;
    }

    /** Whether ESI is processed in every textual response. */
    public void esiAlways(boolean always) {
        this.esiAlways = always;
    }

    /** Sets the cookies that select a variant under {@code Vary: Cookie}; none blank. */
    public void varyCookies(String... names) {
        for (String n : names) {
            if (n == null || n.isBlank()) {
                throw new IllegalArgumentException("vary cookie names must not be blank: "
                        + List.of(names));
            }
        }
        this.varyCookies = List.of(names);
    }

    /** Adds authorities that absolute include URLs may name; none null. */
    public void includeHosts(String... hosts) {
        for (String h : hosts) {
            Objects.requireNonNull(h, "include host");
            includeHosts.add(h);
        }
    }

    /** Sets the cache's bound in estimated retained bytes; positive. */
    public void maxBytes(long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("max bytes must be positive: " + bytes);
        }
        this.maxBytes = bytes;
    }

    /** Sets the time source for freshness and {@code Age}. */
    public void clock(InstantSource c) {
        this.clock = Objects.requireNonNull(c, "clock");
    }

    /** Sets the stats path on the admin port, starting with /; {@code null} turns it off. */
    public void adminPath(String path) {
        if (path != null && !path.startsWith("/")) {
            throw new IllegalArgumentException("admin path must start with /: " + path);
        }
        this.adminPath = path;
    }

    /** Sets the size of the pool that fetches includes; positive. */
    public void fetchThreads(int threads) {
        if (threads <= 0) {
            throw new IllegalArgumentException("fetch threads must be positive: " + threads);
        }
        this.fetchThreads = threads;
    }

    /** Whether an unsafe method's answer invalidates the locations it names. */
    public void invalidateLocations(boolean invalidate) {
        this.invalidateLocations = invalidate;
    }

    /** Sets the field by which the origin purges tags in its answer to a change. */
    public void purgeHeader(String name) {
        Objects.requireNonNull(name, "purgeHeader");
        if (!name.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) {
            throw new IllegalArgumentException("not an HTTP field name: '" + name + "'");
        }
        this.purgeHeader = name;
    }

    /** Sets the cookies that do not make a request personal, as {@link RequestRules} reads them. */
    public void anonymousCookies(String... names) {
        List<String> n = List.of(names);
        RequestRules.of(n, List.of(), false, List.of());
        this.anonymousCookies = n;
    }

    /** Sets the request fields that are part of every key ({@link RequestRules#checkKeyHeader}). */
    public void keyHeaders(String... names) {
        for (String n : names) {
            RequestRules.checkKeyHeader(n);
        }
        this.keyHeaders = List.of(names);
    }

    /** Whether method-override fields on GET and HEAD reach the origin. */
    public void keepMethodOverride(boolean keep) {
        this.keepMethodOverride = keep;
    }

    /** Sets the proxies whose forwarding fields are kept, as {@link RequestRules} reads them. */
    public void trustedProxies(String... addresses) {
        List<String> a = List.of(addresses);
        RequestRules.of(List.of(), List.of(), false, a);
        this.trustedProxies = a;
    }

    /** Sets the longest request target (path and query) the edge takes, in bytes. */
    public void maxUriLength(int bytes) {
        this.maxUriLength = limit(bytes, "max URI length");
    }

    /** Sets the most bytes of request header fields the edge takes. */
    public void maxHeaderBytes(int bytes) {
        this.maxHeaderBytes = limit(bytes, "max header bytes");
    }

    private static int limit(int bytes, String name) {
        if (bytes < MIN_LIMIT || bytes > MAX_LIMIT) {
            throw new IllegalArgumentException(name + " must be in " + MIN_LIMIT + ".."
                    + MAX_LIMIT + ": " + bytes);
        }
        return bytes;
    }

    /**
     * Switches every defence of the edge-security page off (tests only): the naive caching
     * proxy each attack is shown to succeed against.
     */
    public void naive(boolean on) {
        this.naive = on;
    }

    /** Sets what runs before every cache lookup (tests make it throw). */
    public void cacheFault(Runnable fault) {
        this.cacheFault = fault;
    }

    /**
     * Checks what no single setter can: that an origin was given, and the warm-up's
     * combination.
     *
     * @throws IllegalStateException if not
     */
    public void check() {
        if (origin == null) {
            throw new IllegalStateException("an origin is required: call origin(URI)");
        }
        if (sharedTierKey != null && sharedTierUri == null) {
            throw new IllegalStateException("a signing key file for the shared tier needs its"
                    + " address: call sharedTier(\"redis://host:port\") too");
        }
        warmup.check();
    }

    /** The origin base URL. */
    public URI origin() {
        return origin;
    }

    /** The origin base URL without trailing slashes, the prefix of every forwarded URL. */
    public String originPrefix() {
        return origin.toString().replaceAll("/+$", "");
    }

    /** The proxy's configured port (0: any free one). */
    public int port() {
        return port;
    }

    /** The proxy's address. */
    public String address() {
        return address;
    }

    /** How deep includes may nest. */
    public int maxIncludeDepth() {
        return maxIncludeDepth;
    }

    /** How long one include may take. */
    public Duration includeTimeout() {
        return includeTimeout;
    }

    /** Whether ESI is processed in every textual response. */
    public boolean esiAlways() {
        return esiAlways;
    }

    /** The cookies that select a variant under {@code Vary: Cookie}. */
    public List<String> varyCookies() {
        return varyCookies;
    }

    /** The authorities absolute include URLs may name besides the origin's. */
    public List<String> includeHosts() {
        return includeHosts;
    }

    /** The cache's bound in estimated retained bytes. */
    public long maxBytes() {
        return maxBytes;
    }

    /** The time source for freshness and {@code Age}. */
    public InstantSource clock() {
        return clock;
    }

    /** The stats path on the admin port, or {@code null} when the admin port is off. */
    public String adminPath() {
        return adminPath;
    }

    /** The admin port's address. */
    public String adminAddress() {
        return adminAddress;
    }

    /** The admin port's configured port (0: any free one). */
    public int adminPort() {
        return adminPort;
    }

    /** The size of the pool that fetches includes. */
    public int fetchThreads() {
        return fetchThreads;
    }

    /** How long the origin may take to connect. */
    public Duration connectTimeout() {
        return connectTimeout;
    }

    /** How long the origin may take to answer a client's request. */
    public Duration readTimeout() {
        return readTimeout;
    }

    /** How long a stop waits for requests in flight. */
    public Duration drainTimeout() {
        return drainTimeout;
    }

    /** Where the access log goes, or {@code null}. */
    public OutputStream accessLog() {
        return accessLog;
    }

    /** What runs before every cache lookup, or {@code null}. */
    public Runnable cacheFault() {
        return cacheFault;
    }

    /** Whether an unsafe method's answer invalidates the locations it names. */
    public boolean invalidateLocations() {
        return invalidateLocations;
    }

    /** The purge secret, or {@code null} (purging off, the admin page read-only). */
    public String purgeSecret() {
        return purgeSecret;
    }

    /** The field by which the origin purges tags, or {@code null}. */
    public String purgeHeader() {
        return purgeHeader;
    }

    /** The request rules these settings make ({@link RequestRules#of}). */
    public RequestRules requestRules() {
        RequestRules r = RequestRules.of(anonymousCookies, keyHeaders, keepMethodOverride,
                trustedProxies);
        return naive ? r.naive() : r;
    }

    /** The longest request target the edge answers itself (414 beyond); 0 when naive. */
    public int maxUriLength() {
        return naive ? 0 : maxUriLength;
    }

    /** The most bytes of header fields the edge answers itself (431 beyond); 0 when naive. */
    public int maxHeaderBytes() {
        return naive ? 0 : maxHeaderBytes;
    }

    /**
     * The size of Tomcat's buffer for the request line and the header fields: both limits
     * with room to spare, so that the edge, not Tomcat's plain 400, answers a request beyond
     * either.
     */
    public int maxHeadBytes() {
        return maxUriLength + maxHeaderBytes + HEAD_SLACK;
    }

    /** Whether every defence is off (tests only). */
    public boolean naive() {
        return naive;
    }

    /** The warm-up's settings, which the builder's warm-up methods set. */
    public Warmup.Settings warmup() {
        return warmup;
    }

    /** Client classification, or {@code null} when off. */
    public ClientClassification clientClassification() {
        return classification;
    }

    /**
     * Sets the address of the farm's shared tier ({@code redis://host:port}), opened through
     * cache-redis when the edge starts.
     */
    public void sharedTier(String uri) {
        Objects.requireNonNull(uri, "sharedTier");
        URI u;
        try {
            u = new URI(uri.trim());
        } catch (java.net.URISyntaxException e) {
            u = null;
        }
        if (u == null || u.getScheme() == null || u.getHost() == null) {
            throw new IllegalArgumentException("not a shared tier address: '" + uri
                    + "'; write one such as redis://127.0.0.1:6379");
        }
        this.sharedTierUri = uri.trim();
    }

    /** Sets the file whose key signs the shared tier's entries. */
    public void sharedTierSigningKeyFile(java.nio.file.Path file) {
        this.sharedTierKey = Objects.requireNonNull(file, "signingKeyFile");
    }

    /** Sets the farm's shared tier made in code (it takes the place of an address). */
    public void sharedTier(io.github.wscache.core.spi.SharedTier tier) {
        this.sharedTier = Objects.requireNonNull(tier, "tier");
    }

    /** The farm the cache shares its entries with, or {@code null} for none. */
    public EdgeCache.Farm farm() {
        if (sharedTier == null && sharedTierUri == null) {
            return null;
        }
        return new EdgeCache.Farm(sharedTier, sharedTierUri, sharedTierKey);
    }
}
