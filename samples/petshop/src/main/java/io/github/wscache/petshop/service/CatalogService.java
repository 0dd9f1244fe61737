package io.github.wscache.petshop.service;

import io.github.wscache.petshop.model.Category;
import io.github.wscache.petshop.model.CategoryPage;
import io.github.wscache.petshop.model.Item;
import io.github.wscache.petshop.model.Product;
import io.github.wscache.petshop.model.ProductPage;
import java.util.List;
import java.util.Optional;

/**
 * Catalog reads. A single-call interface per kind of request, taking and returning values only:
 * the third partition place of the paper (§3.2), exposed as the {@code PetShopCatalog} web
 * service in the Fremoting deployment.
 */
public interface CatalogService {

    /** All categories. */
    List<Category> categories();

    /** A category and its products. */
    Optional<CategoryPage> category(String categoryId);

    /** A product, its category name and its items. */
    Optional<ProductPage> product(String productId);

    /** An item with stock. */
    Optional<Item> item(String itemId);

    /** Products matching every keyword of a free-text query. */
    List<Product> search(String keywords);

    /** The products of a category, for the "pet favourites" list. */
    List<Product> productsInCategory(String categoryId);

    /** The banner text of a category. */
    Optional<String> banner(String categoryId);
}
