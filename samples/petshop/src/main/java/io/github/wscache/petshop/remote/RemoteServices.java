package io.github.wscache.petshop.remote;

import io.github.wscache.axis.WsCache;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.petshop.dao.OrderDao.OutOfStockException;
import io.github.wscache.petshop.model.Account;
import io.github.wscache.petshop.model.Cart;
import io.github.wscache.petshop.model.Category;
import io.github.wscache.petshop.model.CategoryPage;
import io.github.wscache.petshop.model.Item;
import io.github.wscache.petshop.model.Order;
import io.github.wscache.petshop.model.OrderRequest;
import io.github.wscache.petshop.model.OrderSummary;
import io.github.wscache.petshop.model.Product;
import io.github.wscache.petshop.model.ProductPage;
import io.github.wscache.petshop.remote.soap.AddToCart;
import io.github.wscache.petshop.remote.soap.AddToCartResponse;
import io.github.wscache.petshop.remote.soap.Authenticate;
import io.github.wscache.petshop.remote.soap.CreateAccount;
import io.github.wscache.petshop.remote.soap.FindAccount;
import io.github.wscache.petshop.remote.soap.FindOrder;
import io.github.wscache.petshop.remote.soap.GetBanner;
import io.github.wscache.petshop.remote.soap.GetCategories;
import io.github.wscache.petshop.remote.soap.GetCategory;
import io.github.wscache.petshop.remote.soap.GetCategoryResponse;
import io.github.wscache.petshop.remote.soap.GetItem;
import io.github.wscache.petshop.remote.soap.GetItemResponse;
import io.github.wscache.petshop.remote.soap.GetProduct;
import io.github.wscache.petshop.remote.soap.GetProductResponse;
import io.github.wscache.petshop.remote.soap.GetProductsInCategory;
import io.github.wscache.petshop.remote.soap.ListOrders;
import io.github.wscache.petshop.remote.soap.OutOfStockFault;
import io.github.wscache.petshop.remote.soap.PetShopAccountStub;
import io.github.wscache.petshop.remote.soap.PetShopCartStub;
import io.github.wscache.petshop.remote.soap.PetShopCatalogStub;
import io.github.wscache.petshop.remote.soap.PetShopOrdersStub;
import io.github.wscache.petshop.remote.soap.PlaceOrder;
import io.github.wscache.petshop.remote.soap.RemoveFromCart;
import io.github.wscache.petshop.remote.soap.SearchProducts;
import io.github.wscache.petshop.remote.soap.UpdateAccount;
import io.github.wscache.petshop.remote.soap.UpdateCart;
import io.github.wscache.petshop.service.AccountService;
import io.github.wscache.petshop.service.CartService;
import io.github.wscache.petshop.service.CatalogService;
import io.github.wscache.petshop.service.OrderService;
import io.github.wscache.petshop.service.Services;
import java.net.URI;
import java.rmi.RemoteException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.axis2.AxisFault;
import org.apache.axis2.client.Stub;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;

/**
 * The edge side of Fremoting: the four business interfaces implemented over the generated ADB
 * stubs of {@code PetShop.wsdl}, so the unchanged presentation tier runs at the edge while the
 * business tier stays at the origin (the paper's partition point 3, "Fremoting2").
 *
 * <p>All stubs share one client {@link ConfigurationContext}, into which cache-axis is installed
 * with the given policy (normally {@link #PETSHOP_POLICY}): cacheable catalog reads are answered
 * at the edge without crossing the WAN; cart, account and order calls always reach the origin.
 * The context's HTTP sender keeps one pool of persistent connections for all stubs. Generated
 * stubs keep per-call state in their service client, so each thread gets its own stub of each
 * service.
 *
 * <p>In the {@link ServiceScope#SOAPSESSION} scope every stub keeps a session
 * ({@code Options.setManageSession}) through WS-Addressing, engaged here as at the origin. A
 * "client" of the origin's per-client objects is therefore one edge worker thread's stub.
 */
