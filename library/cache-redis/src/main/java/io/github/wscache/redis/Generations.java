package io.github.wscache.redis;

import io.github.wscache.core.spi.SharedTier.Request;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.UnaryOperator;

/**
 * The generations in every entry's key ({@link KeyLayout}): one that covers every operation and
 * one per operation, counters in Redis that an invalidation increments, so that the entries
 * made before it are never found again (they expire by themselves; no key scan). Read from
 * Redis once and kept, until an invalidation made here or heard from another JVM drops what it
 * changed.
 *
 * <p>A generation read while an invalidation is made here or heard may be the old one: it is
 * used for the key at hand but not kept, so the next key reads it again. An invalidation counts
 * itself ({@code heard}) and drops what it changed in one step, after the generation changed in
 * Redis; a read keeps what it read only if no invalidation counted itself since the read began,
 * checked and kept in one step too, so no old generation is kept past an invalidation, however
 * the two interleave. Thread-safe.
 */
final class Generations {
    private final KeyLayout keys;
    /** Reads a key from Redis (null when absent). */
    private final UnaryOperator<byte[]> get;
    /** Operation generations read from Redis; dropped when an invalidation is heard. */
    private final ConcurrentHashMap<String, Long> operations = new ConcurrentHashMap<>();
    /**
     * Endpoint bucket generations read from Redis, per operation, -1 where not read (or
     * dropped when an invalidation of an endpoint of the bucket is made or heard).
     */
    private final ConcurrentHashMap<String, AtomicLongArray> endpoints =
            new ConcurrentHashMap<>();
    private volatile long all = -1;
    /**
     * Invalidations made here or heard, so that a generation read before one is not kept;
     * changed, and compared before keeping a generation, under this object's lock.
     */
    private volatile long heard;

    /**
     * @param get reads a key from Redis, returning null when it is absent
     */
    Generations(KeyLayout keys, UnaryOperator<byte[]> get) {
        this.keys = keys;
        this.get = get;
    }

    /** Returns the key of {@code r}'s entry under the generations now. */
    byte[] entryKey(Request r) {
        long a = all;
        if (a < 0) {
            long before = heard;
            a = read(keys.allGeneration());
            synchronized (this) {
                if (heard == before) {
                    all = a;
                }
            }
        }
        Long op = operations.get(r.operation());
        if (op == null) {
            long before = heard;
            op = read(keys.generation(r.operation()));
            synchronized (this) {
                if (heard == before) {
                    operations.putIfAbsent(r.operation(), op);
                }
            }
        }
        int bucket = KeyLayout.bucket(r.endpoint());
        AtomicLongArray buckets = endpoints.computeIfAbsent(r.operation(), o -> unread());
        long ep = buckets.get(bucket);
        if (ep < 0) {
            long before = heard;
            ep = read(keys.endpointGeneration(r.operation(), bucket));
            synchronized (this) {
                if (heard == before) {
                    buckets.compareAndSet(bucket, -1, ep);
                }
            }
        }
        return keys.entry(r, a, op, ep);
    }

    private static AtomicLongArray unread() {
        AtomicLongArray a = new AtomicLongArray(KeyLayout.ENDPOINT_BUCKETS);
        for (int i = 0; i < a.length(); i++) {
            a.set(i, -1);
        }
        return a;
    }

    private long read(byte[] key) {
        byte[] v = get.apply(key);
        if (v == null) {
            return 0;
        }
        try {
            return Long.parseLong(new String(v, StandardCharsets.US_ASCII));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * This JVM invalidated {@code operation}, its generation in Redis incremented already: it is
     * read again, and one being read now is not kept.
     */
    synchronized void forget(String operation) {
        heard++;
        operations.remove(operation);
    }

    /**
     * This JVM invalidated an endpoint of {@code operation} in {@code bucket}, the bucket's
     * generation in Redis incremented already, or another JVM did: as {@link #forget}.
     */
    synchronized void forget(String operation, int bucket) {
        heard++;
        AtomicLongArray buckets = endpoints.get(operation);
        if (buckets != null) {
            buckets.set(bucket, -1);
        }
    }

    /** This JVM invalidated everything, as {@link #forget} an operation. */
    synchronized void forgetAll() {
        heard++;
        operations.clear();
        endpoints.clear();
        all = -1;
    }

    /** Another JVM invalidated {@code operation}. */
    void heard(String operation) {
        forget(operation);
    }

    /** Another JVM invalidated everything, or invalidations may have been missed. */
    void heardAll() {
        forgetAll();
    }
}
