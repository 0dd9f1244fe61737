package io.github.wscache.petshop.dao;

import io.github.wscache.petshop.db.Database;
import io.github.wscache.petshop.model.Category;
import io.github.wscache.petshop.model.CategoryPage;
import io.github.wscache.petshop.model.Product;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads categories. Each method is one statement, hence one JDBC round trip. */
public final class CategoryDao {

    private final Database db;

    /** A DAO over {@code db}. */
    public CategoryDao(Database db) {
        this.db = db;
    }

    /** All categories in a stable order. */
    public List<Category> findAll() {
        return db.query("SELECT catid, name, descn FROM category ORDER BY catid", rs -> {
            List<Category> out = new ArrayList<>();
            while (rs.next()) {
                out.add(new Category(rs.getString(1), rs.getString(2), rs.getString(3)));
            }
            return out;
        });
    }

    /** A category with its products, read with one join. */
    public Optional<CategoryPage> findWithProducts(String categoryId) {
        return db.query("SELECT c.catid, c.name, c.descn, p.productid, p.name, p.descn"
                + " FROM category c LEFT JOIN product p ON p.category = c.catid"
                + " WHERE c.catid = ? ORDER BY p.productid", rs -> {
                    Category category = null;
                    List<Product> products = new ArrayList<>();
                    while (rs.next()) {
                        if (category == null) {
                            category = new Category(rs.getString(1), rs.getString(2),
                                    rs.getString(3));
                        }
                        if (rs.getString(4) != null) {
                            products.add(new Product(rs.getString(4), category.id(),
                                    rs.getString(5), rs.getString(6)));
                        }
                    }
                    return category == null ? Optional.empty()
                            : Optional.of(new CategoryPage(category, products));
                }, categoryId);
    }
}
