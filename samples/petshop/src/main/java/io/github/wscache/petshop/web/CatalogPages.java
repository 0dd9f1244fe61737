package io.github.wscache.petshop.web;

import static io.github.wscache.petshop.web.Pages.frag;
import static io.github.wscache.petshop.web.Pages.markup;
import static io.github.wscache.petshop.web.Pages.param;

import io.github.wscache.petshop.model.Account;
import io.github.wscache.petshop.web.Pages.Part;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The catalog pages: home ({@code /}, {@code /home}), {@code /category}, {@code /product},
 * {@code /item} and {@code /search}. Each is a container of cacheable catalog fragments (plus the
 * visitor's banner on home and category pages), so in ESI mode the edge may share them.
 */
final class CatalogPages {

    private final Pages pages;

    CatalogPages(Pages pages) {
        this.pages = pages;
    }

    /** {@code GET /} and {@code /home}: the categories and the banner. */
    void home(HttpServletRequest req, HttpServletResponse resp, Visit visit)
            throws IOException {
        List<Part> parts = new ArrayList<>();
        parts.add(frag(Fragment.CATEGORIES, null));
        parts.addAll(banner(visit));
        pages.page(req, resp, visit, 200, "Welcome", parts);
    }

    /** A page of one catalog fragment {@code f}, its id in the parameter {@code param}. */
    void fragmentPage(HttpServletRequest req, HttpServletResponse resp, Visit visit,
            Fragment f, String param) throws IOException {
        String id = param(req, param);
        if (!Pages.ID.matcher(id).matches()) {
            pages.notFound(req, resp, visit);
            return;
        }
        List<Part> parts = new ArrayList<>();
        parts.add(frag(f, id));
        if (f == Fragment.CATEGORY) {
            parts.addAll(banner(visit));
        }
        pages.page(req, resp, visit, 200, id, parts);
    }

    /** {@code GET /search?keyword=}: the search fragment of the normalised keyword. */
    void search(HttpServletRequest req, HttpServletResponse resp, Visit visit)
            throws IOException {
        String keyword = FragmentEndpoint.normalise(Fragment.SEARCH, param(req, "keyword"));
        if (keyword.isEmpty()) {
            pages.page(req, resp, visit, 200, "Search", List.of(markup(Html.safe(
                    "<p class=\"error\">Please enter a keyword to search for.</p>"))));
            return;
        }
        pages.page(req, resp, visit, 200, "Search",
                List.of(frag(Fragment.SEARCH, keyword)));
    }

    /**
     * The banner of the visitor's favourite category, if they asked for one; for an edge that
     * reads ESI variables, markup that lets the edge pick it from the view cookie instead.
     */
    private static List<Part> banner(Visit visit) {
        Account a = visit.account();
        String category = a != null && a.bannerOption() ? a.favouriteCategory() : null;
        return List.of(Pages.banner(category));
    }
}
