package io.github.wscache.sim;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Replays a trace through a cluster of nodes dispatched round-robin, under one {@link Scheme}.
 *
 * <p>What is modelled of paper 003: the caches (any {@link PolicyType}; the paper's is
 * LFU*-Aging), the cacheability threshold, round-robin dispatch, the two lookups and the two
 * retrievals, the staleness of the Informed directory (refreshed every meta-data update
 * interval, 10 s in the paper: a node may ask a peer that no longer holds the document, or miss
 * one that does), and the protocol bytes (every message has a 200-byte header; Migration adds
 * the document; a directory update adds 8 bytes per changed key). What is not: time spent in
 * the network, the request timeout, the connection cut-offs and therefore refused requests and
 * any effect of load. Lookups answer instantly and always, so this is the paper's scheme at low
 * load.
 *
 * <p>Handoff: the peer serves the request and records the access in its own cache; the asking
 * node's cache does not change. Migration: the document leaves the peer and enters the asking
 * node's cache (if that cache refuses it, it stays where it was). On-demand: a local miss sends
 * a query to every other node and every node answers. L1 + shared L2: each node has an L1 of
 * {@code l1Share} of its memory; the other memory of all nodes forms one shared L2 (same policy);
 * a miss in both fills both.
 */
public final class ClusterSimulator {
    /** Paper 003's GCP message header: 200 bytes. */
    static final int HEADER = 200;

    /** The metrics of one cluster run: hits, and the traffic between nodes. */
    public record Result(Metrics cold, Metrics warm, long remoteHits, long protocolBytes,
            long messages) {
    }

    private final Scheme scheme;
    private final List<CachePolicy> nodes = new ArrayList<>();
    private final CachePolicy shared;
    private final int admissionThreshold;
    private final long updateIntervalMicros;
    private List<Set<Long>> directory;
    private long nextUpdate;
    private long remoteHits;
    private long protocolBytes;
    private long messages;
    private boolean counting;

    private ClusterSimulator(Scheme scheme, PolicyType policy, int nodeCount, long bytesPerNode,
            int admissionThreshold, long updateIntervalMicros, double l1Share) {
        this.scheme = scheme;
        this.admissionThreshold = admissionThreshold;
        this.updateIntervalMicros = updateIntervalMicros;
        long local = scheme == Scheme.L1_L2 ? (long) (bytesPerNode * l1Share) : bytesPerNode;
        for (int n = 0; n < nodeCount; n++) {
            nodes.add(policy.create(local));
        }
        shared = scheme == Scheme.L1_L2
                ? policy.create(nodeCount * bytesPerNode - nodeCount * local) : null;
    }

    /**
     * Runs {@code trace} through {@code nodeCount} nodes of {@code bytesPerNode} each.
     *
     * @param updateIntervalMicros the Informed directory's refresh period (paper 003: 10 s)
     * @param l1Share for {@link Scheme#L1_L2}, the share of each node's memory kept as its L1
     * @param warmup leading requests left out of the warm metrics and of the traffic counts
     */
    public static Result run(Trace trace, Scheme scheme, PolicyType policy, int nodeCount,
            long bytesPerNode, int admissionThreshold, long updateIntervalMicros, double l1Share,
            int warmup) {
        if (nodeCount < 1) {
            throw new IllegalArgumentException("nodes must be positive: " + nodeCount);
        }
        if (!(l1Share >= 0 && l1Share <= 1)) {
            throw new IllegalArgumentException("l1 share must be within 0 and 1: " + l1Share);
        }
        if (updateIntervalMicros <= 0) {
            throw new IllegalArgumentException(
                    "update interval must be positive: " + updateIntervalMicros);
        }
        ClusterSimulator cluster = new ClusterSimulator(scheme, policy, nodeCount, bytesPerNode,
                admissionThreshold, updateIntervalMicros, l1Share);
        Metrics cold = new Metrics();
        Metrics warm = new Metrics();
        for (int i = 0; i < trace.length(); i++) {
            cluster.counting = i >= warmup;
            boolean hit = cluster.request(i % nodeCount, trace.key(i), trace.size(i),
                    trace.cost(i), trace.timeMicros(i));
            cold.record(hit, trace.size(i), trace.cost(i));
            if (cluster.counting) {
                warm.record(hit, trace.size(i), trace.cost(i));
            }
        }
        return new Result(cold, warm, cluster.remoteHits, cluster.protocolBytes,
                cluster.messages);
    }

    private boolean request(int at, long key, int size, int cost, long now) {
        CachePolicy local = nodes.get(at);
        if (scheme.informed()) {
            refreshDirectory(now);
        }
        if (local.hit(key, now)) {
            return true;
        }
        boolean cacheable = size <= admissionThreshold;
        if (scheme == Scheme.L1_L2) {
            send(1, HEADER);
            boolean hit = shared.hit(key, now);
            if (hit) {
                send(1, HEADER + size);
                remoteHit();
            } else if (cacheable) {
                shared.admit(key, size, cost, now);
                send(1, HEADER + size);
            }
            if (cacheable) {
                local.admit(key, size, cost, now);
            }
            return hit;
        }
        int peer = -1;
        if (scheme.onDemand()) {
            send(2 * (nodes.size() - 1), HEADER);
            peer = findPeer(at, key, true);
        } else if (scheme.informed()) {
            int listed = findPeer(at, key, false);
            if (listed >= 0) {
                send(2, HEADER);
                peer = nodes.get(listed).contains(key) ? listed : -1;
            }
        }
        if (peer >= 0) {
            CachePolicy remote = nodes.get(peer);
            if (scheme.migration()) {
                remote.remove(key);
                local.admit(key, size, cost, now);
                if (!local.contains(key)) {
                    remote.admit(key, size, cost, now);
                }
                send(1, HEADER + size);
            } else {
                remote.hit(key, now);
                send(1, HEADER);
            }
            remoteHit();
            return true;
        }
        if (cacheable) {
            local.admit(key, size, cost, now);
        }
        return false;
    }

    /** The first other node, in ring order, that holds (or is listed as holding) {@code key}. */
    private int findPeer(int at, long key, boolean actual) {
        for (int step = 1; step < nodes.size(); step++) {
            int n = (at + step) % nodes.size();
            if (actual ? nodes.get(n).contains(key) : directory.get(n).contains(key)) {
                return n;
            }
        }
        return -1;
    }

    private void refreshDirectory(long now) {
        if (directory != null && now < nextUpdate) {
            return;
        }
        boolean first = directory == null;
        List<Set<Long>> fresh = new ArrayList<>();
        for (int n = 0; n < nodes.size(); n++) {
            Set<Long> keys = new HashSet<>();
            nodes.get(n).forEachKey(keys::add);
            if (!first) {
                Set<Long> old = directory.get(n);
                long changed = keys.stream().filter(k -> !old.contains(k)).count()
                        + old.stream().filter(k -> !keys.contains(k)).count();
                if (changed > 0) {
                    send(nodes.size() - 1, HEADER + 8 * changed);
                }
            }
            fresh.add(keys);
        }
        directory = fresh;
        long missed = first ? 0 : (now - nextUpdate) / updateIntervalMicros;
        nextUpdate = (first ? now : nextUpdate) + updateIntervalMicros * (missed + 1);
    }

    private void send(long count, long bytesEach) {
        if (counting) {
            messages += count;
            protocolBytes += count * bytesEach;
        }
    }

    private void remoteHit() {
        if (counting) {
            remoteHits++;
        }
    }
}
