package io.github.wscache.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.SetParams;

/**
 * The tier's entries as a test's Redis holds them (test-kit's {@code RedisServer}, on loopback,
 * given by its port), read and replaced with a raw client: the keys of a namespace whose values
 * are in the entry format ({@code 'w' 'c'} first; leases, generations and the identity salt are
 * not). Public, and in cache-redis's test jar, so that the integrations' farm tests and the
 * composition matrix can read and spoil the entries their tiers wrote. (It takes the port, not
 * the server: the tests compile into this library's module, whose public types name no type of
 * the test kit's.)
 *
 * <pre>{@code
 * TierEntries.Entry e = TierEntries.onlyEntry(redis.port(), namespace);
 * TierEntries.replace(redis.port(), e.key(), damaged(e.bytes()));
 * }</pre>
 */
public final class TierEntries {
    private TierEntries() {
    }

    /** A tier entry as Redis holds it: its key and its bytes. */
    public record Entry(byte[] key, byte[] bytes) {
    }

    /** Returns every entry (in the tier's format) in {@code namespace} of the Redis on port. */
    public static List<Entry> entries(int port, String namespace) {
        try (Jedis jedis = new Jedis("127.0.0.1", port)) {
            List<Entry> entries = new ArrayList<>();
            for (byte[] k : jedis.keys((namespace + ":*").getBytes(StandardCharsets.UTF_8))) {
                byte[] v = jedis.get(k);
                if (v != null && v.length > 3 && v[0] == 'w' && v[1] == 'c') {
                    entries.add(new Entry(k, v));
                }
            }
            return entries;
        }
    }

    /**
     * Returns the one tier entry of {@code namespace} of the Redis on {@code port}; fails when
     * there is not exactly one.
     */
    public static Entry onlyEntry(int port, String namespace) {
        List<Entry> entries = entries(port, namespace);
        if (entries.size() != 1) {
            throw new AssertionError(entries.size() + " entries in namespace " + namespace
                    + ", expected one");
        }
        return entries.get(0);
    }

    /**
     * Writes {@code bytes} under {@code key} of the Redis on {@code port} in place of its entry,
     * keeping its time to live.
     */
    public static void replace(int port, byte[] key, byte[] bytes) {
        try (Jedis jedis = new Jedis("127.0.0.1", port)) {
            long ttl = jedis.pttl(key);
            jedis.set(key, bytes, SetParams.setParams().px(Math.max(ttl, 10_000)));
        }
    }

    /**
     * Makes every tier entry of {@code namespace} of the Redis on {@code port} look
     * {@code older} than it is, as a reader sees it: the tier computes an entry's age from the
     * lifetime Redis has left ({@code PTTL}), not from clocks, so this shortens that by
     * {@code older}, as time passing does. Fails for an entry that would expire by it, and when
     * the namespace holds none.
     */
    public static void age(int port, String namespace, Duration older) {
        List<Entry> all = entries(port, namespace);
        if (all.isEmpty()) {
            throw new AssertionError("no tier entries in " + namespace + " to age: none stored");
        }
        try (Jedis jedis = new Jedis("127.0.0.1", port)) {
            for (Entry e : all) {
                long ttl = jedis.pttl(e.key());
                long left = ttl - older.toMillis();
                if (ttl < 0 || left <= 0) {
                    throw new AssertionError("an entry with " + ttl + " ms left cannot age by "
                            + older);
                }
                jedis.pexpire(e.key(), left);
            }
        }
    }
}
