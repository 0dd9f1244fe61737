package io.github.wscache.edge.internal;

import io.github.wscache.admin.AuditedAdmin;
import io.github.wscache.edge.EdgeStats;
import java.io.IOException;
import java.util.function.Supplier;
import org.apache.catalina.LifecycleException;

/**
 * One run of an edge server, from its start to its stop: which parts start in which order, and
 * how they stop again.
 *
 * <p>{@link #start()}: the edge's threads, the proxy's parts, the administration, the traffic
 * valve with the access log, then Tomcat with the proxy's port and the admin port (unless its
 * path is {@code null}); once the ports listen, the warm-up in the background (when a source is
 * configured) and the MXBean.
 *
 * <p>{@link #close()}: the warm-up stops; the proxy's port stops accepting, the requests in
 * flight get the drain timeout to finish and Tomcat stops, cutting off the rest; then the
 * threads, the administration, the cache and the access log stop, and Tomcat's directory is
 * deleted. Parts that were never started are skipped, so a start that failed half-way is
 * undone the same way.
 *
 * <p>Not thread-safe: {@code EdgeServer} calls it under its own lock.
 */
public final class EdgeLifecycle {
    private final EdgeSettings settings;
    private final EdgeCounters counters;
    private final Supplier<EdgeStats> stats;
    private EdgeThreads threads;
    private EdgeProxy proxy;
    private EdgeAdmin admin;
    private EdgeTraffic traffic;
    private EdgeTomcat tomcat;
    private Warmup warmup;

    /**
     * Prepares a run; nothing starts yet.
     *
     * @param counters the client counters, which outlive the run
     * @param stats a fresh snapshot of the edge's counters, on each call (the admin port's)
     */
    public EdgeLifecycle(EdgeSettings settings, EdgeCounters counters,
            Supplier<EdgeStats> stats) {
        this.settings = settings;
        this.counters = counters;
        this.stats = stats;
    }

    /**
     * Starts the parts in order; returns once the ports listen. On failure what was started
     * is left for {@link #close()} to stop.
     *
     * @throws IOException if a port cannot be bound or Tomcat's directory cannot be made
     * @throws LifecycleException if Tomcat does not start
     */
    public void start() throws IOException, LifecycleException {
        threads = new EdgeThreads(settings.fetchThreads());
        proxy = new EdgeProxy(settings, threads, counters);
        admin = new EdgeAdmin(proxy.cache(), counters, stats, settings.originPrefix(),
                this::port, settings.purgeSecret());
        traffic = new EdgeTraffic(settings.accessLog());
        tomcat = new EdgeTomcat(settings.address(), settings.port(), traffic.valve(),
                proxy.servlet(), settings.maxHeadBytes(), settings.naive());
        if (settings.adminPath() != null) {
            tomcat.addAdminPort(settings.adminAddress(), settings.adminPort(),
                    admin.servlets(settings.adminPath()));
        }
        tomcat.start();
        if (settings.warmup().configured()) {
            warmup = proxy.warmup().start();
        }
        admin.registerMBean();
    }

    /**
     * Stops what was started, in order; the parts after Tomcat stop even when it does not.
     *
     * @throws IllegalStateException {@code cannot stop tomcat} if Tomcat cannot be stopped
     */
    public void close() {
        try {
            if (warmup != null) {
                warmup.close();
            }
            if (tomcat != null) {
                if (tomcat.stopAccepting()) {
                    traffic.drain(settings.drainTimeout());
                }
                tomcat.stop();
            }
        } catch (LifecycleException e) {
            throw new IllegalStateException("cannot stop tomcat", e);
        } finally {
            if (threads != null) {
                threads.close();
            }
            if (admin != null) {
                admin.close();
            }
            if (proxy != null) {
                proxy.close();
            }
            if (traffic != null) {
                traffic.close();
            }
            if (tomcat != null) {
                tomcat.deleteBaseDir();
            }
        }
    }

    /** The proxy's port once it listens, else -1. */
    public int port() {
        return tomcat == null ? -1 : tomcat.port();
    }

    /** The admin port once it listens, else -1 (also when there is none). */
    public int adminPort() {
        return tomcat == null ? -1 : tomcat.adminPort();
    }

    /** The cache, or {@code null} before it was made. */
    public EdgeCache cache() {
        return proxy == null ? null : proxy.cache();
    }

    /** The server actions, or {@code null} when client classification is off or not started. */
    public ServerActions actions() {
        return proxy == null ? null : proxy.actions();
    }

    /** The audited administration, or {@code null} before it was made. */
    public AuditedAdmin admin() {
        return admin == null ? null : admin.audited();
    }

    /** The warm-up, or {@code null} when none was configured or it has not started. */
    public Warmup warmup() {
        return warmup;
    }
}
