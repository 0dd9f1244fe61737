package io.github.wscache.edge.internal;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import io.github.wscache.edge.ClientClassification;
import io.github.wscache.edge.ClientClassification.ClientClass;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * Classifies clients as poor, normal or rich from the delays between a page and the requests for
 * its embedded objects, after Krishnamurthy &amp; Wills (paper 004, §2.2): per client, and per
 * address-prefix cluster for clients seen for the first time.
 *
 * <p>Design. The paper's classifier is a separate process that tails the access log; here it is
 * called on the request path, which makes it live (no log delay) and costs one bounded-cache
 * lookup and a few arithmetic operations per request. For each client (by address) it keeps the
 * open <em>sequence</em>: the arrival of the last measured page and of the first and last
 * embedded object since. A sequence is closed by the client's next page (measured or not) or,
 * lazily, once {@link ClientClassification#sequenceTimeout()} has passed (later embedded objects
 * are ignored); a closed sequence with at least one embedded object gives
 * {@code E_first = page..first} and {@code E_last = page..last}, which update the client's and
 * its cluster's exponentially weighted means ({@code E = a E + (1 - a) measured}; the first
 * measurement is taken as it is). The class is derived from the means by the thresholds on every
 * lookup, so changing nothing but the thresholds needs no recomputation.
 *
 * <p>Clusters are fixed-length prefixes ({@code /24}, {@code /48}), a cheap stand-in for the
 * paper's BGP-derived network-aware clusters. Both tables are Caffeine caches bounded by
 * {@link ClientClassification#maxClients()} and expire entries idle for
 * {@link ClientClassification#clientIdle()}; the clock is the injected {@link Ticker}, so tests
 * script the timings. Thread-safe: each client's state is guarded by its own monitor.
 */
public final class ClientClassifier {
    private static final long NONE = Long.MIN_VALUE;

    /** What a classification rests on. */
    public enum Basis {
        /** The client's own measurements. */
        CLIENT,
        /** Its cluster's, the client having none yet. */
        CLUSTER,
        /** Nothing: the client counts as normal. */
        NONE
    }

    /**
     * A client's class and what it rests on.
     *
     * @param clientClass the class
     * @param basis the client's own means, its cluster's, or none
     * @param firstNanos {@code E_first} in nanoseconds (NaN when none)
     * @param lastNanos {@code E_last} in nanoseconds (NaN when none)
     */
    public record Classification(ClientClass clientClass, Basis basis, double firstNanos,
            double lastNanos) {
        static final Classification UNKNOWN = new Classification(ClientClass.NORMAL, Basis.NONE,
                Double.NaN, Double.NaN);
    }

    private final ClientClassification config;
    private final Ticker ticker;
    private final Cache<String, Client> clients;
    private final Cache<Object, Means> clusters;
    private final double alpha;
    private final long poorFirst;
    private final long poorLast;
    private final long richFirst;
    private final long richLast;
    private final long timeout;
    private final String[] suffixes;
    /** The last character of each suffix, in lower case. */
    private final char[] lastChars;

    /**
     * Creates a classifier that reads the time from {@code ticker}; the tables' maintenance
     * (evictions) runs on the calling thread, amortized, so the bound holds without a pool (on a
     * 2-core machine under wrk, the common pool did not do better).
     */
    public ClientClassifier(ClientClassification config, Ticker ticker) {
        this(config, ticker, Runnable::run);
    }

    /** As above, with the tables' maintenance on {@code maintenance}. */
    ClientClassifier(ClientClassification config, Ticker ticker, Executor maintenance) {
        this.config = config;
        this.ticker = ticker;
        this.alpha = config.alpha();
        this.poorFirst = config.poorFirst().toNanos();
        this.poorLast = config.poorLast().toNanos();
        this.richFirst = config.richFirst().toNanos();
        this.richLast = config.richLast().toNanos();
        this.timeout = config.sequenceTimeout().toNanos();
        this.suffixes = config.embeddedSuffixes().toArray(new String[0]);
        this.lastChars = new char[suffixes.length];
        for (int i = 0; i < suffixes.length; i++) {
            // suffixes are lower case and at least two characters long (the builder's rule)
            lastChars[i] = suffixes[i].charAt(suffixes[i].length() - 1);
        }
        long idle = config.clientIdle().toNanos();
        this.clients = Caffeine.newBuilder().maximumSize(config.maxClients())
                .expireAfterAccess(idle, TimeUnit.NANOSECONDS).ticker(ticker)
                .executor(maintenance).build();
        this.clusters = Caffeine.newBuilder().maximumSize(config.maxClients())
                .expireAfterAccess(idle, TimeUnit.NANOSECONDS).ticker(ticker)
                .executor(maintenance).build();
    }

    /** Returns the ticker's time, the start of a request. */
    public long now() {
        return ticker.read();
    }

    /** Returns whether {@code path} is an embedded object (by its suffix). */
    public boolean isEmbedded(String path) {
        if (path.isEmpty()) {
            return false;
        }
        // asked on every request: the last character rules out most suffixes at once (compared
        // as regionMatches compares, ignoring case)
        char c = path.charAt(path.length() - 1);
        char lower = Character.toLowerCase(c);
        char upper = Character.toUpperCase(c);
        for (int i = 0; i < suffixes.length; i++) {
            String s = suffixes[i];
            char x = lastChars[i];
            if ((x == lower || Character.toUpperCase(x) == upper)
                    && path.regionMatches(true, path.length() - s.length(), s, 0, s.length())) {
                return true;
            }
        }
        return false;
    }

    /** Returns whether {@code path} is one of the pages used to classify. */
    public boolean isClassifyPage(String path) {
        return matches(config.classifyPages(), path);
    }

    /** Returns whether {@code path} matches one of the patterns (exact, or prefix with *). */
    static boolean matches(List<String> patterns, String path) {
        for (String p : patterns) {
            if (p.endsWith("*") ? path.startsWith(p.substring(0, p.length() - 1))
                    : path.equals(p)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Records a request of {@code address} for {@code path} that arrived at {@code at} (the
     * ticker's time): an embedded object joins the client's open sequence (returns
     * {@code null}); a page closes that sequence and returns the class to act on. An address
     * that is not an IP address is never classified ({@link Classification#UNKNOWN}).
     */
    public Classification request(String address, String path, long at) {
        if (isEmbedded(path)) {
            embedded(address, at);
            return null;
        }
        return page(address, at);
    }

    /** An embedded object of {@code address} that arrived at {@code at}. */
    public void embedded(String address, long at) {
        Client c = clients.getIfPresent(address);
        if (c == null) {
            return;
        }
        synchronized (c) {
            if (c.seqStart == NONE) {
                return;
            }
            if (at - c.seqStart > timeout) {
                close(c);
                return;
            }
            if (c.seqFirst == NONE) {
                c.seqFirst = at;
            }
            c.seqLast = at;
        }
    }

    /** A page of {@code address}: closes its open sequence and returns its classification. */
    public Classification page(String address, long at) {
        Client c = clients.getIfPresent(address);
        if (c != null) {
            synchronized (c) {
                close(c);
                if (c.samples > 0) {
                    return classify(c, Basis.CLIENT);
                }
            }
        }
        Object cluster = c != null ? c.cluster : clusterKey(address);
        Means m = cluster == null ? null : clusters.getIfPresent(cluster);
        if (m == null) {
            return Classification.UNKNOWN;
        }
        synchronized (m) {
            return m.samples == 0 ? Classification.UNKNOWN : classify(m, Basis.CLUSTER);
        }
    }

    /**
     * Starts a measured sequence for {@code address}'s page that arrived at {@code at}; the
     * client's entry is made here, so that clients never measured take no room.
     */
    public void measure(String address, long at) {
        Client c = clients.getIfPresent(address);
        if (c == null) {
            Object cluster = clusterKey(address);
            if (cluster == null) {
                return;
            }
            c = clients.get(address, a -> new Client(cluster));
        }
        synchronized (c) {
            close(c);
            c.seqStart = at;
        }
    }

    /** Returns the classification of {@code address} now, without recording anything. */
    public Classification classification(String address) {
        Client c = clients.getIfPresent(address);
        if (c != null) {
            synchronized (c) {
                if (c.samples > 0) {
                    return classify(c, Basis.CLIENT);
                }
            }
        }
        Object cluster = clusterKey(address);
        Means m = cluster == null ? null : clusters.getIfPresent(cluster);
        if (m == null) {
            return Classification.UNKNOWN;
        }
        synchronized (m) {
            return m.samples == 0 ? Classification.UNKNOWN : classify(m, Basis.CLUSTER);
        }
    }

    /** Returns the number of clients remembered (after pending evictions). */
    public long clients() {
        clients.cleanUp();
        return clients.estimatedSize();
    }

    /** Returns the number of clusters remembered (after pending evictions). */
    public long clusters() {
        clusters.cleanUp();
        return clusters.estimatedSize();
    }

    /** Closes the client's open sequence, if any, updating its means and its cluster's. */
    private void close(Client c) {
        if (c.seqStart == NONE) {
            return;
        }
        long start = c.seqStart;
        long first = c.seqFirst;
        long last = c.seqLast;
        c.seqStart = NONE;
        c.seqFirst = NONE;
        c.seqLast = NONE;
        if (first == NONE) {
            return;
        }
        c.add(first - start, last - start, alpha);
        Means m = clusters.get(c.cluster, k -> new Means());
        synchronized (m) {
            m.add(first - start, last - start, alpha);
        }
    }

    private Classification classify(Means m, Basis basis) {
        ClientClass k;
        if (m.first > poorFirst || m.last > poorLast) {
            k = ClientClass.POOR;
        } else if (m.first <= richFirst && m.last <= richLast) {
            k = ClientClass.RICH;
        } else {
            k = ClientClass.NORMAL;
        }
        return new Classification(k, basis, m.first, m.last);
    }

    /**
     * Returns the key of the cluster of an IP address literal, or {@code null} when it is not
     * one: for IPv4 a {@code Long} (the masked address and the prefix length; no string is
     * built on the request path), for IPv6 the {@link #cluster} text.
     */
    Object clusterKey(String address) {
        if (address == null || address.indexOf(':') >= 0) {
            return cluster(address, config.ipv4Prefix(), config.ipv6Prefix());
        }
        byte[] b = ipv4(address);
        if (b == null) {
            return null;
        }
        int bits = config.ipv4Prefix();
        long ip = (b[0] & 0xffL) << 24 | (b[1] & 0xff) << 16 | (b[2] & 0xff) << 8 | b[3] & 0xff;
        long mask = bits == 0 ? 0 : 0xffffffffL << (32 - bits) & 0xffffffffL;
        return (long) bits << 32 | ip & mask;
    }

    /**
     * Returns the cluster of an IP address literal ({@code 10.1.2.0/24}), or {@code null} when
     * {@code address} is not one (host names are never resolved).
     */
    static String cluster(String address, int v4, int v6) {
        byte[] b = parse(address);
        if (b == null) {
            return null;
        }
        int bits = b.length == 4 ? v4 : v6;
        for (int i = 0; i < b.length; i++) {
            int keep = Math.max(0, Math.min(8, bits - 8 * i));
            b[i] = (byte) (b[i] & (0xff00 >> keep));
        }
        StringBuilder s = new StringBuilder(b.length == 4 ? 18 : 48);
        for (int i = 0; i < b.length; i++) {
            if (b.length == 4) {
                s.append(i == 0 ? "" : ".").append(b[i] & 0xff);
            } else if (i % 2 == 0) {
                s.append(i == 0 ? "" : ":").append(Integer.toHexString(
                        (b[i] & 0xff) << 8 | b[i + 1] & 0xff));
            }
        }
        return s.append('/').append(bits).toString();
    }

    private static byte[] parse(String a) {
        if (a == null || a.isEmpty() || a.length() > 64) {
            return null;
        }
        if (a.indexOf(':') < 0) {
            return ipv4(a);
        }
        for (int i = 0; i < a.length(); i++) {
            char ch = a.charAt(i);
            if (Character.digit(ch, 16) < 0 && ch != ':' && ch != '.' && ch != '%'
                    && ch != '[' && ch != ']') {
                return null;
            }
        }
        try {
            // a literal: no lookup; an IPv4-mapped IPv6 address comes back as IPv4
            byte[] b = InetAddress.getByName(a.toLowerCase(Locale.ROOT)).getAddress();
            return b;
        } catch (UnknownHostException | SecurityException e) {
            return null;
        }
    }

    private static byte[] ipv4(String a) {
        byte[] b = new byte[4];
        int part = 0;
        int value = -1;
        for (int i = 0; i <= a.length(); i++) {
            char ch = i == a.length() ? '.' : a.charAt(i);
            if (ch == '.') {
                if (value < 0 || part > 3) {
                    return null;
                }
                b[part++] = (byte) value;
                value = -1;
            } else if (ch >= '0' && ch <= '9') {
                value = (value < 0 ? 0 : value * 10) + (ch - '0');
                if (value > 255) {
                    return null;
                }
            } else {
                return null;
            }
        }
        return part == 4 ? b : null;
    }

    /** Two moving means; guarded by its own monitor. */
    private static class Means {
        double first;
        double last;
        long samples;

        void add(long measuredFirst, long measuredLast, double alpha) {
            if (samples == 0) {
                first = measuredFirst;
                last = measuredLast;
            } else {
                first = alpha * first + (1 - alpha) * measuredFirst;
                last = alpha * last + (1 - alpha) * measuredLast;
            }
            samples++;
        }
    }

    /** A client: its means and its open sequence; guarded by its own monitor. */
    private static final class Client extends Means {
        final Object cluster;
        long seqStart = NONE;
        long seqFirst = NONE;
        long seqLast = NONE;

        Client(Object cluster) {
            this.cluster = cluster;
        }
    }
}
