package io.github.wscache.petshop.dao;

import io.github.wscache.petshop.db.DataAccessException;
import io.github.wscache.petshop.db.Database;
import io.github.wscache.petshop.db.StoredProcedures;
import io.github.wscache.petshop.model.LineItem;
import io.github.wscache.petshop.model.Order;
import io.github.wscache.petshop.model.OrderRequest;
import io.github.wscache.petshop.model.OrderSummary;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Places and reads orders. Placing an order is one call of the {@code place_order} stored
 * procedure, which decrements stock with {@code UPDATE ... WHERE qty >= ?} and checks the count,
 * so concurrent orders never oversell. Each method is one JDBC round trip.
 */
public final class OrderDao {

    /** Thrown when an item of an order does not have enough stock; nothing was changed. */
    public static final class OutOfStockException extends Exception {
        private static final long serialVersionUID = 1L;
        private final String itemId;

        /** The item that ran out. */
        public OutOfStockException(String itemId) {
            super("out of stock: " + itemId);
            this.itemId = itemId;
        }

        /** The item that ran out. */
        public String itemId() {
            return itemId;
        }
    }

    private static final Pattern OUT_OF_STOCK = Pattern.compile(
            Pattern.quote(StoredProcedures.OUT_OF_STOCK) + "([A-Za-z0-9-]+)");

    private final Database db;

    /** A DAO over {@code db}. */
    public OrderDao(Database db) {
        this.db = db;
    }

    /** Places the order and returns its id. */
    public int place(OrderRequest r, String cardLast4) throws OutOfStockException {
        StringJoiner lines = new StringJoiner(";");
        r.quantities().forEach((item, qty) -> lines.add(item + ":" + qty));
        try {
            return db.query("CALL place_order(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rs -> {
                rs.next();
                return rs.getInt(1);
            }, r.username(), r.shipToName(), r.address(), r.city(), r.state(), r.zip(),
                    r.country(), r.cardType(), cardLast4, lines.toString());
        } catch (DataAccessException e) {
            Matcher m = OUT_OF_STOCK.matcher(String.valueOf(e.getMessage()));
            if (m.find()) {
                throw new OutOfStockException(m.group(1));
            }
            throw e;
        }
    }

    /** An order of {@code username} with its lines, read with one join. */
    public Optional<Order> find(String username, int orderId) {
        return db.query("SELECT o.orderid, o.userid, o.orderdate, o.shiptoname, o.addr, o.city,"
                + " o.state, o.zip, o.country, o.cardtype, o.cardlast4, o.totalprice, o.status,"
                + " l.linenum, l.itemid, p.name, i.attr1, l.quantity, l.unitprice"
                + " FROM orders o LEFT JOIN lineitem l ON l.orderid = o.orderid"
                + " LEFT JOIN item i ON i.itemid = l.itemid"
                + " LEFT JOIN product p ON p.productid = i.productid"
                + " WHERE o.orderid = ? AND o.userid = ? ORDER BY l.linenum", rs -> {
                    Object[] head = null;
                    List<LineItem> lines = new ArrayList<>();
                    while (rs.next()) {
                        if (head == null) {
                            head = new Object[13];
                            for (int i = 0; i < 13; i++) {
                                head[i] = rs.getObject(i + 1);
                            }
                            head[2] = rs.getTimestamp(3).toLocalDateTime();
                            head[11] = rs.getBigDecimal(12);
                        }
                        if (rs.getObject(14) != null) {
                            lines.add(new LineItem(rs.getInt(14), rs.getString(15),
                                    rs.getString(16), rs.getString(17), rs.getInt(18),
                                    rs.getBigDecimal(19)));
                        }
                    }
                    if (head == null) {
                        return Optional.<Order>empty();
                    }
                    return Optional.of(new Order((Integer) head[0], (String) head[1],
                            (LocalDateTime) head[2], (String) head[3],
                            (String) head[4], (String) head[5], (String) head[6],
                            (String) head[7], (String) head[8], (String) head[9],
                            (String) head[10], (BigDecimal) head[11],
                            (String) head[12], lines));
                }, orderId, username);
    }

    /** The orders of {@code username}, newest first. */
    public List<OrderSummary> findByUser(String username) {
        return db.query("SELECT orderid, orderdate, totalprice, status FROM orders"
                + " WHERE userid = ? ORDER BY orderid DESC", rs -> {
                    List<OrderSummary> out = new ArrayList<>();
                    while (rs.next()) {
                        out.add(new OrderSummary(rs.getInt(1),
                                rs.getTimestamp(2).toLocalDateTime(), rs.getBigDecimal(3),
                                rs.getString(4)));
                    }
                    return out;
                }, username);
    }
}
