package io.github.wscache.petshop.service;

import io.github.wscache.petshop.dao.OrderDao.OutOfStockException;
import io.github.wscache.petshop.model.Order;
import io.github.wscache.petshop.model.OrderRequest;
import io.github.wscache.petshop.model.OrderSummary;
import java.util.List;
import java.util.Optional;

/** Placing and reading orders. */
public interface OrderService {

    /** Places an order atomically and returns its id; nothing changes when stock is short. */
    int place(OrderRequest request) throws OutOfStockException;

    /** An order of {@code username}. */
    Optional<Order> find(String username, int orderId);

    /** The orders of {@code username}, newest first. */
    List<OrderSummary> list(String username);
}
