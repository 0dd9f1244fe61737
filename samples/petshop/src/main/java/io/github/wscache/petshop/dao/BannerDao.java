package io.github.wscache.petshop.dao;

import io.github.wscache.petshop.db.Database;
import java.util.Optional;

/** Reads the banner of a category. One statement, one JDBC round trip. */
public final class BannerDao {

    private final Database db;

    /** A DAO over {@code db}. */
    public BannerDao(Database db) {
        this.db = db;
    }

    /** The banner text of {@code categoryId}, if any. */
    public Optional<String> find(String categoryId) {
        return db.query("SELECT bannertext FROM bannerdata WHERE favcategory = ?",
                rs -> rs.next() ? Optional.of(rs.getString(1)) : Optional.<String>empty(),
                categoryId);
    }
}
