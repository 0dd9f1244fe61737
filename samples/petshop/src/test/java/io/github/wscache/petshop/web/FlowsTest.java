package io.github.wscache.petshop.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.petshop.Deployment;
import io.github.wscache.petshop.Fixtures;
import io.github.wscache.petshop.dao.ItemDao;
import io.github.wscache.petshop.load.UserAgent;
import io.github.wscache.petshop.load.UserAgent.Page;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Cart, sign-in, account and order flows end to end over HTTP with sessions and CSRF. */
class FlowsTest {

    private static Deployment shop;

    @BeforeAll
    static void start() throws Exception {
        shop = Deployment.start(Fixtures.options(Deployment.Kind.F0, 0));
    }

    @AfterAll
    static void stop() {
        shop.close();
    }

    private static int stock(String itemId) {
        return new ItemDao(shop.database()).quantity(itemId);
    }

    @Test
    void cart_addUpdateRemove() throws Exception {
        UserAgent a = new UserAgent(shop.clientUrl());
        a.get("/product?id=FI-SW-01");
        Page cart = a.post("/cart/add", Map.of("itemId", "EST-1"));
        assertThat(cart.uri().getPath()).isEqualTo("/cart");
        assertThat(cart.body()).contains("EST-1", "value=\"1\"", "$16.50");
        a.post("/cart/add", Map.of("itemId", "EST-2"));
        cart = a.post("/cart/add", Map.of("itemId", "EST-1"));
        assertThat(cart.body()).contains("name=\"qty_EST-1\" value=\"2\"", "$33.00", "EST-2");
        cart = a.post("/cart/update", Map.of("qty_EST-1", "5", "qty_EST-2", "0"));
        assertThat(cart.body()).contains("name=\"qty_EST-1\" value=\"5\"", "$82.50")
                .doesNotContain("qty_EST-2");
        cart = a.post("/cart/remove", Map.of("itemId", "EST-1"));
        assertThat(cart.body()).contains("Your cart is empty");
    }

    @Test
    void carts_areSeparatePerSession() throws Exception {
        UserAgent a = new UserAgent(shop.clientUrl());
        UserAgent b = new UserAgent(shop.clientUrl());
        a.get("/");
        a.post("/cart/add", Map.of("itemId", "EST-7"));
        assertThat(b.get("/cart").body()).contains("Your cart is empty");
    }

    @Test
    void crossSitePosts_withoutTheSessionCsrfToken_areForbidden() throws Exception {
        UserAgent a = new UserAgent(shop.clientUrl());
        a.get("/");
        String cookie = "JSESSIONID=" + a.cookie("JSESSIONID");
        assertThat(rawPost("/cart/add", "itemId=EST-1&_csrf=forged", cookie,
                "Origin", "http://evil.example", "Sec-Fetch-Site", "cross-site")).isEqualTo(403);
        assertThat(rawPost("/cart/add", "itemId=EST-1", cookie, "Origin", "http://evil.example"))
                .as("a foreign Origin without fetch metadata").isEqualTo(403);
        assertThat(rawPost("/signin", "username=j2ee&password=petshop", null))
                .as("no Origin, no Sec-Fetch-Site, no token").isEqualTo(403);
        assertThat(rawPost("/cart/add", "itemId=EST-1&_csrf=" + a.csrf(), cookie,
                "Sec-Fetch-Site", "cross-site"))
                .as("the session's token is still accepted").isEqualTo(303);
    }

    @Test
    void sameOriginPosts_needNoToken() throws Exception {
        String origin = "http://" + shop.clientUrl().getRawAuthority();
        assertThat(rawPost("/cart/add", "itemId=EST-1", null, "Sec-Fetch-Site", "same-origin"))
                .isEqualTo(303);
        assertThat(rawPost("/cart/add", "itemId=EST-1", null, "Origin", origin)).isEqualTo(303);
    }

