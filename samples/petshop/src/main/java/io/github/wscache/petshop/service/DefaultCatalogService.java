package io.github.wscache.petshop.service;

import io.github.wscache.petshop.dao.BannerDao;
import io.github.wscache.petshop.dao.CategoryDao;
import io.github.wscache.petshop.dao.ItemDao;
import io.github.wscache.petshop.dao.ProductDao;
import io.github.wscache.petshop.model.Category;
import io.github.wscache.petshop.model.CategoryPage;
import io.github.wscache.petshop.model.Item;
import io.github.wscache.petshop.model.Product;
import io.github.wscache.petshop.model.ProductPage;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** {@link CatalogService} over DAOs; every method is one DAO call (one round trip). */
public final class DefaultCatalogService implements CatalogService {

    private final CategoryDao categories;
    private final ProductDao products;
    private final ItemDao items;
    private final BannerDao banners;

    /** A service over the given DAOs. */
    public DefaultCatalogService(CategoryDao categories, ProductDao products, ItemDao items,
            BannerDao banners) {
        this.categories = categories;
        this.products = products;
        this.items = items;
        this.banners = banners;
    }

    @Override
    public List<Category> categories() {
        return categories.findAll();
    }

    @Override
    public Optional<CategoryPage> category(String categoryId) {
        return categories.findWithProducts(categoryId);
    }

    @Override
    public Optional<ProductPage> product(String productId) {
        return products.findWithItems(productId);
    }

    @Override
    public Optional<Item> item(String itemId) {
        return items.find(itemId);
    }

    @Override
    public List<Product> search(String keywords) {
        return products.search(Arrays.asList(keywords.trim().split("\\s+")));
    }

    @Override
    public List<Product> productsInCategory(String categoryId) {
        return products.findByCategory(categoryId);
    }

    @Override
    public Optional<String> banner(String categoryId) {
        return banners.find(categoryId);
    }
}
