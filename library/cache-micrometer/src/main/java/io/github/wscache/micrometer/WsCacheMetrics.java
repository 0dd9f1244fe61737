package io.github.wscache.micrometer;

import io.github.wscache.core.CacheEvent;
import io.github.wscache.core.Reason;
import io.github.wscache.core.CacheStats;
import io.github.wscache.core.ResponseCache;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.ToDoubleFunction;

/**
 * Binds the counters of a {@link ResponseCache} to Micrometer, one set of meters per operation,
 * named after Micrometer's cache conventions (those of {@code CaffeineCacheMetrics}) so that
 * dashboards made for caches work unchanged. Every meter has the tags {@code cache} (the name
 * given here) and {@code operation}, plus the common tags given here:
 *
 * <table>
 *   <caption>Meters</caption>
 *   <tr><th>name</th><th>type</th><th>extra tags</th><th>from</th></tr>
 *   <tr><td>{@code cache.gets}</td><td>function counter</td><td>{@code result=hit|miss}</td>
 *       <td>{@link CacheStats#hits()}, {@link CacheStats#misses()}</td></tr>
 *   <tr><td>{@code cache.puts}</td><td>function counter</td><td></td>
 *       <td>{@link CacheStats#stores()}</td></tr>
 *   <tr><td>{@code cache.evictions}</td><td>function counter</td>
 *       <td>{@code cause=size|expired}</td>
 *       <td>{@link CacheStats#evictions()}, {@link CacheStats#expirations()}</td></tr>
 *   <tr><td>{@code cache.revalidations}</td><td>function counter</td><td></td>
 *       <td>{@link CacheStats#revalidations()} (stale entries refreshed by a 304)</td></tr>
 *   <tr><td>{@code cache.not.admitted}</td><td>function counter</td><td></td>
 *       <td>{@link CacheStats#notAdmitted()} (misses passed through below
 *       {@code minUses})</td></tr>
 *   <tr><td>{@code cache.errors}</td><td>function counter</td><td></td>
 *       <td>{@link CacheStats#errors()}</td></tr>
 *   <tr><td>{@code cache.bypasses}</td><td>counter</td><td>{@code reason=...}</td>
 *       <td>{@code BYPASS} events since binding, by their typed
 *       {@link io.github.wscache.core.Reason#text() Reason}: {@code not-cacheable},
 *       {@code message-level}, {@code no-key}, {@code re-entrant}, {@code too-large},
 *       {@code uncopyable}, {@code http-status}, {@code per-user}, {@code http-rules},
 *       {@code integration}</td></tr>
 *   <tr><td>{@code cache.load.duration}</td><td>function timer</td><td></td>
 *       <td>{@link CacheStats#loads()}, {@link CacheStats#loadTimeNanos()}: service calls
 *       made on misses</td></tr>
 *   <tr><td>{@code cache.size}</td><td>gauge</td><td></td>
 *       <td>{@link CacheStats#entryCount()}</td></tr>
 *   <tr><td>{@code cache.weight}</td><td>gauge, bytes</td><td></td>
 *       <td>{@link CacheStats#weightedSize()}: estimated retained bytes</td></tr>
 *   <tr><td>{@code cache.hit.ratio}</td><td>gauge</td><td></td>
 *       <td>{@link CacheStats#hitRatio()} since the cache was built</td></tr>
 * </table>
 *
 * <p>Counters read the cache's own statistics, so they count from the cache's start whenever the
 * binder is bound, except {@code cache.bypasses}, which counts the events it sees. Operations seen
 * after binding get their meters at their first event. There is no meter without the
 * {@code operation} tag (Prometheus wants one set of tag keys per name): sum over it, as in
 * {@code sum by (cache) (rate(cache_gets_total{result="hit"}[1m]))}.
 *
 * <p>Thread-safe; one binder may be bound to several registries. Meters hold the cache weakly,
 * as Micrometer's own binders do; {@link #close()} removes the listener and this binder's meters.
 *
 * <pre>{@code
 * ResponseCache cache = ResponseCache.builder().policy(policy).build();
 * WsCacheMetrics.monitor(registry, cache, "portal");
 * // cache_gets_total{cache="portal",operation="doGoogleSearch",result="hit"} 42.0
 * }</pre>
 */
public final class WsCacheMetrics implements MeterBinder, AutoCloseable {
    /** The tag that names the cache. */
    public static final String CACHE_TAG = "cache";
    /** The tag that names the operation. */
    public static final String OPERATION_TAG = "operation";

    private final ResponseCache cache;
    private final Tags tags;
    private final List<Bound> bound = new CopyOnWriteArrayList<>();
    private final Consumer<CacheEvent> listener = this::onEvent;
    private volatile boolean listening;
    private volatile boolean closed;

    /**
     * Creates a binder; nothing is registered until {@link #bindTo}.
     *
     * @param cache the cache to measure
     * @param cacheName the value of the {@code cache} tag
     * @param tags tags added to every meter
     */
    public WsCacheMetrics(ResponseCache cache, String cacheName, Iterable<Tag> tags) {
        this.cache = Objects.requireNonNull(cache, "cache");
        this.tags = Tags.concat(tags, CACHE_TAG, Objects.requireNonNull(cacheName, "cacheName"));
    }

