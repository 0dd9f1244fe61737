package io.github.wscache.petshop.db;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.UUID;
import org.h2.tools.Server;

/**
 * The database at the origin: an in-memory H2 database created and seeded in this process, kept
 * open for the lifetime of this object, and optionally served over H2's TCP protocol (the Fdb
 * deployment reaches it that way, through the WAN relay).
 */
public final class OriginDatabase implements AutoCloseable {

    private final String name;
    private final Connection keepAlive;
    private Server tcpServer;

    private OriginDatabase(String name, Connection keepAlive) {
        this.name = name;
        this.keepAlive = keepAlive;
    }

    /** Creates and seeds a new, uniquely named in-memory database. */
    public static OriginDatabase create(int stock, int loadUsers, int extraProductsPerCategory)
            throws SQLException {
        String name = "petshop-" + UUID.randomUUID();
        Connection c = DriverManager.getConnection(embeddedUrl(name), "sa", "");
        try {
            Schema.create(c, stock, loadUsers, extraProductsPerCategory);
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
        return new OriginDatabase(name, c);
    }

    private static String embeddedUrl(String name) {
        return "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=10000";
    }

    /** The JDBC URL for in-process access (F0). */
    public String embeddedUrl() {
        return embeddedUrl(name);
    }

    /** Starts the H2 TCP server on {@code port} (loopback only); returns the bound port. */
    public synchronized int startTcpServer(int port) throws SQLException {
        if (tcpServer != null) {
            throw new IllegalStateException("tcp server already started");
        }
        tcpServer = Server.createTcpServer("-tcpPort", Integer.toString(port), "-ifExists")
                .start();
        return tcpServer.getPort();
    }

    /** The JDBC URL to reach this database over TCP at {@code host:port} (Fdb). */
    public String tcpUrl(String host, int port) {
        return "jdbc:h2:tcp://" + host + ":" + port + "/mem:" + name + ";LOCK_TIMEOUT=10000";
    }

    @Override
    public synchronized void close() {
        if (tcpServer != null) {
            tcpServer.stop();
        }
        try (Connection c = keepAlive) {
            c.createStatement().execute("SHUTDOWN");
        } catch (SQLException e) {
            // already gone
        }
    }
}
