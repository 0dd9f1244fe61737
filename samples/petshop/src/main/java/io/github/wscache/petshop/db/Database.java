package io.github.wscache.petshop.db;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The JDBC access point of the application: a small connection pool whose connections keep their
 * prepared statements.
 *
 * <p>Keeping statements matters for the Fdb deployment: with H2's TCP protocol, preparing a
 * statement is a round trip of its own, so a reused statement makes a business read cost exactly
 * one round trip across the WAN (the paper's stored procedures had the same purpose, §4.1).
 * Business operations that touch several tables use Java stored procedures
 * ({@link StoredProcedures}) that run inside the database, so they cost one round trip too.
 *
 * <p>Every call borrows a connection in auto-commit mode, runs one statement and returns the
 * connection. A connection that fails with a connection-level error is discarded. Thread-safe.
 */
public final class Database implements AutoCloseable {

    /** Maps a whole result set to a value. */
    @FunctionalInterface
    public interface ResultMapper<T> {
        /** Reads {@code rs}, positioned before the first row. */
        T map(ResultSet rs) throws SQLException;
    }

    private final String url;
    private final String user;
    private final String password;
    private final Semaphore permits;
    private final ConcurrentLinkedDeque<Pooled> idle = new ConcurrentLinkedDeque<>();
    private final AtomicLong statements = new AtomicLong();
    private volatile boolean closed;

    private Database(String url, String user, String password, int maxConnections) {
        this.url = url;
        this.user = user;
        this.password = password;
        this.permits = new Semaphore(maxConnections, true);
    }

    /** A pool of at most {@code maxConnections} connections to {@code url}. */
    public static Database connect(String url, String user, String password, int maxConnections) {
        if (maxConnections < 1) {
            throw new IllegalArgumentException(
                    "max connections must be positive: " + maxConnections);
        }
        return new Database(url, user, password, maxConnections);
    }

    /** Opens {@code count} connections now so that the first requests do not pay for them. */
    public void warmUp(int count) throws SQLException {
        for (int i = 0; i < count; i++) {
            idle.push(new Pooled(DriverManager.getConnection(url, user, password)));
        }
    }

    /** The JDBC URL, which is all that differs between F0 and Fdb (paper §5.1). */
    public String url() {
        return url;
    }

    /** Statements executed so far (each one JDBC round trip). */
    public long statements() {
        return statements.get();
    }

    /** Runs a query and maps its result. */
    public <T> T query(String sql, ResultMapper<T> mapper, Object... params) {
        return run(sql, params, ps -> {
            try (ResultSet rs = ps.executeQuery()) {
                return mapper.map(rs);
            }
        });
    }

    /** Runs an insert, update or delete and returns the update count. */
    public int update(String sql, Object... params) {
        return run(sql, params, PreparedStatement::executeUpdate);
    }

    private interface Work<T> {
        T run(PreparedStatement ps) throws SQLException;
    }

    private <T> T run(String sql, Object[] params, Work<T> work) {
        Pooled p = borrow();
        boolean broken = false;
        try {
            PreparedStatement ps = p.prepare(sql);
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            statements.incrementAndGet();
            return work.run(ps);
        } catch (SQLException e) {
            String state = e.getSQLState();
            broken = state != null && state.startsWith("08") || isClosed(p.connection);
            throw new DataAccessException(e);
        } finally {
            release(p, broken);
        }
    }

    private Pooled borrow() {
        if (closed) {
            throw new IllegalStateException("database is closed: " + url);
        }
        try {
            if (!permits.tryAcquire(30, TimeUnit.SECONDS)) {
                throw new DataAccessException(new SQLException("no connection within 30 s"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DataAccessException(new SQLException("interrupted", e));
        }
        Pooled p = idle.poll();
        if (p != null) {
            return p;
        }
        try {
            return new Pooled(DriverManager.getConnection(url, user, password));
        } catch (SQLException e) {
            permits.release();
            throw new DataAccessException(e);
        }
    }

    private void release(Pooled p, boolean broken) {
        if (broken || closed) {
            p.close();
        } else {
            idle.push(p);
        }
        permits.release();
    }

    private static boolean isClosed(Connection c) {
        try {
            return c.isClosed();
        } catch (SQLException e) {
            return true;
        }
    }

    @Override
    public void close() {
        closed = true;
        Pooled p;
        while ((p = idle.poll()) != null) {
            p.close();
        }
    }

    /** A connection and its prepared statements by SQL text; used by one thread at a time. */
    private static final class Pooled {
        final Connection connection;
        final Map<String, PreparedStatement> statements = new HashMap<>();

        Pooled(Connection connection) {
            this.connection = connection;
        }

        PreparedStatement prepare(String sql) throws SQLException {
            PreparedStatement ps = statements.get(sql);
            if (ps == null) {
                ps = connection.prepareStatement(sql);
                statements.put(sql, ps);
            }
            return ps;
        }

        void close() {
            try {
                connection.close();
            } catch (SQLException e) {
                // already broken: nothing to release
            }
        }
    }
}
