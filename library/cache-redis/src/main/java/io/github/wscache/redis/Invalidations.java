package io.github.wscache.redis;

import io.github.wscache.core.spi.SharedTier.Listener;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.BinaryJedisPubSub;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Farm-wide invalidation: this JVM's invalidations increment a generation in Redis and are
 * published on the tier's channel; the other JVMs' are heard on it, on a daemon thread that stays
 * subscribed (reconnecting with a growing pause, trying a cluster's nodes in turn), and passed to
 * the cache's {@link Listener}. A message is {@code "<node> o <operation>"} or
 * {@code "<node> a"} (every operation); a JVM ignores its own. A resubscription counts as an
 * invalidation of everything, since messages may have been missed meanwhile.
 */
final class Invalidations {
    private static final Logger LOG = LoggerFactory.getLogger(RedisTier.class);

    private final String node;
    private final KeyLayout keys;
    private final byte[] channel;
    private final RedisConnection connection;
    private final FaultGuard guard;
    private final Generations generations;
    private final Counters counters;
    private final OnceLog log;
    private final Subscriber subscriber = new Subscriber();
    private final CountDownLatch subscribed = new CountDownLatch(1);
    private final Thread thread;
    private volatile Listener listener;

    /**
     * @param node this JVM's id in the tier's messages
     */
    Invalidations(String node, KeyLayout keys, RedisConnection connection, FaultGuard guard,
            Generations generations, Counters counters, OnceLog log) {
        this.node = node;
        this.keys = keys;
        this.channel = keys.invalidationChannel();
        this.connection = connection;
        this.guard = guard;
        this.generations = generations;
        this.counters = counters;
        this.log = log;
        this.thread = new Thread(this::subscribeLoop, "wscache-redis-invalidations-" + node);
        thread.setDaemon(true);
    }

    /**
     * Starts listening, and waits for the first subscription (four timeouts, at least a second),
     * so that invalidations are heard from the tier's first call on.
     */
    void start(Duration timeout) {
        thread.start();
        try {
            int millis = (int) Math.max(1, timeout.toMillis());
            subscribed.await(Math.max(1000, 4 * millis), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Sets the cache to tell of invalidations heard.
     *
     * @throws IllegalStateException if one was set already
     */
    synchronized void bind(Listener l) {
        if (listener != null) {
            throw new IllegalStateException(
                    "this RedisTier already serves a cache: build one tier per ResponseCache");
        }
        listener = Objects.requireNonNull(l, "listener");
    }

    /** Invalidates {@code operation} on every JVM. */
    void invalidate(String operation) {
        bumpAndTell(keys.generation(operation), "o " + operation, "of " + operation);
        // after the INCR, not before: a generation read from Redis before it is not kept (the
        // read began before this, see Generations), one read after it is the new one; this
        // JVM ignores its own message, so nothing else would drop an old one kept meanwhile
        generations.forget(operation);
    }

    /**
     * Invalidates the entries of {@code operation} at {@code endpoint} on every JVM: those of
     * the endpoints of its bucket in the tier, those of the endpoint in each JVM's own store.
     */
    void invalidate(String operation, String endpoint) {
        int bucket = KeyLayout.bucket(endpoint);
        bumpAndTell(keys.endpointGeneration(operation, bucket), "e " + operation + "\n"
                + endpoint, "of " + operation + " at " + endpoint);
        generations.forget(operation, bucket); // after the INCR, as in invalidate
    }

    /** Invalidates everything on every JVM. */
    void invalidateAll() {
        bumpAndTell(keys.allGeneration(), "a", "of every operation");
        generations.forgetAll(); // after the INCR, as in invalidate
    }

    private void bumpAndTell(byte[] generationKey, String message, String what) {
        try {
            connection.redis().incr(generationKey);
            connection.redis().publish(channel,
                    (node + " " + message).getBytes(StandardCharsets.UTF_8));
            guard.succeeded();
            counters.count(RedisTierStats.INVALIDATIONS_SENT);
        } catch (JedisException e) {
            guard.failed("invalidation", what, e);
            log.warnOnce("invalidation-lost", "wscache: an invalidation " + what + " did not"
                    + " reach Redis; the other JVMs keep their entries until they expire (logged"
                    + " once)", null);
        }
    }

    /**
     * Stops listening: leaves the channel and waits (a second at most) for the thread to end.
     * The connection is closed first, which stops the thread from subscribing again.
     */
    void close() {
        try {
            if (subscriber.isSubscribed()) {
                subscriber.unsubscribe();
            }
        } catch (RuntimeException e) {
            LOG.debug("wscache: unsubscribing failed", e);
        }
        thread.interrupt();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void subscribeLoop() {
        long pause = 50;
        int next = 0;
        while (!connection.isClosed()) {
            List<HostAndPort> nodes = connection.subscriberNodes();
            HostAndPort at = nodes.get(Math.floorMod(next, nodes.size()));
            try (Jedis j = new Jedis(at, connection.subscriberConfig())) {
                j.subscribe(subscriber, channel);
                pause = 50;
            } catch (RuntimeException e) {
                next++; // a cluster's other nodes are tried in turn
                if (connection.isClosed()) {
                    return;
                }
                log.warnOnce("subscribe:" + e.getClass().getName(), "wscache: the invalidation"
                        + " channel on Redis at " + connection.address() + " is down; retrying"
                        + " (logged once per cause)", null);
            }
            try {
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                return;
            }
            pause = Math.min(1000, pause * 2);
        }
    }

    private final class Subscriber extends BinaryJedisPubSub {
        private volatile boolean first = true;

        @Override
        public void onSubscribe(byte[] name, int count) {
            if (!first) {
                // messages sent while disconnected are lost: drop what they might have dropped
                counters.count(RedisTierStats.RESUBSCRIPTIONS);
                generations.heardAll();
                Listener l = listener;
                if (l != null) {
                    l.allInvalidated();
                }
            }
            first = false;
            subscribed.countDown();
        }

        @Override
        public void onMessage(byte[] name, byte[] message) {
            String m = new String(message, StandardCharsets.UTF_8);
            int space = m.indexOf(' ');
            if (space < 0 || m.substring(0, space).equals(node)) {
                return;
            }
            String what = m.substring(space + 1);
            counters.count(RedisTierStats.INVALIDATIONS_RECEIVED);
            Listener l = listener;
            int newline = what.indexOf('\n');
            if (what.startsWith("e ") && newline > 0) {
                String operation = what.substring(2, newline);
                String endpoint = what.substring(newline + 1);
                generations.forget(operation, KeyLayout.bucket(endpoint));
                if (l != null) {
                    l.endpointInvalidated(operation, endpoint);
                }
            } else if (what.startsWith("o ")) {
                String operation = what.substring(2);
                generations.heard(operation);
                if (l != null) {
                    l.operationInvalidated(operation);
                }
            } else {
                generations.heardAll();
                if (l != null) {
                    l.allInvalidated();
                }
            }
        }
    }
}
