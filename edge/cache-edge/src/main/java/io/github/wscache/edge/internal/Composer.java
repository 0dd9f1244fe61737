package io.github.wscache.edge.internal;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * Resolves the includes of a page: every include of a page is started at once (each fetch runs
 * on the edge's bounded pool, so the origin sees them in parallel), and an included fragment
 * that itself carries ESI has its own includes started as soon as it arrives. Varnish 7.1
 * fetches the includes of a page one after another; the edge does not.
 *
 * <p>Per include: {@code src} (resolved against the including document's URL); on failure
 * (connection error, non-2xx, no answer within the include timeout, depth limit, a host other
 * than the allowed ones) {@code alt}; then with {@code onerror="continue"} nothing; otherwise the
 * include fails, which fails the including fragment in turn, up to the page.
 *
 * <p>Hits cost little: a fragment fresh in the cache is taken on the calling thread (only misses
 * go to the pool and get a timeout), and the parse of a stored document is kept beside it, keyed
 * by the identity of its stored body, so a cached container or fragment is parsed once.
 */
public final class Composer {
    private static final byte[] EMPTY = new byte[0];

    private final EdgeCache cache;
    private final Executor pool;
    private final ScheduledExecutorService timer;
    private final Set<String> includeHosts;
    private final int maxDepth;
    private final Duration includeTimeout;
    private final boolean esiAlways;
    private final EdgeCounters counters;
    /** Parsed stored bodies, by identity; an entry goes when its body is no longer stored. */
    private final Cache<byte[], List<EsiParser.Node>> parsed = Caffeine.newBuilder()
            .weakKeys().maximumSize(100_000).build();
    /**
     * Where the constant {@code src} of an include led against the last base it was resolved
     * against, by the identity of the template's string; an entry goes with its template.
     */
    private final Cache<String, Target> targets = Caffeine.newBuilder()
            .weakKeys().maximumSize(100_000).build();

    /**
     * Creates a composer.
     *
     * @param includeHosts the lower-case {@code host:port} authorities includes may name
     */
    public Composer(EdgeCache cache, Executor pool, ScheduledExecutorService timer,
            Set<String> includeHosts, int maxDepth, Duration includeTimeout, boolean esiAlways,
            EdgeCounters counters) {
        this.cache = cache;
        this.pool = pool;
        this.timer = timer;
        this.includeHosts = Set.copyOf(includeHosts);
        this.maxDepth = maxDepth;
        this.includeTimeout = includeTimeout;
        this.esiAlways = esiAlways;
        this.counters = counters;
    }

    /** The page's own includes a page keeps unless a server action says otherwise. */
    public static final Predicate<EsiParser.Include> NORMAL = inc -> !inc.rich();

    /** What one page's composition has seen so far. */
    public static final class Page {
        final Map<String, List<String>> headers;
        final EsiVariables vars;
        /** Which of the page's own includes (not its fragments') are composed. */
        Predicate<EsiParser.Include> keep = NORMAL;
        /** Fragments served from the cache. */
        public final AtomicInteger hits = new AtomicInteger();
        /** Fragments fetched from the origin. */
        public final AtomicInteger misses = new AtomicInteger();

        /**
         * Creates the state of a page whose includes are requested with {@code headers} and
         * whose ESI variables are the client request's {@code vars}.
         */
        public Page(Map<String, List<String>> headers, EsiVariables vars) {
            this.headers = headers;
            this.vars = vars;
        }

        /**
         * Sets which of the page's own includes are composed (default {@link #NORMAL}: all
         * but those marked {@code wscache-rich}); the includes of fragments are all composed.
         */
        public Page keep(Predicate<EsiParser.Include> keep) {
            this.keep = keep;
            return this;
        }
    }

    /**
     * One part of a composed document: literal bytes, or an include being resolved.
     *
     * @param bytes the literal bytes, or {@code null}
     * @param include the include, or {@code null}
     * @param future its resolution, or {@code null}
     */
    public record Part(byte[] bytes, EsiParser.Include include,
            CompletableFuture<byte[]> future) {
    }

    /** Returns whether the edge processes ESI in this response. */
    public boolean isEsi(OriginResponse r) {
        if (r.headers().containsKey("Content-Encoding") || r.status() == 204
                || r.status() == 304) {
            return false;
        }
        if (r.surrogateEsi()) {
            return true;
        }
        return esiAlways && HeaderRules.isTextual(r.header("Content-Type"));
    }

    /**
     * Parses a document, selects the branches of its {@code esi:choose}s and substitutes its
     * variables for this page's request, and starts all its includes; {@code depth} is the
     * document's own. What is stored is the document's markup; the request's values only go
     * into the returned parts.
     *
     * @param stored whether {@code body} is the cache's stored array (its parse is kept)
     * @throws EsiSyntaxException when the document's conditionals or variables are malformed
     */
    public List<Part> start(byte[] body, boolean stored, URI base, int depth, Page page) {
        List<EsiParser.Node> nodes = stored ? parsed.get(body, EsiParser::parse)
                : EsiParser.parse(body);
        List<Part> parts = new ArrayList<>(nodes.size());
        add(nodes, parts, base, depth, page);
        return parts;
    }

    private void add(List<EsiParser.Node> nodes, List<Part> parts, URI base, int depth,
            Page page) {
        for (EsiParser.Node n : nodes) {
            if (n instanceof EsiParser.Text t) {
                parts.add(new Part(t.bytes(), null, null));
            } else if (n instanceof EsiParser.VarText v) {
                parts.add(new Part(v.text().render(page.vars, EsiTemplate.Escape.HTML)
                        .getBytes(StandardCharsets.ISO_8859_1), null, null));
            } else if (n instanceof EsiParser.Choose c) {
                List<EsiParser.Node> chosen = c.otherwise();
                for (EsiParser.When w : c.whens()) {
                    if (w.test().test(page.vars)) {
                        chosen = w.body();
                        break;
                    }
                }
                add(chosen, parts, base, depth, page);
            } else {
                EsiParser.Include inc = (EsiParser.Include) n;
                if (depth == 0 && !page.keep.test(inc)) {
                    continue;
                }
                parts.add(new Part(null, inc, include(inc, base, depth + 1, page)));
            }
        }
    }

    private CompletableFuture<byte[]> include(EsiParser.Include inc, URI base, int depth,
            Page page) {
        CompletableFuture<byte[]> f = fetchOne(
                inc.srcTemplate().render(page.vars, EsiTemplate.Escape.URL),
                inc.srcTemplate().isConstant(), base, depth, page);
        if (inc.alt() != null) {
            String alt = inc.altTemplate().render(page.vars, EsiTemplate.Escape.URL);
            boolean constant = inc.altTemplate().isConstant();
            f = f.exceptionallyCompose(e -> fetchOne(alt, constant, base, depth, page));
        }
        if (inc.continueOnError()) {
            return f.exceptionally(e -> EMPTY);
        }
        return f.exceptionallyCompose(e -> {
            IncludeFailure cause = failure(unwrap(e), inc.src());
            return CompletableFuture.failedFuture(cause.src().equals(inc.src()) ? cause
                    : new IncludeFailure(inc.src(), cause.status(), cause.getMessage()));
        });
    }

    /**
     * Fetches one include: {@code src} resolved against {@code base}, from the cache on this
     * thread when fresh there, else on the pool. A {@code constant} src (the template's own
     * string, the same object on every request) keeps where it led against the last base.
     */
    private CompletableFuture<byte[]> fetchOne(String src, boolean constant, URI base,
            int depth, Page page) {
        if (depth > maxDepth) {
            return CompletableFuture.failedFuture(new IncludeFailure(src, 502,
                    "include depth limit " + maxDepth + " exceeded"));
        }
        String from = base.toString();
        Target t = constant ? targets.getIfPresent(src) : null;
        if (t == null || !t.base().equals(from)) {
            t = target(src, base, from);
            if (constant) {
                targets.put(src, t);
            }
        }
        if (t.refused() != null) {
            return CompletableFuture.failedFuture(new IncludeFailure(src, 502, t.refused()));
        }
        URI target = t.uri();
        Fetched hit = cache.fetchIfFresh("fragment", target, t.key(), page.headers);
        if (hit != null) {
            try {
                return resolved(src, hit, target, depth, page);
            } catch (IncludeFailure e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        CompletableFuture<Fetched> fetch = CompletableFuture.supplyAsync(() -> cache.fetch(
                "fragment", "GET", target, page.headers, null, includeTimeout, true), pool);
        // bounds waiting for another request's fetch of the same key too (single flight)
        ScheduledFuture<?> timeout = timer.schedule(
                () -> fetch.completeExceptionally(new TimeoutException()),
                includeTimeout.toMillis(), TimeUnit.MILLISECONDS);
        return fetch.whenComplete((v, e) -> timeout.cancel(false))
                .thenCompose(fetched -> resolved(src, fetched, target, depth, page))
                .exceptionallyCompose(e -> CompletableFuture.failedFuture(
                        failure(unwrap(e), src)));
    }

    /**
     * Where an include's {@code src} leads against the document at {@code base} (whose
     * {@code toString()} is {@code from}): the absolute URL and its cache key, or why the edge
     * refuses to fetch it.
     *
     * @param key the URL as the cache keys it, or {@code null} to let the cache work it out
     * @param refused why the include is refused, or {@code null}
     */
    private record Target(String base, URI uri, String key, String refused) {
    }

    private Target target(String src, URI base, String from) {
        URI u;
        try {
            u = base.resolve(src.trim());
        } catch (IllegalArgumentException e) {
            return new Target(from, null, null, "bad URL");
        }
        String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || u.getHost() == null
                || !includeHosts.contains(authority(u))) {
            return new Target(from, null, null,
                    "host " + u.getAuthority() + " is not an allowed include host");
        }
        String key;
        try {
            key = RequestTarget.normalize(u).toString();
        } catch (IllegalArgumentException e) {
            key = null;
        }
        return new Target(from, u, key, null);
    }

    /** Counts a fetched include and turns it into its bytes, composing it when it has ESI. */
    private CompletableFuture<byte[]> resolved(String src, Fetched fetched, URI target,
            int depth, Page page) {
        if (fetched.outcome().forwarded()) {
            page.misses.incrementAndGet();
            counters.fragmentsFetched.increment();
            counters.originRequests.increment();
        } else {
            page.hits.incrementAndGet();
            counters.fragmentHits.increment();
        }
        OriginResponse r = fetched.response();
        if (r.status() < 200 || r.status() > 299) {
            throw new IncludeFailure(src, 502, "returned HTTP " + r.status());
        }
        if (!isEsi(r)) {
            return CompletableFuture.completedFuture(r.body());
        }
        List<Part> parts;
        try {
            parts = start(r.body(), fetched.isStoredBody(), target, depth, page);
        } catch (EsiSyntaxException e) {
            throw new IncludeFailure(src, 502, e.getMessage());
        }
        return assemble(parts);
    }

    /** Returns the lower-case {@code host:port} of a URL, with the scheme's default port. */
    public static String authority(URI u) {
        int port = u.getPort() >= 0 ? u.getPort()
                : "https".equalsIgnoreCase(u.getScheme()) ? 443 : 80;
        return u.getHost().toLowerCase(Locale.ROOT) + ":" + port;
    }

    private static CompletableFuture<byte[]> assemble(List<Part> parts) {
        if (parts.size() == 1 && parts.get(0).bytes() != null) {
            return CompletableFuture.completedFuture(parts.get(0).bytes());
        }
        CompletableFuture<?>[] all = parts.stream().filter(p -> p.future() != null)
                .map(Part::future).toArray(CompletableFuture<?>[]::new);
        return CompletableFuture.allOf(all).thenApply(v -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (Part p : parts) {
                out.writeBytes(p.bytes() != null ? p.bytes() : p.future().join());
            }
            return out.toByteArray();
        });
    }

    /** Unwraps the completion wrappers of a failure. */
    public static Throwable unwrap(Throwable t) {
        Throwable e = t;
        while ((e instanceof CompletionException || e instanceof ExecutionException)
                && e.getCause() != null) {
            e = e.getCause();
        }
        return e;
    }

    /** Turns any failure of an include into an {@link IncludeFailure}. */
    public static IncludeFailure failure(Throwable e, String src) {
        if (e instanceof IncludeFailure f) {
            return f;
        }
        if (e instanceof TimeoutException) {
            return new IncludeFailure(src, 504, "no answer within the include timeout");
        }
        if (e instanceof OriginException o) {
            return new IncludeFailure(src, o.isTimeout() ? 504 : 502, o.getMessage());
        }
        return new IncludeFailure(src, 502, String.valueOf(e));
    }
}
