package io.github.wscache.petshop.model;

import java.math.BigDecimal;

/** One line of an order, priced at the time the order was placed. */
public record LineItem(int lineNumber, String itemId, String productName, String attribute,
        int quantity, BigDecimal unitPrice) {

    /** Quantity times unit price. */
    public BigDecimal total() {
        return unitPrice.multiply(BigDecimal.valueOf(quantity));
    }
}
