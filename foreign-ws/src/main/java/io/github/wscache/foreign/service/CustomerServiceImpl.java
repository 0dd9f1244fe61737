package io.github.wscache.foreign.service;

import io.github.wscache.foreign.customers.server.Address;
import io.github.wscache.foreign.customers.server.Customer;
import io.github.wscache.foreign.customers.server.CustomerServiceSkeletonInterface;
import io.github.wscache.foreign.customers.server.FindOrders;
import io.github.wscache.foreign.customers.server.FindOrdersE;
import io.github.wscache.foreign.customers.server.FindOrdersResponse;
import io.github.wscache.foreign.customers.server.FindOrdersResponseE;
import io.github.wscache.foreign.customers.server.GetCustomerE;
import io.github.wscache.foreign.customers.server.GetCustomerResponse;
import io.github.wscache.foreign.customers.server.GetCustomerResponseE;
import io.github.wscache.foreign.customers.server.Order;
import io.github.wscache.foreign.customers.server.OrderLine;
import io.github.wscache.foreign.customers.server.OrderStatus;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The SOAP 1.2-only {@code CustomerService}: customers 1 to {@value #CUSTOMERS}, each with
 * {@value #ORDERS_PER_CUSTOMER} orders of one to three lines.
 *
 * <ul>
 *   <li>{@code getCustomer(customerId)} answers the customer with name, e-mail, address and tags,
 *       or a response without {@code return} for an unknown id (as a JAX-WS method returning
 *       {@code null} would);</li>
 *   <li>{@code FindOrders(customerId, status, maxResults)} answers up to {@code maxResults} of the
 *       customer's orders with the status (all if absent), oldest first.</li>
 * </ul>
 *
 * <p>Order {@code n} (0-based) of a customer is {@code OPEN} if {@code n % 3 == 0},
 * {@code SHIPPED} if {@code n % 3 == 1}, else {@code CANCELLED}. Thread-safe (immutable).
 */
public final class CustomerServiceImpl implements CustomerServiceSkeletonInterface {

    /** Number of customers; ids are 1 to this. */
    public static final int CUSTOMERS = 5;

    /** Number of orders every customer has. */
    public static final int ORDERS_PER_CUSTOMER = 7;

    private static final String[] NAMES = {
        "Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov"};
    private static final String[] CITIES = {"London", "Manchester", "Arlington", "Austin",
        "Boston"};

    @Override
    public GetCustomerResponseE getCustomer(GetCustomerE request) {
        long id = request.getGetCustomer().getCustomerId();
        GetCustomerResponse body = new GetCustomerResponse();
        if (id >= 1 && id <= CUSTOMERS) {
            int index = (int) id - 1;
            Address address = new Address();
            address.setStreet(id + " Main Street");
            address.setCity(CITIES[index]);
            address.setCountry(index < 2 ? "GB" : "US");
            Customer customer = new Customer();
            customer.setId(id);
            customer.setName(NAMES[index]);
            customer.setEmail(NAMES[index].split(" ")[0].toLowerCase(Locale.ROOT)
                    + "@example.com");
            customer.setAddress(address);
            customer.setTags(id % 2 == 0 ? new String[] {"gold"} : new String[] {"gold", "beta"});
            body.set_return(customer);
        }
        GetCustomerResponseE response = new GetCustomerResponseE();
        response.setGetCustomerResponse(body);
        return response;
    }

    @Override
    public FindOrdersResponseE findOrders(FindOrdersE request) {
        FindOrders query = request.getFindOrders();
        long customerId = query.getCustomerId();
        OrderStatus status = query.getStatus();
        List<Order> found = new ArrayList<>();
        if (customerId >= 1 && customerId <= CUSTOMERS) {
            for (int n = 0; n < ORDERS_PER_CUSTOMER && found.size() < query.getMaxResults(); n++) {
                Order order = order(customerId, n);
                if (status == null || status.getValue().equals(order.getStatus().getValue())) {
                    found.add(order);
                }
            }
        }
        FindOrdersResponse body = new FindOrdersResponse();
        body.set_return(found.toArray(Order[]::new));
        FindOrdersResponseE response = new FindOrdersResponseE();
        response.setFindOrdersResponse(body);
        return response;
    }

    private static Order order(long customerId, int n) {
        Order order = new Order();
        order.setOrderId(String.format("SO-%d-%03d", customerId, n));
        order.setCustomerId(customerId);
        order.setStatus(n % 3 == 0 ? OrderStatus.OPEN
                : n % 3 == 1 ? OrderStatus.SHIPPED : OrderStatus.CANCELLED);
        BigDecimal total = BigDecimal.ZERO;
        for (int line = 0; line <= n % 3; line++) {
            OrderLine orderLine = new OrderLine();
            orderLine.setSku("SKU-" + (100 + (n * 7 + line) % 50));
            orderLine.setQuantity(1 + line);
            BigDecimal unitPrice = BigDecimal.valueOf(499 + 100L * line, 2);
            orderLine.setUnitPrice(unitPrice);
            order.addLines(orderLine);
            total = total.add(unitPrice.multiply(BigDecimal.valueOf(1 + line)));
        }
        order.setTotal(total);
        return order;
    }
}
