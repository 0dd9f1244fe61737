package io.github.wscache.petshop.service;

import io.github.wscache.petshop.model.Cart;
import java.util.Map;

/** Shopping-cart operations on a cart that the caller keeps (in the HTTP session). */
public interface CartService {

    /** Adds one unit of {@code itemId}; false when the item does not exist. */
    boolean add(Cart cart, String itemId);

    /** Sets quantities per item id; zero or less removes the line. */
    void update(Cart cart, Map<String, Integer> quantities);

    /** Removes an item. */
    void remove(Cart cart, String itemId);
}
