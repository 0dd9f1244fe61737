package io.github.wscache.petshop.service;

import io.github.wscache.petshop.dao.AccountDao;
import io.github.wscache.petshop.dao.BannerDao;
import io.github.wscache.petshop.dao.CategoryDao;
import io.github.wscache.petshop.dao.ItemDao;
import io.github.wscache.petshop.dao.OrderDao;
import io.github.wscache.petshop.dao.ProductDao;
import io.github.wscache.petshop.db.Database;

/**
 * The four business services the presentation tier uses: {@link #local(Database)} in F0 and
 * Fdb (and at the Fremoting origin), remote over SOAP at the Fremoting edge
 * ({@link io.github.wscache.petshop.remote.RemoteServices#services()}).
 */
public record Services(CatalogService catalog, CartService cart, AccountService account,
        OrderService order) {

    /** The local implementations over DAOs on {@code db} (F0, Fdb). */
    public static Services local(Database db) {
        CatalogService catalog = new DefaultCatalogService(new CategoryDao(db), new ProductDao(db),
                new ItemDao(db), new BannerDao(db));
        return new Services(catalog, new DefaultCartService(new ItemDao(db)),
                new DefaultAccountService(new AccountDao(db)),
                new DefaultOrderService(new OrderDao(db)));
    }
}
