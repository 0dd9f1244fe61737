package io.github.wscache.edge;

import io.github.wscache.admin.AuditedAdmin;
import io.github.wscache.edge.internal.EdgeCommand;
import io.github.wscache.edge.internal.EdgeCounters;
import io.github.wscache.edge.internal.EdgeLifecycle;
import io.github.wscache.edge.internal.EdgeSettings;
import io.github.wscache.edge.internal.ServerActions;
import io.github.wscache.edge.internal.StatsSnapshot;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.LifecycleException;

/**
 * An ESI edge cache: a reverse proxy on embedded Tomcat 11 in front of one origin, which caches
 * page containers and ESI fragments separately, each with its own freshness, and composes pages,
 * fetching all missing fragments of a page in parallel. It knows nothing of the application: any
 * origin that emits ESI works.
 *
 * <p><b>Forwarding.</b> Every request (method, path, query, end-to-end header fields, body) goes
 * to the origin base URL with the JDK {@code HttpClient} (HTTP/1.1); status, end-to-end fields
 * and body come back. {@code Set-Cookie} passes through and is never cached. The edge always
 * asks the origin for {@code Accept-Encoding: identity} and compresses itself (gzip for textual
 * bodies over 1 KB when the client accepts it).
 *
 * <p><b>ESI.</b> Processed when the origin's response carries
 * {@code Surrogate-Control: content="ESI/1.0"} (alone or with other directives), or for every
 * textual response with {@link Builder#esiAlways(boolean)}. Subset: {@code esi:include} with
 * {@code src}, {@code alt} and {@code onerror="continue"}, {@code esi:remove},
 * {@code esi:comment} and {@code <!--esi ... -->}. Includes nest up to
 * {@link Builder#maxIncludeDepth(int)}. A relative {@code src} is resolved against the including
 * document's URL; an absolute {@code src} may only name the origin's host and port, plus the
 * hosts given to {@link Builder#includeHosts(String...)}. Includes carry the client's header
 * fields (its {@code Cookie} among them, for personalised fragments) except
 * {@code Accept-Encoding} and conditionals.
 *
 * <p><b>Caching.</b> An RFC 9111 shared cache of GET (HEAD answered from it): freshness from
 * {@code CDN-Cache-Control}, then a {@code Surrogate-Control max-age}, then
 * {@code Cache-Control}/{@code Expires}, then heuristics for the heuristically cacheable
 * statuses; never with {@code Set-Cookie}, {@code private}, {@code no-store} or
 * {@code Vary: *}. Stale entries with a validator are revalidated (a 304 refreshes them).
 * {@code Vary} on request fields splits the key; for {@code Cookie} by the values of
 * {@link Builder#varyCookies(String...)}; {@link Builder#keyHeaders(String...)} split every key.
 * The site's edge page has every rule.
 *
 * <p><b>Security.</b> Requests with {@code Authorization} bypass the cache. A request with a
 * cookie (other than {@link Builder#anonymousCookies(String...) anonymous ones}) or a
 * credential-like field never gets a stored answer, nor stores one, unless the answer is marked
 * shared ({@code public}, {@code s-maxage}) or varies on its credentials, with an explicit
 * lifetime. Method-override fields on GET and HEAD ({@link Builder#keepMethodOverride}),
 * client forwarding and rewrite fields ({@link Builder#trustedProxies(String...)}) do not reach
 * the origin; the edge sends its own {@code Forwarded} and {@code X-Forwarded-For}. A field that
 * does reach it ({@link Builder#keyHeaders(String...)}, a trusted proxy's forwarding fields) is
 * part of the key. An error answered to a request with unusual header fields is never stored;
 * a request target or header section beyond {@link Builder#maxUriLength(int)} or
 * {@link Builder#maxHeaderBytes(int)} is answered 414 or 431 by the edge itself. The URL is
 * keyed and forwarded in one normal form (scheme and host case, default port,
 * percent-encodings, dot segments), and Tomcat's parser refuses ambiguous framing. The site's
 * "Edge security" page lists each attack, the default and the test that shows it.
 *
 * <p><b>Admin port.</b> The counters ({@link EdgeStats} as JSON) are served at
 * {@link Builder#adminPath(String)} on a port of their own, {@link Builder#adminPort(int)}, bound
 * to {@link Builder#adminAddress(String) 127.0.0.1} by default; the proxy's port never serves
 * them.
 *
 * <p><b>Admin page.</b> The same port serves cache-admin's admin endpoint at
 * {@value #ADMIN_PAGE_PATH}{@code /} (HTML, and JSON at {@code state.json}): the counters, the
 * reasons responses bypassed the cache or were not stored, and purges by tag, by URL and of
 * everything, which need the page's token and the {@linkplain Builder#purgeSecret(String) purge
 * secret} (no secret: the page is read-only). Every purge, from the page, {@code /_edge/purge}
 * or JMX, goes through {@link #admin()} and is recorded with who, what and when in the audit
 * log ({@code io.github.wscache.admin.audit}). The edge's MXBean is registered in the platform
 * MBeanServer as {@code io.github.wscache:type=EdgeCache,name="edge:<port>"}.
 *
 * <p><b>Purging.</b> Responses tagged by the origin ({@code Surrogate-Key: tag1 tag2}) are
 * indexed by tag; an authenticated {@code POST /_edge/purge} on the admin port with
 * {@code Surrogate-Key: tag} drops them all, responses still on their way from the origin
 * included ({@link Builder#purgeSecret(String)}).
 *
 * <p><b>Access log.</b> With {@link Builder#accessLog(OutputStream)}, one line per request in the
 * combined log format plus the cache outcome and the time taken, written by a thread of its own.
 *
 * <p><b>Warm-up.</b> Optionally, once the port listens, the edge pre-fetches a list of paths in
 * the background ({@link #warmup()}): a list the origin publishes ({@link
 * Builder#warmupUrl(URI)}), a file ({@link Builder#warmupFile(Path)}) and the most requested
 * paths of an earlier access log ({@link Builder#warmupFromLog(Path, int)}), a few at a time
 * ({@link Builder#warmupConcurrency(int)}) within a time budget
 * ({@link Builder#warmupBudget(Duration)}). Each is fetched like an anonymous client's
 * {@code GET}, ESI fragments included, so the first clients get hits; clients are served
 * meanwhile and one asking for a path being warmed waits for the same origin request.
 *
 * <p><b>Stopping.</b> {@link #close()} stops gracefully: the proxy's port stops accepting
 * connections at once (a request arriving on a connection that is already open gets a 503), the
 * requests in flight are given up to {@link Builder#drainTimeout(Duration)} to finish, and only
 * then are the remaining ones cut off and the server stopped.
 *
 * <p>Thread-safe.
 *
 * <pre>{@code
 * try (EdgeServer edge = EdgeServer.builder()
 *         .origin(URI.create("http://localhost:8080"))
 *         .port(8090)
 *         .adminPort(8091)
 *         .varyCookies("JSESSIONID")
 *         .build()
 *         .start()) {
 *     // browse http://localhost:8090/ ; counters at http://127.0.0.1:8091/_edge/stats
 *     System.out.println(edge.stats().filteredShare());
 * }
 * }</pre>
 * From the command line: {@code java -jar cache-edge.jar --origin http://localhost:8080} (see
 * {@code --help} and the site's edge page for every option and the {@code edge.yaml} file).
 */
