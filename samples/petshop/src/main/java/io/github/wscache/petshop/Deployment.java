package io.github.wscache.petshop;

import io.github.wscache.edge.EdgeServer;
import io.github.wscache.edge.EdgeWarmup;
import io.github.wscache.petshop.db.Database;
import io.github.wscache.petshop.db.OriginDatabase;
import io.github.wscache.petshop.remote.OriginServices;
import io.github.wscache.petshop.remote.RemoteServices;
import io.github.wscache.petshop.remote.ServiceScope;
import io.github.wscache.petshop.service.Services;
import io.github.wscache.petshop.wan.WanRelay;
import io.github.wscache.petshop.web.EdgePurger;
import io.github.wscache.petshop.web.PetShopApp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.security.SecureRandom;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One running deployment of the Pet Shop, all in this process (paper §5, Figure 4):
 * <ul>
 *   <li>{@link Kind#F0}: application and database at the origin; clients reach the application
 *       through the WAN relay.</li>
 *   <li>{@link Kind#FDB}: the application at the edge, next to the clients; the database at the
 *       origin, served by H2's TCP server, reached through the WAN relay, so every JDBC round trip
 *       crosses the WAN. Only the JDBC URL differs from F0 (paper §5.1).</li>
 *   <li>{@link Kind#FREMOTING}: the presentation tier at the edge, the business services and the
 *       database at the origin (paper §5.2, partition point 3, "Fremoting2"). The services are
 *       four Axis2 SOAP services ({@link OriginServices}) reached through the WAN relay; the edge
 *       calls them through generated stubs with cache-axis installed ({@link RemoteServices}),
 *       so cacheable catalog reads are answered at the edge. The origin's service objects live
 *       in the {@link Options#scope() scope} of the options (the paper's hosting strategies).</li>
 *   <li>{@link Kind#FPROXY}: the whole application at the origin with ESI on (containers and
 *       fragments, each with its own {@code Surrogate-Control}); at the edge cache-edge's
 *       {@link EdgeServer}, reached by the clients, which caches containers and fragments, varies
 *       shared containers by {@link PetShopApp#VIEW_COOKIE}, composes pages and fetches all
 *       missing fragments of a page in parallel across the WAN relay (paper §5.3, partition
 *       place 4). Started with {@code warmEdge}, the edge pre-fetches the origin's list of
 *       popular catalog pages ({@code GET /warmup.txt}) at start.</li>
 * </ul>
 *
 * <p>"Origin" statistics are what remains at the origin: in F0 the HTTP requests and the CPU time
 * of the application's worker threads (which also run the embedded database); in Fdb the JDBC
 * statements and the CPU time of the H2 TCP server threads; in Fremoting the SOAP requests and
 * the CPU time of the origin's Tomcat worker threads (which run the services and the embedded
 * database); in Fproxy, as in F0, the origin application's HTTP requests and worker CPU time.
 */
public final class Deployment implements AutoCloseable {

    /** The deployment options of the paper that this module builds. */
    public enum Kind {
        /** Everything at the origin. */
        F0,
        /** Application at the edge, database at the origin. */
        FDB,
        /** Presentation at the edge, business services (SOAP) and database at the origin. */
        FREMOTING,
        /** An ESI edge cache at the edge, the whole application (emitting ESI) at the origin. */
        FPROXY;

        /**
         * Parses a {@link #label()}: {@code F0}, {@code Fdb}, {@code Fremoting}, {@code Fproxy}
         * (any case).
         */
        public static Kind parse(String s) {
            for (Kind k : values()) {
                if (k.label().equalsIgnoreCase(s)) {
                    return k;
                }
            }
            throw new IllegalArgumentException("deployment must be one of "
                    + Arrays.stream(values()).map(Kind::label).toList() + ": " + s);
        }

        /** The paper's name: {@code F0}, {@code Fdb}, {@code Fremoting}, {@code Fproxy}. */
        public String label() {
            return switch (this) {
                case F0 -> "F0";
                case FDB -> "Fdb";
                case FREMOTING -> "Fremoting";
                case FPROXY -> "Fproxy";
            };
        }
    }

    /**
     * How to start a deployment.
     *
     * @param clientPort port clients connect to (0: any)
     * @param wanRttMillis emulated round-trip time of the WAN
     * @param stock units in stock per item
     * @param loadUsers seeded accounts user1..userN for the load driver
     * @param extraProductsPerCategory generated products on top of JPetStore's catalog
     * @param poolSize maximum JDBC connections
     * @param threads maximum Tomcat worker threads
     * @param originPort port of the application behind the relay in F0, of the SOAP services in
     *     Fremoting (0: any)
     * @param dbPort port of the H2 TCP server in Fdb (0: any)
     * @param scope lifetime of the origin's service objects in Fremoting
     */
    public record Options(Kind kind, int clientPort, long wanRttMillis, boolean esi, int stock,
            int loadUsers, int extraProductsPerCategory, int poolSize, int threads,
            int originPort, int dbPort, ServiceScope scope) {

        /** Options with the {@link ServiceScope#APPLICATION application} scope. */
        public Options(Kind kind, int clientPort, long wanRttMillis, boolean esi, int stock,
                int loadUsers, int extraProductsPerCategory, int poolSize, int threads,
                int originPort, int dbPort) {
            this(kind, clientPort, wanRttMillis, esi, stock, loadUsers,
                    extraProductsPerCategory, poolSize, threads, originPort, dbPort,
                    ServiceScope.APPLICATION);
        }

        /** Defaults: any port, no ESI, 10 000 units per item, 200 load users, one object. */
        public static Options of(Kind kind, long wanRttMillis) {
            return new Options(kind, 0, wanRttMillis, false, 10_000, 200, 0, 300, 400, 0, 0);
        }

        /** A copy with another service scope (Fremoting). */
        public Options withScope(ServiceScope s) {
            return new Options(kind, clientPort, wanRttMillis, esi, stock, loadUsers,
                    extraProductsPerCategory, poolSize, threads, originPort, dbPort, s);
        }

        /** A copy with another deployment kind. */
        public Options withKind(Kind k) {
            return new Options(k, clientPort, wanRttMillis, esi, stock, loadUsers,
                    extraProductsPerCategory, poolSize, threads, originPort, dbPort, scope);
        }

        /** A copy with another WAN round-trip time. */
        public Options withWanRtt(long millis) {
            return new Options(kind, clientPort, millis, esi, stock, loadUsers,
                    extraProductsPerCategory, poolSize, threads, originPort, dbPort, scope);
        }

        /** A copy with another stock. */
        public Options withStock(int units) {
            return new Options(kind, clientPort, wanRttMillis, esi, units, loadUsers,
                    extraProductsPerCategory, poolSize, threads, originPort, dbPort, scope);
        }

        /** A copy with ESI on or off. */
        public Options withEsi(boolean on) {
            return new Options(kind, clientPort, wanRttMillis, on, stock, loadUsers,
                    extraProductsPerCategory, poolSize, threads, originPort, dbPort, scope);
        }

        /** A copy with a generated catalog of {@code n} more products per category. */
        public Options withExtraProducts(int n) {
            return new Options(kind, clientPort, wanRttMillis, esi, stock, loadUsers, n,
                    poolSize, threads, originPort, dbPort, scope);
        }

        /**
         * A copy with other ports: clients, the origin application (F0) or services (Fremoting),
         * the database (Fdb).
         */
        public Options withPorts(int client, int origin, int db) {
            return new Options(kind, client, wanRttMillis, esi, stock, loadUsers,
                    extraProductsPerCategory, poolSize, threads, origin, db, scope);
        }
    }

    private final Options options;
    private final OriginDatabase origin;
    private final Database database;
    private final PetShopApp app;
    private final WanRelay relay;
    private final OriginServices originServices;
    private final RemoteServices remote;
    private final EdgeServer edge;
    private final WanRelay purgeRelay;

    private Deployment(Options options, OriginDatabase origin, Database database,
            PetShopApp app, WanRelay relay, OriginServices originServices,
            RemoteServices remote, EdgeServer edge, WanRelay purgeRelay) {
        this.edge = edge;
        this.purgeRelay = purgeRelay;
        this.options = options;
        this.origin = origin;
        this.database = database;
        this.app = app;
        this.relay = relay;
        this.originServices = originServices;
        this.remote = remote;
    }

    /** Paths the Fproxy edge's warm-up fetches at once (each page's fragments in parallel). */
    public static final int EDGE_WARMUP_CONCURRENCY = 8;
    /**
     * The field of an order's answer that tells Fproxy's edge which tags to purge (the edge's
     * {@code purgeHeader}).
     */
    public static final String PURGE_FIELD = "Surrogate-Purge";

    /**
     * Creates the database, starts everything and returns when clients can connect; an
     * Fproxy edge starts cold (tests and the comparison with Varnish need that).
     */
    public static Deployment start(Options o) throws SQLException, IOException {
        return start(o, false);
    }

    /**
     * Creates the database, starts everything and returns when clients can connect; with
     * {@code warmEdge}, an Fproxy edge warms from the origin's {@code /warmup.txt} in the
     * background ({@link #awaitEdgeWarmup(long)} waits for it). Other deployments ignore it.
     */
    public static Deployment start(Options o, boolean warmEdge) throws SQLException,
            IOException {
        OriginDatabase origin = OriginDatabase.create(o.stock(), o.loadUsers(),
                o.extraProductsPerCategory());
        Database db = null;
        PetShopApp app = null;
        WanRelay relay = null;
        OriginServices services = null;
        RemoteServices remote = null;
        EdgeServer edge = null;
        WanRelay purgeRelay = null;
        try {
            String host = InetAddress.getLoopbackAddress().getHostAddress();
            if (o.kind() == Kind.F0) {
                db = Database.connect(origin.embeddedUrl(), "sa", "", o.poolSize());
                app = PetShopApp.start("origin", o.originPort(), Services.local(db), o.esi(),
                        o.threads());
                relay = WanRelay.start("client", o.clientPort(),
                        new InetSocketAddress(host, app.port()), o.wanRttMillis());
            } else if (o.kind() == Kind.FPROXY) {
                byte[] random = new byte[24];
                new SecureRandom().nextBytes(random);
                String secret = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
                // the origin always emits ESI here: composing pages is the edge's job
                db = Database.connect(origin.embeddedUrl(), "sa", "", o.poolSize());
                app = PetShopApp.start("origin", o.originPort(), Services.local(db), true,
                        o.threads());
                relay = WanRelay.start("edge", 0, new InetSocketAddress(host, app.port()),
                        o.wanRttMillis());
                EdgeServer.Builder eb = EdgeServer.builder()
                        .origin(URI.create("http://" + host + ":" + relay.port()))
                        .port(o.clientPort())
                        .varyCookies(PetShopApp.VIEW_COOKIE)
                        .fetchThreads(Math.max(64, o.threads()))
                        .purgeSecret(secret)
                        // the origin purges what an order changes by tag, and its posts answer
                        // with a 303 to a shared page (sign-in and sign-out to the home page):
                        // that page did not change, so a post must not evict it for everyone
                        .invalidateLocations(false)
                        // and an order's answer names what it changed: the edge purges it before
                        // the visitor sees the answer, at no round trip's cost
                        .purgeHeader(PURGE_FIELD);
                if (warmEdge) {
                    eb.warmupUrl(URI.create("/warmup.txt"))
                            .warmupConcurrency(EDGE_WARMUP_CONCURRENCY);
                }
                edge = eb.build().start();
                // the origin's purges cross the WAN to the edge's admin port too
                purgeRelay = WanRelay.start("purge", 0,
                        new InetSocketAddress(host, edge.adminPort()), o.wanRttMillis());
                app.purgeEdges(new EdgePurger(List.of(URI.create("http://" + host + ":"
                        + purgeRelay.port() + "/_edge/purge")), secret));
                app.purgeInAnswers(PURGE_FIELD);
            } else if (o.kind() == Kind.FREMOTING) {
                db = Database.connect(origin.embeddedUrl(), "sa", "", o.poolSize());
                services = OriginServices.start(db, o.originPort(), o.scope(), o.threads());
                relay = WanRelay.start("soap", 0, new InetSocketAddress(host, services.port()),
                        o.wanRttMillis());
                remote = RemoteServices.connect(OriginServices.servicesUrl(relay.port()),
                        o.scope());
                app = PetShopApp.start("edge", o.clientPort(), remote.services(), o.esi(),
                        o.threads());
            } else {
                int tcp = origin.startTcpServer(o.dbPort() == 0 ? freePort() : o.dbPort());
                relay = WanRelay.start("db", 0, new InetSocketAddress(host, tcp),
                        o.wanRttMillis());
                db = Database.connect(origin.tcpUrl(host, relay.port()), "sa", "",
                        o.poolSize());
                db.warmUp(4);
                app = PetShopApp.start("edge", o.clientPort(), Services.local(db), o.esi(),
                        o.threads());
            }
            return new Deployment(o, origin, db, app, relay, services, remote, edge, purgeRelay);
        } catch (SQLException | IOException | RuntimeException e) {
            closeAll(edge, purgeRelay, app, remote, relay, services, db, origin);
            throw e;
        }
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The options this deployment was started with. */
    public Options options() {
        return options;
    }

    /**
     * The URL clients use: the WAN relay in F0, the edge application in Fdb and Fremoting, the
     * edge cache in Fproxy.
     */
    public URI clientUrl() {
        int port = switch (options.kind()) {
            case F0 -> relay.port();
            case FPROXY -> edge.port();
            default -> app.port();
        };
        return URI.create("http://127.0.0.1:" + port + "/");
    }

    /** The application's own URL (no WAN in front of it). */
    public URI appUrl() {
        return URI.create("http://127.0.0.1:" + app.port() + "/");
    }

    /** The JDBC URL the application uses. */
    public String jdbcUrl() {
        return database.url();
    }

    /** The application's connection pool (statement counter, direct reads in tests). */
    public Database database() {
        return database;
    }

    /** The running application. */
    public PetShopApp app() {
        return app;
    }

    /** The edge cache (Fproxy only). */
    public EdgeServer edge() {
        return present(edge, "edge cache");
    }

    /**
     * Waits up to {@code timeoutMillis} for the Fproxy edge's warm-up; returns its stats, or
     * null when there is none (another deployment, or started without {@code warmEdge}).
     */
    public EdgeWarmup.Stats awaitEdgeWarmup(long timeoutMillis) throws InterruptedException {
        EdgeWarmup w = edge == null ? null : edge.warmup().orElse(null);
        if (w == null) {
            return null;
        }
        w.awaitDone(Duration.ofMillis(timeoutMillis));
        return w.stats();
    }

    /**
     * The WAN relay (client side in F0, database side in Fdb, SOAP side in Fremoting, between
     * edge and origin in Fproxy).
     */
    public WanRelay relay() {
        return relay;
    }

    /** The origin's SOAP services (Fremoting only). */
    public OriginServices originServices() {
        return present(originServices, "SOAP services");
    }

    /** The edge's remote services and their cache (Fremoting only). */
    public RemoteServices remoteServices() {
        return present(remote, "remote services");
    }

    private <T> T present(T part, String what) {
        if (part == null) {
            throw new IllegalStateException("no " + what + " in " + options.kind().label());
        }
        return part;
    }

    /**
     * Requests handled at the origin: HTTP requests at the origin application in F0 and Fproxy,
     * JDBC statements in Fdb, SOAP requests in Fremoting.
     */
    public long originRequests() {
        return switch (options.kind()) {
            case F0, FPROXY -> app.requests();
            case FDB -> database.statements();
            case FREMOTING -> originServices.requests();
        };
    }

    /** CPU time of the origin's threads per thread id, to diff over a measurement interval. */
    public Map<Long, Long> originCpuNanosByThread() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        String prefix = switch (options.kind()) {
            case F0, FPROXY -> app.threadPrefix();
            case FDB -> "H2 TCP Server";
            case FREMOTING -> originServices.threadPrefix();
        };
        Map<Long, Long> out = new HashMap<>();
        for (ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds())) {
            if (t != null && t.getThreadName().startsWith(prefix)) {
                long cpu = mx.getThreadCpuTime(t.getThreadId());
                if (cpu >= 0) {
                    out.put(t.getThreadId(), cpu);
                }
            }
        }
        return out;
    }

    /** Origin CPU nanoseconds spent between two {@link #originCpuNanosByThread()} samples. */
    public static long cpuBetween(Map<Long, Long> before, Map<Long, Long> after) {
        long sum = 0;
        for (Map.Entry<Long, Long> e : after.entrySet()) {
            sum += e.getValue() - before.getOrDefault(e.getKey(), 0L);
        }
        return sum;
    }

    @Override
    public void close() {
        closeAll(edge, purgeRelay, app, remote, relay, originServices, database, origin);
    }

    private static void closeAll(AutoCloseable... parts) {
        for (AutoCloseable p : parts) {
            if (p != null) {
                try {
                    p.close();
                } catch (Exception e) {
                    // keep closing the rest
                }
            }
        }
    }
}
