package io.github.wscache.petshop.remote;

import io.github.wscache.petshop.dao.OrderDao;
import io.github.wscache.petshop.dao.OrderDao.OutOfStockException;
import io.github.wscache.petshop.db.Database;
import io.github.wscache.petshop.remote.soap.FindOrder;
import io.github.wscache.petshop.remote.soap.FindOrderResponse;
import io.github.wscache.petshop.remote.soap.ListOrders;
import io.github.wscache.petshop.remote.soap.ListOrdersResponse;
import io.github.wscache.petshop.remote.soap.OrderSummaryType;
import io.github.wscache.petshop.remote.soap.OutOfStock;
import io.github.wscache.petshop.remote.soap.OutOfStockFault;
import io.github.wscache.petshop.remote.soap.PetShopOrdersSkeletonInterface;
import io.github.wscache.petshop.remote.soap.PlaceOrder;
import io.github.wscache.petshop.remote.soap.PlaceOrderResponse;
import io.github.wscache.petshop.service.DefaultOrderService;
import io.github.wscache.petshop.service.OrderService;

/**
 * {@code PetShopOrders} at the origin over {@link OrderService}; an
 * {@link OutOfStockException} becomes the WSDL's {@code OutOfStock} SOAP fault.
 */
final class OrderSkeleton extends Skeleton implements PetShopOrdersSkeletonInterface {

    private final OrderService orders;

    OrderSkeleton(Database db, OriginCounters counters) {
        super(OriginServices.ORDERS, counters);
        this.orders = new DefaultOrderService(new OrderDao(db));
    }

    @Override
    public PlaceOrderResponse placeOrder(PlaceOrder request) throws OutOfStockFault {
        called("placeOrder");
        try {
            PlaceOrderResponse r = new PlaceOrderResponse();
            r.setOrderId(orders.place(SoapBeans.orderRequest(request.getOrder())));
            return r;
        } catch (OutOfStockException e) {
            OutOfStock detail = new OutOfStock();
            detail.setItemId(e.itemId());
            OutOfStockFault fault = new OutOfStockFault(e.getMessage());
            fault.setFaultMessage(detail);
            throw fault;
        }
    }

    @Override
    public FindOrderResponse findOrder(FindOrder request) {
        called("findOrder");
        FindOrderResponse r = new FindOrderResponse();
        orders.find(request.getUsername(), request.getOrderId())
                .ifPresent(o -> r.setOrder(SoapBeans.order(o)));
        return r;
    }

    @Override
    public ListOrdersResponse listOrders(ListOrders request) {
        called("listOrders");
        ListOrdersResponse r = new ListOrdersResponse();
        r.setSummary(SoapBeans.array(orders.list(request.getUsername()),
                SoapBeans::orderSummary, OrderSummaryType[]::new));
        return r;
    }
}
