package io.github.wscache.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import redis.clients.jedis.params.SetParams;

/**
 * The farm's leases on keys, for single flight across JVMs: a JVM that misses takes the lease
 * on the key ({@code SET NX PX}, for the lease time, so a holder that crashes blocks nobody
 * beyond it) and the others wait for the entry it stores. A lease holds a token unique to this
 * JVM and attempt, and is released only by a script that checks the token, so a lease that ran
 * out and was taken by another JVM is not released by the first. Storing the entry and
 * releasing its lease is one script, one round trip, in one hash slot (see {@link KeyLayout}).
 * Each method is one round trip, which may throw {@code JedisException}; the caller tells the
 * breaker. Thread-safe.
 */
final class Leases {
    private static final byte[] RELEASE = ("if redis.call('get', KEYS[1]) == ARGV[1] then"
            + " return redis.call('del', KEYS[1]) else return 0 end")
            .getBytes(StandardCharsets.UTF_8);
    /** Stores an entry and releases its lease in one round trip (one hash slot: see keys). */
    private static final byte[] STORE_AND_RELEASE = ("redis.call('set', KEYS[1], ARGV[1], 'px',"
            + " ARGV[2]) if redis.call('get', KEYS[2]) == ARGV[3] then redis.call('del',"
            + " KEYS[2]) end return 1").getBytes(StandardCharsets.UTF_8);

    private final RedisConnection connection;
    private final KeyLayout keys;
    private final String node;
    private final long leaseMillis;
    private final AtomicLong tokens = new AtomicLong();

    /**
     * @param node this JVM's id, in its tokens
     * @param leaseTime how long a lease lasts unless released
     */
    Leases(RedisConnection connection, KeyLayout keys, String node, Duration leaseTime) {
        this.connection = connection;
        this.keys = keys;
        this.node = node;
        this.leaseMillis = Math.max(1, leaseTime.toMillis());
    }

    /**
     * Takes the lease on the entry under {@code entryKey} if no JVM holds it; returns it, or
     * null if another JVM holds it.
     */
    LeaseState tryAcquire(byte[] entryKey) {
        byte[] leaseKey = keys.lease(entryKey);
        byte[] token = (node + ":" + tokens.incrementAndGet()).getBytes(StandardCharsets.UTF_8);
        String ok = connection.redis().set(leaseKey, token,
                SetParams.setParams().nx().px(leaseMillis));
        return "OK".equals(ok) ? LeaseState.held(entryKey, leaseKey, token) : null;
    }

    /** Releases {@code lease}, a held one, if it is still this JVM's. */
    void release(LeaseState lease) {
        connection.redis().eval(RELEASE, List.of(lease.leaseKey), List.of(lease.token));
    }

    /**
     * Writes {@code entry} under the entry key of {@code lease}, a held one, to expire in
     * {@code retainMillis}, and releases the lease if it is still this JVM's.
     */
    void storeAndRelease(LeaseState lease, byte[] entry, long retainMillis) {
        connection.redis().eval(STORE_AND_RELEASE, List.of(lease.entryKey, lease.leaseKey),
                List.of(entry, Long.toString(retainMillis).getBytes(StandardCharsets.UTF_8),
                        lease.token));
    }
}
