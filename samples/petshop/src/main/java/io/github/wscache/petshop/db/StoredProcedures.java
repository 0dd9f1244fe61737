package io.github.wscache.petshop.db;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.TreeMap;

/**
 * Java stored procedures that H2 runs inside the database (registered with
 * {@code CREATE ALIAS} by {@link Schema}).
 *
 * <p>The .NET Pet Shop of the paper used stored procedures so that a business operation that
 * touches several tables costs one round trip between the application and the database (§4.1:
 * "an order can be encoded into a string and transferred to the database, where the string is
 * decoded and multiple SQL statements are issued"). These methods do the same: the caller sends
 * one {@code CALL}, which matters in the Fdb deployment where every round trip crosses the WAN.
 *
 * <p>Each procedure runs as one transaction of its own (see {@link #atomically}): an order that
 * runs out of stock on its second line leaves the first line's stock untouched.
 */
public final class StoredProcedures {

    /** Marker in the message of the exception thrown when an item is out of stock. */
    public static final String OUT_OF_STOCK = "OUT_OF_STOCK:";

    private StoredProcedures() {
    }

    /**
     * Places an order. {@code lines} encodes quantities as {@code ITEM:QTY;ITEM:QTY}. Decrements
     * stock with a conditional update per item (in item id order, to avoid deadlocks), prices the
     * lines from the item table, numbers the order from the {@code sequence} table and returns the
     * order id. Throws when any item lacks stock.
     */
    public static int placeOrder(Connection c, String username, String shipToName, String address,
            String city, String state, String zip, String country, String cardType,
            String cardLast4, String lines) throws SQLException {
        return atomically(c, () -> insertOrder(c, username, shipToName, address, city, state,
                zip, country, cardType, cardLast4, lines));
    }

    private static int insertOrder(Connection c, String username, String shipToName,
            String address, String city, String state, String zip, String country,
            String cardType, String cardLast4, String lines) throws SQLException {
        Map<String, Integer> quantities = new TreeMap<>();
        for (String line : lines.split(";")) {
            String[] kv = line.split(":");
            if (kv.length != 2) {
                throw new SQLException("bad order line: " + line);
            }
            quantities.merge(kv[0], Integer.parseInt(kv[1]), Integer::sum);
        }
        try (PreparedStatement dec = c.prepareStatement(
                "UPDATE inventory SET qty = qty - ? WHERE itemid = ? AND qty >= ?")) {
            for (Map.Entry<String, Integer> e : quantities.entrySet()) {
                if (e.getValue() <= 0) {
                    throw new SQLException("quantity must be positive: " + e);
                }
                dec.setInt(1, e.getValue());
                dec.setString(2, e.getKey());
                dec.setInt(3, e.getValue());
                if (dec.executeUpdate() != 1) {
                    throw new SQLException(OUT_OF_STOCK + e.getKey());
                }
            }
        }
        int orderId;
        try (PreparedStatement next = c.prepareStatement(
                "UPDATE sequence SET nextid = nextid + 1 WHERE name = 'ordernum'")) {
            next.executeUpdate();
        }
        try (PreparedStatement get = c.prepareStatement(
                "SELECT nextid FROM sequence WHERE name = 'ordernum'");
                ResultSet rs = get.executeQuery()) {
            rs.next();
            orderId = rs.getInt(1);
        }
        try (PreparedStatement ins = c.prepareStatement("INSERT INTO orders (orderid, userid,"
                + " orderdate, shiptoname, addr, city, state, zip, country, cardtype, cardlast4,"
                + " totalprice, status) VALUES (?, ?, CURRENT_TIMESTAMP, ?, ?, ?, ?, ?, ?, ?, ?,"
                + " 0, 'P')")) {
            Object[] v = {orderId, username, shipToName, address, city, state, zip, country,
                cardType, cardLast4};
            for (int i = 0; i < v.length; i++) {
                ins.setObject(i + 1, v[i]);
            }
            ins.executeUpdate();
        }
        BigDecimal total = BigDecimal.ZERO;
        try (PreparedStatement price = c.prepareStatement(
                "SELECT listprice FROM item WHERE itemid = ?");
                PreparedStatement line = c.prepareStatement("INSERT INTO lineitem (orderid,"
                        + " linenum, itemid, quantity, unitprice) VALUES (?, ?, ?, ?, ?)")) {
            int n = 0;
            for (Map.Entry<String, Integer> e : quantities.entrySet()) {
                price.setString(1, e.getKey());
                BigDecimal unit;
                try (ResultSet rs = price.executeQuery()) {
                    rs.next();
                    unit = rs.getBigDecimal(1);
                }
                line.setInt(1, orderId);
                line.setInt(2, ++n);
                line.setString(3, e.getKey());
                line.setInt(4, e.getValue());
                line.setBigDecimal(5, unit);
                line.executeUpdate();
                total = total.add(unit.multiply(BigDecimal.valueOf(e.getValue())));
            }
        }
        try (PreparedStatement upd = c.prepareStatement(
                "UPDATE orders SET totalprice = ? WHERE orderid = ?")) {
            upd.setBigDecimal(1, total);
            upd.setInt(2, orderId);
            upd.executeUpdate();
        }
        return orderId;
    }

