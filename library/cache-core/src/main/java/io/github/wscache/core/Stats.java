package io.github.wscache.core;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the cache tells the world about its calls: counters per operation, an event per decision
 * to the listeners, and warnings logged once per cause. One instance per cache. Thread-safe.
 *
 * <p>Counters are kept per service and operation and summed on demand ({@link CacheStats});
 * entry counts and weights are kept by the {@link Store}, which calls {@link #entryAdded} and
 * {@link #entryRemoved}.
 */
final class Stats {
    /** Logged under the face's name: users configure logging for {@code ResponseCache}. */
    static final Logger LOG = LoggerFactory.getLogger(ResponseCache.class);
    private static final int MAX_LOGGED_CAUSES = 1_000;

    private final ConcurrentHashMap<String, Counters> counters = new ConcurrentHashMap<>();
    /** The same counters by the names of a call (several names may share one statsKey). */
    private final ConcurrentHashMap<Names, Counters> byNames = new ConcurrentHashMap<>();
    private final List<Consumer<CacheEvent>> listeners = new CopyOnWriteArrayList<>();
    private final Set<String> logged = ConcurrentHashMap.newKeySet();

    Stats(List<Consumer<CacheEvent>> listeners) {
        this.listeners.addAll(listeners);
    }

    /** Returns the key under which an operation's counters are kept. */
    static String statsKey(String service, String operation) {
        return service == null ? operation : service + '/' + operation;
    }

    /**
     * Returns the counters of a call's operation, created on first use. Found through the names
     * themselves, hashed from the strings' cached hashes: this runs on every call, so it builds
     * no {@link #statsKey} string once an operation is known.
     */
    Counters of(Invocation inv) {
        Names n = new Names(inv.service(), inv.operation());
        Counters c = byNames.get(n);
        if (c == null) {
            c = counters.computeIfAbsent(statsKey(inv.service(), inv.operation()),
                    x -> new Counters(inv.operation()));
            byNames.putIfAbsent(n, c);
        }
        return c;
    }

    /** A call's service and operation, the key of {@link #byNames}. */
    private record Names(String service, String operation) {
    }

    /** Adds one to a counter and tells the listeners. */
    void count(Counters c, int counter, CacheEvent.Type type, Invocation inv, CacheKey key,
            Why why) {
        c.add(counter, 1);
        fire(type, inv.operation(), key, why == null ? null : why.reason(),
                why == null ? null : why.detail());
    }

    /** Counts a load (a call of the service or an exchange) and its duration. */
    void loaded(Counters c, long nanos) {
        c.add(Counters.LOADS, 1);
        c.add(Counters.LOAD_TIME, nanos);
    }

    void entryAdded(String statsKey, long weight) {
        Counters c = counters.get(statsKey);
        if (c != null) {
            c.entries.increment();
            c.weight.add(weight);
        }
    }

    void entryRemoved(String statsKey, long weight, int cause) {
        Counters c = counters.get(statsKey);
        if (c != null) {
            c.entries.decrement();
            c.weight.add(-weight);
            if (cause >= 0) {
                c.add(cause, 1);
            }
        }
    }

    /**
     * Counts a failure inside the cache, tells the listeners and logs it once per cause; the
     * caller then goes on as for a miss or a bypass.
     */
    void error(Counters c, Invocation inv, CacheKey key, String what, Throwable t) {
        c.add(Counters.ERRORS, 1);
        fire(CacheEvent.Type.ERROR, inv.operation(), key, Reason.CACHE_FAILURE, what + ": " + t);
        logOnce(inv.operation() + ":" + what + ":" + t.getClass().getName() + ":"
                + t.getMessage(), "wscache: " + what + " for " + inv.operation()
                + "; the call goes to the service (logged once per cause)", t);
    }

    /** Logs a warning the first time a cause is seen (bounded), at debug level after that. */
    void logOnce(String cause, String message, Throwable t) {
        if (logged.size() < MAX_LOGGED_CAUSES && logged.add(cause)) {
            LOG.warn(message, t);
        } else {
            LOG.debug(message, t);
        }
    }

    void fire(CacheEvent.Type type, String operation, CacheKey key, Reason reason,
            String detail) {
        if (listeners.isEmpty()) {
            return;
        }
        CacheEvent event = new CacheEvent(type, operation, key, reason, detail);
        for (Consumer<CacheEvent> l : listeners) {
            try {
                l.accept(event);
            } catch (RuntimeException e) {
                logOnce("listener:" + l.getClass().getName(), "a cache listener failed", e);
            }
        }
    }

    void addListener(Consumer<CacheEvent> listener) {
        listeners.add(listener);
    }

    void removeListener(Consumer<CacheEvent> listener) {
        listeners.remove(listener);
    }

    /** Returns the sums over every operation, with the store's weighed size. */
    CacheStats total(long weightedSize) {
        long[] sums = new long[Counters.COUNT];
        long entries = 0;
        for (Counters c : counters.values()) {
            c.addTo(sums);
            entries += c.entries.sum();
        }
        return new CacheStats(sums, entries, weightedSize);
    }

    /** Returns the sums over the operations named {@code operation} (of any service). */
    CacheStats of(String operation) {
        long[] sums = new long[Counters.COUNT];
        long entries = 0;
        long weight = 0;
        for (Counters c : counters.values()) {
            if (c.operation.equals(operation)) {
                c.addTo(sums);
                entries += c.entries.sum();
                weight += c.weight.sum();
            }
        }
        return new CacheStats(sums, entries, weight);
    }

    Set<String> operations() {
        Set<String> names = new TreeSet<>();
        for (Counters c : counters.values()) {
            names.add(c.operation);
        }
        return names;
    }
}
