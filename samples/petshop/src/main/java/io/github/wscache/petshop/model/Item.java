package io.github.wscache.petshop.model;

import java.math.BigDecimal;

/** A sellable item of a product, with its price and the quantity in stock. */
public record Item(String id, String productId, String productName, String categoryId,
        BigDecimal listPrice, String attribute, int quantity) {

    /** True when at least one unit is in stock. */
    public boolean inStock() {
        return quantity > 0;
    }
}
