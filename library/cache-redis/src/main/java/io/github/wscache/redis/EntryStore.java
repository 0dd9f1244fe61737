package io.github.wscache.redis;

import io.github.wscache.core.spi.SharedTier.Lookup;
import io.github.wscache.core.spi.SharedTier.Request;
import io.github.wscache.redis.internal.ValueCodec;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.params.SetParams;

/**
 * The entries in Redis: a value turned into an entry's bytes ({@link ValueCodec}: format,
 * payload, signature) and written with its retention time as Redis's expiry; an entry read with
 * its remaining time to live in one round trip, checked, and turned back into a value with the
 * lifetimes it has left, computed from Redis's {@code PTTL} rather than from clocks, which
 * differ between JVMs. Values that cannot be shared and entries that are refused are counted
 * and logged here (once per cause). Each method is one round trip at most, which may throw
 * {@code JedisException}; the caller tells the breaker. Thread-safe.
 */
final class EntryStore {
    /** What {@link #decode} returns for an entry it refused (counted and logged there). */
    static final Lookup REFUSED = Lookup.miss(false);

    private final RedisConnection connection;
    private final ValueCodec codec;
    private final Counters counters;
    private final OnceLog log;

    EntryStore(RedisConnection connection, ValueCodec codec, Counters counters, OnceLog log) {
        this.connection = connection;
        this.codec = codec;
        this.counters = counters;
        this.log = log;
    }

    /** An entry's bytes as Redis holds them, and the milliseconds it has left there. */
    static final class Stored {
        final byte[] bytes;
        /** Redis's {@code PTTL}: negative when the entry has no expiry. */
        final long pttl;

        Stored(byte[] bytes, long pttl) {
            this.bytes = bytes;
            this.pttl = pttl;
        }
    }

    /**
     * Returns the entry under {@code key} and its time to live, or null if there is none: a
     * {@code GET} and a {@code PTTL} sent together, one round trip. (A Lua script doing both
     * cost 1.5 times a {@code GET} on a 12 KB entry, measured with {@code redis-benchmark}: Lua
     * copies the value in and out.) An entry that expires between the two is a miss ({@code
     * PTTL} -2); one rewritten between them is read with the new entry's time to live, which
     * only shortens or lengthens what is left of its freshness by the time between the two
     * commands.
     */
    Stored fetch(byte[] key) {
        byte[] entry;
        long pttl;
        try (AbstractPipeline p = connection.redis().pipelined()) {
            Response<byte[]> value = p.get(key);
            Response<Long> ttl = p.pttl(key);
            p.sync();
            entry = value.get();
            pttl = ttl.get();
        }
        if (entry == null || pttl == -2) {
            return null;
        }
        return new Stored(entry, pttl);
    }

    /**
     * Returns the value of the entry {@code stored} under {@code key} with its remaining
     * lifetimes, {@link #REFUSED} for an entry that fails its checks, or null if it has expired.
     */
    Lookup decode(byte[] key, Stored stored, Request r) {
        ValueCodec.Decoded d;
        try {
            d = codec.decode(key, stored.bytes, r.isMessageLevel());
        } catch (ValueCodec.Rejected e) {
            counters.count(RedisTierStats.REJECTED);
            log.warnOnce("rejected:" + r.operation() + ":" + e.getMessage(), "wscache: an entry"
                    + " of " + r.operation() + " in Redis was refused: " + e.getMessage()
                    + " (logged once per cause)", null);
            return REFUSED;
        }
        return remaining(d.value, d.freshMillis, d.retainMillis, stored.pttl);
    }

    /**
     * Returns {@code value} with the lifetimes it has left, or null if none: stored fresh for
     * {@code freshMillis} and kept for {@code retainMillis}, with {@code pttl} left in Redis (its
     * age is what Redis's clock took off the retention time; no expiry means no age).
     */
    static Lookup remaining(Object value, long freshMillis, long retainMillis, long pttl) {
        long retainLeft = pttl >= 0 ? pttl : retainMillis;
        long freshLeft = freshMillis - (retainMillis - retainLeft);
        if (retainLeft <= 0) {
            return null;
        }
        return Lookup.found(value, TimeUnit.MILLISECONDS.toNanos(Math.max(0, freshLeft)),
                TimeUnit.MILLISECONDS.toNanos(retainLeft));
    }

    /**
     * Returns the bytes of {@code value} as the entry under {@code key}, or null if it cannot be
     * shared (no byte form, or classes neither registered nor allowed; counted and logged): it
     * then stays in this JVM's own store.
     */
    byte[] encode(byte[] key, Request r, Object value, long freshMillis, long retainMillis) {
        try {
            return codec.encode(key, value, r.isMessageLevel(), freshMillis, retainMillis);
        } catch (ValueCodec.NotShareable e) {
            counters.count(RedisTierStats.NOT_SHAREABLE);
            log.warnOnce("unshareable:" + r.operation() + ":" + e.getMessage(), "wscache: a "
                    + "result of " + r.operation() + " stays in this JVM: " + e.getMessage()
                    + " (logged once per cause)", null);
            return null;
        }
    }

    /** Writes {@code entry} under {@code key}, to expire in {@code retainMillis}. */
    void put(byte[] key, byte[] entry, long retainMillis) {
        connection.redis().set(key, entry, SetParams.setParams().px(retainMillis));
    }
}
