package io.github.wscache.petshop.web;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The output cache of the presentation tier (ASP.NET output caching in the paper, §4.2): rendered
 * fragments by URL with a time to live. It lives wherever the presentation tier runs (the origin
 * in F0, the edge in Fdb and Fremoting). Bounded by a simple entry limit (cleared when exceeded:
 * the key space is small except for search keywords). Thread-safe; two concurrent misses may both
 * render.
 */
public final class FragmentCache {

    private record Entry(String html, long expiresAt) {
    }

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private final LongSupplier nanoClock;
    private final int maxEntries;
    private final AtomicLong hits = new AtomicLong();
    private final AtomicLong misses = new AtomicLong();

    /** A cache reading time from {@code nanoClock}, holding up to {@code maxEntries}. */
    public FragmentCache(LongSupplier nanoClock, int maxEntries) {
        this.nanoClock = nanoClock;
        this.maxEntries = maxEntries;
    }

    /**
     * The cached fragment, or a freshly rendered one stored for {@code ttlSeconds}. A render that
     * returns null (no such fragment) is passed on and not stored.
     */
    public String get(String key, int ttlSeconds, Supplier<String> render) {
        long now = nanoClock.getAsLong();
        Entry e = entries.get(key);
        if (e != null && now - e.expiresAt < 0) {
            hits.incrementAndGet();
            return e.html;
        }
        misses.incrementAndGet();
        String html = render.get();
        if (html == null) {
            return null;
        }
        if (entries.size() >= maxEntries) {
            entries.clear();
        }
        entries.put(key, new Entry(html, now + ttlSeconds * 1_000_000_000L));
        return html;
    }

    /** Drops one entry. */
    public void invalidate(String key) {
        entries.remove(key);
    }

    /** Drops everything. */
    public void clear() {
        entries.clear();
    }

    /** Hits so far. */
    public long hits() {
        return hits.get();
    }

    /** Misses so far. */
    public long misses() {
        return misses.get();
    }
}
