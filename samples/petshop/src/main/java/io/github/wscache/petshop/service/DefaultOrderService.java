package io.github.wscache.petshop.service;

import io.github.wscache.petshop.dao.OrderDao;
import io.github.wscache.petshop.dao.OrderDao.OutOfStockException;
import io.github.wscache.petshop.model.Order;
import io.github.wscache.petshop.model.OrderRequest;
import io.github.wscache.petshop.model.OrderSummary;
import java.util.List;
import java.util.Optional;

/** {@link OrderService} over {@link OrderDao}; keeps only the last four card digits. */
public final class DefaultOrderService implements OrderService {

    private final OrderDao orders;

    /** A service over {@code orders}. */
    public DefaultOrderService(OrderDao orders) {
        this.orders = orders;
    }

    @Override
    public int place(OrderRequest request) throws OutOfStockException {
        if (request.quantities().isEmpty()) {
            throw new IllegalArgumentException("order must have at least one line");
        }
        String digits = request.cardNumber().replaceAll("[^0-9]", "");
        String last4 = digits.length() <= 4 ? digits : digits.substring(digits.length() - 4);
        return orders.place(request, last4);
    }

    @Override
    public Optional<Order> find(String username, int orderId) {
        return orders.find(username, orderId);
    }

    @Override
    public List<OrderSummary> list(String username) {
        return orders.findByUser(username);
    }
}
