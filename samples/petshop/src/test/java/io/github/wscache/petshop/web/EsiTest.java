package io.github.wscache.petshop.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.petshop.Deployment;
import io.github.wscache.petshop.Fixtures;
import io.github.wscache.petshop.load.UserAgent;
import io.github.wscache.petshop.load.UserAgent.Page;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** With ESI on, containers emit includes and each fragment URL carries its own caching rules. */
class EsiTest {

    private static Deployment shop;

    @BeforeAll
    static void start() throws Exception {
        shop = Deployment.start(Fixtures.options(Deployment.Kind.F0, 0).withEsi(true));
    }

    @AfterAll
    static void stop() {
        shop.close();
    }

    @Test
    void catalogContainer_isSharableAtTheEdge_withoutSessionOrToken() throws Exception {
        Page p = new UserAgent(shop.clientUrl()).get("/category?id=FISH");
        assertThat(p.body()).contains("<esi:include src=\"/fragment/header?signedIn=false\"/>",
                "<esi:include src=\"/fragment/category?id=FISH\"/>")
                .doesNotContain("Angelfish", "_csrf");
        assertThat(p.header("Surrogate-Control")).isEqualTo("content=\"ESI/1.0\", max-age=300");
        assertThat(p.header("Vary")).isEqualTo("Cookie");
        assertThat(p.header("Cache-Control")).as("browsers do not keep it")
                .isEqualTo("private, no-store");
        assertThat(p.header("Set-Cookie")).as("no session opened").isNull();
        assertThat(new UserAgent(shop.clientUrl()).get("/search?keyword=koi")
                .header("Surrogate-Control")).isEqualTo("content=\"ESI/1.0\", max-age=30");
    }

    @Test
    void signedInContainer_variesByTheViewCookie_andIsNotSharedWhenTheCookieDisagrees()
            throws Exception {
        UserAgent a = new UserAgent(shop.clientUrl());
        Fixtures.signIn(a, "j2ee");
        assertThat(a.cookie("PS_VIEW")).isEqualTo("in-DOGS");
        Page p = a.get("/category?id=DOGS");
        assertThat(p.body()).contains("<esi:include src=\"/fragment/header?signedIn=true\"/>",
                "<esi:include src=\"/fragment/banner?category=DOGS\"/>");
        assertThat(p.header("Surrogate-Control")).isEqualTo("content=\"ESI/1.0\", max-age=300");

        HttpRequest lying = HttpRequest.newBuilder(shop.clientUrl().resolve("category?id=DOGS"))
                .header("Cookie", "JSESSIONID=" + a.cookie("JSESSIONID") + "; PS_VIEW=in-CATS")
                .build();
        HttpResponse<String> r = HttpClient.newHttpClient().send(lying,
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.headers().firstValue("Surrogate-Control")).hasValue(
                "content=\"ESI/1.0\", no-store");
        assertThat(r.headers().firstValue("Set-Cookie")).hasValueSatisfying(
                c -> assertThat(c).startsWith("PS_VIEW=in-DOGS"));

        a.post("/signout", Map.of());
        assertThat(a.cookie("PS_VIEW")).as("cleared at sign out").isNull();
    }

    @Test
    void uncacheableContainer_saysNoStoreToTheEdge() throws Exception {
        UserAgent a = new UserAgent(shop.clientUrl());
        Fixtures.signIn(a, "j2ee");
        Page p = a.get("/orders");
        assertThat(p.header("Surrogate-Control")).isEqualTo("content=\"ESI/1.0\", no-store");
        assertThat(p.header("Cache-Control")).isEqualTo("private, no-store");
    }

    @Test
    void cartContainer_isSharedAtTheEdgeAndOpensNoSession() throws Exception {
        UserAgent a = new UserAgent(shop.clientUrl());
        Page p = a.get("/cart");
        assertThat(p.header("Surrogate-Control")).startsWith("content=\"ESI/1.0\", max-age=");
        assertThat(p.header("Vary")).isEqualTo("Cookie");
        assertThat(p.header("Cache-Control")).isEqualTo("private, no-store");
        assertThat(a.cookie("JSESSIONID")).isNull();
        assertThat(p.body()).doesNotContain("_csrf");
    }

    @Test
    void cartContainer_hasOneCacheableAndTwoUncacheableFragments() throws Exception {
        UserAgent a = new UserAgent(shop.clientUrl());
        Fixtures.signIn(a, "j2ee");
        Page p = a.get("/cart");
        assertThat(p.body()).contains("<esi:include src=\"/fragment/header?signedIn=true\"/>",
                "<esi:include src=\"/fragment/cart\"/>", "<esi:include src=\"/fragment/mylist\"/>");
        Page header = a.get("/fragment/header?signedIn=true");
        assertThat(header.header("Cache-Control")).isEqualTo("public, max-age=300");
        Page mylist = a.get("/fragment/mylist");
        assertThat(mylist.body()).contains("Pet Favorites", "Bulldog");
        assertThat(mylist.header("Cache-Control")).isEqualTo("private, no-store");
        assertThat(mylist.header("Surrogate-Control")).isEqualTo("no-store");
        a.post("/cart/add", Map.of("itemId", "EST-6"));
        Page cart = a.get("/fragment/cart");
        assertThat(cart.body()).contains("EST-6", "Male Adult");
        assertThat(cart.header("Cache-Control")).isEqualTo("private, no-store");
    }

    @Test
    void fragmentUrls_returnTheFragmentWithItsCachingRules() throws Exception {
        UserAgent a = new UserAgent(shop.clientUrl());
        Page category = a.get("/fragment/category?id=FISH");
        assertThat(category.body()).startsWith("<section class=\"category\"")
                .contains("Angelfish").doesNotContain("<html");
        assertThat(category.header("Cache-Control")).isEqualTo("public, max-age=300");
        assertThat(category.header("Surrogate-Control")).isEqualTo("max-age=300");
        assertThat(a.get("/fragment/product?id=FI-SW-01").body()).contains("EST-1");
        assertThat(a.get("/fragment/item?id=EST-1").body()).contains("$16.50");
        Page search = a.get("/fragment/search?keyword=koi");
        assertThat(search.body()).contains("FI-FW-01");
        assertThat(search.header("Cache-Control")).isEqualTo("public, max-age=30");
        Page banner = a.get("/fragment/banner?category=CATS");
        assertThat(banner.body()).contains("Purrfect company");
        assertThat(a.get("/fragment/categories").body()).contains("Reptiles");
        assertThat(a.get("/fragment/header?signedIn=false").body()).contains("Sign in");
        assertThat(a.get("/fragment/category?id=NOPE").status()).isEqualTo(404);
    }

    @Test
    void esiQueryParameter_switchesAnInliningDeploymentPerRequest() throws Exception {
        try (Deployment inline = Deployment.start(Fixtures.options(Deployment.Kind.F0, 0))) {
            UserAgent a = new UserAgent(inline.clientUrl());
            assertThat(a.get("/product?id=FI-SW-01").body()).contains("Angelfish")
                    .doesNotContain("esi:include");
            assertThat(a.get("/product?id=FI-SW-01&esi=true").body())
                    .contains("<esi:include src=\"/fragment/product?id=FI-SW-01\"/>");
        }
    }
}
