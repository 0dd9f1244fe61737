package io.github.wscache.petshop.web;

import static io.github.wscache.petshop.web.Pages.param;
import static io.github.wscache.petshop.web.Pages.write;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code /fragment/...} URLs an edge proxy fetches for the {@code <esi:include>}s of ESI
 * mode. Each answers with the fragment alone and its own caching headers: a cacheable fragment
 * is {@code public} for its TTL, to browsers and to the edge ({@code Surrogate-Control
 * max-age}); a per-session one (cart, favourites) is {@code no-store} for both. The parameter is
 * normalised first, as the container pages do, so one fragment has one URL and one cache entry.
 */
final class FragmentEndpoint {

    /** Longer search keywords are cut, which bounds the search fragments' cache keys. */
    private static final int MAX_KEYWORD = 80;
    /** How long an edge that the origin purges keeps catalog fragments and containers. */
    static final int EDGE_TTL_SECONDS = 3600;

    private final Pages pages;

    FragmentEndpoint(Pages pages) {
        this.pages = pages;
    }

    /** Answers {@code GET path}, a {@code /fragment/...} URL. */
    void serve(String path, HttpServletRequest req, HttpServletResponse resp)
            throws IOException {
        Fragment f = Fragment.byPath(path);
        if (f == null) {
            resp.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        String value = f.param() == null ? null : normalise(f, param(req, f.param()));
        if (f == Fragment.BANNER && req.getParameter(ViewCookie.NAME) != null) {
            // chosen by the edge from the view cookie ($(HTTP_COOKIE{PS_VIEW})): the category
            // is the cookie's, one URL per view value
            value = ViewCookie.bannerCategory(param(req, ViewCookie.NAME));
        }
        Visit visit = Visit.of(req, false);
        Optional<String> html = pages.inline(f.ref(value), visit);
        if (html.isEmpty()) {
            resp.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        if (f.cacheable()) {
            resp.setHeader("Cache-Control", "public, max-age=" + f.ttlSeconds());
            // an edge that is told of changes (purged by these tags) keeps the fragment longer
            resp.setHeader("Surrogate-Control", "max-age=" + (pages.purgesEdges()
                    ? EDGE_TTL_SECONDS : f.ttlSeconds()));
            resp.setHeader("Surrogate-Key", tags(f, value));
        } else {
            resp.setHeader("Cache-Control", "private, no-store");
            resp.setHeader("Surrogate-Control", "no-store");
        }
        write(resp, html.get());
    }

    /**
     * The {@code Surrogate-Key} tags of a cacheable fragment: {@code catalog} for all, and the
     * item's or product's own ({@code item:EST-6}) where stock or price is shown.
     */
    static String tags(Fragment f, String value) {
        return switch (f) {
            case ITEM -> "catalog item:" + value;
            case PRODUCT -> "catalog product:" + value;
            default -> "catalog";
        };
    }

    /** The one form of a fragment parameter: the one the fragment's URL carries. */
    static String normalise(Fragment f, String value) {
        return switch (f) {
            case HEADER -> Boolean.toString("true".equals(value));
            case SEARCH -> {
                String k = value.trim().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
                yield k.length() > MAX_KEYWORD ? k.substring(0, MAX_KEYWORD) : k;
            }
            default -> value;
        };
    }
}
