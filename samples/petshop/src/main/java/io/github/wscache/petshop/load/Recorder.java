package io.github.wscache.petshop.load;

import io.github.wscache.sim.trace.TraceLog;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * Latency histograms (HdrHistogram, microseconds, 3 significant digits) per page and per request
 * class, recording only while {@link #measuring} is on. Thread-safe.
 */
final class Recorder {

    private static final long MAX_MICROS = 600_000_000L;

    private final Map<String, Histogram> pages = new ConcurrentHashMap<>();
    private final Map<String, RequestClass> pageClass = new ConcurrentHashMap<>();
    private final Map<RequestClass, Histogram> classes = new ConcurrentHashMap<>();
    private final Histogram all = histogram();
    private final AtomicLong errors = new AtomicLong();
    private final Map<String, AtomicLong> errorKinds = new ConcurrentHashMap<>();
    private volatile boolean measuring;
    private volatile TraceLog trace;

    private static Histogram histogram() {
        return new ConcurrentHistogram(1, MAX_MICROS, 3);
    }

    void measuring(boolean on) {
        measuring = on;
    }

    /** Also writes every measured GET that succeeds to {@code log} (null: none). */
    void trace(TraceLog log) {
        trace = log;
    }

    /** Writes a measured page to the trace, if there is one. */
    void traced(String key, int bytes, long micros) {
        TraceLog log = trace;
        if (measuring && log != null) {
            log.record(key, bytes, micros);
        }
    }

    /**
     * Records a request; {@code error} says what went wrong (an HTTP status, an exception), or
     * is {@code null} for a success.
     */
    void record(String page, RequestClass cls, long micros, String error) {
        if (!measuring) {
            return;
        }
        long v = Math.max(1, Math.min(micros, MAX_MICROS));
        pages.computeIfAbsent(page, p -> histogram()).recordValue(v);
        pageClass.putIfAbsent(page, cls);
        classes.computeIfAbsent(cls, c -> histogram()).recordValue(v);
        all.recordValue(v);
        if (error != null) {
            errors.incrementAndGet();
            errorKinds.computeIfAbsent(page + ": " + error, k -> new AtomicLong())
                    .incrementAndGet();
        }
    }

    /** Returns how many errors of each kind ({@code page: what}) were measured, sorted. */
    Map<String, Long> errorKinds() {
        Map<String, Long> out = new TreeMap<>();
        errorKinds.forEach((k, v) -> out.put(k, v.get()));
        return out;
    }

    Histogram all() {
        return all;
    }

    long errors() {
        return errors.get();
    }

    Histogram byClass(RequestClass c) {
        return classes.getOrDefault(c, histogram());
    }

    /** Pages in name order. */
    Map<String, Histogram> pages() {
        return new TreeMap<>(pages);
    }

    RequestClass classOf(String page) {
        return pageClass.get(page);
    }
}
