package io.github.wscache.petshop.web;

import io.github.wscache.petshop.model.Category;
import io.github.wscache.petshop.model.Item;
import io.github.wscache.petshop.model.Product;
import io.github.wscache.petshop.model.ProductPage;
import io.github.wscache.petshop.service.CatalogService;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code GET /warmup.txt}: the shared catalog containers an edge should fetch before its first
 * visitor, most visited first, in the list format cache-edge's warm-up reads ({@code --warmup-url
 * /warmup.txt}): one path per line, {@code #} comments. The order follows how visitors move
 * through the shop (the load driver's Table 3 walk): every visit starts at the home page, signs
 * in (the shared sign-in form, then the signed-in header and the banners of the five categories,
 * which every signed-in visitor's pages include), then a category, its products, their items.
 * The shop records no page popularity, so within each
 * level the catalog's order stands in for it. At most {@value #MAX_PATHS} paths, so that a
 * generated large catalog does not turn a warm-up into a crawl. Personal pages (cart, account,
 * orders) are never listed; search pages are not either (their keywords are the visitors').
 */
final class PopularPages {
    /** The most paths listed. */
    static final int MAX_PATHS = 200;

    private final CatalogService catalog;

    PopularPages(CatalogService catalog) {
        this.catalog = catalog;
    }

    /** The paths, most popular first. */
    List<String> paths() {
        List<String> out = new ArrayList<>();
        out.add("/");
        // the empty sign-in form is shared too, and a visitor who signs in needs the signed-in
        // header and the banner of their category: fragments every signed-in visitor shares
        out.add("/signin");
        out.add(Fragment.HEADER.ref("true").url());
        List<Category> categories = catalog.categories();
        for (Category c : categories) {
            out.add(Fragment.BANNER.path() + "?" + ViewCookie.NAME + "=in-" + enc(c.id()));
        }
        for (Category c : categories) {
            out.add("/category?id=" + enc(c.id()));
        }
        List<Product> products = new ArrayList<>();
        for (Category c : categories) {
            products.addAll(catalog.productsInCategory(c.id()));
        }
        for (Product p : products) {
            out.add("/product?id=" + enc(p.id()));
        }
        for (Product p : products) {
            if (out.size() >= MAX_PATHS) {
                break;
            }
            Optional<ProductPage> page = catalog.product(p.id());
            for (Item i : page.map(ProductPage::items).orElse(List.of())) {
                out.add("/item?id=" + enc(i.id()));
            }
        }
        return out.size() > MAX_PATHS ? out.subList(0, MAX_PATHS) : out;
    }

    /** Writes the list as {@code text/plain}; browsers and edges may keep it five minutes. */
    void serve(HttpServletResponse resp) throws IOException {
        StringBuilder b = new StringBuilder("# Pet Shop: the shared pages and fragments, most "
                + "visited first (cache-edge --warmup-url /warmup.txt)\n");
        for (String p : paths()) {
            b.append(p).append('\n');
        }
        byte[] body = b.toString().getBytes(StandardCharsets.UTF_8);
        resp.setStatus(200);
        resp.setContentType("text/plain; charset=UTF-8");
        resp.setHeader("Cache-Control", "max-age=300");
        resp.setContentLength(body.length);
        resp.getOutputStream().write(body);
    }

    private static String enc(String id) {
        return URLEncoder.encode(id, StandardCharsets.UTF_8);
    }
}
