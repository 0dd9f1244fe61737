package io.github.wscache.petshop.model;

import java.util.List;

/** A category with its products, as one business read returns it. */
public record CategoryPage(Category category, List<Product> products) {

    /** Defensive copy of the product list. */
    public CategoryPage {
        products = List.copyOf(products);
    }
}
