package io.github.wscache.portal;

import io.github.wscache.admin.AdminServlet;
import io.github.wscache.admin.CacheAdmin;
import io.github.wscache.axis.CachingStubs;
import io.github.wscache.axis.WsCache;
import io.github.wscache.core.CacheStats;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.policy.PolicyWatcher;
import io.github.wscache.embedded.EmbeddedServer;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.management.JMException;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;

/**
 * The portal: an embedded Tomcat ({@link EmbeddedServer}) with the search, results, cached-page
 * and dashboard pages, and the client side of the Google back-end with wscache installed.
 *
 * <pre>{@code
 * try (GoogleServer backend = GoogleServer.start(0);
 *      Portal portal = Portal.start(Portal.options(backend.endpoint())
 *              .policyFile(Path.of("samples/portal/wscache.yaml")))) {
 *     System.out.println(portal.url());
 * }
 * }</pre>
 *
 * <p>One client {@link ConfigurationContext} is shared by every stub; {@link WsCache#install}
 * puts the message-level cache into it and {@link CachingStubs} stubs add the object level on
 * top, both with the same {@link ResponseCache} and {@link Policy}.
 */
public final class Portal implements AutoCloseable {
    /** Keeps Tomcat's INFO logging quiet; held so the logger configuration is not collected. */
    private static final Logger TOMCAT_LOG = Logger.getLogger("org.apache.catalina");
    private static final Logger COYOTE_LOG = Logger.getLogger("org.apache.coyote");

    static {
        TOMCAT_LOG.setLevel(Level.WARNING);
        COYOTE_LOG.setLevel(Level.WARNING);
    }

    /** Set once Tomcat has started; the servlet needs the portal before that. */
    private volatile EmbeddedServer server;
    private final ConfigurationContext axis2;
    private final ResponseCache cache;
    private final Policy policy;
    private final PolicyWatcher watcher;
    private final Backend backend;
    private final Telemetry telemetry;
    private final CacheAdmin admin;

    private Portal(ConfigurationContext axis2, ResponseCache cache, Policy policy,
            PolicyWatcher watcher, Backend backend, Telemetry telemetry) {
        this.axis2 = axis2;
        this.cache = cache;
        this.policy = policy;
        this.watcher = watcher;
        this.backend = backend;
        this.telemetry = telemetry;
        CacheAdmin.Builder b = CacheAdmin.builder("portal", cache)
                .service(Representations.SERVICE).endpoint(backend.endpoint());
        Representations.OPERATIONS.forEach(b::resultType);
        if (watcher != null) {
            b.watcher(watcher);
        }
        this.admin = b.build();
    }

    /** Returns options for a portal in front of the back-end's SOAP 1.1 endpoint. */
    public static Options options(String backendEndpoint) {
        return new Options(backendEndpoint);
    }

    /**
     * Starts the portal.
     *
     * @throws IOException if Tomcat cannot bind the port or the Axis2 client cannot be built
     */
    public static Portal start(Options o) throws IOException {
        Policy policy = o.policy != null ? o.policy : Policy.load(o.policyFile);
        PolicyWatcher watcher = o.policy == null && o.watch ? policy.watch() : null;
        ConfigurationContext axis2;
        try {
            axis2 = ConfigurationContextFactory.createConfigurationContextFromFileSystem(null,
                    null);
        } catch (AxisFault e) {
            closeQuietly(watcher);
            throw new IOException("cannot create the Axis2 client configuration", e);
        }
        ResponseCache cache = WsCache.install(axis2, policy);
        Telemetry telemetry = new Telemetry(cache, true);
        Backend backend = new Backend(CachingStubs.using(cache), axis2, o.backendEndpoint,
                telemetry);

        Portal portal = new Portal(axis2, cache, policy, watcher, backend, telemetry);
        try {
            portal.server = EmbeddedServer.builder()
                    .port(o.port)
                    .address(o.address)
                    .baseDirPrefix("portal-tomcat-")
                    .executor("portal", "portal-exec-", o.maxThreads)
                    .connectorProperty("acceptCount", "1000")
                    .connectorProperty("maxKeepAliveRequests", "-1")
                    .quietErrorPages()
                    .inMemorySessions(30)
                    .servlet("portal", new PortalServlet(portal, backend), "/")
                    .servlet("admin", new AdminServlet(portal.admin).link("Portal", "/")
                            .link("Dashboard", "/dashboard"), "/admin/*")
                    .start();
            portal.registerMBean();
        } catch (IOException e) {
            portal.close();
            throw new IOException("cannot start the portal on port " + o.port
                    + " (in use? pick another with --port)", e.getCause());
        }
        return portal;
    }

