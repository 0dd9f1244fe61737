package io.github.wscache.edge.internal;

import com.github.benmanes.caffeine.cache.Ticker;
import java.net.URI;
import java.time.Instant;
import java.time.InstantSource;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The proxy's parts, wired from the settings: the cache in front of the origin with its request
 * rules, the composer of ESI pages (includes fetched on the edge's threads, from the origin's
 * host and the allowed include hosts only), the server actions of client classification, and the
 * proxy servlet over them; also the warm-up, which fetches through the same cache.
 */
public final class EdgeProxy implements AutoCloseable {
    private final EdgeSettings settings;
    private final EdgeThreads threads;
    private final Set<String> includeHosts;
    private final EdgeCache cache;
    private OriginClient origin;
    private final ServerActions actions;
    private final ProxyServlet servlet;

    /** Wires the parts; the servlet's composer counts into {@code counters}. */
    public EdgeProxy(EdgeSettings settings, EdgeThreads threads, EdgeCounters counters) {
        this.settings = settings;
        this.threads = threads;
        RequestRules rules = settings.requestRules();
        this.cache = new EdgeCache(originClient(), settings.clock(), settings.maxBytes(),
                settings.varyCookies(), settings.cacheFault(), settings.invalidateLocations(),
                settings.purgeHeader(), rules, settings.farm());
        this.includeHosts = new LinkedHashSet<>();
        includeHosts.add(Composer.authority(settings.origin()));
        for (String h : settings.includeHosts()) {
            includeHosts.add(Composer.authority(URI.create("http://" + h)));
        }
        this.actions = settings.clientClassification() == null ? null
                : new ServerActions(settings.clientClassification(), ticker(settings.clock()));
        this.servlet = new ProxyServlet(settings.originPrefix(), cache, composer(counters),
                counters, settings.readTimeout(), rules, actions,
                new ProxyServlet.Limits(settings.maxUriLength(), settings.maxHeaderBytes()));
    }

    /** The system's monotonic ticker for the system clock, else the clock's own time. */
    static Ticker ticker(InstantSource clock) {
        if (clock.equals(InstantSource.system())) {
            return Ticker.systemTicker();
        }
        return () -> {
            Instant t = clock.instant();
            return t.getEpochSecond() * 1_000_000_000L + t.getNano();
        };
    }

    /** The one client of the origin (the cache's and the warm-ups'), made once. */
    private synchronized OriginClient originClient() {
        if (origin == null) {
            origin = new OriginClient(threads.client(), settings.connectTimeout());
        }
        return origin;
    }

    private Composer composer(EdgeCounters counters) {
        return new Composer(cache, threads.fetch(), threads.timer(), includeHosts,
                settings.maxIncludeDepth(), settings.includeTimeout(), settings.esiAlways(),
                counters);
    }

    /** The cache. */
    public EdgeCache cache() {
        return cache;
    }

    /** The server actions, or {@code null} when client classification is off. */
    public ServerActions actions() {
        return actions;
    }

    /** The servlet that answers the proxy's clients. */
    public ProxyServlet servlet() {
        return servlet;
    }

    /**
     * Returns a warm-up from the settings' sources, not started, which fetches through this
     * proxy's cache with a composer of its own: its fetches stay out of the client counters.
     */
    public Warmup warmup() {
        EdgeCounters warmCounters = new EdgeCounters();
        return new Warmup(settings.warmup(), settings.originPrefix(), cache,
                composer(warmCounters), warmCounters, originClient(), settings.readTimeout(),
                settings.includeTimeout());
    }

    /** Drops the cache and closes the idle origin connections. */
    @Override
    public void close() {
        cache.close();
        if (origin != null) {
            origin.close();
        }
    }
}
