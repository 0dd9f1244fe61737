package io.github.wscache.edge.internal;

import io.github.wscache.edge.EdgeWarmup;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The edge's warm-up: once the edge listens, a thread of its own reads the sources (the origin's
 * list, a file, the top of an access log), and {@code concurrency} workers fetch each path
 * through the {@link EdgeCache} exactly as the {@link ProxyServlet} fetches a client's
 * {@code GET} (same URI, hence same key and single flight; ESI composed by a {@link Composer},
 * so fragments are fetched and stored too), with an empty request: no cookie, no credentials,
 * no other field. Only what an anonymous client may share is therefore stored; a response
 * with {@code Set-Cookie} or {@code Cache-Control: private} is fetched and dropped by the cache's
 * own rules. Nothing is written to any client and the client counters are not touched: the
 * warm-up's composer counts into counters of its own.
 *
 * <p>Time: every fetch's timeout is cut to what is left of the budget; when the budget runs out
 * the paths not started are skipped and the fetches in progress are interrupted (they fail).
 * Nothing here ever fails the edge: every problem is logged (the first {@value #WARNINGS} at
 * WARN, the rest at DEBUG) and counted. Thread-safe.
 */
public final class Warmup implements EdgeWarmup, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Warmup.class);
    /** Problems logged at WARN; later ones at DEBUG, so a bad list does not flood the log. */
    static final int WARNINGS = 10;
    /** The largest list accepted from a URL. */
    static final int MAX_LIST_BYTES = 1 << 20;

    private final Settings settings;
    private final String origin;
    private final EdgeCache cache;
    private final Composer composer;
    private final EdgeCounters counters;
    private final OriginClient client;
    private final Duration pageTimeout;
    private final Duration includeTimeout;
    private final CountDownLatch done = new CountDownLatch(1);
    private final AtomicInteger listed = new AtomicInteger();
    private final AtomicInteger fetched = new AtomicInteger();
    private final AtomicInteger stored = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();
    private final AtomicInteger skipped = new AtomicInteger();
    private final AtomicLong containerRequests = new AtomicLong();
    private final AtomicInteger warnings = new AtomicInteger();
    private final ExecutorService workers;
    private final Thread coordinator;
    private volatile boolean stopped;
    private volatile long startNanos;
    private volatile long endNanos;

    /**
     * Creates the warm-up; {@link #start()} runs it.
     *
     * @param origin the origin's base URL without a trailing slash
     * @param composer a composer of its own, counting into {@code counters}
     * @param client sends the requests for lists published at a URL
     * @param pageTimeout the longest a container fetch may take (the edge's read timeout)
     */
    public Warmup(Settings settings, String origin, EdgeCache cache, Composer composer,
            EdgeCounters counters, OriginClient client, Duration pageTimeout,
            Duration includeTimeout) {
        this.settings = settings;
        this.origin = origin;
        this.cache = cache;
        this.composer = composer;
        this.counters = counters;
        this.client = client;
        this.pageTimeout = pageTimeout;
        this.includeTimeout = includeTimeout;
        ClassLoader loader = Warmup.class.getClassLoader();
        AtomicInteger n = new AtomicInteger();
        this.workers = Executors.newFixedThreadPool(settings.concurrency, r -> {
            Thread t = new Thread(r, "wscache-edge-warmup-" + n.incrementAndGet());
            t.setDaemon(true);
            t.setContextClassLoader(loader);
            return t;
        });
        this.coordinator = new Thread(this::run, "wscache-edge-warmup");
        coordinator.setDaemon(true);
        coordinator.setContextClassLoader(loader);
    }

    /** Starts the warm-up in the background and returns at once. */
    public Warmup start() {
        startNanos = System.nanoTime();
        coordinator.start();
        return this;
    }

    @Override
    public boolean awaitDone(Duration timeout) throws InterruptedException {
        return done.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    @Override
    public boolean isDone() {
        return done.getCount() == 0;
    }

    @Override
    public Stats stats() {
        boolean d = isDone();
        long end = d ? endNanos : System.nanoTime();
        return new Stats(d, listed.get(), fetched.get(), stored.get(), failed.get(),
                skipped.get(), containerRequests.get() + counters.originRequests.sum(),
                Duration.ofNanos(Math.max(0, end - startNanos)));
    }

    /** Stops the warm-up: paths not started are skipped, fetches in progress interrupted. */
    @Override
    public void close() {
        stopped = true;
        coordinator.interrupt();
        workers.shutdownNow();
        try {
            coordinator.join(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        long deadline = startNanos + settings.budget.toNanos();
        try {
            List<String> paths = collect();
            listed.set(paths.size());
            LOG.info("wscache-edge warm-up: {} path(s) to fetch, {} at a time, within {} s",
                    paths.size(), settings.concurrency, settings.budget.toSeconds());
            for (String p : paths) {
                try {
                    workers.execute(() -> warmOne(p, deadline));
                } catch (RejectedExecutionException e) {
                    skipped.incrementAndGet(); // the edge stopped meanwhile
                }
            }
            workers.shutdown();
            if (!workers.awaitTermination(Math.max(0, deadline - System.nanoTime()),
                    TimeUnit.NANOSECONDS)) {
                stopAt("the time budget of " + settings.budget.toSeconds() + " s ran out");
            }
        } catch (InterruptedException e) {
            stopAt("the edge is stopping");
        } catch (RuntimeException e) {
            failed.incrementAndGet();
            LOG.warn("wscache-edge warm-up: stopped by an unexpected failure", e);
            stopAt("of that failure");
        } finally {
            endNanos = System.nanoTime();
            done.countDown();
            Stats s = stats();
            LOG.info("wscache-edge warm-up: {} path(s) listed, {} fetched, {} stored, {} failed, "
                    + "{} skipped; {} origin request(s), {} ms", s.listed(), s.fetched(),
                    s.stored(), s.failed(), s.skipped(), s.originRequests(),
                    s.elapsed().toMillis());
        }
    }

    /** Skips the paths not started and interrupts the fetches in progress. */
    private void stopAt(String why) {
        stopped = true;
        int notStarted = workers.shutdownNow().size();
        skipped.addAndGet(notStarted);
        LOG.info("wscache-edge warm-up: stopped because {}; {} path(s) not started", why,
                notStarted);
        try {
            workers.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The paths of every source in order (origin list, file, log), duplicates removed. */
    private List<String> collect() {
        Set<String> all = new LinkedHashSet<>();
        URI base = URI.create(origin + "/");
        if (settings.url != null) {
            URI u = settings.url.isAbsolute() ? settings.url
                    : URI.create(origin + settings.url);
            all.addAll(list("the list at " + u, () -> fetchList(u), base));
        }
        if (settings.file != null) {
            all.addAll(list("the file " + settings.file,
                    () -> Files.newBufferedReader(settings.file, StandardCharsets.UTF_8), base));
        }
        if (settings.log != null) {
            try (BufferedReader in = Files.newBufferedReader(settings.log,
                    StandardCharsets.UTF_8)) {
                List<String> top = WarmupList.topOfAccessLog(in, settings.top);
                LOG.info("wscache-edge warm-up: the {} most requested path(s) of {}", top.size(),
                        settings.log);
                all.addAll(top);
            } catch (NoSuchFileException e) {
                LOG.info("wscache-edge warm-up: no access log {} yet; nothing to warm from it",
                        settings.log);
            } catch (IOException | RuntimeException e) {
                problem("cannot read the access log " + settings.log + ": " + e);
            }
        }
        return new ArrayList<>(all);
    }

    /** Opens a list source. */
    private interface Source {
        BufferedReader open() throws IOException;
    }

    private List<String> list(String what, Source source, URI base) {
        try (BufferedReader in = source.open()) {
            WarmupList.Parsed p = WarmupList.parse(in, base);
            for (String bad : p.badLines()) {
                problem(what + ", line " + bad + ": not a path such as /page?id=1");
            }
            if (p.truncated()) {
                LOG.warn("wscache-edge warm-up: {} has more than {} paths; the rest is ignored",
                        what, WarmupList.MAX_PATHS);
            }
            return p.paths();
        } catch (IOException | RuntimeException e) {
            problem("cannot read " + what + ": " + e.getMessage());
            return List.of();
        }
    }

    private BufferedReader fetchList(URI u) throws IOException {
        Map<String, List<String>> h = HeaderRules.newHeaders();
        h.put("Accept", List.of("text/plain"));
        OriginResponse r = client.send("GET", u, h, null, remaining(pageTimeout,
                startNanos + settings.budget.toNanos()));
        if (r.status() != 200) {
            throw new IOException("HTTP " + r.status());
        }
        if (r.body().length > MAX_LIST_BYTES) {
            throw new IOException("larger than " + MAX_LIST_BYTES + " bytes");
        }
        return new BufferedReader(new InputStreamReader(new ByteArrayInputStream(r.body()),
                StandardCharsets.UTF_8));
    }

    /** Fetches one path like a client's anonymous GET, composing its ESI. */
    private void warmOne(String path, long deadline) {
        if (stopped || System.nanoTime() >= deadline) {
            skipped.incrementAndGet();
            return;
        }
        URI uri;
        try {
            uri = URI.create(origin + path);
        } catch (IllegalArgumentException e) {
            problem(path + ": not a URI");
            return;
        }
        try {
            Fetched f = cache.fetch("page", "GET", uri, HeaderRules.newHeaders(), null,
                    remaining(pageTimeout, deadline), true);
            if (f.outcome().forwarded()) {
                containerRequests.incrementAndGet();
            }
            int status = f.response().status();
            if (status < 200 || status > 299) {
                problem(path + ": the origin answered HTTP " + status);
                return;
            }
            if (composer.isEsi(f.response())) {
                compose(f, uri, deadline);
            }
            fetched.incrementAndGet();
            if (cache.fetchIfFresh("page", uri, HeaderRules.newHeaders()) != null) {
                stored.incrementAndGet();
            } else {
                LOG.debug("wscache-edge warm-up: {} fetched, not stored (personal or not "
                        + "cacheable)", path);
            }
        } catch (OriginException e) {
            problem(path + ": " + e.getMessage());
        } catch (IncludeFailure | EsiSyntaxException e) {
            problem(path + ": " + e.getMessage());
        } catch (RuntimeException e) {
            problem(path + ": " + e);
        }
    }

    /** Composes a page as the servlet would, so that its fragments are fetched and stored. */
    private void compose(Fetched f, URI uri, long deadline) {
        Composer.Page page = new Composer.Page(HeaderRules.newHeaders(),
                new EsiVariables(Map.of(), uri.getRawQuery()));
        List<Composer.Part> parts = composer.start(f.response().body(), f.isStoredBody(), uri,
                0, page);
        for (Composer.Part p : parts) {
            CompletableFuture<byte[]> future = p.future();
            if (future == null) {
                continue;
            }
            try {
                future.get(remaining(includeTimeout.multipliedBy(2), deadline).toNanos(),
                        TimeUnit.NANOSECONDS);
            } catch (ExecutionException e) {
                throw Composer.failure(Composer.unwrap(e), p.include().src());
            } catch (TimeoutException e) {
                throw new IncludeFailure(p.include().src(), 504, "not composed in time");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IncludeFailure(p.include().src(), 504, "interrupted");
            }
        }
    }

    private static Duration remaining(Duration bound, long deadline) {
        long left = Math.max(1_000_000L, deadline - System.nanoTime());
        return bound.toNanos() < left ? bound : Duration.ofNanos(left);
    }

    private void problem(String what) {
        failed.incrementAndGet();
        if (warnings.incrementAndGet() <= WARNINGS) {
            LOG.warn("wscache-edge warm-up: {}", what);
        } else {
            LOG.debug("wscache-edge warm-up: {}", what);
        }
    }

    /**
     * The warm-up's configuration as the {@code EdgeServer.Builder} collects it: each setter
     * validates at once with the message the builder's Javadoc promises.
     */
    public static final class Settings {
        /** Default paths fetched at once. */
        public static final int DEFAULT_CONCURRENCY = 4;
        /** Default time budget. */
        public static final Duration DEFAULT_BUDGET = Duration.ofSeconds(60);
        /** The most paths taken from a log. */
        public static final int MAX_TOP = WarmupList.MAX_PATHS;
        /** The most paths fetched at once. */
        public static final int MAX_CONCURRENCY = 64;

        private URI url;
        private Path file;
        private Path log;
        private int top;
        private int concurrency = DEFAULT_CONCURRENCY;
        private Duration budget = DEFAULT_BUDGET;
        private boolean tuned;

        /** Sets the list published at {@code u}: an http(s) URL, or a path on the origin. */
        public void url(URI u) {
            Objects.requireNonNull(u, "warmupUrl");
            if (url != null) {
                throw new IllegalStateException("warm-up url was already set: " + url);
            }
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            boolean http = (scheme.equals("http") || scheme.equals("https"))
                    && u.getHost() != null;
            boolean path = !u.isAbsolute() && u.getRawAuthority() == null
                    && u.getRawPath() != null && u.getRawPath().startsWith("/");
            if (!http && !path || u.getRawFragment() != null) {
                throw new IllegalArgumentException("warm-up url must be an http URL or a path "
                        + "on the origin starting with /: " + u);
            }
            this.url = u;
        }

        /** Sets a list file, which must be readable now. */
        public void file(Path f) {
            Objects.requireNonNull(f, "warmupFile");
            if (file != null) {
                throw new IllegalStateException("warm-up file was already set: " + file);
            }
            if (!Files.isRegularFile(f) || !Files.isReadable(f)) {
                throw new IllegalArgumentException("warm-up file is not a readable file: " + f);
            }
            this.file = f;
        }

        /** Sets the access log whose {@code n} most requested paths are warmed. */
        public void fromLog(Path accessLog, int n) {
            Objects.requireNonNull(accessLog, "warmupFromLog");
            if (log != null) {
                throw new IllegalStateException("warm-up log was already set: " + log);
            }
            if (n < 1 || n > MAX_TOP) {
                throw new IllegalArgumentException("warm-up top must be in 1.." + MAX_TOP + ": "
                        + n);
            }
            this.log = accessLog;
            this.top = n;
        }

        /** Sets how many paths are fetched at once. */
        public void concurrency(int n) {
            if (n < 1 || n > MAX_CONCURRENCY) {
                throw new IllegalArgumentException("warm-up concurrency must be in 1.."
                        + MAX_CONCURRENCY + ": " + n);
            }
            this.concurrency = n;
            this.tuned = true;
        }

        /** Sets how long the warm-up may take in all. */
        public void budget(Duration d) {
            Objects.requireNonNull(d, "warmupBudget");
            if (d.isZero() || d.isNegative()) {
                throw new IllegalArgumentException("warm-up budget must be positive: " + d);
            }
            this.budget = d;
            this.tuned = true;
        }

        /** Returns whether a source was given. */
        public boolean configured() {
            return url != null || file != null || log != null;
        }

        /** Checks the combination: concurrency or budget without any source is a mistake. */
        public void check() {
            if (tuned && !configured()) {
                throw new IllegalStateException("warm-up concurrency or budget set without a "
                        + "warm-up source: call warmupUrl, warmupFile or warmupFromLog");
            }
        }
    }
}