public final class RemoteServices implements AutoCloseable {

    /** The Pet Shop's edge caching policy, a class-path resource. */
    public static final String PETSHOP_POLICY = "petshop-wscache.yaml";

    private final URI servicesUrl;
    private final ServiceScope scope;
    private final ConfigurationContext context;
    private final ResponseCache cache;
    private final List<Stub> stubs = new CopyOnWriteArrayList<>();
    private final AtomicInteger sessionsRenewed = new AtomicInteger();
    private final ThreadLocal<PetShopCatalogStub> catalog;
    private final ThreadLocal<PetShopCartStub> cart;
    private final ThreadLocal<PetShopAccountStub> account;
    private final ThreadLocal<PetShopOrdersStub> orders;
    private final Services services;

    private RemoteServices(URI servicesUrl, ServiceScope scope, ConfigurationContext context,
            ResponseCache cache) {
        this.servicesUrl = servicesUrl;
        this.scope = scope;
        this.context = context;
        this.cache = cache;
        this.catalog = ThreadLocal.withInitial(() -> stub(OriginServices.CATALOG,
                url -> new PetShopCatalogStub(context, url)));
        this.cart = ThreadLocal.withInitial(() -> stub(OriginServices.CART,
                url -> new PetShopCartStub(context, url)));
        this.account = ThreadLocal.withInitial(() -> stub(OriginServices.ACCOUNT,
                url -> new PetShopAccountStub(context, url)));
        this.orders = ThreadLocal.withInitial(() -> stub(OriginServices.ORDERS,
                url -> new PetShopOrdersStub(context, url)));
        this.services = new Services(new RemoteCatalog(), new RemoteCart(), new RemoteAccount(),
                new RemoteOrders());
    }

    /**
     * Connects to the services under {@code servicesUrl} (e.g.
     * {@code http://host:port/services/}) with the Pet Shop policy.
     */
    public static RemoteServices connect(URI servicesUrl, ServiceScope scope) throws AxisFault {
        return connect(servicesUrl, scope,
                Policy.fromClasspath(PETSHOP_POLICY, RemoteServices.class.getClassLoader()));
    }

    /**
     * Connects to the services under {@code servicesUrl} caching with {@code policy}, or
     * without a cache when {@code policy} is null.
     */
    public static RemoteServices connect(URI servicesUrl, ServiceScope scope, Policy policy)
            throws AxisFault {
        ConfigurationContext context = ConfigurationContextFactory
                .createConfigurationContextFromFileSystem(null, null);
        if (scope == ServiceScope.SOAPSESSION) {
            AddressingModule.engage(context.getAxisConfiguration());
        }
        ResponseCache cache = policy == null ? null : WsCache.install(context, policy);
        return new RemoteServices(servicesUrl, scope, context, cache);
    }

    /** Stub constructors throw AxisFault. */
    private interface StubFactory<S extends Stub> {
        S create(String endpoint) throws AxisFault;
    }

    private <S extends Stub> S stub(String service, StubFactory<S> factory) {
        try {
            S stub = factory.create(servicesUrl.resolve(service).toString());
            stub._getServiceClient().getOptions().setTimeOutInMilliSeconds(60_000);
            if (scope.needsSession()) {
                stub._getServiceClient().getOptions().setManageSession(true);
            }
            stubs.add(stub);
            return stub;
        } catch (AxisFault e) {
            throw new RemoteServiceException("creating the stub of " + service, e);
        }
    }

    /** The four business services, remote. */
    public Services services() {
        return services;
    }

    /** The edge's response cache, or null without a policy. */
    public ResponseCache cache() {
        return cache;
    }

    /** The shared client configuration context. */
    public ConfigurationContext configurationContext() {
        return context;
    }

    @Override
    public void close() {
        for (Stub s : stubs) {
            try {
                s.cleanup();
            } catch (AxisFault e) {
                // closing anyway
            }
        }
        stubs.clear();
        if (cache != null) {
            cache.close();
        }
        try {
            context.terminate();
        } catch (AxisFault e) {
            // closing anyway
        }
    }