public final class EdgeServer implements AutoCloseable {
    /** The default admin path that serves {@link EdgeStats} as JSON. */
    public static final String DEFAULT_ADMIN_PATH = "/_edge/stats";
    /** Where the admin port serves the admin page (cache-admin's endpoint). */
    public static final String ADMIN_PAGE_PATH = "/_edge/admin";

    private final EdgeSettings settings;
    private final EdgeCounters counters = new EdgeCounters();
    private final AtomicBoolean closed = new AtomicBoolean();
    private EdgeLifecycle run;

    private EdgeServer(EdgeSettings settings) {
        this.settings = settings;
    }

    /** Returns a builder. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Starts the server; returns once the port accepts connections.
     *
     * @throws UncheckedIOException when the port cannot be bound
     * @throws IllegalStateException if already started
     */
    public synchronized EdgeServer start() {
        if (run != null || closed.get()) {
            throw new IllegalStateException("edge server was already started");
        }
        run = new EdgeLifecycle(settings, counters, this::stats);
        try {
            run.start();
        } catch (IOException | LifecycleException e) {
            close();
            throw new UncheckedIOException(new IOException(
                    "edge server cannot start on port " + settings.port(), e));
        }
        return this;
    }

    /** Returns the port the server listens on (the actual one when 0 was configured). */
    public int port() {
        return run == null ? -1 : run.port();
    }

