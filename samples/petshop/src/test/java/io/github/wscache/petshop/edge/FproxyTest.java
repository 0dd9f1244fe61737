package io.github.wscache.petshop.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.petshop.Deployment;
import io.github.wscache.petshop.Fixtures;
import io.github.wscache.petshop.load.UserAgent;
import io.github.wscache.petshop.load.UserAgent.Page;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Fproxy: cache-edge in front of the Pet Shop origin (ESI on) across the WAN relay. Catalog
 * containers and fragments are answered at the edge; personal fragments never leak.
 */
class FproxyTest {

    private static Deployment shop;

    @BeforeAll
    static void start() throws Exception {
        shop = Deployment.start(Fixtures.options(Deployment.Kind.FPROXY, 0));
    }

    @AfterAll
    static void stop() {
        shop.close();
    }

    @Test
    void catalogPages_areComposedAtTheEdge_andServedFromItsCacheToOtherVisitors()
            throws Exception {
        Page first = new UserAgent(shop.clientUrl()).get("/category?id=REPTILES");
        assertThat(first.body()).contains("Pet Shop - REPTILES", "Iguana")
                .doesNotContain("esi:include");
        // the edge learns from the first response that containers vary by cookie, and stores
        // only responses whose key already holds the view cookie: the second visit stores it
        new UserAgent(shop.clientUrl()).get("/category?id=REPTILES");
        long origin = shop.originRequests();
        Page again = new UserAgent(shop.clientUrl()).get("/category?id=REPTILES");
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(shop.originRequests()).as("origin requests for a second visitor")
                .isEqualTo(origin);
        assertThat(again.header("Cache-Status")).startsWith("wscache-edge; hit");
        assertThat(again.header("Age")).isNotNull();
        assertThat(again.header("Surrogate-Control")).as("consumed by the edge").isNull();
    }

    @Test
    void oneContainerPerUrl_servesAnonymousAndSignedInVisitorsWithTheirOwnHeaderAndBanner()
            throws Exception {
        UserAgent anonymous = new UserAgent(shop.clientUrl());
        UserAgent dogs = new UserAgent(shop.clientUrl());
        UserAgent cats = new UserAgent(shop.clientUrl());
        Fixtures.signIn(dogs, "j2ee");
        Fixtures.signIn(cats, "ACID");
        for (UserAgent a : List.of(anonymous, dogs, cats)) {
            a.get("/category?id=BIRDS");
        }
        long origin = shop.originRequests();
        String anon = anonymous.get("/category?id=BIRDS").body();
        String dog = dogs.get("/category?id=BIRDS").body();
        String cat = cats.get("/category?id=BIRDS").body();
        assertThat(shop.originRequests()).as("every view of the page answered at the edge")
                .isEqualTo(origin);
        assertThat(anon).contains("Sign in").doesNotContain("class=\"banner\"", "Sign out");
        assertThat(dog).contains("Sign out", "banner-DOGS").doesNotContain("banner-CATS");
        assertThat(cat).contains("Sign out", "banner-CATS").doesNotContain("banner-DOGS");
        assertThat(shop.edge().stats().storedVariants())
                .as("no URL is stored in more than one variant")
                .isEqualTo(shop.edge().stats().storedUrls());
    }

    @Test
    void personalFragments_neverCrossSessions_evenUnderConcurrency() throws Exception {
        UserAgent dogs = new UserAgent(shop.clientUrl());
        UserAgent cats = new UserAgent(shop.clientUrl());
        Fixtures.signIn(dogs, "j2ee");
        Fixtures.signIn(cats, "ACID");
        dogs.post("/cart/add", Map.of("itemId", "EST-6"));
        cats.post("/cart/add", Map.of("itemId", "EST-15"));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<String>> checks = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                boolean d = i % 2 == 0;
                UserAgent a = new UserAgent(shop.clientUrl());
                Fixtures.signIn(a, d ? "j2ee" : "ACID");
                a.post("/cart/add", Map.of("itemId", d ? "EST-6" : "EST-15"));
                checks.add(pool.submit(() -> {
                    String cart = a.get("/cart").body();
                    String category = a.get("/category?id=FISH").body();
                    String mine = d ? "EST-6" : "EST-15";
                    String theirs = d ? "EST-15" : "EST-6";
                    if (!cart.contains(mine) || cart.contains(theirs)) {
                        return "cart of " + (d ? "j2ee" : "ACID") + " shows " + cart;
                    }
                    String banner = d ? "banner-DOGS" : "banner-CATS";
                    String other = d ? "banner-CATS" : "banner-DOGS";
                    if (!category.contains(banner) || category.contains(other)) {
                        return "banner of " + (d ? "j2ee" : "ACID") + " wrong";
                    }
                    return "";
                }));
            }
            for (Future<String> f : checks) {
                assertThat(f.get()).isEmpty();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(dogs.get("/cart").body()).contains("EST-6", "Shop for more DOGS")
                .doesNotContain("EST-15");
        assertThat(cats.get("/cart").body()).contains("EST-15", "Shop for more CATS")
                .doesNotContain("EST-6");
        assertThat(new UserAgent(shop.clientUrl()).get("/category?id=FISH").body())
                .as("anonymous visitors get no banner").doesNotContain("class=\"banner\"")
                .contains("Sign in");
    }