    /** A remote call that may fail with a transport error. */
    private interface Call<T> {
        T run() throws RemoteException;
    }

    /**
     * Runs a call with this thread's {@code stub}. In a session scope the origin drops a
     * client's session after Axis2's session timeout (30 s without a call; the load driver's
     * edge threads can idle that long on a rarely used service): the call then fails before it
     * reaches the service, and is made once more with a new stub, which opens a new session,
     * as a .NET Remoting client re-creates a client-activated object whose lease expired.
     */
    private <T> T call(String operation, ThreadLocal<? extends Stub> stub, Call<T> call) {
        try {
            try {
                return call.run();
            } catch (RemoteException e) {
                if (!scope.needsSession() || !isSessionLost(e)) {
                    throw e;
                }
                Stub lost = stub.get();
                stub.remove();
                stubs.remove(lost);
                try {
                    lost.cleanup();
                } catch (AxisFault ignored) {
                    // it is discarded anyway
                }
                sessionsRenewed.incrementAndGet();
                return call.run();
            }
        } catch (RemoteException e) {
            throw new RemoteServiceException(operation, e);
        }
    }

    /** Axis2's fault for a request naming a service group context that no longer exists. */
    static boolean isSessionLost(RemoteException e) {
        String m = e.getMessage();
        return m != null && m.contains("Unable to find corresponding context for the "
                + "serviceGroupId");
    }

    /** Returns how many times a lost session was replaced by a new one. */
    public int sessionsRenewed() {
        return sessionsRenewed.get();
    }

    private final class RemoteCatalog implements CatalogService {
        @Override
        public List<Category> categories() {
            return call("getCategories", catalog, () -> SoapBeans.list(
                    catalog.get().getCategories(new GetCategories()).getCategory(),
                    SoapBeans::category));
        }

        @Override
        public Optional<CategoryPage> category(String categoryId) {
            GetCategory request = new GetCategory();
            request.setCategoryId(categoryId);
            GetCategoryResponse r = call("getCategory", catalog,
                    () -> catalog.get().getCategory(request));
            return r.getCategory() == null ? Optional.empty()
                    : Optional.of(new CategoryPage(SoapBeans.category(r.getCategory()),
                            SoapBeans.list(r.getProduct(), SoapBeans::product)));
        }

        @Override
        public Optional<ProductPage> product(String productId) {
            GetProduct request = new GetProduct();
            request.setProductId(productId);
            GetProductResponse r = call("getProduct", catalog,
                    () -> catalog.get().getProduct(request));
            return r.getProduct() == null ? Optional.empty()
                    : Optional.of(new ProductPage(SoapBeans.product(r.getProduct()),
                            r.getCategoryName(), SoapBeans.list(r.getItem(), SoapBeans::item)));
        }

        @Override
        public Optional<Item> item(String itemId) {
            GetItem request = new GetItem();
            request.setItemId(itemId);
            GetItemResponse r = call("getItem", catalog, () -> catalog.get().getItem(request));
            return Optional.ofNullable(r.getItem()).map(SoapBeans::item);
        }

        @Override
        public List<Product> search(String keywords) {
            SearchProducts request = new SearchProducts();
            request.setKeywords(keywords);
            return call("searchProducts", catalog, () -> SoapBeans.list(
                    catalog.get().searchProducts(request).getProduct(), SoapBeans::product));
        }

        @Override
        public List<Product> productsInCategory(String categoryId) {
            GetProductsInCategory request = new GetProductsInCategory();
            request.setCategoryId(categoryId);
            return call("getProductsInCategory", catalog, () -> SoapBeans.list(
                    catalog.get().getProductsInCategory(request).getProduct(),
                    SoapBeans::product));
        }

