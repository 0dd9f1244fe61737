package io.github.wscache.petshop.service;

import io.github.wscache.petshop.dao.ItemDao;
import io.github.wscache.petshop.model.Cart;
import io.github.wscache.petshop.model.Item;
import java.util.Map;
import java.util.Optional;

/**
 * {@link CartService}: adding reads the item (price and stock) with one DAO call; updating and
 * removing touch only the cart, so they need no database.
 */
public final class DefaultCartService implements CartService {

    private final ItemDao items;

    /** A service reading items through {@code items}. */
    public DefaultCartService(ItemDao items) {
        this.items = items;
    }

    @Override
    public boolean add(Cart cart, String itemId) {
        Optional<Item> item = items.find(itemId);
        item.ifPresent(i -> cart.add(i, 1));
        return item.isPresent();
    }

    @Override
    public void update(Cart cart, Map<String, Integer> quantities) {
        quantities.forEach(cart::setQuantity);
    }

    @Override
    public void remove(Cart cart, String itemId) {
        cart.remove(itemId);
    }
}