    /**
     * Creates a binder and binds it to {@code registry}.
     *
     * <pre>{@code
     * WsCacheMetrics.monitor(registry, cache, "portal", "region", "eu");
     * }</pre>
     *
     * @param registry the registry
     * @param cache the cache to measure
     * @param cacheName the value of the {@code cache} tag
     * @param tags more tags as key/value pairs
     * @return the bound binder, to {@linkplain #close() close} with the cache
     */
    public static WsCacheMetrics monitor(MeterRegistry registry, ResponseCache cache,
            String cacheName, String... tags) {
        WsCacheMetrics metrics = new WsCacheMetrics(cache, cacheName, Tags.of(tags));
        metrics.bindTo(registry);
        return metrics;
    }

    /**
     * Registers the meters of every operation the cache has seen, and those of later operations
     * at their first event.
     *
     * @throws IllegalStateException if this binder was closed
     */
    @Override
    public synchronized void bindTo(MeterRegistry registry) {
        Objects.requireNonNull(registry, "registry");
        if (closed) {
            throw new IllegalStateException("this binder was closed");
        }
        Bound b = new Bound(registry);
        bound.add(b);
        if (!listening) {
            cache.addListener(listener);
            listening = true;
        }
        for (String op : cache.operations()) {
            b.operation(op);
        }
    }

    /** Stops listening to the cache and removes this binder's meters from every registry. */
    @Override
    public synchronized void close() {
        closed = true;
        cache.removeListener(listener);
        for (Bound b : bound) {
            for (Meter m : b.meters) {
                b.registry.remove(m);
            }
        }
        bound.clear();
    }

    private void onEvent(CacheEvent e) {
        for (Bound b : bound) {
            b.operation(e.operation());
            if (e.type() == CacheEvent.Type.BYPASS) {
                // cache-core's typed reason: a small fixed set of tag values, never a message
                b.bypass(e.operation(), e.reason().orElse(Reason.INTEGRATION).text());
            }
        }
    }

    /** The meters of this binder in one registry. */
    private final class Bound {
        final MeterRegistry registry;
        final Set<String> operations = ConcurrentHashMap.newKeySet();
        final ConcurrentHashMap<String, Counter> bypasses = new ConcurrentHashMap<>();
        final List<Meter> meters = new CopyOnWriteArrayList<>();

        Bound(MeterRegistry registry) {
            this.registry = registry;
        }

        void operation(String op) {
            if (operations.contains(op) || !operations.add(op)) {
                return;
            }
            Tags t = tags.and(OPERATION_TAG, op);
            counter("cache.gets", t.and("result", "hit"), op, CacheStats::hits,
                    "calls answered from the cache");
            counter("cache.gets", t.and("result", "miss"), op, CacheStats::misses,
                    "calls that went to the service for want of an entry");
            counter("cache.puts", t, op, CacheStats::stores, "responses stored");
            counter("cache.evictions", t.and("cause", "size"), op, CacheStats::evictions,
                    "entries evicted to stay under the maximum size");
            counter("cache.evictions", t.and("cause", "expired"), op, CacheStats::expirations,
                    "entries removed because they expired");
            counter("cache.revalidations", t, op, CacheStats::revalidations,
                    "stale entries refreshed by a 304 Not Modified");
            counter("cache.not.admitted", t, op, CacheStats::notAdmitted,
                    "misses passed through untouched: key asked for fewer than minUses times");
            counter("cache.errors", t, op, CacheStats::errors,
                    "failures inside the cache, each turned into a miss or a bypass");
            meters.add(FunctionTimer.builder("cache.load.duration", cache,
                            c -> c.stats(op).loads(), c -> c.stats(op).loadTimeNanos(),
                            TimeUnit.NANOSECONDS)
                    .tags(t).description("service calls made on misses")
                    .register(registry));
            gauge("cache.size", t, op, s -> s.entryCount(), null, "entries in the cache");
            gauge("cache.weight", t, op, s -> s.weightedSize(), "bytes",
                    "estimated retained bytes of the entries");
            gauge("cache.hit.ratio", t, op, CacheStats::hitRatio, null,
                    "hits / (hits + misses) since the cache was built");
        }

        void bypass(String op, String reason) {
            Counter c = bypasses.get(op + '\0' + reason);
            if (c == null) {
                c = bypasses.computeIfAbsent(op + '\0' + reason, k -> {
                    Counter n = Counter.builder("cache.bypasses")
                            .tags(tags.and(OPERATION_TAG, op).and("reason", reason))
                            .description("calls and responses the cache let pass, by reason")
                            .register(registry);
                    meters.add(n);
                    return n;
                });
            }
            c.increment();
        }

        private void counter(String name, Tags t, String op, ToDoubleFunction<CacheStats> f,
                String description) {
            meters.add(FunctionCounter.builder(name, cache, c -> f.applyAsDouble(c.stats(op)))
                    .tags(t).description(description).register(registry));
        }

        private void gauge(String name, Tags t, String op, ToDoubleFunction<CacheStats> f,
                String unit, String description) {
            meters.add(Gauge.builder(name, cache, c -> f.applyAsDouble(c.stats(op)))
                    .tags(t).baseUnit(unit).description(description).register(registry));
        }
    }
}