    private static int rawPost(String path, String form, String cookie, String... headers)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(
                shop.clientUrl().resolve(path.substring(1)))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form));
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return HttpClient.newHttpClient().send(b.build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    @Test
    void order_decrementsInventory_andShowsConfirmationAndList() throws Exception {
        UserAgent a = new UserAgent(shop.clientUrl());
        Fixtures.signIn(a, "ACID");
        int before = stock("EST-4");
        a.post("/cart/add", Map.of("itemId", "EST-4"));
        a.post("/cart/add", Map.of("itemId", "EST-4"));
        a.post("/cart/add", Map.of("itemId", "EST-20"));
        Page checkout = a.get("/checkout");
        assertThat(checkout.body()).contains("Checkout", "$42.50", "value=\"ABC XYX\"");
        Page confirmation = a.post("/order", Fixtures.checkoutForm());
        assertThat(confirmation.uri().getPath()).isEqualTo("/order");
        assertThat(confirmation.body()).contains("Thank you, your order has been submitted",
                "EST-4", "EST-20", "$42.50", "Visa ending 1111");
        assertThat(stock("EST-4")).isEqualTo(before - 2);
        assertThat(a.get("/cart").body()).contains("Your cart is empty");
        assertThat(a.get("/orders").body()).contains("$42.50");
        String orderPath = confirmation.uri().getPath() + "?" + confirmation.uri().getQuery();
        UserAgent other = new UserAgent(shop.clientUrl());
        Fixtures.signIn(other, "j2ee");
        assertThat(other.get(orderPath).status()).as("another user's order").isEqualTo(404);
    }

    @Test
    void createAndEditAccount_thenSignInWithTheNewPassword() throws Exception {
        UserAgent a = new UserAgent(shop.clientUrl());
        a.get("/account/new");
        Map<String, String> form = new java.util.HashMap<>(Map.of("username", "newbie",
                "password", "s3cret!", "email", "newbie@example.com", "firstName", "New",
                "lastName", "Bie", "address", "2 Road", "city", "Town", "zip", "1",
                "country", "NL", "favouriteCategory", "BIRDS"));
        form.put("banner", "true");
        Page home = a.post("/account/new", form);
        assertThat(home.body()).contains("Sign out", "Sing along: parrots");
        Page taken = new UserAgent(shop.clientUrl()).post("/account/new", form);
        assertThat(taken.status()).as("the user name is taken").isEqualTo(409);
        UserAgent b = new UserAgent(shop.clientUrl());
        b.get("/account/new");
        assertThat(b.post("/account/new", form).status()).isEqualTo(409);
        form.remove("username");
        form.put("favouriteCategory", "REPTILES");
        form.put("password", "better-secret");
        form.put("firstName", "<Renamed>");
        Page saved = a.post("/account/edit", form);
        assertThat(saved.body()).contains("Your account has been updated", "&lt;Renamed&gt;",
                "<option selected>REPTILES</option>");
        a.post("/signout", Map.of());
        UserAgent c = new UserAgent(shop.clientUrl());
        c.get("/signin");
        assertThat(c.post("/signin", Map.of("username", "newbie", "password", "s3cret!"))
                .status()).isEqualTo(401);
        Page in = c.post("/signin", Map.of("username", "newbie", "password", "better-secret",
                "next", "/orders"));
        assertThat(in.uri().getPath()).isEqualTo("/orders");
    }

    @Test
    void signOut_endsTheSession() throws Exception {
        UserAgent a = new UserAgent(shop.clientUrl());
        Fixtures.signIn(a, "user3");
        Page home = a.post("/signout", Map.of());
        assertThat(home.body()).contains("Sign in").doesNotContain("Sign out");
    }

    @Test
    void twentyConcurrentOrders_ofTheLastFiveUnits_sellExactlyFive() throws Exception {
        try (Deployment scarce = Deployment.start(Fixtures.options(Deployment.Kind.F0, 0)
                .withStock(5))) {
            int buyers = 20;
            List<UserAgent> agents = new ArrayList<>();
            for (int i = 1; i <= buyers; i++) {
                UserAgent a = new UserAgent(scarce.clientUrl());
                Fixtures.signIn(a, "user" + i);
                a.post("/cart/add", Map.of("itemId", "EST-28"));
                a.get("/checkout");
                agents.add(a);
            }
            ExecutorService pool = Executors.newFixedThreadPool(buyers);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Page>> results = new ArrayList<>();
            for (UserAgent a : agents) {
                results.add(pool.submit(() -> {
                    go.await();
                    return a.post("/order", Fixtures.checkoutForm());
                }));
            }
            go.countDown();
            int sold = 0;
            int refused = 0;
            for (Future<Page> f : results) {
                Page p = f.get(60, TimeUnit.SECONDS);
                if (p.status() == 200 && p.body().contains("Thank you")) {
                    sold++;
                } else if (p.status() == 409 && p.body().contains("out of stock")) {
                    refused++;
                }
            }
            pool.shutdown();
            assertThat(sold).isEqualTo(5);
            assertThat(refused).isEqualTo(15);
            assertThat(new ItemDao(scarce.database()).quantity("EST-28")).isZero();
        }
    }
}
