package io.github.wscache.petshop.dao;

import io.github.wscache.petshop.db.Database;
import io.github.wscache.petshop.model.Item;
import io.github.wscache.petshop.model.Product;
import io.github.wscache.petshop.model.ProductPage;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Reads products. Each method is one statement, hence one JDBC round trip. */
public final class ProductDao {

    /** At most this many search keywords are used; more are ignored. */
    public static final int MAX_KEYWORDS = 4;

    private final Database db;

    /** A DAO over {@code db}. */
    public ProductDao(Database db) {
        this.db = db;
    }

    /** A product with its category name and its items with stock, read with one join. */
    public Optional<ProductPage> findWithItems(String productId) {
        return db.query("SELECT p.productid, p.category, p.name, p.descn, c.name, i.itemid,"
                + " i.listprice, i.attr1, v.qty FROM product p"
                + " JOIN category c ON c.catid = p.category"
                + " LEFT JOIN item i ON i.productid = p.productid"
                + " LEFT JOIN inventory v ON v.itemid = i.itemid"
                + " WHERE p.productid = ? ORDER BY i.itemid", rs -> {
                    Product product = null;
                    String categoryName = null;
                    List<Item> items = new ArrayList<>();
                    while (rs.next()) {
                        if (product == null) {
                            product = new Product(rs.getString(1), rs.getString(2),
                                    rs.getString(3), rs.getString(4));
                            categoryName = rs.getString(5);
                        }
                        if (rs.getString(6) != null) {
                            items.add(new Item(rs.getString(6), product.id(), product.name(),
                                    product.categoryId(), rs.getBigDecimal(7), rs.getString(8),
                                    rs.getInt(9)));
                        }
                    }
                    return product == null ? Optional.empty()
                            : Optional.of(new ProductPage(product, categoryName, items));
                }, productId);
    }

    /** The products of one category. */
    public List<Product> findByCategory(String categoryId) {
        return db.query("SELECT productid, category, name, descn FROM product"
                + " WHERE category = ? ORDER BY productid", ProductDao::products, categoryId);
    }

    /**
     * Products whose name, description or category contains every keyword (case-insensitive).
     * Keywords are bound as parameters; only their number shapes the SQL text.
     */
    public List<Product> search(List<String> keywords) {
        List<String> words = keywords.stream().filter(w -> !w.isBlank()).limit(MAX_KEYWORDS)
                .map(w -> "%" + escapeLike(w.toLowerCase(Locale.ROOT)) + "%").toList();
        if (words.isEmpty()) {
            return List.of();
        }
        StringBuilder sql = new StringBuilder(
                "SELECT productid, category, name, descn FROM product WHERE ");
        Object[] params = new Object[words.size() * 3];
        for (int i = 0; i < words.size(); i++) {
            if (i > 0) {
                sql.append(" AND ");
            }
            sql.append("(LOWER(name) LIKE ? ESCAPE '\\' OR LOWER(descn) LIKE ? ESCAPE '\\'"
                    + " OR LOWER(category) LIKE ? ESCAPE '\\')");
            params[3 * i] = words.get(i);
            params[3 * i + 1] = words.get(i);
            params[3 * i + 2] = words.get(i);
        }
        sql.append(" ORDER BY productid");
        return db.query(sql.toString(), ProductDao::products, params);
    }

    private static String escapeLike(String s) {
        return s.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    private static List<Product> products(ResultSet rs) throws SQLException {
        List<Product> out = new ArrayList<>();
        while (rs.next()) {
            out.add(new Product(rs.getString(1), rs.getString(2), rs.getString(3),
                    rs.getString(4)));
        }
        return out;
    }
}