    /**
     * Returns the admin port (the actual one when 0 was configured), or -1 when the admin port
     * is off ({@link Builder#adminPath(String) adminPath(null)}) or the server is not started.
     */
    public int adminPort() {
        return run == null ? -1 : run.adminPort();
    }

    /**
     * Returns the warm-up started with the server, or empty when no warm-up source was
     * configured or the server is not started.
     */
    public Optional<EdgeWarmup> warmup() {
        return Optional.ofNullable(run == null ? null : run.warmup());
    }

    /**
     * Returns the administration of this edge's cache: its view (counters, reasons) and purges
     * by tag, by URL and of everything, each recorded with who, what and when.
     *
     * <pre>{@code
     * edge.admin().purge(List.of("product-42"), "stock-service");
     * }</pre>
     *
     * @throws IllegalStateException if the server was not started
     */
    public AuditedAdmin admin() {
        AuditedAdmin audited = run == null ? null : run.admin();
        if (audited == null) {
            throw new IllegalStateException("edge server was not started");
        }
        return audited;
    }

    /**
     * Returns how often each server action was taken since start; empty when client
     * classification is off.
     */
    public java.util.Map<ClientClassification.ServerAction, Long> serverActionsTaken() {
        java.util.Map<ClientClassification.ServerAction, Long> m =
                new java.util.EnumMap<>(ClientClassification.ServerAction.class);
        ServerActions actions = run == null ? null : run.actions();
        if (actions != null) {
            for (ClientClassification.ServerAction a
                    : ClientClassification.ServerAction.values()) {
                m.put(a, actions.taken(a));
            }
        }
        return m;
    }

    /**
     * Returns the engine this edge caches through, cache-core's {@link
     * io.github.wscache.core.ResponseCache}: its counters, its per-call events and its
     * invalidation, for cache-micrometer's binder, cache-admin or a test; one object for the
     * life of the started server.
     *
     * @throws IllegalStateException if the server was not started
     */
    public io.github.wscache.core.ResponseCache responseCache() {
        if (run == null || run.cache() == null) {
            throw new IllegalStateException("edge server was not started");
        }
        return run.cache().engine();
    }

    /** Returns the counters since start. */
    public EdgeStats stats() {
        return run == null ? StatsSnapshot.of(counters, null, null)
                : StatsSnapshot.of(counters, run.cache(), run.warmup());
    }

