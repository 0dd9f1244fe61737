package io.github.wscache.edge.internal;

import io.github.wscache.admin.AuditedAdmin;
import io.github.wscache.edge.EdgeServer;
import io.github.wscache.edge.EdgeStats;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import javax.management.JMException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The edge's administration: cache-admin's {@link AuditedAdmin} over the edge's cache
 * ({@link EdgeAdministered}), through which every purge goes to be counted and audited; the
 * servlets of the admin port that reach it; and its MXBean.
 *
 * <p>The admin port serves the stats and purges for scripts ({@link AdminServlet}) on every path
 * but {@value EdgeServer#ADMIN_PAGE_PATH}{@code /*}, where cache-admin's admin page is,
 * read-only without a purge secret. A refused MXBean is logged to the logger named after
 * {@link EdgeServer}, as it was when the server registered it itself.
 */
public final class EdgeAdmin implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EdgeServer.class);

    private final AuditedAdmin audited;
    private final EdgeCounters counters;
    private final Supplier<EdgeStats> stats;
    private final String purgeSecret;

    /**
     * Creates the administration of {@code cache}.
     *
     * @param stats a fresh snapshot of the edge's counters, on each call
     * @param origin the origin base URL without a trailing slash
     * @param port the proxy's port once it listens, for the cache's name ({@code edge:8090})
     * @param purgeSecret the secret that purges need, or {@code null}: every purge refused
     */
    public EdgeAdmin(EdgeCache cache, EdgeCounters counters, Supplier<EdgeStats> stats,
            String origin, IntSupplier port, String purgeSecret) {
        this.counters = counters;
        this.stats = stats;
        this.purgeSecret = purgeSecret;
        this.audited = AuditedAdmin.builder(new EdgeAdministered(cache, counters, stats, origin,
                port, purgeSecret != null)).build();
    }

    /** The audited administration: view and purges. */
    public AuditedAdmin audited() {
        return audited;
    }

    /**
     * The admin port's servlets: the stats at {@code statsPath} and purges at
     * {@link AdminServlet#PURGE_PATH} on {@code /}, the admin page beside them.
     */
    public List<EdgeTomcat.Mapping> servlets(String statsPath) {
        return List.of(new EdgeTomcat.Mapping("admin", "/", new AdminServlet(statsPath,
                        () -> stats.get().toJson(), purgeSecret, audited, counters)),
                new EdgeTomcat.Mapping("wscache-admin", EdgeServer.ADMIN_PAGE_PATH + "/*",
                        purgeSecret == null
                                ? io.github.wscache.admin.AdminServlet.readOnly(audited)
                                : new io.github.wscache.admin.AdminServlet(audited,
                                        purgeSecret)));
    }

    /**
     * Registers the MXBean in the platform MBeanServer; a name already taken (another edge on
     * that port) is only logged.
     */
    public void registerMBean() {
        try {
            audited.registerMBean(ManagementFactory.getPlatformMBeanServer());
        } catch (JMException | RuntimeException e) {
            LOG.warn("the edge's MXBean is not registered: {}", e.toString());
        }
    }

    /** Closes the audited administration (its MXBean is unregistered). */
    @Override
    public void close() {
        audited.close();
    }
}
