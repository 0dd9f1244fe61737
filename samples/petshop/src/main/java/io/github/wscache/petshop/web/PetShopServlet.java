package io.github.wscache.petshop.web;

import static io.github.wscache.petshop.web.Pages.param;

import io.github.wscache.petshop.service.Services;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The presentation tier: one servlet that routes every page, form post and fragment URL.
 *
 * <p>A page is a container of fragments ({@link Fragment}). Normally the container inlines each
 * fragment, taking cacheable ones from the {@link FragmentCache}. With ESI on (the application
 * option or {@code ?esi=true} on a GET), the container emits {@code <esi:include src="..."/>} in
 * place of each fragment and a {@code Surrogate-Control: content="ESI/1.0"} header, for an edge
 * proxy to assemble; each fragment URL answers with its own {@code Cache-Control} and
 * {@code Surrogate-Control}.
 *
 * <p>Every POST must prove it comes from this site — {@code Sec-Fetch-Site: same-origin} or a
 * matching {@code Origin} ({@link CrossOrigin}) — or carry the session's CSRF token in
 * {@code _csrf}, else 403. In ESI mode the catalog containers ({@code /}, category, product,
 * item, search), the Cart page's and the empty sign-in and registration forms open no session,
 * carry no token and tell the edge (with
 * {@code Surrogate-Control max-age} and {@code Vary: Cookie}) that it may share them between
 * visitors with the same {@link ViewCookie}; a container rendered for a visitor whose view cookie
 * disagrees with the session is marked {@code no-store}. All state changes
 * answer with a 303 redirect (post/redirect/get).
 *
 * <p>This class only routes and guards posts; the pages live in {@code CatalogPages},
 * {@code CartPages}, {@code OrderPages}, {@code AccountPages} and {@code FragmentEndpoint}, over
 * the shared plumbing of {@code Pages}. {@code GET /warmup.txt} lists the shared catalog containers
 * for an edge's warm-up ({@code PopularPages}).
 */
public final class PetShopServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private final Pages pages;
    private final FragmentEndpoint fragments;
    private final CatalogPages catalog;
    private final CartPages cart;
    private final OrderPages orders;
    private final AccountPages accounts;
    private final PopularPages popular;
    private final AtomicLong requests = new AtomicLong();

    /** A servlet over {@code services}, caching fragments in {@code cache}. */
    public PetShopServlet(Services services, FragmentCache cache, boolean esi) {
        this.pages = new Pages(services, cache, esi);
        this.fragments = new FragmentEndpoint(pages);
        this.catalog = new CatalogPages(pages);
        this.cart = new CartPages(services, pages);
        this.orders = new OrderPages(services, cache, pages);
        this.accounts = new AccountPages(services, pages);
        this.popular = new PopularPages(services.catalog());
    }

    /** Adds embedded objects to every page (off by default; {@link EmbeddedObjects}). */
    public void embeddedObjects(boolean on) {
        pages.embeddedObjects(on);
    }

    /** Purges the edges in front through {@code purger} whenever stock changes. */
    public void purgeEdges(EdgePurger purger) {
        pages.purgeEdges(purger);
    }

    /** Tells the edge in front of changes in the answers' field {@code field} instead. */
    public void purgeInAnswers(String field) {
        pages.purgeInAnswers(field);
    }

    /** Requests served so far. */
    public long requests() {
        return requests.get();
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        requests.incrementAndGet();
        String path = Pages.path(req);
        if (EmbeddedObjects.serve(path, resp)) {
            return;
        }
        if (path.startsWith("/fragment/")) {
            fragments.serve(path, req, resp);
            return;
        }
        if (path.equals("/warmup.txt")) {
            popular.serve(resp); // for edges, before any session is looked at
            return;
        }
        // in ESI mode the catalog containers are shared at the edge: they must not open a session
        // (no Set-Cookie) and must not depend on it beyond the view cookie
        Visit visit = Visit.of(req, !(pages.esi(req) && Pages.isSharedContainer(path)));
        switch (path) {
            case "/", "/home" -> catalog.home(req, resp, visit);
            case "/category" -> catalog.fragmentPage(req, resp, visit, Fragment.CATEGORY, "id");
            case "/product" -> catalog.fragmentPage(req, resp, visit, Fragment.PRODUCT, "id");
            case "/item" -> catalog.fragmentPage(req, resp, visit, Fragment.ITEM, "id");
            case "/search" -> catalog.search(req, resp, visit);
            case "/cart" -> cart.page(req, resp, visit);
            case "/checkout" -> orders.checkout(req, resp, visit, null);
            case "/order" -> orders.order(req, resp, visit);
            case "/orders" -> orders.orders(req, resp, visit);
            case "/signin" -> accounts.signInForm(req, resp, visit, "", param(req, "next"), null);
            case "/account/new" -> accounts.newAccountForm(req, resp, visit);
            case "/account/edit" -> accounts.editAccount(req, resp, visit);
            default -> pages.notFound(req, resp, visit);
        }
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        requests.incrementAndGet();
        req.setCharacterEncoding(StandardCharsets.UTF_8.name());
        String path = Pages.path(req);
        boolean sameOrigin = CrossOrigin.isSameOrigin(req);
        Visit visit = Visit.of(req, sameOrigin);
        if (!sameOrigin && !validToken(visit, req.getParameter("_csrf"))) {
            resp.sendError(HttpServletResponse.SC_FORBIDDEN,
                    "cross-site form post: no same-origin proof and no valid CSRF token");
            return;
        }
        switch (path) {
            case "/cart/add" -> cart.add(req, resp, visit);
            case "/cart/update" -> cart.update(req, resp, visit);
            case "/cart/remove" -> cart.remove(req, resp, visit);
            case "/order" -> orders.placeOrder(req, resp, visit);
            // the sign-in form posts to /session, not to its own URL: a post invalidates its
            // target URI at every cache on the way (RFC 9111 §4.4), and the form is shared
            // at the edge; /signin is still taken from forms served before
            case "/session", "/signin" -> accounts.signIn(req, resp, visit);
            case "/signout" -> AccountPages.signOut(resp, visit);
            case "/account/new" -> accounts.createAccount(req, resp, visit);
            case "/account/edit" -> accounts.updateAccount(req, resp, visit);
            default -> resp.sendError(HttpServletResponse.SC_NOT_FOUND);
        }
    }

    private static boolean validToken(Visit visit, String given) {
        String expected = visit.csrf();
        return expected != null && given != null
                && MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                        given.getBytes(StandardCharsets.UTF_8));
    }
}
