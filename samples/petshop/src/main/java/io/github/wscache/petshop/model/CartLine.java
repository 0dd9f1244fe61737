package io.github.wscache.petshop.model;

import java.math.BigDecimal;

/** One line of a cart: an item as it was when added, and a quantity. */
public record CartLine(Item item, int quantity) {

    /** List price times quantity. */
    public BigDecimal total() {
        return item.listPrice().multiply(BigDecimal.valueOf(quantity));
    }
}
