package io.github.wscache.redis;

import io.github.wscache.testkit.RedisServer;
import io.github.wscache.testkit.Waits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import redis.clients.jedis.Jedis;

/**
 * A throw-away Redis Cluster on loopback for tests: Debian's {@code redis-server} processes with
 * {@code --cluster-enabled yes} on random ports (test-kit's {@link RedisServer}), joined by
 * {@code redis-cli --cluster create}; each master may have replicas, so that killing a master
 * ({@code SIGKILL}) is followed by a failover. Nodes time out after 1 s, replicas start syncing
 * at once and may take over however long their master has been gone, so a failover takes two
 * to three seconds.
 */
final class RedisCluster implements AutoCloseable {
    private static final String CLI = "/usr/bin/redis-cli";
    private static final List<String> NODE_OPTIONS = List.of("--cluster-enabled", "yes",
            "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "1000",
            "--repl-diskless-sync-delay", "0", "--cluster-replica-validity-factor", "0");

    private final List<RedisServer> nodes = new ArrayList<>();

    private RedisCluster() {
    }

    /** Starts {@code masters} masters with {@code replicas} replicas each and waits until ok. */
    static RedisCluster start(int masters, int replicas) {
        RedisCluster c = new RedisCluster();
        try {
            for (int i = 0; i < masters * (1 + replicas); i++) {
                c.nodes.add(RedisServer.start(NODE_OPTIONS));
            }
            List<String> command = new ArrayList<>(List.of(CLI, "--cluster", "create"));
            for (RedisServer n : c.nodes) {
                command.add("127.0.0.1:" + n.port());
            }
            command.addAll(List.of("--cluster-replicas", Integer.toString(replicas),
                    "--cluster-yes"));
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException("redis-cli --cluster create failed: " + out);
            }
            c.awaitHealthy(masters, masters * replicas);
            return c;
        } catch (IOException e) {
            c.close();
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            c.close();
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** The tier's address: every node as a seed. */
    String uri() {
        return "redis-cluster://" + nodes.stream().map(n -> "127.0.0.1:" + n.port())
                .collect(Collectors.joining(","));
    }

    /** The nodes that run, masters and replicas. */
    List<RedisServer> liveNodes() {
        return nodes.stream().filter(RedisServer::isAlive).collect(Collectors.toList());
    }

    /** The live nodes that are masters now. */
    List<RedisServer> masters() {
        List<RedisServer> masters = new ArrayList<>();
        for (RedisServer n : liveNodes()) {
            try (Jedis j = new Jedis("127.0.0.1", n.port())) {
                if (j.role().get(0).equals("master")) {
                    masters.add(n);
                }
            } catch (RuntimeException e) {
                // not answering: not a master we can use
            }
        }
        return masters;
    }

    /** Returns how many keys {@code node} holds. */
    long keys(RedisServer node) {
        try (Jedis j = new Jedis("127.0.0.1", node.port())) {
            return j.dbSize();
        }
    }

    /**
     * Waits (30 s at most, {@link Waits}) until {@code masters} live nodes are masters, every
     * live node says the cluster is ok with every slot served, and {@code syncedReplicas}
     * replicas are in sync with their masters (after a failover: one fewer per master killed,
     * whose replica is a master now).
     */
    void awaitHealthy(int masters, int syncedReplicas) {
        String[] last = {""};
        try {
            Waits.until("the cluster is healthy", () -> {
                boolean ok = true;
                int synced = 0;
                int live = 0;
                StringBuilder state = new StringBuilder();
                for (RedisServer n : liveNodes()) {
                    try (Jedis j = new Jedis("127.0.0.1", n.port())) {
                        String info = j.clusterInfo();
                        ok &= info.contains("cluster_state:ok")
                                && info.contains("cluster_slots_ok:16384");
                        String replication = j.info("replication");
                        if (replication.contains("role:master")) {
                            live++;
                        }
                        if (replication.contains("role:slave")
                                && replication.contains("master_link_status:up")) {
                            synced++;
                        }
                        state.append(n.port()).append(info.contains("cluster_state:ok")
                                ? " ok " : " not ok ");
                    } catch (RuntimeException e) {
                        ok = false;
                        state.append(n.port()).append(' ').append(e).append(' ');
                    }
                }
                last[0] = state + "; masters: " + live + ", replicas in sync: " + synced;
                return ok && live == masters && synced >= syncedReplicas;
            }, Duration.ofSeconds(30));
        } catch (AssertionError e) {
            throw new IllegalStateException("the cluster is not healthy after 30 s: " + last[0],
                    e);
        }
    }

    @Override
    public void close() {
        for (RedisServer n : nodes) {
            n.close();
        }
    }
}
