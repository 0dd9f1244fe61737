package io.github.wscache.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.providers.ClusterConnectionProvider;

/**
 * A tier's client of Redis: a pool of connections to one server, or a Redis Cluster's client
 * with its map of slots to masters refreshed every second on a daemon thread. Every command has
 * the tier's timeout (connect and read); the invalidation channel's connection has none for
 * reading ({@link #subscriberConfig}). A cluster none of whose seeds answers at first is
 * connected to later, by the first command that finds no other command connecting. Thread-safe.
 */
final class RedisConnection {
    private static final Logger LOG = LoggerFactory.getLogger(RedisTier.class);
    /** A cluster client tries this many times (a redirection after a failover is one). */
    private static final int CLUSTER_ATTEMPTS = 3;
    /** How often a cluster client refreshes its map of slots to masters. */
    private static final Duration CLUSTER_REFRESH = Duration.ofSeconds(1);

    private final RedisAddress address;
    private final Duration timeout;
    private final JedisClientConfig config;
    private final JedisClientConfig subscriberConfig;
    private final GenericObjectPoolConfig<Connection> pool;
    /** The client; a cluster's is made when a seed first answers (null until then). */
    private volatile UnifiedJedis client;
    /** A cluster client's map of slots to nodes, refreshed by {@link #refresher}. */
    private volatile ClusterConnectionProvider slots;
    /** A cluster's: refreshes the slot map every second, on a daemon thread; else null. */
    private final ScheduledExecutorService refresher;
    private final ReentrantLock connecting = new ReentrantLock();
    private volatile boolean closed;

    /**
     * Connects to a cluster at once (a server's pool connects lazily).
     *
     * @param timeout of every command, and of taking a connection from the pool
     * @param connections the most connections to Redis
     * @param node the tier's id, in the names of its threads
     */
    RedisConnection(RedisAddress address, Duration timeout, int connections, String node) {
        this.address = address;
        this.timeout = timeout;
        int millis = (int) Math.max(1, timeout.toMillis());
        this.config = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(millis).socketTimeoutMillis(millis).build();
        this.subscriberConfig = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(Math.max(millis, 1000)).socketTimeoutMillis(0).build();
        this.pool = new GenericObjectPoolConfig<>();
        pool.setMaxTotal(connections);
        pool.setMaxIdle(connections);
        pool.setMaxWait(timeout);
        pool.setJmxEnabled(false);
        try {
            this.client = connect();
        } catch (JedisException e) {
            LOG.warn("wscache: no seed of the Redis Cluster at {} answers; the shared tier"
                    + " answers misses until one does", address.uri);
        }
        if (address.cluster) {
            // Jedis's own periodic refresh runs on a thread that keeps the JVM alive
            this.refresher = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "wscache-redis-slots-" + node);
                t.setDaemon(true);
                return t;
            });
            refresher.scheduleWithFixedDelay(this::refreshSlots, CLUSTER_REFRESH.toMillis(),
                    CLUSTER_REFRESH.toMillis(), TimeUnit.MILLISECONDS);
        } else {
            this.refresher = null;
        }
    }

    /** Returns the address as given, for messages. */
    String address() {
        return address.uri;
    }

    /** A client of one server (made at once: it connects lazily) or of a cluster (connects). */
    private UnifiedJedis connect() {
        if (!address.cluster) {
            return new JedisPooled(address.seeds.get(0), config, pool);
        }
        // the retries of one command (a redirection, a master that just failed) stay within
        // two timeouts; the slot map is also refreshed every second (refreshSlots), so a
        // failover is seen even without an error
        ClusterConnectionProvider p = new ClusterConnectionProvider(
                new LinkedHashSet<>(address.seeds), config, pool);
        slots = p;
        return new JedisCluster(p, CLUSTER_ATTEMPTS, timeout.multipliedBy(2));
    }

    /** Asks the cluster which node serves which slots (the refresher's task). */
    private void refreshSlots() {
        ClusterConnectionProvider p = slots;
        if (p == null || closed) {
            return;
        }
        try {
            p.renewSlotCache();
        } catch (RuntimeException e) {
            LOG.debug("wscache: refreshing the Redis Cluster's slots failed", e);
        }
    }

    /**
     * Returns the client, making a cluster's if no seed answered before; one caller tries at a
     * time, the others fail at once (a miss).
     *
     * @throws JedisException if there is no client (yet, or any more)
     */
    UnifiedJedis redis() {
        UnifiedJedis c = client;
        if (c != null) {
            return c;
        }
        if (!connecting.tryLock()) {
            throw new JedisException("connecting to the Redis Cluster at " + address.uri);
        }
        try {
            if (client == null && !closed) {
                client = connect();
            }
            if (client == null) {
                throw new JedisException("the tier is closed");
            }
            return client;
        } finally {
            connecting.unlock();
        }
    }

    /** The configuration of the invalidation channel's connections: no read timeout. */
    JedisClientConfig subscriberConfig() {
        return subscriberConfig;
    }

    /**
     * The nodes the invalidation channel may use: the server, or a cluster's seeds and every
     * node the client knows (a message published on any node of a cluster reaches them all).
     */
    List<HostAndPort> subscriberNodes() {
        if (!address.cluster) {
            return address.seeds;
        }
        Set<HostAndPort> nodes = new LinkedHashSet<>(address.seeds);
        UnifiedJedis c = client;
        if (c instanceof JedisCluster) {
            try {
                for (String n : ((JedisCluster) c).getClusterNodes().keySet()) {
                    nodes.add(HostAndPort.from(n));
                }
            } catch (RuntimeException e) {
                LOG.debug("wscache: the cluster's nodes are not known yet", e);
            }
        }
        return new ArrayList<>(nodes);
    }

    /** Whether {@link #close} was called. */
    boolean isClosed() {
        return closed;
    }

    /** Stops the slot refresh and closes the client; no client is made after this. */
    void close() {
        closed = true;
        if (refresher != null) {
            refresher.shutdownNow();
        }
        connecting.lock();
        try {
            if (client != null) {
                client.close();
            }
        } finally {
            connecting.unlock();
        }
    }
}
