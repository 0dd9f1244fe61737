package io.github.wscache.petshop.web;

import static io.github.wscache.petshop.web.Pages.frag;
import static io.github.wscache.petshop.web.Pages.param;
import static io.github.wscache.petshop.web.Pages.parseInt;
import static io.github.wscache.petshop.web.Pages.redirect;

import io.github.wscache.petshop.model.CartLine;
import io.github.wscache.petshop.service.Services;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Cart page ({@code /cart}: the cart and "pet favourites" fragments) and the cart's form
 * posts ({@code /cart/add}, {@code /cart/update}, {@code /cart/remove}), which change the
 * session's cart and redirect to the Cart page.
 */
final class CartPages {

    private final Services services;
    private final Pages pages;

    CartPages(Services services, Pages pages) {
        this.services = services;
        this.pages = pages;
    }

    /** {@code GET /cart}. */
    void page(HttpServletRequest req, HttpServletResponse resp, Visit visit) throws IOException {
        pages.page(req, resp, visit, 200, "Cart", List.of(frag(Fragment.CART, null),
                frag(Fragment.MYLIST, null)));
    }

    /** {@code POST /cart/add}: adds one of an existing item, else the Not Found page. */
    void add(HttpServletRequest req, HttpServletResponse resp, Visit visit) throws IOException {
        String id = param(req, "itemId");
        if (!Pages.ID.matcher(id).matches() || !services.cart().add(visit.cart(), id)) {
            pages.notFound(req, resp, visit);
            return;
        }
        redirect(resp, "/cart");
    }

    /** {@code POST /cart/update}: the quantities given as {@code qty_<itemId>}. */
    void update(HttpServletRequest req, HttpServletResponse resp, Visit visit) {
        Map<String, Integer> q = new LinkedHashMap<>();
        for (CartLine line : visit.cart().lines()) {
            String v = req.getParameter("qty_" + line.item().id());
            if (v != null) {
                q.put(line.item().id(), parseInt(v, line.quantity()));
            }
        }
        services.cart().update(visit.cart(), q);
        redirect(resp, "/cart");
    }

    /** {@code POST /cart/remove}. */
    void remove(HttpServletRequest req, HttpServletResponse resp, Visit visit) {
        services.cart().remove(visit.cart(), param(req, "itemId"));
        redirect(resp, "/cart");
    }
}