    /**
     * Registers the cache's MXBean as {@code io.github.wscache:type=ResponseCache,name="portal"}
     * for jconsole; closing the portal unregisters it. If another portal of this JVM holds the
     * name, that is logged, not fatal: this one runs without an MXBean.
     */
    private void registerMBean() {
        try {
            admin.registerMBean(ManagementFactory.getPlatformMBeanServer());
        } catch (JMException e) {
            Logger.getLogger(Portal.class.getName()).log(Level.WARNING,
                    "the portal's MXBean is not registered", e);
        }
    }

    /**
     * The admin of the portal's cache (the {@code /admin/} endpoint and the MXBean); it knows
     * the policy watcher, so a broken edit of the file is shown there and on the dashboard.
     */
    public CacheAdmin admin() {
        return admin;
    }

    /** The charts' data (see the dashboard). */
    Telemetry telemetry() {
        return telemetry;
    }

    /** The bound port. */
    public int port() {
        return server.port();
    }

    /** The portal's address, e.g. {@code http://127.0.0.1:8080/}. */
    public String url() {
        return "http://127.0.0.1:" + port() + "/";
    }

    /** The admin page's address, e.g. {@code http://127.0.0.1:8080/admin/}. */
    public String adminUrl() {
        return url() + "admin/";
    }

    /** The back-end endpoint the portal calls. */
    public String backendEndpoint() {
        return backend.endpoint();
    }

    /** The cache shared by the message level and the caching stubs. */
    public ResponseCache cache() {
        return cache;
    }

    /** The policy in force (a file policy is watched and reloaded when the file changes). */
    public Policy policy() {
        return policy;
    }

    /** The policy in force for an operation of the back-end. */
    public OperationPolicy policyOf(String operation) {
        return policy.resolve(Representations.SERVICE, backend.endpoint(), operation);
    }

    /** The representation in force for an operation: a policy {@code value} or "none". */
    public String representation(String operation) {
        return Representations.nameOf(policyOf(operation));
    }

    /**
     * Switches an operation to another representation at run time: rebuilds the policy with it
     * and {@link Policy#replaceWith replaces} the rules in force (the cache drops the entries of
     * changed operations). A later edit of the policy file wins again.
     */
    public void setRepresentation(String operation, String choice) {
        Objects.requireNonNull(operation, "operation");
        synchronized (policy) {
            policy.replaceWith(Representations.with(policy, operation, choice));
        }
    }

    /** Per operation of the back-end, its current statistics. */
    public Map<String, CacheStats> stats() {
        Map<String, CacheStats> m = new LinkedHashMap<>();
        for (String op : Representations.OPERATION_ORDER) {
            m.put(op, cache.stats(op));
        }
        return m;
    }

    /** Drops the entries of one operation, or of all with {@code null}, as "portal". */
    public void invalidate(String operation) {
        invalidate(operation, "portal");
    }

    /**
     * Drops the entries of one operation, or of all with {@code null}, through the admin: the
     * change is in its audit log as done by {@code who}.
     */
    public void invalidate(String operation, String who) {
        if (operation == null) {
            admin.invalidateAll(who);
        } else {
            admin.invalidate(operation, who);
        }
    }

    @Override
    public void close() {
        EmbeddedServer running = server;
        try {
            if (running != null) {
                running.close();
            }
        } catch (IllegalStateException e) {
            // stopping anyway
        }
        backend.close();
        admin.close();
        telemetry.close();
        closeQuietly(watcher);
        try {
            axis2.terminate();
        } catch (AxisFault e) {
            // stopping anyway
        }
        cache.close();
    }

    private static void closeQuietly(PolicyWatcher w) {
        if (w != null) {
            w.close();
        }
    }

    /** How to start a portal. */
    public static final class Options {
        private final String backendEndpoint;
        private int port;
        private String address = InetAddress.getLoopbackAddress().getHostAddress();
        private Path policyFile = Path.of("wscache.yaml");
        private Policy policy;
        private boolean watch = true;
        private int maxThreads = 64;

        private Options(String backendEndpoint) {
            this.backendEndpoint = Objects.requireNonNull(backendEndpoint, "backendEndpoint");
        }

        /** The port (0 = any free port). */
        public Options port(int p) {
            this.port = p;
            return this;
        }

        /** The policy file, loaded and watched (default {@code wscache.yaml}). */
        public Options policyFile(Path file) {
            this.policyFile = Objects.requireNonNull(file, "file");
            return this;
        }

        /** A policy made in code instead of a file (not watched). */
        public Options policy(Policy p) {
            this.policy = Objects.requireNonNull(p, "policy");
            return this;
        }

        /** Whether a policy file is watched for edits (default true). */
        public Options watch(boolean w) {
            this.watch = w;
            return this;
        }

        /** Tomcat's worker threads (default 64). */
        public Options maxThreads(int n) {
            this.maxThreads = n;
            return this;
        }
    }
}
