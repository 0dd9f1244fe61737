package io.github.wscache.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import redis.clients.jedis.HostAndPort;

/**
 * Where a tier's Redis is: one server, {@code redis://host:port}, or a Redis Cluster by some of
 * its nodes, {@code redis-cluster://host:port,host:port,...}; a host is a name, an IPv4 address
 * or an IPv6 address in brackets. No user, password or database in the URI. Immutable.
 */
final class RedisAddress {
    private static final Pattern NODE = Pattern.compile(
            "(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9._-]+):([0-9]{1,5})");
    private static final String FORM =
            "redis://host:port or redis-cluster://host:port,host:port,...";

    /** The URI as given, for messages. */
    final String uri;
    final boolean cluster;
    /** The server, or the cluster's nodes to ask first, in the URI's order. */
    final List<HostAndPort> seeds;

    private RedisAddress(String uri, boolean cluster, List<HostAndPort> seeds) {
        this.uri = uri;
        this.cluster = cluster;
        this.seeds = List.copyOf(seeds);
    }

    /**
     * Reads {@code redisUri}.
     *
     * @throws IllegalArgumentException if it is not of either form
     */
    static RedisAddress parse(String redisUri) {
        Objects.requireNonNull(redisUri, "uri");
        boolean isCluster = redisUri.startsWith("redis-cluster://");
        if (!isCluster && !redisUri.startsWith("redis://")) {
            throw new IllegalArgumentException("uri must be " + FORM + ": " + redisUri);
        }
        String[] nodes = redisUri.substring(redisUri.indexOf("://") + 3).split(",", -1);
        List<HostAndPort> parsed = new ArrayList<>();
        for (String n : nodes) {
            Matcher m = NODE.matcher(n);
            int port = m.matches() ? Integer.parseInt(m.group(2)) : 0;
            if (port < 1 || port > 65_535) {
                throw new IllegalArgumentException("uri must be " + FORM + ": " + redisUri);
            }
            String host = m.group(1).startsWith("[")
                    ? m.group(1).substring(1, m.group(1).length() - 1) : m.group(1);
            parsed.add(new HostAndPort(host, port));
        }
        if (!isCluster && parsed.size() != 1) {
            throw new IllegalArgumentException("uri must be " + FORM
                    + " (several nodes are a cluster's): " + redisUri);
        }
        return new RedisAddress(redisUri, isCluster, parsed);
    }
}
