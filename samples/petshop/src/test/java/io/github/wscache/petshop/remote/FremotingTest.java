package io.github.wscache.petshop.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.policy.Rule;
import io.github.wscache.petshop.Deployment;
import io.github.wscache.petshop.Fixtures;
import io.github.wscache.petshop.dao.ItemDao;
import io.github.wscache.petshop.dao.OrderDao.OutOfStockException;
import io.github.wscache.petshop.load.UserAgent;
import io.github.wscache.petshop.load.UserAgent.Page;
import io.github.wscache.petshop.model.Cart;
import io.github.wscache.petshop.model.OrderRequest;
import io.github.wscache.petshop.service.Services;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Fremoting: the presentation at the edge, the business services over SOAP at the origin, the
 * catalog cached at the edge by cache-axis.
 */
class FremotingTest {

    private static Deployment start(ServiceScope scope) throws Exception {
        return Deployment.start(Fixtures.options(Deployment.Kind.FREMOTING, 0).withScope(scope));
    }

    @Test
    void catalogCallsAreAnsweredAtTheEdge_cartAccountAndOrdersAlwaysReachTheOrigin()
            throws Exception {
        try (Deployment d = start(ServiceScope.APPLICATION)) {
            OriginServices origin = d.originServices();
            UserAgent a = new UserAgent(d.clientUrl());
            a.get("/category?id=DOGS");
            assertThat(origin.calls("getCategory")).isEqualTo(1);
            // the edge's fragment cache would answer too: empty it, so only cache-axis can
            d.app().cache().clear();
            long soap = origin.requests();
            Page again = a.get("/category?id=DOGS");
            assertThat(again.status()).isEqualTo(200);
            assertThat(again.body()).contains("K9-BD-01");
            assertThat(origin.calls("getCategory")).as("second visit").isEqualTo(1);
            assertThat(origin.calls("getCategories")).isEqualTo(1);
            assertThat(origin.requests()).as("catalog SOAP requests").isEqualTo(soap);
            assertThat(d.remoteServices().cache().stats("getCategory").hits()).isPositive();

            long auth = origin.calls("authenticate");
            Fixtures.signIn(a, "user3");
            Fixtures.signIn(new UserAgent(d.clientUrl()), "user3");
            assertThat(origin.calls("authenticate") - auth).isEqualTo(2);
            long adds = origin.calls("addToCart");
            long places = origin.calls("placeOrder");
            long lists = origin.calls("listOrders");
            for (int i = 0; i < 2; i++) {
                a.post("/cart/add", Map.of("itemId", "EST-6"));
                assertThat(a.post("/order", Fixtures.checkoutForm()).body())
                        .contains("Thank you");
                a.get("/orders");
            }
            assertThat(origin.calls("addToCart") - adds).isEqualTo(2);
            assertThat(origin.calls("placeOrder") - places).isEqualTo(2);
            assertThat(origin.calls("listOrders") - lists).isEqualTo(2);
            assertThat(d.remoteServices().cache().stats("addToCart").hits()).isZero();
        }
    }