    /** Creates the signon, account and profile rows of a new account; returns 1. */
    public static int createAccount(Connection c, String username, String passwordHash,
            String email, String firstName, String lastName, String address, String city,
            String state, String zip, String country, String phone, String favouriteCategory,
            boolean myList, boolean banner) throws SQLException {
        return atomically(c, () -> insertAccount(c, username, passwordHash, email, firstName,
                lastName, address, city, state, zip, country, phone, favouriteCategory, myList,
                banner));
    }

    /** {@link #createAccount} inside the caller's transaction (used by the seed). */
    static int insertAccount(Connection c, String username, String passwordHash,
            String email, String firstName, String lastName, String address, String city,
            String state, String zip, String country, String phone, String favouriteCategory,
            boolean myList, boolean banner) throws SQLException {
        exec(c, "INSERT INTO signon (username, password) VALUES (?, ?)", username, passwordHash);
        exec(c, "INSERT INTO account (userid, email, firstname, lastname, addr, city, state, zip,"
                + " country, phone) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", username, email,
                firstName, lastName, address, city, state, zip, country, phone);
        exec(c, "INSERT INTO profile (userid, favcategory, mylistopt, banneropt)"
                + " VALUES (?, ?, ?, ?)", username, favouriteCategory, myList, banner);
        return 1;
    }

    /**
     * Updates the account and profile rows, and the password when {@code passwordHash} is not
     * null; returns the number of accounts updated (0 or 1).
     */
    public static int updateAccount(Connection c, String username, String passwordHash,
            String email, String firstName, String lastName, String address, String city,
            String state, String zip, String country, String phone, String favouriteCategory,
            boolean myList, boolean banner) throws SQLException {
        return atomically(c, () -> changeAccount(c, username, passwordHash, email, firstName,
                lastName, address, city, state, zip, country, phone, favouriteCategory, myList,
                banner));
    }

    private static int changeAccount(Connection c, String username, String passwordHash,
            String email, String firstName, String lastName, String address, String city,
            String state, String zip, String country, String phone, String favouriteCategory,
            boolean myList, boolean banner) throws SQLException {
        int n = exec(c, "UPDATE account SET email = ?, firstname = ?, lastname = ?, addr = ?,"
                + " city = ?, state = ?, zip = ?, country = ?, phone = ? WHERE userid = ?", email,
                firstName, lastName, address, city, state, zip, country, phone, username);
        exec(c, "UPDATE profile SET favcategory = ?, mylistopt = ?, banneropt = ?"
                + " WHERE userid = ?", favouriteCategory, myList, banner, username);
        if (passwordHash != null) {
            exec(c, "UPDATE signon SET password = ? WHERE username = ?", passwordHash, username);
        }
        return n;
    }

    private interface Body {
        int run() throws SQLException;
    }

    /**
     * Runs {@code body} as one transaction on the procedure's connection. H2 does not undo the
     * nested statements of a failing function call by itself (each one commits in auto-commit
     * mode), so the procedure turns auto-commit off, commits on success and rolls back on any
     * failure, then restores the caller's mode.
     */
    private static int atomically(Connection c, Body body) throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            int result = body.run();
            c.commit();
            return result;
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    private static int exec(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            return ps.executeUpdate();
        }
    }
}