        @Override
        public Optional<String> banner(String categoryId) {
            GetBanner request = new GetBanner();
            request.setCategoryId(categoryId);
            return call("getBanner", catalog, () -> Optional.ofNullable(
                    catalog.get().getBanner(request).getBannerText()));
        }
    }

    /** The cart travels by value: its lines out, the service's new lines back. */
    private final class RemoteCart implements CartService {
        @Override
        public boolean add(Cart c, String itemId) {
            AddToCart request = new AddToCart();
            request.setLine(SoapBeans.cartLines(c.lines()));
            request.setItemId(itemId);
            AddToCartResponse r = call("addToCart", cart, () -> cart.get().addToCart(request));
            c.replaceWith(SoapBeans.cartLines(r.getLine()));
            return r.getAdded();
        }

        @Override
        public void update(Cart c, Map<String, Integer> quantities) {
            UpdateCart request = new UpdateCart();
            request.setLine(SoapBeans.cartLines(c.lines()));
            request.setQuantity(SoapBeans.quantities(quantities));
            c.replaceWith(SoapBeans.cartLines(call("updateCart", cart,
                    () -> cart.get().updateCart(request)).getLine()));
        }

        @Override
        public void remove(Cart c, String itemId) {
            RemoveFromCart request = new RemoveFromCart();
            request.setLine(SoapBeans.cartLines(c.lines()));
            request.setItemId(itemId);
            c.replaceWith(SoapBeans.cartLines(call("removeFromCart", cart,
                    () -> cart.get().removeFromCart(request)).getLine()));
        }
    }

    private final class RemoteAccount implements AccountService {
        @Override
        public Optional<Account> authenticate(String username, char[] password) {
            Authenticate request = new Authenticate();
            request.setUsername(username);
            request.setPassword(new String(password));
            return Optional.ofNullable(call("authenticate", account,
                    () -> account.get().authenticate(request)).getAccount())
                    .map(SoapBeans::account);
        }

        @Override
        public Optional<Account> find(String username) {
            FindAccount request = new FindAccount();
            request.setUsername(username);
            return Optional.ofNullable(call("findAccount", account,
                    () -> account.get().findAccount(request)).getAccount())
                    .map(SoapBeans::account);
        }

        @Override
        public boolean create(Account a, char[] password) {
            CreateAccount request = new CreateAccount();
            request.setAccount(SoapBeans.account(a));
            request.setPassword(new String(password));
            return call("createAccount", account, () -> account.get().createAccount(request))
                    .getCreated();
        }

        @Override
        public void update(Account a, char[] newPassword) {
            UpdateAccount request = new UpdateAccount();
            request.setAccount(SoapBeans.account(a));
            if (newPassword != null && newPassword.length > 0) {
                request.setNewPassword(new String(newPassword));
            }
            call("updateAccount", account, () -> account.get().updateAccount(request));
        }
    }

    private final class RemoteOrders implements OrderService {
        @Override
        public int place(OrderRequest r) throws OutOfStockException {
            PlaceOrder request = new PlaceOrder();
            request.setOrder(SoapBeans.orderRequest(r));
            try {
                return orders.get().placeOrder(request).getOrderId();
            } catch (OutOfStockFault e) {
                String itemId = e.getFaultMessage() == null ? "?"
                        : e.getFaultMessage().getItemId();
                throw new OutOfStockException(itemId);
            } catch (RemoteException e) {
                throw new RemoteServiceException("placeOrder", e);
            }
        }

        @Override
        public Optional<Order> find(String username, int orderId) {
            FindOrder request = new FindOrder();
            request.setUsername(username);
            request.setOrderId(orderId);
            return Optional.ofNullable(call("findOrder", orders,
                    () -> orders.get().findOrder(request)).getOrder()).map(SoapBeans::order);
        }

        @Override
        public List<OrderSummary> list(String username) {
            ListOrders request = new ListOrders();
            request.setUsername(username);
            return call("listOrders", orders, () -> SoapBeans.list(
                    orders.get().listOrders(request).getSummary(), SoapBeans::orderSummary));
        }
    }
}
