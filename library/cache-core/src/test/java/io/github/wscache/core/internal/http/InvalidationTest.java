package io.github.wscache.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class InvalidationTest {
    private static final URI TARGET = URI.create("http://shop.example:8080/cart/items?x=1");

    private static Map<String, List<String>> fields(String... nv) {
        Map<String, List<String>> m = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (int i = 0; i < nv.length; i += 2) {
            m.computeIfAbsent(nv[i], k -> new java.util.ArrayList<>()).add(nv[i + 1]);
        }
        return m;
    }

    @Test
    void safeMethodsAndErrorAnswers_invalidateNothing() {
        Map<String, List<String>> f = fields("Location", "/cart");
        for (String safe : List.of("GET", "HEAD", "OPTIONS", "TRACE", "get")) {
            assertThat(Invalidation.targets(safe, 200, TARGET, f::get, true)).as(safe).isEmpty();
        }
        assertThat(Invalidation.targets("POST", 404, TARGET, f::get, true)).isEmpty();
        assertThat(Invalidation.targets("POST", 500, TARGET, f::get, true)).isEmpty();
        assertThat(Invalidation.targets("POST", 101, TARGET, f::get, true)).isEmpty();
    }

    @Test
    void unsafeNonErrorAnswer_invalidatesTargetAndSameOriginLocations() {
        Map<String, List<String>> f = fields("location", "/cart",
                "Content-Location", "http://SHOP.example:8080/cart/items/7",
                "Location", "http://other.example/cart");

        assertThat(Invalidation.targets("POST", 303, TARGET, f::get, true)).containsExactly(
                TARGET, URI.create("http://shop.example:8080/cart"),
                URI.create("http://SHOP.example:8080/cart/items/7"));
        assertThat(Invalidation.targets("DELETE", 204, TARGET, f::get, false))
                .containsExactly(TARGET);
    }

    @Test
    void defaultPortsAndBadReferences() {
        URI plain = URI.create("http://a.example/x");
        Map<String, List<String>> f = fields("Location", "http://a.example:80/y",
                "Content-Location", "https://a.example/z", "Location", "::not a uri::");

        assertThat(Invalidation.targets("PUT", 200, plain, f::get, true))
                .containsExactly(plain, URI.create("http://a.example:80/y"));
    }
}
