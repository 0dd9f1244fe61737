package io.github.wscache.petshop.model;

import java.util.List;

/** A product, the name of its category and its items, as one business read returns it. */
public record ProductPage(Product product, String categoryName, List<Item> items) {

    /** Defensive copy of the item list. */
    public ProductPage {
        items = List.copyOf(items);
    }
}
