package io.github.wscache.petshop.dao;

import io.github.wscache.petshop.db.DataAccessException;
import io.github.wscache.petshop.db.Database;
import io.github.wscache.petshop.model.Account;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Reads and writes accounts (signon, account and profile rows). Reads are one join; writes are
 * one call of a stored procedure. Each method is one JDBC round trip.
 */
public final class AccountDao {

    /** An account with its stored password hash. */
    public record Credentials(Account account, String passwordHash) {
    }

    private static final String SELECT = "SELECT a.userid, a.email, a.firstname, a.lastname,"
            + " a.addr, a.city, a.state, a.zip, a.country, a.phone, p.favcategory, p.mylistopt,"
            + " p.banneropt, s.password FROM account a JOIN profile p ON p.userid = a.userid"
            + " JOIN signon s ON s.username = a.userid WHERE a.userid = ?";

    private final Database db;

    /** A DAO over {@code db}. */
    public AccountDao(Database db) {
        this.db = db;
    }

    /** The account and password hash of {@code username}. */
    public Optional<Credentials> find(String username) {
        return db.query(SELECT, rs -> rs.next() ? Optional.of(
                new Credentials(account(rs), rs.getString(14))) : Optional.empty(), username);
    }

    /** Inserts a new account; false when the user name is taken. */
    public boolean insert(Account a, String passwordHash) {
        try {
            db.query("CALL create_account(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    rs -> null, params(a, passwordHash));
            return true;
        } catch (DataAccessException e) {
            if ("23505".equals(e.sqlState()) || String.valueOf(e.getMessage()).contains("23505")
                    || String.valueOf(e.getMessage()).contains("PRIMARY KEY")) {
                return false;
            }
            throw e;
        }
    }

    /** Updates an account, and its password when {@code passwordHash} is not null. */
    public void update(Account a, String passwordHash) {
        db.query("CALL update_account(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rs -> null, params(a, passwordHash));
    }

    private static Object[] params(Account a, String hash) {
        return new Object[] {a.username(), hash, a.email(), a.firstName(), a.lastName(),
            a.address(), a.city(), a.state(), a.zip(), a.country(), a.phone(),
            a.favouriteCategory(), a.myListOption(), a.bannerOption()};
    }

    private static Account account(ResultSet rs) throws SQLException {
        return new Account(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8),
                rs.getString(9), rs.getString(10), rs.getString(11), rs.getBoolean(12),
                rs.getBoolean(13));
    }
}