    /**
     * Stops the server gracefully and drops the cache; idempotent. The proxy's port stops
     * accepting connections, the requests in flight get up to the
     * {@link Builder#drainTimeout(Duration) drain timeout} to finish, then the rest are cut off
     * (their clients see the connection close) and the server stops. Returns when it has stopped.
     */
    @Override
    public synchronized void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        if (run != null) {
            run.close();
        }
    }

    /**
     * Runs an edge server until the JVM stops (SIGTERM or Ctrl-C stop it gracefully); {@code
     * --help} lists the options. Exits with 2 when the options or the configuration file are
     * wrong, with 1 when the server cannot start.
     */
    public static void main(String[] args) {
        EdgeCommand.main(args);
    }

    /**
     * Configures an {@link EdgeServer}. Setters validate at once; {@link #build()} checks that
     * an origin was given. Not thread-safe.
     *
     * <pre>{@code
     * EdgeServer edge = EdgeServer.builder()
     *         .origin(URI.create("http://localhost:8080"))
     *         .port(0)                                  // any free port
     *         .maxIncludeDepth(3)
     *         .includeTimeout(Duration.ofSeconds(5))
     *         .varyCookies("JSESSIONID", "user")
     *         .maxBytes(64L << 20)
     *         .build();
     * }</pre>
     */
    public static final class Builder {
        private final EdgeSettings settings = new EdgeSettings();

        private Builder() {
        }

        /**
         * Classifies clients as poor, normal or rich and takes server actions for them, as
         * {@code classification} says (off by default; {@code null} turns it off).
         */
        public Builder clientClassification(ClientClassification classification) {
            settings.clientClassification(classification);
            return this;
        }

        /**
         * Sets the shared secret that authenticates purges on the admin port
         * ({@code POST /_edge/purge} with {@code Authorization: Bearer SECRET} and
         * {@code Surrogate-Key: tag ...}) and the changes on the admin page
         * ({@value EdgeServer#ADMIN_PAGE_PATH}{@code /}); without one (the default) every purge
         * over HTTP is refused and the admin page is read-only. The MXBean's operations, behind
         * JMX's own access control (a local attach, or remote JMX's authentication), and
         * {@link EdgeServer#admin()} in code purge with or without one, audited.
         *
         * @throws IllegalArgumentException if shorter than 16 characters or not printable ASCII
         */
        public Builder purgeSecret(String secret) {
            settings.purgeSecret(secret);
            return this;
        }

        /**
         * Sets the origin base URL (required), e.g. {@code http://localhost:8080}; request paths
         * are appended to it.
         *
         * @throws IllegalArgumentException if it is not an absolute http URL
         * @throws IllegalStateException if already set
         */
        public Builder origin(URI origin) {
            settings.origin(origin);
            return this;
        }

        /**
         * Sets the port to listen on; 0 (the default) picks a free one.
         *
         * @throws IllegalArgumentException if not in 0..65535
         */
        public Builder port(int port) {
            settings.port(port);
            return this;
        }

        /**
         * Sets the address the proxy listens on; {@code 0.0.0.0} (all interfaces) by default,
         * as a reverse proxy that clients reach from other hosts needs.
         *
         * @throws IllegalArgumentException if blank
         */
        public Builder address(String address) {
            settings.address(address);
            return this;
        }

        /**
         * Sets the address of the admin port; {@code 127.0.0.1} by default, so that the counters
         * are only reachable from the edge's own host.
         *
         * @throws IllegalArgumentException if blank
         */
        public Builder adminAddress(String address) {
            settings.adminAddress(address);
            return this;
        }

        /**
         * Sets the admin port, which serves {@link #adminPath(String)}; 0 (the default) picks a
         * free one ({@link EdgeServer#adminPort()} tells which; 8091 from the command line).
         *
         * @throws IllegalArgumentException if not in 0..65535
         */
        public Builder adminPort(int port) {
            settings.adminPort(port);
            return this;
        }

        /**
         * Sets how long to wait for the origin to connect (default 10 s); a page whose origin
         * does not connect in time is a 504.
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder connectTimeout(Duration timeout) {
            settings.connectTimeout(timeout);
            return this;
        }

        /**
         * Sets how long the origin may take to answer a client's request (default 30 s); a
         * slower answer is a 504. Includes have their own {@link #includeTimeout(Duration)}.
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder readTimeout(Duration timeout) {
            settings.readTimeout(timeout);
            return this;
        }

        /**
         * Sets how long {@link EdgeServer#close()} waits for requests in flight (default 10 s);
         * zero cuts them off at once.
         *
         * @throws IllegalArgumentException if negative
         */
        public Builder drainTimeout(Duration timeout) {
            settings.drainTimeout(timeout);
            return this;
        }

        /**
         * Writes an access log line per request to {@code out} (off by default): the combined
         * log format, then the cache outcome ({@code HIT}, {@code MISS}, {@code STALE},
         * {@code PASS}) and the time taken in microseconds. Lines are written by a thread of
         * their own and never slow a request down: if {@code out} cannot keep up, lines are
         * dropped and a warning is logged. The stream is flushed, not closed, on
         * {@link EdgeServer#close()}; {@code null} turns the log off.
         */
        public Builder accessLog(OutputStream out) {
            settings.accessLog(out);
            return this;
        }

        /**
         * Sets how deep includes may nest (default 3): the page's includes are level 1; an
         * include beyond the limit fails like an unreachable one.
         *
         * @throws IllegalArgumentException if negative
         */
        public Builder maxIncludeDepth(int depth) {
            settings.maxIncludeDepth(depth);
            return this;
        }

        /**
         * Sets how long one include may take (default 5 s); a slower one fails with 504 unless
         * {@code alt} or {@code onerror="continue"} saves it.
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder includeTimeout(Duration timeout) {
            settings.includeTimeout(timeout);
            return this;
        }

        /** Processes ESI in every textual response, not only those the origin marks. */
        public Builder esiAlways(boolean esiAlways) {
            settings.esiAlways(esiAlways);
            return this;
        }

        /**
         * Names the cookies that select a variant of a response sent with {@code Vary: Cookie}
         * (e.g. {@code JSESSIONID}, {@code user}); the key holds their values. Without names,
         * the key holds the whole {@code Cookie} field.
         *
         * @throws IllegalArgumentException if a name is blank
         */
        public Builder varyCookies(String... names) {
            settings.varyCookies(names);
            return this;
        }

        /**
         * Allows absolute include URLs to name these {@code host[:port]} authorities besides the
         * origin's (port 80 when omitted). Includes are always fetched from the named host.
         */
        public Builder includeHosts(String... hosts) {
            settings.includeHosts(hosts);
            return this;
        }

        /**
         * Bounds the cache by the estimated retained bytes of its entries (default 64 MiB).
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder maxBytes(long bytes) {
            settings.maxBytes(bytes);
            return this;
        }

        /**
         * Sets the time source for freshness, {@code Age} and client classification's timings
         * (tests pass a manual one; the default is the system's).
         */
        public Builder clock(InstantSource clock) {
            settings.clock(clock);
            return this;
        }

        /**
         * Sets the path that serves {@link EdgeStats} as JSON on the admin port (default
         * {@value EdgeServer#DEFAULT_ADMIN_PATH}); {@code null} turns the admin port off.
         *
         * @throws IllegalArgumentException if it does not start with {@code /}
         */
        public Builder adminPath(String path) {
            settings.adminPath(path);
            return this;
        }

        /**
         * Sets the size of the bounded pool that fetches includes (default 64); includes beyond
         * it wait for a free thread.
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder fetchThreads(int threads) {
            settings.fetchThreads(threads);
            return this;
        }

        /**
         * Warms the cache at start from a list the origin publishes: plain text, one path per
         * line (with its query, e.g. {@code /category?id=FISH}; absolute URLs on the origin's
         * host are taken too), {@code #} starts a comment. A path such as {@code /warmup.txt}
         * is fetched from the origin; an http URL from where it says. An unreachable list is
         * logged and counted as failed; the edge starts anyway.
         *
         * @throws IllegalArgumentException if neither an http URL nor a path starting with /
         * @throws IllegalStateException if already set
         */
        public Builder warmupUrl(URI list) {
            settings.warmup().url(list);
            return this;
        }

        /**
         * Warms the cache at start from a list file in the format of
         * {@link #warmupUrl(URI)}, read when the warm-up starts.
         *
         * @throws IllegalArgumentException if it is not a readable file now
         * @throws IllegalStateException if already set
         */
        public Builder warmupFile(Path list) {
            settings.warmup().file(list);
            return this;
        }

        /**
         * Warms the cache at start with the {@code top} most requested paths of an access log
         * written by an earlier run ({@link #accessLog(OutputStream)}): {@code GET}s answered
         * with a 2xx only, most requested first. A log that does not exist yet (the first run)
         * warms nothing and is no error.
         *
         * @throws IllegalArgumentException if {@code top} is not in 1..10000
         * @throws IllegalStateException if already set
         */
        public Builder warmupFromLog(Path accessLog, int top) {
            settings.warmup().fromLog(accessLog, top);
            return this;
        }

        /**
         * Sets how many paths the warm-up fetches at once (default 4, so that the origin is not
         * flooded at start); their ESI fragments are fetched in parallel on the fetch pool.
         *
         * @throws IllegalArgumentException if not in 1..64
         */
        public Builder warmupConcurrency(int paths) {
            settings.warmup().concurrency(paths);
            return this;
        }

        /**
         * Sets how long the warm-up may take in all (default 60 s): then paths not started are
         * skipped and fetches in progress given up.
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder warmupBudget(Duration budget) {
            settings.warmup().budget(budget);
            return this;
        }

        /**
         * Whether a 2xx or 3xx answer to POST, PUT, DELETE or another unsafe method invalidates
         * the same-origin {@code Location} and {@code Content-Location} it names as well as the
         * request's own URI (default {@code true}). RFC 9111 §4.4 requires the request's URI and
         * allows the others. Turn it off for an origin that purges what a change affects by
         * {@code Surrogate-Key} ({@link #purgeSecret}) and answers form posts with a 303 to a
         * page shared by all visitors: else every such post, sign-in or sign-out, evicts that
         * page for everyone.
         */
        public Builder invalidateLocations(boolean invalidate) {
            settings.invalidateLocations(invalidate);
            return this;
        }

        /**
         * Lets the origin purge by tag in its answer to a change: a 2xx or 3xx answer to POST,
         * PUT, DELETE or another unsafe method that carries the field {@code name} (say
         * {@code Surrogate-Purge: item:EST-4 item:EST-9}) purges the {@code Surrogate-Key} tags
         * it lists, as a purge on the admin port would, before the answer goes on to the client;
         * the field itself is not forwarded. So the client's next request already sees the
         * change, and the origin saves the round trip of telling this edge apart (other edges
         * still need the admin port). Off by default: answers come only from the configured
         * origin over the edge's own connection, so no client can forge the field, but turn it
         * on only for an origin that never copies request fields into its answers.
         *
         * @throws IllegalArgumentException if {@code name} is not a valid field name
         */
        public Builder purgeHeader(String name) {
            settings.purgeHeader(name);
            return this;
        }

        /**
         * Names the cookies that do not make a request personal (analytics, consent): exact
         * names, or prefixes ending in {@code *} such as {@code _ga*}. A request with any other
         * cookie, or with a credential ({@code Authorization}, a field such as
         * {@code X-Api-Key}), is personal: it never gets a stored answer, nor stores one, unless
         * the answer is marked shared ({@code Cache-Control: public} or {@code s-maxage}) or
         * varies on every credential it carries ({@code Vary: Cookie}), with an explicit
         * lifetime. Default: none, every cookie counts.
         *
         * @throws IllegalArgumentException naming a value that is not a cookie name
         */
        public Builder anonymousCookies(String... names) {
            settings.anonymousCookies(names);
            return this;
        }

        /**
         * Names request fields that reach the origin and are part of the cache key, as if every
         * response named them in {@code Vary} (say {@code X-Forwarded-Proto} behind a TLS
         * terminator that is not a trusted proxy, or {@code X-Tenant}): a site whose pages
         * depend on such a field adds it here. Default: none. Client forwarding and rewrite
         * fields are otherwise dropped.
         *
         * @throws IllegalArgumentException if a name is not a field name, or one the edge sets
         *     itself ({@code Host}, {@code Forwarded}, hop-by-hop fields) or {@code Cookie}
         */
        public Builder keyHeaders(String... names) {
            settings.keyHeaders(names);
            return this;
        }

        /**
         * Whether {@code X-HTTP-Method-Override}, {@code X-HTTP-Method} and
         * {@code X-Method-Override} on GET and HEAD reach the origin (default {@code false}:
         * they are removed, so that no request can make the origin answer a plain GET with the
         * error of another method, stored for everyone). When kept they are part of the key.
         * Other methods are never stored and always keep them.
         */
        public Builder keepMethodOverride(boolean keep) {
            settings.keepMethodOverride(keep);
            return this;
        }

        /**
         * Names the proxies in front of the edge whose {@code Forwarded} and
         * {@code X-Forwarded-*} fields are kept (the edge appends its own hop): IP addresses
         * or CIDR blocks such as {@code 10.0.0.0/8} or {@code 2001:db8::/32}. From any other
         * client those fields, and {@code X-Original-URL}/{@code X-Rewrite-URL} from anyone,
         * are dropped and replaced by the edge's own {@code Forwarded} and
         * {@code X-Forwarded-For}. The fields a page may be built from, {@code X-Forwarded-Host},
         * {@code -Proto}, {@code -Scheme}, {@code -Port}, {@code -Prefix}, {@code -Ssl} and the
         * {@code host} and {@code proto} of {@code Forwarded}, are then part of the key, since
         * a proxy may pass on what its own client sent; so a warm-up, which sends none, fills
         * entries that requests through such a proxy do not use. Default: none.
         *
         * @throws IllegalArgumentException naming a value that is not an address or block
         */
        public Builder trustedProxies(String... addresses) {
            settings.trustedProxies(addresses);
            return this;
        }

        /**
         * Shares this edge's store with a farm of edges through the shared tier at {@code uri}
         * ({@code redis://host:port}; cache-redis must be on the class path, as it is beside the
         * edge's jar): a page one edge stored is a hit on the others (read from the tier, then
         * kept in each edge's own store), concurrent misses across the farm reach the origin
         * once, and purges and invalidations reach every edge. Entries are the pages' bytes
         * and fields under the cache's own form; an entry another program wrote is a counted
         * miss, never an error. Unsigned, the farm trusts everyone who can write to the Redis:
         * name a key file ({@link #sharedTierSigningKeyFile}) to have every entry signed. An
         * unsafe request's invalidation, a purge by URL or tag drops every page of the tier
         * (it keeps no index by URL), and each edge's own copies of the URLs concerned. Off by
         * default.
         *
         * @throws IllegalArgumentException if {@code uri} is not an address
         */
        public Builder sharedTier(String uri) {
            settings.sharedTier(uri);
            return this;
        }

        /**
         * Signs the shared tier's entries with the key in {@code file} (at least 32 bytes;
         * the same file on every edge of the farm): an entry without a valid signature is a
         * counted miss. Needs {@link #sharedTier(String)}.
         */
        public Builder sharedTierSigningKeyFile(Path file) {
            settings.sharedTierSigningKeyFile(file);
            return this;
        }

        /**
         * Shares this edge's store through a tier made in code (cache-redis's
         * {@code RedisTier}, or another {@link io.github.wscache.core.spi.SharedTier}); it takes
         * the place of {@link #sharedTier(String)} and is closed with the edge.
         */
        public Builder sharedTier(io.github.wscache.core.spi.SharedTier tier) {
            settings.sharedTier(tier);
            return this;
        }

        /**
         * Sets the longest request target (path and query, as the client wrote them) the edge
         * takes, in bytes (default 8192); a longer one is answered {@code 414 URI Too Long} by
         * the edge itself, reaches no origin and stores nothing. Raise it for a site whose
         * URLs are longer (say, long signed queries).
         *
         * @throws IllegalArgumentException if not in 1024..65536
         */
        public Builder maxUriLength(int bytes) {
            settings.maxUriLength(bytes);
            return this;
        }

        /**
         * Sets the most bytes of request header fields the edge takes (names, values and
         * line ends together; default 8192); more are answered
         * {@code 431 Request Header Fields Too Large} by the edge itself, reach no origin and
         * store nothing, so that no request can make the origin fail on its own, smaller limit
         * for everyone (cache-poisoned denial of service). Raise it for a site with many or
         * large cookies, no higher than the origin takes.
         *
         * @throws IllegalArgumentException if not in 1024..65536
         */
        public Builder maxHeaderBytes(int bytes) {
            settings.maxHeaderBytes(bytes);
            return this;
        }

        /**
         * Switches every defence of the site's "Edge security" page off: all client fields
         * reach the origin unkeyed, requests with cookies or credentials are cached like any
         * other, errors are stored whatever the request carried, no size limit of the edge's
         * own, the key is normalised but the raw URL forwarded, and an encoded slash passes.
         * For tests only, which show with it that each attack succeeds against a naive proxy.
         */
        Builder naiveProxy() {
            settings.naive(true);
            return this;
        }

        /** Runs before every cache lookup; tests make it throw to prove failures are misses. */
        Builder cacheFault(Runnable fault) {
            settings.cacheFault(fault);
            return this;
        }

        /**
         * Returns the server, not yet started.
         *
         * @throws IllegalStateException if no origin was set
         */
        public EdgeServer build() {
            settings.check();
            return new EdgeServer(settings);
        }
    }
}
