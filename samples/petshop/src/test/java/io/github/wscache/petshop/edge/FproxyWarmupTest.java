package io.github.wscache.petshop.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.edge.EdgeWarmup;
import io.github.wscache.petshop.Deployment;
import io.github.wscache.petshop.Fixtures;
import io.github.wscache.petshop.load.UserAgent;
import io.github.wscache.petshop.load.UserAgent.Page;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Fproxy started with {@code warmEdge}: the edge reads the origin's {@code /warmup.txt} (home, the
 * sign-in form, the signed-in header and banners, every category, product and item of
 * JPetStore's catalog) and pre-fetches those containers and their fragments, so that the first
 * visitor's catalog pages are answered at the edge, signed in or not.
 */
class FproxyWarmupTest {

    @Test
    void warmedEdge_answersTheFirstVisitorsCatalogPagesWithoutTheOrigin() throws Exception {
        try (Deployment shop = Deployment.start(Fixtures.options(Deployment.Kind.FPROXY, 0),
                true)) {
            EdgeWarmup.Stats s = shop.awaitEdgeWarmup(60_000);
            String list = new UserAgent(shop.appUrl()).get("/warmup.txt").body();
            long origin = shop.originRequests();
            UserAgent first = new UserAgent(shop.clientUrl());
            List<Page> pages = List.of(first.get("/"), first.get("/category?id=FISH"),
                    first.get("/product?id=FI-SW-01"), first.get("/item?id=EST-1"));

            assertThat(list).startsWith("# Pet Shop").contains("\n/\n",
                    "\n/category?id=FISH\n", "\n/product?id=FI-SW-01\n", "\n/item?id=EST-1\n",
                    "\n/signin\n", "\n/fragment/header?signedIn=true\n",
                    "\n/fragment/banner?PS_VIEW=in-DOGS\n")
                    .doesNotContain("/cart", "/account", "/orders");
            assertThat(s.done()).isTrue();
            assertThat(s.listed()).as("home, sign-in form, signed-in header, 5 banners, "
                    + "5 categories, 16 products, 28 items").isEqualTo(57);
            assertThat(s.failed()).isZero();
            assertThat(s.stored()).isEqualTo(57);
            assertThat(shop.originRequests()).as("the first visitor's pages, from the edge")
                    .isEqualTo(origin);
            for (Page p : pages) {
                assertThat(p.header("Cache-Status")).startsWith("wscache-edge; hit")
                        .contains("0 miss");
            }
            assertThat(shop.edge().stats().warmed()).isEqualTo(57);
            // a visitor who signs in: the post goes to the origin, their pages do not
            UserAgent dogs = new UserAgent(shop.clientUrl());
            Fixtures.signIn(dogs, "j2ee");
            long afterSignIn = shop.originRequests();
            Page category = dogs.get("/category?id=CATS");
            assertThat(category.body()).contains("Sign out", "banner-DOGS");
            assertThat(category.header("Cache-Status")).startsWith("wscache-edge; hit")
                    .contains("0 miss");
            assertThat(shop.originRequests()).isEqualTo(afterSignIn);
        }
    }
}
