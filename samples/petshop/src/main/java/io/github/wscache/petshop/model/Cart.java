package io.github.wscache.petshop.model;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A shopping cart, kept in the user's HTTP session. Thread-safe: two requests of one session may
 * run at the same time.
 */
public final class Cart {

    private final Map<String, CartLine> lines = new LinkedHashMap<>();

    /** Adds {@code quantity} units of {@code item}, merging with an existing line. */
    public synchronized void add(Item item, int quantity) {
        CartLine old = lines.get(item.id());
        int q = old == null ? quantity : old.quantity() + quantity;
        lines.put(item.id(), new CartLine(item, q));
    }

    /** Sets the quantity of an item already in the cart; zero or less removes the line. */
    public synchronized void setQuantity(String itemId, int quantity) {
        CartLine old = lines.get(itemId);
        if (old == null) {
            return;
        }
        if (quantity <= 0) {
            lines.remove(itemId);
        } else {
            lines.put(itemId, new CartLine(old.item(), quantity));
        }
    }

    /** Removes the line of {@code itemId}, if any. */
    public synchronized void remove(String itemId) {
        lines.remove(itemId);
    }

    /**
     * Replaces every line with {@code newLines}, in their order: how a cart passed by value to a
     * remote service (Fremoting) takes back the service's answer.
     */
    public synchronized void replaceWith(List<CartLine> newLines) {
        lines.clear();
        for (CartLine line : newLines) {
            lines.put(line.item().id(), line);
        }
    }

    /** Removes every line. */
    public synchronized void clear() {
        lines.clear();
    }

    /** A snapshot of the lines in the order they were added. */
    public synchronized List<CartLine> lines() {
        return new ArrayList<>(lines.values());
    }

    /** True when the cart has no lines. */
    public synchronized boolean isEmpty() {
        return lines.isEmpty();
    }

    /** Quantity per item id, in cart order. */
    public synchronized Map<String, Integer> quantities() {
        Map<String, Integer> q = new LinkedHashMap<>();
        lines.forEach((id, line) -> q.put(id, line.quantity()));
        return q;
    }

    /** Sum of list price times quantity over all lines. */
    public synchronized BigDecimal subtotal() {
        BigDecimal sum = BigDecimal.ZERO;
        for (CartLine line : lines.values()) {
            sum = sum.add(line.total());
        }
        return sum;
    }
}
