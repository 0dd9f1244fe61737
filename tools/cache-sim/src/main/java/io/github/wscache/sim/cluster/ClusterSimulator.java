package io.github.wscache.sim.cluster;

import io.github.wscache.sim.policy.CachePolicy;
import io.github.wscache.sim.policy.InspectablePolicy;
import io.github.wscache.sim.policy.PolicyType;
import io.github.wscache.sim.report.Metrics;
import io.github.wscache.sim.trace.Trace;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Replays a trace through a cluster of nodes dispatched round-robin, under one {@link Scheme}.
 *
 * <p>What is modelled of paper 003: the caches (any {@link PolicyType}; the paper's is
 * LFU*-Aging; wscache's store only in {@link Scheme#NO_COOP} and {@link Scheme#L1_L2}, see
 * {@link #supports}), the cacheability threshold, round-robin dispatch, the two lookups and the two
 * retrievals, the staleness of the Informed directory (refreshed every meta-data update
 * interval, 10 s in the paper: a node may ask a peer that no longer holds the document, or miss
 * one that does), the protocol bytes (every message has a 200-byte header; Migration adds the
 * document; a directory update adds 8 bytes per changed key) and, optionally, the request
 * timeout (2 ms) against the time the reply takes on the LAN (100 Mbit/s): a reply that cannot
 * arrive in time is abandoned and the request is served locally as a miss. Only the reply's own
 * transfer time counts (no queueing), so only a Migration reply carrying more than
 * 2 ms × 100 Mbit/s − 200 B ≈ 24.8 KB can time out. What is not modelled: queueing in the network,
 * the disks and the CPUs, the connection cut-offs and therefore refused requests, and any other
 * effect of load; lookups otherwise answer instantly and always.
 *
 * <p>Handoff: the peer serves the request and records the access in its own cache; the asking
 * node's cache does not change. Migration: the document leaves the peer and enters the asking
 * node's cache (if that cache refuses it, it stays where it was). On-demand: a local miss sends
 * a query to every other node and every node answers. L1 + shared L2: each node has an L1 of
 * {@code l1Share} of its memory; the other memory of all nodes forms one shared L2 (same policy);
 * a miss in the L1 is a request to the L2, a miss in both fills both; the timeout does not apply
 * to it.
 *
 * <pre>{@code
 * ClusterSimulator.Result r = ClusterSimulator.run(trace, Scheme.INFO_H,
 *         PolicyType.LFU_STAR_AGING, ClusterSimulator.Config.paper003(), trace.length() / 10);
 * long bytesBetweenNodes = r.protocolBytes();
 * }</pre>
 */
public final class ClusterSimulator {
    /** Paper 003's GCP message header: 200 bytes. */
    static final int HEADER = 200;

    /** The metrics of one cluster run: hits, and the traffic between nodes. */
    public record Result(Metrics cold, Metrics warm, long remoteHits, long protocolBytes,
            long messages, long timeouts) {
    }

    /**
     * The cluster's parameters (paper 003's Table 1 in {@link #paper003()}).
     *
     * @param nodes the number of nodes
     * @param bytesPerNode the cache memory of each node
     * @param admissionThreshold the largest response cached, in bytes
     * @param updateIntervalMicros the Informed directory's refresh period
     * @param l1Share for {@link Scheme#L1_L2}, the share of each node's memory kept as its L1
     * @param lanBitsPerSecond the bandwidth of a node's internal link
     * @param timeoutMicros how long a node waits for a peer's reply; {@link Long#MAX_VALUE} for
     *     no timeout
     */
    public record Config(int nodes, long bytesPerNode, int admissionThreshold,
            long updateIntervalMicros, double l1Share, long lanBitsPerSecond, long timeoutMicros) {
        /** Validates the parameters. */
        public Config {
            if (nodes < 1) {
                throw new IllegalArgumentException("nodes must be positive: " + nodes);
            }
            if (!(l1Share >= 0 && l1Share <= 1)) {
                throw new IllegalArgumentException("l1 share must be within 0 and 1: " + l1Share);
            }
            if (updateIntervalMicros <= 0 || lanBitsPerSecond <= 0 || timeoutMicros <= 0) {
                throw new IllegalArgumentException("update interval, bandwidth and timeout must "
                        + "be positive: " + updateIntervalMicros + ", " + lanBitsPerSecond + ", "
                        + timeoutMicros);
            }
        }

        /**
         * Table 1: 8 nodes of 5 MB, 250 KB threshold, 10 s meta-data update interval, 100 Mbit/s
         * LAN, 2 ms request timeout; an L1 of 25 % for the two-level scheme.
         */
        public static Config paper003() {
            return new Config(8, 5L << 20, 250 * 1024, 10_000_000L, 0.25, 100_000_000L, 2_000L);
        }

        /** A copy without the request timeout. */
        public Config withoutTimeout() {
            return new Config(nodes, bytesPerNode, admissionThreshold, updateIntervalMicros,
                    l1Share, lanBitsPerSecond, Long.MAX_VALUE);
        }
    }

    private final Scheme scheme;
    private final List<CachePolicy> nodes = new ArrayList<>();
    /** The same nodes, for the schemes that look into peers' caches; else empty. */
    private final List<InspectablePolicy> peers = new ArrayList<>();
    private final CachePolicy shared;
    private final int admissionThreshold;
    private final long updateIntervalMicros;
    private final long lanBitsPerSecond;
    private final long timeoutMicros;
    private List<Set<Long>> directory;
    private long nextUpdate;
    private long remoteHits;
    private long protocolBytes;
    private long messages;
    private long timeouts;
    private boolean counting;

    private ClusterSimulator(Scheme scheme, PolicyType policy, Config config) {
        int nodeCount = config.nodes();
        long bytesPerNode = config.bytesPerNode();
        double l1Share = config.l1Share();
        this.scheme = scheme;
        this.admissionThreshold = config.admissionThreshold();
        this.updateIntervalMicros = config.updateIntervalMicros();
        this.lanBitsPerSecond = config.lanBitsPerSecond();
        this.timeoutMicros = config.timeoutMicros();
        long local = scheme == Scheme.L1_L2 ? (long) (bytesPerNode * l1Share) : bytesPerNode;
        for (int n = 0; n < nodeCount; n++) {
            CachePolicy node = policy.create(local, admissionThreshold);
            nodes.add(node);
            if (scheme.usesPeers()) {
                peers.add((InspectablePolicy) node);
            }
        }
        shared = scheme == Scheme.L1_L2
                ? policy.create(nodeCount * bytesPerNode - nodeCount * local, admissionThreshold)
                : null;
    }

    /**
     * Returns whether caches of {@code policy} can take part in {@code scheme}: all can in the
     * schemes without peers; in paper 003's four, a node looks into, takes from or lists its
     * peers' caches, which wscache's public API does not offer (every lookup is a call that
     * counts and records an access, and nothing lists or removes one key), so wscache's store
     * takes no part in them.
     */
    public static boolean supports(Scheme scheme, PolicyType policy) {
        return !scheme.usesPeers() || policy.inspectable();
    }

    /**
     * Runs {@code trace} through {@code nodeCount} nodes of {@code bytesPerNode} each, without
     * the request timeout.
     *
     * @param updateIntervalMicros the Informed directory's refresh period (paper 003: 10 s)
     * @param l1Share for {@link Scheme#L1_L2}, the share of each node's memory kept as its L1
     * @param warmup leading requests left out of the warm metrics and of the traffic counts
     */
    public static Result run(Trace trace, Scheme scheme, PolicyType policy, int nodeCount,
            long bytesPerNode, int admissionThreshold, long updateIntervalMicros, double l1Share,
            int warmup) {
        return run(trace, scheme, policy, new Config(nodeCount, bytesPerNode, admissionThreshold,
                updateIntervalMicros, l1Share, 100_000_000L, Long.MAX_VALUE), warmup);
    }

    /**
     * Runs {@code trace} through the cluster {@code config} describes.
     *
     * @param warmup leading requests left out of the warm metrics and of the traffic counts
     * @throws IllegalArgumentException if the policy cannot take part in the scheme
     *     ({@link #supports})
     */
    public static Result run(Trace trace, Scheme scheme, PolicyType policy, Config config,
            int warmup) {
        if (!supports(scheme, policy)) {
            throw new IllegalArgumentException(policy.label() + " cannot take part in "
                    + scheme.label() + ": its nodes look into, take from or list their peers'"
                    + " caches, which wscache's public API does not offer; use "
                    + Scheme.NO_COOP + " or " + Scheme.L1_L2);
        }
        int nodeCount = config.nodes();
        ClusterSimulator cluster = new ClusterSimulator(scheme, policy, config);
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
                cluster.messages, cluster.timeouts);
    }

    private boolean request(int at, long key, int size, int cost, long now) {
        boolean cacheable = size <= admissionThreshold;
        if (!scheme.usesPeers()) {
            if (nodes.get(at).request(key, size, cost, now, cacheable)) {
                return true;
            }
            if (scheme != Scheme.L1_L2) {
                return false;
            }
            send(1, HEADER);
            boolean hit = shared.request(key, size, cost, now, cacheable);
            if (hit) {
                send(1, HEADER + size);
                remoteHit();
            } else if (cacheable) {
                send(1, HEADER + size);
            }
            return hit;
        }
        InspectablePolicy local = peers.get(at);
        if (scheme.informed()) {
            refreshDirectory(now);
        }
        if (local.hit(key, now)) {
            return true;
        }
        int peer = -1;
        if (scheme.onDemand()) {
            send(2 * (peers.size() - 1), HEADER);
            peer = findPeer(at, key, true);
        } else {
            int listed = findPeer(at, key, false);
            if (listed >= 0) {
                send(2, HEADER);
                peer = peers.get(listed).contains(key) ? listed : -1;
            }
        }
        if (peer >= 0 && tooLate(scheme.migration() ? HEADER + size : HEADER)) {
            // the reply is sent but the asking node has given up and fetched the document itself
            send(1, HEADER + (scheme.migration() ? size : 0));
            if (counting) {
                timeouts++;
            }
            peer = -1;
        }
        if (peer >= 0) {
            InspectablePolicy remote = peers.get(peer);
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

    /** Whether a reply of {@code bytes} takes longer than the timeout on the LAN. */
    private boolean tooLate(long bytes) {
        return timeoutMicros != Long.MAX_VALUE
                && bytes * 8 * 1_000_000 > timeoutMicros * lanBitsPerSecond;
    }

    /** The first other node, in ring order, that holds (or is listed as holding) {@code key}. */
    private int findPeer(int at, long key, boolean actual) {
        for (int step = 1; step < peers.size(); step++) {
            int n = (at + step) % peers.size();
            if (actual ? peers.get(n).contains(key) : directory.get(n).contains(key)) {
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
        for (int n = 0; n < peers.size(); n++) {
            Set<Long> keys = new HashSet<>();
            peers.get(n).forEachKey(keys::add);
            if (!first) {
                Set<Long> old = directory.get(n);
                long changed = keys.stream().filter(k -> !old.contains(k)).count()
                        + old.stream().filter(k -> !keys.contains(k)).count();
                if (changed > 0) {
                    send(peers.size() - 1, HEADER + 8 * changed);
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