    @Test
    void policyEntries_areJudgedAgainstTheServicesOperations_notAgainstTheCallsSeen()
            throws Exception {
        try (Deployment d = start(ServiceScope.APPLICATION)) {
            ResponseCache cache = d.remoteServices().cache();
            UserAgent a = new UserAgent(d.clientUrl());
            a.get("/category?id=DOGS");
            Fixtures.signIn(a, "user3");
            // seven catalog entries, two of them called, and calls of unnamed operations
            // (authenticate): a correctly spelt entry not called yet is no finding
            assertThat(d.originServices().calls("getCategory")).isEqualTo(1);
            assertThat(d.originServices().calls("getProduct")).isZero();
            assertThat(cache.unmatchedEntries()).isEmpty();

            // the administrator adds a misspelt entry: found at once, though every call
            // still matches some other entry
            String yaml;
            try (var in = RemoteServices.class.getClassLoader()
                    .getResourceAsStream(RemoteServices.PETSHOP_POLICY)) {
                yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            cache.policy().replaceWith(Policy.parse(yaml.replace("operations:\n",
                    "operations:\n  - service: PetShopCatalog\n    operation: getProdcut\n"
                            + "    ttl: 1m\n"), "petshop-wscache.yaml"));
            a.get("/category?id=DOGS");

            assertThat(cache.unmatchedEntries()).extracting(Rule::operation)
                    .containsExactly("getProdcut");
            assertThat(cache.unmatchedEntries().get(0).policy().source())
                    .hasValue("petshop-wscache.yaml:14:5");
        }
    }

    @Test
    void outOfStockFault_mapsToOutOfStockException_andTheLastItemIsSoldOnce() throws Exception {
        Deployment.Options o = Fixtures.options(Deployment.Kind.FREMOTING, 0).withStock(1);
        try (Deployment d = Deployment.start(o)) {
            Services remote = d.remoteServices().services();
            int buyers = 8;
            ExecutorService pool = Executors.newFixedThreadPool(buyers);
            try {
                CountDownLatch go = new CountDownLatch(1);
                List<Future<Integer>> results = new ArrayList<>();
                for (int i = 1; i <= buyers; i++) {
                    String user = "user" + i;
                    Callable<Integer> buy = () -> {
                        go.await();
                        return remote.order().place(order(user, "EST-4"));
                    };
                    results.add(pool.submit(buy));
                }
                go.countDown();
                int sold = 0;
                int refused = 0;
                for (Future<Integer> f : results) {
                    try {
                        assertThat(f.get()).isPositive();
                        sold++;
                    } catch (ExecutionException e) {
                        assertThat(e.getCause()).isInstanceOf(OutOfStockException.class);
                        assertThat(((OutOfStockException) e.getCause()).itemId())
                                .isEqualTo("EST-4");
                        refused++;
                    }
                }
                assertThat(sold).isEqualTo(1);
                assertThat(refused).isEqualTo(buyers - 1);
            } finally {
                pool.shutdownNow();
            }
            assertThat(new ItemDao(d.database()).quantity("EST-4")).isZero();
            assertThatThrownBy(() -> remote.order().place(order("j2ee", "EST-4")))
                    .isInstanceOf(OutOfStockException.class)
                    .hasMessageContaining("EST-4");
        }
    }

    @Test
    void cartTravelsByValue() throws Exception {
        try (Deployment d = start(ServiceScope.APPLICATION)) {
            Services remote = d.remoteServices().services();
            Cart cart = new Cart();
            assertThat(remote.cart().add(cart, "EST-1")).isTrue();
            assertThat(remote.cart().add(cart, "EST-1")).isTrue();
            assertThat(remote.cart().add(cart, "EST-2")).isTrue();
            assertThat(remote.cart().add(cart, "NOPE-1")).isFalse();
            assertThat(cart.quantities()).containsExactly(Map.entry("EST-1", 2),
                    Map.entry("EST-2", 1));
            remote.cart().update(cart, Map.of("EST-1", 5));
            remote.cart().remove(cart, "EST-2");
            assertThat(cart.quantities()).containsExactly(Map.entry("EST-1", 5));
            assertThat(cart.lines().get(0).item().listPrice()).isEqualByComparingTo("16.50");
        }
    }

    @Test
    void applicationScope_oneObjectPerService() throws Exception {
        try (Deployment d = start(ServiceScope.APPLICATION)) {
            callFromTwoClients(d, 3);
            assertThat(d.originServices().instances(OriginServices.ACCOUNT)).isEqualTo(1);
            assertThat(d.originServices().callsPerInstance(OriginServices.ACCOUNT).values())
                    .containsExactly(6L);
        }
    }

    @Test
    void requestScope_oneObjectPerCall() throws Exception {
        try (Deployment d = start(ServiceScope.REQUEST)) {
            callFromTwoClients(d, 3);
            assertThat(d.originServices().instances(OriginServices.ACCOUNT)).isEqualTo(6);
            assertThat(d.originServices().callsPerInstance(OriginServices.ACCOUNT).values())
                    .containsOnly(1L);
        }
    }

    @Test
    void soapSessionScope_oneObjectPerClient() throws Exception {
        try (Deployment d = start(ServiceScope.SOAPSESSION)) {
            callFromTwoClients(d, 3);
            assertThat(d.originServices().instances(OriginServices.ACCOUNT)).isEqualTo(2);
            assertThat(d.originServices().callsPerInstance(OriginServices.ACCOUNT).values())
                    .containsExactly(3L, 3L);
            // and the web tier works in this scope
            UserAgent a = new UserAgent(d.clientUrl());
            Fixtures.signIn(a, "user4");
            a.post("/cart/add", Map.of("itemId", "EST-9"));
            assertThat(a.post("/order", Fixtures.checkoutForm()).body()).contains("Thank you");
        }
    }

    @Test
    void soapSessionScope_aSessionTheOriginDroppedIsReplacedByANewOne() throws Exception {
        try (Deployment d = start(ServiceScope.SOAPSESSION)) {
            Services remote = d.remoteServices().services();
            assertThat(remote.account().find("user1")).isPresent();
            assertThat(d.originServices().expireSessions()).isPositive();

            assertThat(remote.account().find("user1")).isPresent();
            assertThat(remote.account().find("user2")).isPresent();
            assertThat(d.remoteServices().sessionsRenewed()).isEqualTo(1);
            assertThat(d.originServices().instances(OriginServices.ACCOUNT)).isEqualTo(2);
        }
    }

    /** Two edge threads (each with its own stubs: two clients) make {@code calls} calls each. */
    private static void callFromTwoClients(Deployment d, int calls) throws Exception {
        Services remote = d.remoteServices().services();
        List<Thread> clients = new ArrayList<>();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        for (String user : List.of("user1", "user2")) {
            Thread t = new Thread(() -> {
                try {
                    for (int i = 0; i < calls; i++) {
                        assertThat(remote.account().find(user)).isPresent();
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            });
            clients.add(t);
            t.start();
        }
        for (Thread t : clients) {
            t.join();
        }
        assertThat(failures).isEmpty();
    }

    private static OrderRequest order(String user, String itemId) {
        return new OrderRequest(user, "Buyer", "1 Way", "Town", "ST", "12345", "USA", "Visa",
                "4111111111111111", "12/29", Map.of(itemId, 1));
    }
}
