package io.github.wscache.edge;

import io.github.wscache.edge.internal.Composer;
import io.github.wscache.edge.internal.EdgeCache;
import io.github.wscache.edge.internal.EdgeCounters;
import io.github.wscache.edge.internal.OriginClient;
import io.github.wscache.edge.internal.ProxyServlet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;

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
 * <p><b>Caching.</b> GET only; freshness from {@code Surrogate-Control max-age}, then
 * {@code Cache-Control s-maxage}/{@code max-age}, then {@code Expires}; no heuristics; only
 * status 200; never with {@code Set-Cookie}, {@code Surrogate-Control: no-store} or
 * {@code Vary: *}. A {@code Surrogate-Control max-age} is addressed to the edge and takes
 * precedence over {@code Cache-Control} (which is left to the browsers); without one,
 * {@code Cache-Control: private} or {@code no-store} forbid storing. Stale entries with
 * a validator are revalidated (a 304 refreshes them). {@code Vary} on request fields splits the
 * key; for {@code Cookie} by the values of {@link Builder#varyCookies(String...)}. Requests with
 * {@code Authorization} bypass the cache.
 *
 * <p>Thread-safe. {@link #close()} stops the server.
 *
 * <pre>{@code
 * try (EdgeServer edge = EdgeServer.builder()
 *         .origin(URI.create("http://localhost:8080"))
 *         .port(8090)
 *         .varyCookies("JSESSIONID")
 *         .build()
 *         .start()) {
 *     // browse http://localhost:8090/ ; counters at http://localhost:8090/_edge/stats
 *     System.out.println(edge.stats().filteredShare());
 * }
 * }</pre>
 * From the command line: {@code java -cp ... io.github.wscache.edge.EdgeServer --origin
 * http://localhost:8080 --port 8090}.
 */
public final class EdgeServer implements AutoCloseable {
    /** The default admin path that serves {@link EdgeStats} as JSON. */
    public static final String DEFAULT_ADMIN_PATH = "/_edge/stats";

    private final Builder config;
    private final EdgeCounters counters = new EdgeCounters();
    private final AtomicBoolean closed = new AtomicBoolean();
    private ThreadPoolExecutor pool;
    private ExecutorService clientThreads;
    private ScheduledExecutorService timer;
    private EdgeCache cache;
    private Tomcat tomcat;
    private Path baseDir;
    private int port = -1;

    private EdgeServer(Builder b) {
        this.config = b;
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
        if (tomcat != null || closed.get()) {
            throw new IllegalStateException("edge server was already started");
        }
        pool = new ThreadPoolExecutor(config.fetchThreads, config.fetchThreads, 30,
                TimeUnit.SECONDS, new LinkedBlockingQueue<>(), threads("fetch"));
        pool.allowCoreThreadTimeOut(true);
        clientThreads = Executors.newCachedThreadPool(threads("client"));
        timer = Executors.newSingleThreadScheduledExecutor(threads("timer"));
        cache = new EdgeCache(new OriginClient(clientThreads), config.clock, config.maxBytes,
                config.varyCookies, config.cacheFault);
        Set<String> hosts = new LinkedHashSet<>();
        hosts.add(Composer.authority(config.origin));
        for (String h : config.includeHosts) {
            hosts.add(Composer.authority(URI.create("http://" + h)));
        }
        Composer composer = new Composer(cache, pool, timer, hosts, config.maxIncludeDepth,
                config.includeTimeout, config.esiAlways, counters);
        String origin = config.origin.toString().replaceAll("/+$", "");
        ProxyServlet servlet = new ProxyServlet(origin, cache, composer, counters,
                config.adminPath, () -> stats().toJson());
        try {
            baseDir = Files.createTempDirectory("wscache-edge");
            tomcat = new Tomcat();
            tomcat.setBaseDir(baseDir.toString());
            tomcat.setSilent(true);
            Connector connector = new Connector();
            connector.setPort(config.port);
            connector.setProperty("address", config.address);
            tomcat.setConnector(connector);
            StandardContext context = (StandardContext) tomcat.addContext("", null);
            context.setClearReferencesThreadLocals(false);
            context.setClearReferencesRmiTargets(false);
            Wrapper w = Tomcat.addServlet(context, "edge", servlet);
            w.setLoadOnStartup(1);
            context.addServletMapping("/", "edge");
            tomcat.start();
            port = connector.getLocalPort();
            if (port <= 0) {
                throw new IOException("cannot listen on " + config.address + ":" + config.port);
            }
        } catch (IOException | LifecycleException e) {
            close();
            throw new UncheckedIOException(new IOException(
                    "edge server cannot start on port " + config.port, e));
        }
        return this;
    }

    /**
     * Daemon threads that do not hold Tomcat's web application class loader (they are created
     * lazily, often on a request thread), so that stopping Tomcat finds no leaked threads.
     */
    private static ThreadFactory threads(String name) {
        AtomicInteger n = new AtomicInteger();
        ClassLoader loader = EdgeServer.class.getClassLoader();
        return r -> {
            Thread t = new Thread(r, "wscache-edge-" + name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            t.setContextClassLoader(loader);
            return t;
        };
    }

    /** Returns the port the server listens on (the actual one when 0 was configured). */
    public int port() {
        return port;
    }

    /** Returns the counters since start. */
    public EdgeStats stats() {
        return new EdgeStats(counters.requests.sum(), counters.hits.sum(),
                counters.misses.sum(), counters.bytes.sum(), counters.fragmentHits.sum(),
                counters.fragmentsFetched.sum(), counters.originRequests.sum(),
                counters.filtered.sum(), counters.errors.sum(),
                cache == null ? 0 : cache.cacheErrors(),
                cache == null ? 0 : cache.weightedSize(),
                cache == null ? 0 : cache.storedUrls(),
                cache == null ? 0 : cache.storedVariants());
    }

    /** Stops the server and drops the cache; idempotent. */
    @Override
    public synchronized void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            if (tomcat != null) {
                tomcat.stop();
                tomcat.destroy();
            }
        } catch (LifecycleException e) {
            throw new IllegalStateException("cannot stop tomcat", e);
        } finally {
            for (ExecutorService e : new ExecutorService[] {pool, clientThreads, timer}) {
                if (e != null) {
                    e.shutdownNow();
                }
            }
            if (cache != null) {
                cache.close();
            }
            deleteRecursively(baseDir);
        }
    }

    private static void deleteRecursively(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a leftover temporary directory is harmless
        }
    }

    /**
     * Runs an edge server until the JVM stops: {@code --origin URL} (required),
     * {@code --port N} (default 8090), {@code --esi-always}, {@code --vary-cookies a,b}.
     */
    public static void main(String[] args) {
        Builder b = builder().port(8090);
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--origin":
                    b.origin(URI.create(value(args, ++i, a)));
                    break;
                case "--port":
                    b.port(Integer.parseInt(value(args, ++i, a)));
                    break;
                case "--esi-always":
                    b.esiAlways(true);
                    break;
                case "--vary-cookies":
                    b.varyCookies(value(args, ++i, a).split(","));
                    break;
                default:
                    throw new IllegalArgumentException("unknown option: " + a
                            + " (usage: --origin URL [--port N] [--esi-always]"
                            + " [--vary-cookies a,b])");
            }
        }
        EdgeServer edge = b.build().start();
        Runtime.getRuntime().addShutdownHook(new Thread(edge::close));
        System.out.println("wscache-edge on http://localhost:" + edge.port() + "/ in front of "
                + b.origin + "; stats at " + b.adminPath);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
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
        private String adminPath = DEFAULT_ADMIN_PATH;
        private int fetchThreads = 64;
        private Runnable cacheFault;

        private Builder() {
        }

        /**
         * Sets the origin base URL (required), e.g. {@code http://localhost:8080}; request paths
         * are appended to it.
         *
         * @throws IllegalArgumentException if it is not an absolute http URL
         * @throws IllegalStateException if already set
         */
        public Builder origin(URI origin) {
            Objects.requireNonNull(origin, "origin");
            if (this.origin != null) {
                throw new IllegalStateException("origin was already set: " + this.origin);
            }
            String scheme = origin.getScheme() == null ? ""
                    : origin.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https") || origin.getHost() == null) {
                throw new IllegalArgumentException("origin must be an http URL: " + origin);
            }
            this.origin = origin;
            return this;
        }

        /**
         * Sets the port to listen on; 0 (the default) picks a free one.
         *
         * @throws IllegalArgumentException if not in 0..65535
         */
        public Builder port(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port must be in 0..65535: " + port);
            }
            this.port = port;
            return this;
        }

        /** Sets the address to listen on; {@code 0.0.0.0} (all) by default. */
        public Builder address(String address) {
            this.address = Objects.requireNonNull(address, "address");
            return this;
        }

        /**
         * Sets how deep includes may nest (default 3): the page's includes are level 1; an
         * include beyond the limit fails like an unreachable one.
         *
         * @throws IllegalArgumentException if negative
         */
        public Builder maxIncludeDepth(int depth) {
            if (depth < 0) {
                throw new IllegalArgumentException("max include depth must not be negative: "
                        + depth);
            }
            this.maxIncludeDepth = depth;
            return this;
        }

        /**
         * Sets how long one include may take (default 5 s); a slower one fails with 504 unless
         * {@code alt} or {@code onerror="continue"} saves it.
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder includeTimeout(Duration timeout) {
            Objects.requireNonNull(timeout, "includeTimeout");
            if (timeout.isZero() || timeout.isNegative()) {
                throw new IllegalArgumentException("include timeout must be positive: "
                        + timeout);
            }
            this.includeTimeout = timeout;
            return this;
        }

        /** Processes ESI in every textual response, not only those the origin marks. */
        public Builder esiAlways(boolean esiAlways) {
            this.esiAlways = esiAlways;
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
            for (String n : names) {
                if (n == null || n.isBlank()) {
                    throw new IllegalArgumentException("vary cookie names must not be blank: "
                            + List.of(names));
                }
            }
            this.varyCookies = List.of(names);
            return this;
        }

        /**
         * Allows absolute include URLs to name these {@code host[:port]} authorities besides the
         * origin's (port 80 when omitted). Includes are always fetched from the named host.
         */
        public Builder includeHosts(String... hosts) {
            for (String h : hosts) {
                Objects.requireNonNull(h, "include host");
                includeHosts.add(h);
            }
            return this;
        }

        /**
         * Bounds the cache by the estimated retained bytes of its entries (default 64 MiB).
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder maxBytes(long bytes) {
            if (bytes <= 0) {
                throw new IllegalArgumentException("max bytes must be positive: " + bytes);
            }
            this.maxBytes = bytes;
            return this;
        }

        /** Sets the time source for freshness and {@code Age} (tests pass a fake one). */
        public Builder clock(InstantSource clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * Sets the path that serves {@link EdgeStats} as JSON (default
         * {@value EdgeServer#DEFAULT_ADMIN_PATH}); {@code null} turns it off.
         *
         * @throws IllegalArgumentException if it does not start with {@code /}
         */
        public Builder adminPath(String path) {
            if (path != null && !path.startsWith("/")) {
                throw new IllegalArgumentException("admin path must start with /: " + path);
            }
            this.adminPath = path;
            return this;
        }

        /**
         * Sets the size of the bounded pool that fetches includes (default 64); includes beyond
         * it wait for a free thread.
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder fetchThreads(int threads) {
            if (threads <= 0) {
                throw new IllegalArgumentException("fetch threads must be positive: " + threads);
            }
            this.fetchThreads = threads;
            return this;
        }

        /** Runs before every cache lookup; tests make it throw to prove failures are misses. */
        Builder cacheFault(Runnable fault) {
            this.cacheFault = fault;
            return this;
        }

        /**
         * Returns the server, not yet started.
         *
         * @throws IllegalStateException if no origin was set
         */
        public EdgeServer build() {
            if (origin == null) {
                throw new IllegalStateException("an origin is required: call origin(URI)");
            }
            return new EdgeServer(this);
        }
    }
}
