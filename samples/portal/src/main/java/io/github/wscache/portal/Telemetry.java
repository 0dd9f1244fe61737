package io.github.wscache.portal;

import io.github.wscache.core.CacheEvent;
import io.github.wscache.core.CacheOutcome;
import io.github.wscache.core.Reason;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.micrometer.WsCacheMetrics;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.CountAtBucket;
import io.micrometer.core.instrument.distribution.HistogramSnapshot;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What the dashboard's charts show, taken from Micrometer meters: the cache's own
 * ({@link WsCacheMetrics}: {@code cache.gets} per operation and result), sampled once a second
 * into a five-minute window, and the portal's call latency as its users see it, a timer
 * {@code portal.calls{operation,result}} with histogram buckets, where {@code result} is the
 * cache's decision for the call ({@code hit}, {@code miss}, {@code bypass}).
 *
 * <p>The decision is learnt from the cache's events, which arrive on the calling thread: the
 * first HIT or MISS during a call wins (an object-level caching stub bypasses an operation cached
 * at the message level, and the transport sender then hits or misses). Thread-safe.
 */
final class Telemetry implements AutoCloseable {
    /** Upper bounds of the latency histogram's buckets, in milliseconds. */
    static final double[] BUCKETS_MS = {0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500,
        1000};
    private static final Duration[] SLOS = new Duration[BUCKETS_MS.length];

    static {
        for (int i = 0; i < SLOS.length; i++) {
            SLOS[i] = Duration.ofNanos((long) (BUCKETS_MS[i] * 1e6));
        }
    }

    /** Samples kept: one a second for five minutes. */
    static final int WINDOW = 300;

    private final MeterRegistry registry = new SimpleMeterRegistry();
    private final WsCacheMetrics metrics;
    private final ResponseCache cache;
    /** Hits answered by the farm's shared tier (its HIT events say so), per operation. */
    private final ConcurrentHashMap<String, LongAdder> sharedHits = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Timer> timers = new ConcurrentHashMap<>();
    private final Consumer<CacheEvent> listener = this::onEvent;
    private final ScheduledExecutorService sampler;
    /** Ring of samples: time, then hits/misses/bypasses per operation (guarded by this). */
    private final long[] times = new long[WINDOW];
    private final long[][] hits = new long[Representations.OPERATION_ORDER.size()][WINDOW];
    private final long[][] misses = new long[Representations.OPERATION_ORDER.size()][WINDOW];
    private final long[][] bypasses = new long[Representations.OPERATION_ORDER.size()][WINDOW];
    private int next;
    private int size;

