package io.github.wscache.edge.internal;

import io.github.wscache.admin.AdminView;
import io.github.wscache.admin.AdministeredCache;
import io.github.wscache.edge.EdgeStats;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * The edge's cache as cache-admin administers it ({@link AdministeredCache}): its counters
 * ({@link EdgeStats} plus responses stored, bypasses and responses not stored by reason), one
 * row per reason, and the purges an administrator can make: by {@code Surrogate-Key} tag, by URL
 * and of everything. Each purge done is counted in {@code purges} (a tag purge's tags in
 * {@code purgedTags}), each refused one in {@code purgesRefused}, whichever way it came: the
 * admin page, {@code POST /_edge/purge}, JMX. Auditing is cache-admin's {@code AuditedAdmin}'s.
 *
 * <p>A URL is what the cache keys: the origin's URL with the query. An administrator may give
 * the path and query instead ({@code /item/1?x=2}), resolved against the origin.
 */
public final class EdgeAdministered implements AdministeredCache {
    private final EdgeCache cache;
    private final EdgeCounters counters;
    private final Supplier<EdgeStats> stats;
    private final String origin;
    private final IntSupplier port;
    private final boolean purging;

    /**
     * Creates the adapter.
     *
     * @param origin the origin base URL without a trailing slash
     * @param port the proxy's port once started, for the name ({@code edge:8090})
     * @param purging whether a purge secret is configured (shown on the page)
     */
    public EdgeAdministered(EdgeCache cache, EdgeCounters counters, Supplier<EdgeStats> stats,
            String origin, IntSupplier port, boolean purging) {
        this.cache = cache;
        this.counters = counters;
        this.stats = stats;
        this.origin = origin;
        this.port = port;
        this.purging = purging;
    }

    @Override
    public String name() {
        return "edge:" + port.getAsInt();
    }

    @Override
    public String type() {
        return "EdgeCache";
    }

    @Override
    public AdminView view() {
        EdgeStats s = stats.get();
        Map<String, Long> bypasses = cache.bypasses();
        Map<String, Long> notStored = cache.notStored();
        long bypassed = bypasses.values().stream().mapToLong(Long::longValue).sum();
        long unstored = notStored.values().stream().mapToLong(Long::longValue).sum();
        io.github.wscache.core.CacheStats engine = cache.engine().stats();
        AdminView.Builder b = AdminView.builder()
                .detail("origin", "Origin", origin)
                .detail("engine", "Store", String.format(Locale.ROOT, "cache-core's engine: %d"
                        + " entries, %d bytes; %d hits, %d misses, %d stored, %d revalidated,"
                        + " %d evicted, %d expired, %d errors", engine.entryCount(),
                        engine.weightedSize(), engine.hits(), engine.misses(), engine.stores(),
                        engine.revalidations(), engine.evictions(), engine.expirations(),
                        engine.errors()))
                .detail("purging", "Purging", purging
                        ? "on: changes need the purge secret"
                        : "off over HTTP: no purge secret is configured (JMX still purges)")
                .summary(String.format(Locale.ROOT, "%d requests, %d hits, %d misses (%.1f %% "
                        + "hits, fragments included), %d stored, %d bypasses, %d not stored, "
                        + "%d purges (%d refused), %d URLs, %d responses, %d bytes",
                        s.requests(), s.hits(), s.misses(), 100 * s.hitRatio(), cache.stored(),
                        bypassed, unstored, s.purges(), s.purgesRefused(), s.storedUrls(),
                        s.storedVariants(), s.cachedBytes()))
                .total("requests", s.requests()).total("hits", s.hits())
                .total("misses", s.misses()).total("hitRatio", s.hitRatio())
                .total("stored", cache.stored()).total("bypasses", bypassed)
                .total("notStored", unstored).total("fragmentHits", s.fragmentHits())
                .total("fragmentsFetched", s.fragmentsFetched())
                .total("originRequests", s.originRequests()).total("filtered", s.filtered())
                .total("filteredShare", s.filteredShare()).total("errors", s.errors())
                .total("cacheErrors", s.cacheErrors()).total("purges", s.purges())
                .total("purgedTags", s.purgedTags()).total("purgesRefused", s.purgesRefused())
                .total("storedUrls", s.storedUrls()).total("storedVariants", s.storedVariants())
                .total("cachedBytes", s.cachedBytes())
                .total("engineEntries", engine.entryCount())
                .total("engineEvictions", engine.evictions())
                .total("engineExpirations", engine.expirations())
                .total("engineRevalidations", engine.revalidations())
                .table("reasons", "reason", null)
                .column("why a response did not come from the cache or was not stored",
                        "reason", AdminView.Format.TEXT)
                .column("count", "count", AdminView.Format.COUNT);
        bypasses.forEach((why, n) -> b.row(row("bypass: " + why, n)));
        notStored.forEach((why, n) -> b.row(row("not stored: " + why, n)));
        return b.build();
    }

    private static Map<String, Object> row(String reason, long count) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("reason", reason);
        m.put("count", count);
        return m;
    }

    @Override
    public long invalidateAll() {
        long n = cache.invalidateAll();
        counters.purges.increment();
        return n;
    }

    @Override
    public Optional<String> keyName() {
        return Optional.of("url");
    }

    /**
     * Drops the stored responses of a URL.
     *
     * @throws IllegalArgumentException if it is neither a path nor an absolute http URL
     */
    @Override
    public long invalidate(String url) {
        String u = url.strip();
        if (u.startsWith("/")) {
            u = origin + u;
        }
        URI parsed;
        try {
            parsed = URI.create(u);
        } catch (IllegalArgumentException e) {
            parsed = null;
        }
        if (parsed == null || parsed.getScheme() == null || parsed.getHost() == null
                || !parsed.getScheme().toLowerCase(Locale.ROOT).startsWith("http")) {
            throw new IllegalArgumentException("url must be a path (/...) or an absolute http "
                    + "URL: " + url);
        }
        int n = cache.purgeUrl(parsed.toString());
        counters.purges.increment();
        return n;
    }

    @Override
    public boolean purgesTags() {
        return true;
    }

    /** Purges the tags; returns how many URLs went through the tag index. */
    @Override
    public long purge(List<String> tags) {
        int urls = cache.purge(tags);
        counters.purges.increment();
        counters.purgedTags.add(tags.size());
        return urls;
    }

    @Override
    public void refused(String who, String what, String why) {
        counters.purgesRefused.increment();
    }
}
