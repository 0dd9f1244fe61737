package io.github.wscache.petshop.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.petshop.Deployment;
import io.github.wscache.petshop.Fixtures;
import io.github.wscache.petshop.load.UserAgent;
import io.github.wscache.petshop.load.UserAgent.Page;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every page renders with real data from the database (F0, no WAN delay). */
class PagesTest {

    private static Deployment shop;

    @BeforeAll
    static void start() throws Exception {
        shop = Deployment.start(Fixtures.options(Deployment.Kind.F0, 0));
    }

    @AfterAll
    static void stop() {
        shop.close();
    }

    private static UserAgent agent() {
        return new UserAgent(shop.clientUrl());
    }

    @Test
    void home_listsTheFiveCategories() throws Exception {
        Page p = agent().get("/");
        assertThat(p.status()).isEqualTo(200);
        assertThat(p.body()).contains("Welcome to the Pet Shop", "/category?id=FISH",
                "/category?id=DOGS", "/category?id=REPTILES", "/category?id=CATS",
                "/category?id=BIRDS", "Sign in");
        assertThat(p.header("Cache-Control")).isEqualTo("private, no-store");
    }

    @Test
    void category_listsItsProducts() throws Exception {
        Page p = agent().get("/category?id=FISH");
        assertThat(p.status()).isEqualTo(200);
        assertThat(p.body()).contains("Angelfish", "Tiger Shark", "Koi", "Goldfish")
                .doesNotContain("Bulldog");
        assertThat(agent().get("/category?id=DOGS").body()).contains("Bulldog", "Poodle",
                "Dalmation", "Golden Retriever", "Labrador Retriever", "Chihuahua");
    }

    @Test
    void product_listsItsItemsWithPricesAndAddButtons() throws Exception {
        Page p = agent().get("/product?id=K9-RT-02");
        assertThat(p.body()).contains("Labrador Retriever", "EST-22", "EST-23", "EST-24",
                "EST-25", "$325.29", "form=\"f-cart-add\" name=\"itemId\" value=\"EST-25\"",
                "<form id=\"f-cart-add\" method=\"post\" action=\"/cart/add\">");
    }

    @Test
    void item_showsPriceAndStock() throws Exception {
        Page p = agent().get("/item?id=EST-18");
        assertThat(p.status()).isEqualTo(200);
        assertThat(p.body()).contains("Amazon Parrot", "Adult Male", "$193.50", "in stock");
    }

    @Test
    void search_findsByNameDescriptionAndCategory() throws Exception {
        assertThat(agent().get("/search?keyword=retriever").body())
                .contains("K9-RT-01", "K9-RT-02").doesNotContain("K9-PO-02");
        assertThat(agent().get("/search?keyword=Salt+Water").body())
                .contains("FI-SW-01", "FI-SW-02").doesNotContain("FI-FW-01");
        assertThat(agent().get("/search?keyword=nothing-like-this").body())
                .contains("No products found");
    }

    @Test
    void search_escapesTheKeyword() throws Exception {
        Page p = agent().get("/search?keyword=%3Cscript%3Ealert(1)%3C%2Fscript%3E");
        assertThat(p.body()).contains("&lt;script&gt;alert(1)&lt;/script&gt;")
                .doesNotContain("<script>");
    }

    @Test
    void unknownIds_areNotFound() throws Exception {
        assertThat(agent().get("/product?id=NOPE").status()).isEqualTo(404);
        assertThat(agent().get("/item?id=EST-999").status()).isEqualTo(404);
        assertThat(agent().get("/no/such/page").status()).isEqualTo(404);
        assertThat(agent().get("/fragment/nope").status()).isEqualTo(404);
    }

    @Test
    void signInAndAccountPages_render() throws Exception {
        UserAgent a = agent();
        assertThat(a.get("/signin").body()).contains("name=\"username\"",
                "name=\"_csrf\"");
        assertThat(a.get("/account/new").body()).contains("New Account", "favouriteCategory");
        Page wrong = a.post("/signin", Map.of("username", "j2ee", "password", "wrong"));
        assertThat(wrong.status()).isEqualTo(401);
        assertThat(wrong.body()).contains("Invalid username or password");
        Page home = Fixtures.signIn(a, "j2ee");
        assertThat(home.status()).isEqualTo(200);
        assertThat(home.body()).contains("Sign out", "My account")
                .contains("Dog days: a free leash");
        Page edit = a.get("/account/edit");
        assertThat(edit.body()).contains("Edit Account", "yourname@yourdomain.com",
                "<option selected>DOGS</option>");
        assertThat(a.get("/orders").body()).contains("My Orders");
    }

    @Test
    void protectedPages_redirectToSignIn() throws Exception {
        Page p = agent().get("/checkout");
        assertThat(p.uri().getPath()).isEqualTo("/signin");
        assertThat(p.body()).contains("value=\"/checkout\"");
        assertThat(agent().get("/orders").uri().getPath()).isEqualTo("/signin");
    }

    @Test
    void largerGeneratedCatalog_isServed() throws Exception {
        try (Deployment big = Deployment.start(Fixtures.options(Deployment.Kind.F0, 0)
                .withExtraProducts(20))) {
            UserAgent a = new UserAgent(big.clientUrl());
            assertThat(a.get("/category?id=BIRDS").body()).contains("GEN-BI-20",
                    "Birds breed 20");
            assertThat(a.get("/product?id=GEN-BI-20").body()).contains("Adult", "Young");
        }
    }
}
