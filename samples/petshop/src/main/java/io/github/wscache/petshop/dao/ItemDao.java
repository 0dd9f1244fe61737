package io.github.wscache.petshop.dao;

import io.github.wscache.petshop.db.Database;
import io.github.wscache.petshop.model.Item;
import java.util.Optional;

/** Reads items with their product and stock. One statement, one JDBC round trip. */
public final class ItemDao {

    private final Database db;

    /** A DAO over {@code db}. */
    public ItemDao(Database db) {
        this.db = db;
    }

    /** An item with its product name, category and quantity in stock. */
    public Optional<Item> find(String itemId) {
        return db.query("SELECT i.itemid, i.productid, p.name, p.category, i.listprice,"
                + " i.attr1, v.qty FROM item i JOIN product p ON p.productid = i.productid"
                + " JOIN inventory v ON v.itemid = i.itemid WHERE i.itemid = ?", rs -> {
                    if (!rs.next()) {
                        return Optional.empty();
                    }
                    return Optional.of(new Item(rs.getString(1), rs.getString(2),
                            rs.getString(3), rs.getString(4), rs.getBigDecimal(5),
                            rs.getString(6), rs.getInt(7)));
                }, itemId);
    }

    /** Units in stock, or -1 for an unknown item. */
    public int quantity(String itemId) {
        return db.query("SELECT qty FROM inventory WHERE itemid = ?",
                rs -> rs.next() ? rs.getInt(1) : -1, itemId);
    }
}