    @Test
    void signInAndRegistrationForms_areSharedAtTheEdge_withNothingOfTheVisitorWhoFetchedThem()
            throws Exception {
        UserAgent signedIn = new UserAgent(shop.clientUrl());
        Fixtures.signIn(signedIn, "j2ee");
        // the signed-in visitor's requests are the ones the edge stores
        Page mine = signedIn.get("/account/new");
        signedIn.get("/signin");
        assertThat(mine.body()).contains("Sign out", "New Account")
                .doesNotContain("_csrf", "Edit Account");
        long origin = shop.originRequests();
        UserAgent anonymous = new UserAgent(shop.clientUrl());
        Page register = anonymous.get("/account/new");
        Page signIn = anonymous.get("/signin");
        assertThat(shop.originRequests()).as("both forms answered at the edge").isEqualTo(origin);
        for (Page p : List.of(register, signIn)) {
            assertThat(p.header("Cache-Status")).startsWith("wscache-edge; hit");
            assertThat(p.body()).contains("Sign in")
                    .doesNotContain("_csrf", "j2ee", "Sign out", "Edit Account");
        }
        // the shared form has no token: its post proves its origin, as a browser's does; it
        // posts to /session, so signing in does not invalidate the shared form (RFC 9111 §4.4)
        assertThat(signIn.body()).contains("action=\"/session\"");
        assertThat(anonymous.post("/session", Map.of("username", "ACID", "password", "petshop"))
                .body()).contains("Sign out");
        assertThat(new UserAgent(shop.clientUrl()).get("/signin").header("Cache-Status"))
                .as("the form is still a hit after a sign-in").startsWith("wscache-edge; hit");
        // a failed sign-in echoes the user name: never stored, so never shown to another
        Page failed = new UserAgent(shop.clientUrl()).post("/session",
                Map.of("username", "j2ee", "password", "wrong"));
        assertThat(failed.status()).isEqualTo(401);
        assertThat(failed.body()).contains("j2ee");
        assertThat(new UserAgent(shop.clientUrl()).get("/signin").body())
                .doesNotContain("j2ee", "Invalid");
    }

    @Test
    void anAnonymousVisitorsCartPage_fetchesOnlyTheCartFromTheOrigin() throws Exception {
        UserAgent anonymous = new UserAgent(shop.clientUrl());
        anonymous.post("/cart/add", Map.of("itemId", "EST-7"));
        long origin = shop.originRequests();
        Page cart = anonymous.get("/cart");
        assertThat(cart.body()).contains("EST-7").doesNotContain("Pet Favorites");
        assertThat(shop.originRequests()).as("the cart fragment; no favourites when signed out")
                .isEqualTo(origin + 1);
        UserAgent dogs = new UserAgent(shop.clientUrl());
        Fixtures.signIn(dogs, "j2ee");
        assertThat(dogs.get("/cart").body()).contains("Pet Favorites", "Shop for more DOGS");
    }

    @Test
    void signingOut_leavesTheSharedHomePageAtTheEdge() throws Exception {
        new UserAgent(shop.clientUrl()).get("/");
        UserAgent a = new UserAgent(shop.clientUrl());
        Fixtures.signIn(a, "user5");
        Page home = a.post("/signout", Map.of());
        assertThat(home.uri().getPath()).isEqualTo("/");
        assertThat(home.header("Cache-Status")).as("the 303's target after the post")
                .startsWith("wscache-edge; hit");
        long origin = shop.originRequests();
        Page next = new UserAgent(shop.clientUrl()).get("/");
        assertThat(next.header("Cache-Status")).startsWith("wscache-edge; hit");
        assertThat(next.body()).contains("Sign in").doesNotContain("Sign out");
        assertThat(shop.originRequests()).isEqualTo(origin);
    }

    @Test
    void anOrderThatSellsTheLastItem_isShownAtTheEdgeAtOnce() throws Exception {
        UserAgent browser = new UserAgent(shop.clientUrl());
        browser.get("/item?id=EST-20");
        String before = browser.get("/item?id=EST-20").body();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+) in stock")
                .matcher(before);
        assertThat(m.find()).as("stock shown: " + before).isTrue();
        long purges = shop.edge().stats().purges();
        UserAgent buyer = new UserAgent(shop.clientUrl());
        Fixtures.signIn(buyer, "user4");
        buyer.post("/cart/add", Map.of("itemId", "EST-20"));
        buyer.post("/cart/update", Map.of("qty_EST-20", m.group(1)));
        assertThat(buyer.post("/order", Fixtures.checkoutForm()).body()).contains("Thank you");
        assertThat(browser.get("/item?id=EST-20").body()).as("the edge's item fragment")
                .contains("Back ordered").doesNotContain("in stock");
        assertThat(shop.edge().stats().purges()).isEqualTo(purges + 1);
        assertThat(shop.edge().stats().purgesRefused()).isZero();
    }

    @Test
    void ordersThroughTheEdge_reachTheOrigin_andDecrementInventory() throws Exception {
        UserAgent a = new UserAgent(shop.clientUrl());
        Fixtures.signIn(a, "user3");
        a.post("/cart/add", Map.of("itemId", "EST-9"));
        Page confirmation = a.post("/order", Fixtures.checkoutForm());
        assertThat(confirmation.body()).contains("Thank you", "EST-9");
        assertThat(a.get("/orders").body()).contains("My Orders");
    }
}
