package io.github.wscache.petshop.db;

import java.sql.SQLException;

/** An unchecked wrapper for a failed JDBC call. */
public final class DataAccessException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Wraps {@code cause}. */
    public DataAccessException(SQLException cause) {
        super(cause.getMessage(), cause);
    }

    /** The SQL state of the cause, or null. */
    public String sqlState() {
        return ((SQLException) getCause()).getSQLState();
    }
}