    Telemetry(ResponseCache cache, boolean sampleEverySecond) {
        this.cache = cache;
        this.metrics = WsCacheMetrics.monitor(registry, cache, "portal");
        cache.addListener(listener);
        if (sampleEverySecond) {
            sampler = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "portal-telemetry");
                t.setDaemon(true);
                return t;
            });
            sampler.scheduleAtFixedRate(() -> sample(System.currentTimeMillis()), 0, 1,
                    TimeUnit.SECONDS);
        } else {
            sampler = null;
        }
    }

    MeterRegistry registry() {
        return registry;
    }

    /** Returns the hits of {@code operation} that the farm's shared tier answered. */
    long sharedHits(String operation) {
        LongAdder a = sharedHits.get(operation);
        return a == null ? 0 : a.sum();
    }

    private void onEvent(CacheEvent e) {
        if (e.type() == CacheEvent.Type.HIT
                && e.reason().filter(r -> r == Reason.SHARED_TIER).isPresent()) {
            sharedHits.computeIfAbsent(e.operation(), k -> new LongAdder()).increment();
        }
    }

    /** A back-end call of the portal. */
    interface Call<T, X extends Exception, Y extends Exception> {
        T run() throws X, Y;
    }

    /**
     * Runs a back-end call and records its time under what the cache did with it, which
     * {@code outcome} tells once the call returned (cache-axis's outcome of the stub's last
     * call): hit (a stale entry standing in too), miss, bypass, or none without a cache.
     */
    <T, X extends Exception, Y extends Exception> T time(String operation, Call<T, X, Y> call,
            Supplier<Optional<CacheOutcome>> outcome) throws X, Y {
        long start = System.nanoTime();
        try {
            return call.run();
        } finally {
            long nanos = System.nanoTime() - start;
            timer(operation, result(outcome.get())).record(nanos, TimeUnit.NANOSECONDS);
        }
    }

    /** The {@code result} tag of a call's outcome. */
    static String result(Optional<CacheOutcome> outcome) {
        if (outcome.isEmpty()) {
            return "none";
        }
        switch (outcome.get().kind()) {
            case HIT:
            case STALE:
                return "hit";
            case BYPASS:
                return "bypass";
            default:
                return "miss";
        }
    }

    /** Returns the timer of an operation and decision, registered at first use. */
    private Timer timer(String operation, String result) {
        return timers.computeIfAbsent(operation + ' ' + result, k -> Timer.builder("portal.calls")
                .tag("operation", operation).tag("result", result)
                .description("the portal's back-end calls as its pages see them")
                .serviceLevelObjectives(SLOS).register(registry));
    }

    /** Takes one sample of the cache meters (the scheduler calls this once a second). */
    synchronized void sample(long nowMillis) {
        times[next] = nowMillis;
        List<String> ops = Representations.OPERATION_ORDER;
        for (int i = 0; i < ops.size(); i++) {
            hits[i][next] = (long) gets(ops.get(i), "hit");
            misses[i][next] = (long) gets(ops.get(i), "miss");
            bypasses[i][next] = (long) registry.find("cache.bypasses").tag("operation",
                    ops.get(i)).counters().stream().mapToDouble(c -> c.count()).sum();
        }
        next = (next + 1) % WINDOW;
        size = Math.min(size + 1, WINDOW);
    }

    private double gets(String operation, String result) {
        FunctionCounter c = registry.find("cache.gets").tag("operation", operation)
                .tag("result", result).functionCounter();
        return c == null ? 0 : c.count();
    }

    /**
     * Returns the charts' data: per operation, calls a second (hits, misses and bypasses) and
     * the hit ratio
     * between consecutive samples ({@code null} where there was no hit or miss), and the latency
     * histogram of hits and of misses over every operation.
     */
    synchronized Map<String, Object> series() {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Long> t = new ArrayList<>();
        int first = (next - size + WINDOW) % WINDOW;
        for (int k = 1; k < size; k++) {
            t.add(times[(first + k) % WINDOW]);
        }
        m.put("t", t);
        Map<String, Object> ops = new LinkedHashMap<>();
        for (int i = 0; i < Representations.OPERATION_ORDER.size(); i++) {
            List<Double> rate = new ArrayList<>();
            List<Double> ratio = new ArrayList<>();
            for (int k = 1; k < size; k++) {
                int a = (first + k - 1) % WINDOW;
                int b = (first + k) % WINDOW;
                long dh = hits[i][b] - hits[i][a];
                long dm = misses[i][b] - misses[i][a];
                long dp = bypasses[i][b] - bypasses[i][a];
                double seconds = Math.max(1, times[b] - times[a]) / 1000.0;
                rate.add((dh + dm + dp) / seconds);
                ratio.add(dh + dm == 0 ? null : (double) dh / (dh + dm));
            }
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("callsPerSecond", rate);
            o.put("hitRatio", ratio);
            o.put("hitRatioTotal", cache.stats(Representations.OPERATION_ORDER.get(i))
                    .hitRatio());
            ops.put(Representations.OPERATION_ORDER.get(i), o);
        }
        m.put("operations", ops);
        Map<String, Object> latency = new LinkedHashMap<>();
        latency.put("bucketsMs", BUCKETS_MS);
        latency.put("hit", histogram("hit"));
        latency.put("miss", histogram("miss"));
        m.put("latency", latency);
        return m;
    }

    /** Returns calls per bucket (the last one: slower than every bound) and the mean. */
    private Map<String, Object> histogram(String result) {
        long[] counts = new long[BUCKETS_MS.length + 1];
        long n = 0;
        double totalMs = 0;
        for (Timer timer : registry.find("portal.calls").tag("result", result).timers()) {
            HistogramSnapshot s = timer.takeSnapshot();
            double below = 0;
            CountAtBucket[] buckets = s.histogramCounts();
            for (int i = 0; i < buckets.length && i < BUCKETS_MS.length; i++) {
                counts[i] += (long) (buckets[i].count() - below);
                below = buckets[i].count();
            }
            counts[BUCKETS_MS.length] += (long) (s.count() - below);
            n += s.count();
            totalMs += s.total(TimeUnit.MILLISECONDS);
        }
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("counts", counts);
        h.put("count", n);
        h.put("meanMs", n == 0 ? 0 : totalMs / n);
        return h;
    }

    @Override
    public void close() {
        if (sampler != null) {
            sampler.shutdownNow();
        }
        cache.removeListener(listener);
        metrics.close();
    }
}
