package io.github.wscache.petshop.web;

import io.github.wscache.petshop.dao.OrderDao.OutOfStockException;
import io.github.wscache.petshop.db.Schema;
import io.github.wscache.petshop.model.Account;
import io.github.wscache.petshop.model.Cart;
import io.github.wscache.petshop.model.CartLine;
import io.github.wscache.petshop.model.LineItem;
import io.github.wscache.petshop.model.Order;
import io.github.wscache.petshop.model.OrderRequest;
import io.github.wscache.petshop.model.OrderSummary;
import io.github.wscache.petshop.service.Services;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

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
 * item, search) and the Cart page's open no session, carry no token and tell the edge (with
 * {@code Surrogate-Control max-age} and {@code Vary: Cookie}) that it may share them between
 * visitors with the same {@link ViewCookie}; a container rendered for a visitor whose view cookie
 * disagrees with the session is marked {@code no-store}. All state changes
 * answer with a 303 redirect (post/redirect/get).
 */
public final class PetShopServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;
    private static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9_]{3,25}");
    private static final Pattern SAFE_NEXT = Pattern.compile("/[A-Za-z0-9/_?=&.-]*");
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9_-]{1,16}");
    /** Longer search keywords are cut, which bounds the search fragments' cache keys. */
    private static final int MAX_KEYWORD = 80;
    /**
     * Container pages that do not depend on the session beyond the view cookie; in ESI mode the
     * edge may share them. The Cart page is one too: the cart and the "pet favourites" are
     * fragments of their own, so through an edge the page costs one round trip for the two (the
     * paper's §7.1.1 case).
     */
    private static final Set<String> SHARED_CONTAINERS = Set.of("/", "/home", "/category",
            "/product", "/item", "/search", "/cart");

    private static final Template LAYOUT = Template.of("""
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Pet Shop - {{title}}</title>
            <style>body{font-family:sans-serif;margin:0 2em}.nav{display:flex;gap:1em;\
            align-items:center;border-bottom:1px solid #ccc;padding:.5em 0}.logo{font-weight:bold}\
            table{border-collapse:collapse}td,th{padding:.2em .6em;border-bottom:1px solid #eee}\
            .error{color:#b00}.banner{background:#ffd;padding:.5em;margin:.5em 0}\
            button.link{background:none;border:none;color:#00e;text-decoration:underline;\
            cursor:pointer;padding:0}</style></head>
            <body>
            {{body}}{{forms}}<footer><p>wscache Pet Shop sample</p></footer>
            </body></html>
            """);
    private static final Template SESSION_FORMS = Template.of("""
            <form id="f-cart-add" method="post" action="/cart/add">{{csrf}}</form>
            <form id="f-signout" method="post" action="/signout">{{csrf}}</form>
            """);
    private static final Template SIGNIN = Template.of("""
            <section class="signin"><h2>Sign In</h2>{{message}}
            <form method="post" action="/signin">{{csrf}}<input type="hidden" name="next" \
            value="{{next}}">
            <p><label>Username <input type="text" name="username" value="{{username}}"></label></p>
            <p><label>Password <input type="password" name="password"></label></p>
            <p><button type="submit" id="signin">Login</button></p></form>
            <p><a href="/account/new">Register now</a></p></section>
            """);
    private static final Template ACCOUNT_FORM = Template.of("""
            <section class="account"><h2>{{heading}}</h2>{{message}}
            <form method="post" action="{{action}}">{{csrf}}
            <table>{{username}}
            <tr><td>Password</td><td><input type="password" name="password"></td></tr>
            <tr><td>Email</td><td><input type="text" name="email" value="{{email}}"></td></tr>
            <tr><td>First name</td><td><input type="text" name="firstName" value="{{firstName}}">\
            </td></tr>
            <tr><td>Last name</td><td><input type="text" name="lastName" value="{{lastName}}">\
            </td></tr>
            <tr><td>Address</td><td><input type="text" name="address" value="{{address}}"></td></tr>
            <tr><td>City</td><td><input type="text" name="city" value="{{city}}"></td></tr>
            <tr><td>State</td><td><input type="text" name="state" value="{{state}}"></td></tr>
            <tr><td>Zip</td><td><input type="text" name="zip" value="{{zip}}"></td></tr>
            <tr><td>Country</td><td><input type="text" name="country" value="{{country}}"></td></tr>
            <tr><td>Phone</td><td><input type="text" name="phone" value="{{phone}}"></td></tr>
            <tr><td>Favourite category</td><td><select name="favouriteCategory">{{categories}}\
            </select></td></tr>
            <tr><td>Enable my list</td><td><input type="checkbox" name="myList" value="true"\
            {{myList}}></td></tr>
            <tr><td>Enable my banner</td><td><input type="checkbox" name="banner" value="true"\
            {{banner}}></td></tr>
            </table><p><button type="submit" id="save-account">Save Account Information</button>\
            </p></form></section>
            """);
    private static final Template CHECKOUT = Template.of("""
            <section class="checkout"><h2>Checkout</h2>{{message}}
            <table><tr><th>Item</th><th>Quantity</th><th>Price</th></tr>{{rows}}
            <tr><td>Total</td><td></td><td class="total">${{total}}</td></tr></table>
            <form method="post" action="/order">{{csrf}}
            <table>
            <tr><td>Ship to</td><td><input type="text" name="shipToName" value="{{name}}"></td></tr>
            <tr><td>Address</td><td><input type="text" name="address" value="{{address}}"></td></tr>
            <tr><td>City</td><td><input type="text" name="city" value="{{city}}"></td></tr>
            <tr><td>State</td><td><input type="text" name="state" value="{{state}}"></td></tr>
            <tr><td>Zip</td><td><input type="text" name="zip" value="{{zip}}"></td></tr>
            <tr><td>Country</td><td><input type="text" name="country" value="{{country}}"></td></tr>
            <tr><td>Card type</td><td><select name="cardType"><option>Visa</option>\
            <option>MasterCard</option><option>American Express</option></select></td></tr>
            <tr><td>Card number</td><td><input type="text" name="cardNumber" \
            value="4111 1111 1111 1111"></td></tr>
            <tr><td>Expiry (MM/YY)</td><td><input type="text" name="expiry" value="12/29"></td></tr>
            </table><p><button type="submit" id="place-order">Place Order</button></p>
            </form></section>
            """);
    private static final Template ORDER = Template.of("""
            <section class="order" id="order-{{id}}"><h2>Order #{{id}}</h2>{{message}}
            <p>{{date}} &middot; status {{status}} &middot; {{card}} ending {{last4}}</p>
            <p>Ship to {{name}}, {{address}}, {{city}} {{state}} {{zip}}, {{country}}</p>
            <table><tr><th>Line</th><th>Item</th><th>Description</th><th>Quantity</th>\
            <th>Price</th><th>Total</th></tr>{{rows}}
            <tr><td colspan="5">Total</td><td class="total">${{total}}</td></tr></table>
            </section>
            """);

    private final Services services;
    private final Fragments fragments;
    private final FragmentCache cache;
    private final boolean esiDefault;
    private final AtomicLong requests = new AtomicLong();

    /** A servlet over {@code services}, caching fragments in {@code cache}. */
    public PetShopServlet(Services services, FragmentCache cache, boolean esi) {
        this.services = services;
        this.fragments = new Fragments(services);
        this.cache = cache;
        this.esiDefault = esi;
    }

    /** Requests served so far. */
    public long requests() {
        return requests.get();
    }

    // ------------------------------------------------------------------ dispatch

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        requests.incrementAndGet();
        String path = req.getRequestURI().substring(req.getContextPath().length());
        if (path.startsWith("/fragment/")) {
            fragment(path, req, resp);
            return;
        }
        // in ESI mode the catalog containers are shared at the edge: they must not open a session
        // (no Set-Cookie) and must not depend on it beyond the view cookie
        Visit visit = Visit.of(req, !(esi(req) && SHARED_CONTAINERS.contains(path)));
        switch (path) {
            case "/", "/home" -> home(req, resp, visit);
            case "/category" -> fragmentPage(req, resp, visit, Fragment.CATEGORY, "id");
            case "/product" -> fragmentPage(req, resp, visit, Fragment.PRODUCT, "id");
            case "/item" -> fragmentPage(req, resp, visit, Fragment.ITEM, "id");
            case "/search" -> search(req, resp, visit);
            case "/cart" -> cartPage(req, resp, visit);
            case "/checkout" -> checkout(req, resp, visit, null);
            case "/order" -> order(req, resp, visit);
            case "/orders" -> orders(req, resp, visit);
            case "/signin" -> signInForm(req, resp, visit, "", param(req, "next"), null);
            case "/account/new" -> accountForm(req, resp, visit, null, null);
            case "/account/edit" -> editAccount(req, resp, visit);
            default -> notFound(req, resp, visit);
        }
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        requests.incrementAndGet();
        req.setCharacterEncoding(StandardCharsets.UTF_8.name());
        String path = req.getRequestURI().substring(req.getContextPath().length());
        boolean sameOrigin = CrossOrigin.isSameOrigin(req);
        Visit visit = Visit.of(req, sameOrigin);
        if (!sameOrigin && !validToken(visit, req.getParameter("_csrf"))) {
            resp.sendError(HttpServletResponse.SC_FORBIDDEN,
                    "cross-site form post: no same-origin proof and no valid CSRF token");
            return;
        }
        switch (path) {
            case "/cart/add" -> {
                String id = param(req, "itemId");
                if (!ID.matcher(id).matches() || !services.cart().add(visit.cart(), id)) {
                    notFound(req, resp, visit);
                    return;
                }
                redirect(resp, "/cart");
            }
            case "/cart/update" -> {
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
            case "/cart/remove" -> {
                services.cart().remove(visit.cart(), param(req, "itemId"));
                redirect(resp, "/cart");
            }
            case "/order" -> placeOrder(req, resp, visit);
            case "/signin" -> signIn(req, resp, visit);
            case "/signout" -> {
                visit.signOut();
                ViewCookie.clear(resp);
                redirect(resp, "/");
            }
            case "/account/new" -> createAccount(req, resp, visit);
            case "/account/edit" -> updateAccount(req, resp, visit);
            default -> resp.sendError(HttpServletResponse.SC_NOT_FOUND);
        }
    }

    private boolean esi(HttpServletRequest req) {
        return esiDefault || "true".equals(req.getParameter("esi"));
    }

    private static boolean validToken(Visit visit, String given) {
        String expected = visit.csrf();
        return expected != null && given != null
                && MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                        given.getBytes(StandardCharsets.UTF_8));
    }

    // ------------------------------------------------------------------ fragments

    private void fragment(String path, HttpServletRequest req, HttpServletResponse resp)
            throws IOException {
        Fragment f = Fragment.byPath(path);
        if (f == null) {
            resp.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        String value = f.param() == null ? null : normalise(f, param(req, f.param()));
        Visit visit = Visit.of(req, false);
        Optional<String> html = inline(f.ref(value), visit);
        if (html.isEmpty()) {
            resp.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        if (f.cacheable()) {
            resp.setHeader("Cache-Control", "public, max-age=" + f.ttlSeconds());
            resp.setHeader("Surrogate-Control", "max-age=" + f.ttlSeconds());
        } else {
            resp.setHeader("Cache-Control", "private, no-store");
            resp.setHeader("Surrogate-Control", "no-store");
        }
        write(resp, html.get());
    }

    private static String normalise(Fragment f, String value) {
        return switch (f) {
            case HEADER -> Boolean.toString("true".equals(value));
            case SEARCH -> {
                String k = value.trim().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
                yield k.length() > MAX_KEYWORD ? k.substring(0, MAX_KEYWORD) : k;
            }
            default -> value;
        };
    }

    /** The fragment's markup, from the cache when cacheable; empty when it does not exist. */
    private Optional<String> inline(Fragment.Ref ref, Visit visit) {
        if (!ref.fragment().cacheable()) {
            return fragments.render(ref, visit).map(Html.Safe::html);
        }
        return Optional.ofNullable(cache.get(ref.url(), ref.fragment().ttlSeconds(),
                () -> fragments.render(ref, visit).map(Html.Safe::html).orElse(null)));
    }

    // ------------------------------------------------------------------ pages

    /** One part of a container: a fragment or container markup. */
    private sealed interface Part permits FragmentPart, MarkupPart {
    }

    private record FragmentPart(Fragment.Ref ref) implements Part {
    }

    private record MarkupPart(Html.Safe html) implements Part {
    }

    private static Part frag(Fragment f, String value) {
        return new FragmentPart(f.ref(value));
    }

    private static Part markup(Html.Safe html) {
        return new MarkupPart(html);
    }

    private void page(HttpServletRequest req, HttpServletResponse resp, Visit visit, int status,
            String title, List<Part> parts) throws IOException {
        boolean esi = esi(req);
        String path = req.getRequestURI().substring(req.getContextPath().length());
        boolean shared = esi && status == 200 && SHARED_CONTAINERS.contains(path);
        if (shared && !ViewCookie.matches(req, visit.account())) {
            // the edge keys this container by the view cookie: one rendered for another view
            // must not be stored under it; correct the cookie for the next request
            shared = false;
            ViewCookie.set(resp, visit.account());
        }
        List<Part> all = new ArrayList<>();
        all.add(frag(Fragment.HEADER, Boolean.toString(visit.signedIn())));
        all.addAll(parts);
        StringBuilder body = new StringBuilder();
        for (Part part : all) {
            if (part instanceof MarkupPart m) {
                body.append(m.html().html());
            } else if (part instanceof FragmentPart f) {
                if (esi) {
                    body.append("<esi:include src=\"").append(Html.escape(f.ref().url()))
                            .append("\"/>");
                } else {
                    Optional<String> html = inline(f.ref(), visit);
                    if (html.isEmpty()) {
                        notFound(req, resp, visit);
                        return;
                    }
                    body.append(html.get());
                }
            }
        }
        // a shared container carries no session token: its posts prove their origin instead
        Html.Safe csrf = shared || visit.csrf() == null ? Html.EMPTY
                : Fragments.csrfField(visit.csrf());
        Html.Safe html = LAYOUT.render("title", title, "body", Html.safe(body.toString()),
                "forms", SESSION_FORMS.render("csrf", csrf));
        resp.setStatus(status);
        resp.setHeader("Cache-Control", "private, no-store");
        if (shared) {
            // the edge may share it between visitors with the same view cookie (signed in or
            // not, banner category); browsers may not keep it
            int ttl = "/search".equals(path) ? Fragment.SEARCH.ttlSeconds()
                    : Fragment.CATEGORY.ttlSeconds();
            resp.setHeader("Surrogate-Control", "content=\"ESI/1.0\", max-age=" + ttl);
            resp.setHeader("Vary", "Cookie");
        } else if (esi) {
            resp.setHeader("Surrogate-Control", "content=\"ESI/1.0\", no-store");
        }
        write(resp, html.html());
    }

    private List<Part> banner(Visit visit) {
        Account a = visit.account();
        if (a != null && a.bannerOption() && a.favouriteCategory() != null) {
            return List.of(frag(Fragment.BANNER, a.favouriteCategory()));
        }
        return List.of();
    }

    private void home(HttpServletRequest req, HttpServletResponse resp, Visit visit)
            throws IOException {
        List<Part> parts = new ArrayList<>();
        parts.add(frag(Fragment.CATEGORIES, null));
        parts.addAll(banner(visit));
        page(req, resp, visit, 200, "Welcome", parts);
    }

    private void fragmentPage(HttpServletRequest req, HttpServletResponse resp, Visit visit,
            Fragment f, String param) throws IOException {
        String id = param(req, param);
        if (!ID.matcher(id).matches()) {
            notFound(req, resp, visit);
            return;
        }
        List<Part> parts = new ArrayList<>();
        parts.add(frag(f, id));
        if (f == Fragment.CATEGORY) {
            parts.addAll(banner(visit));
        }
        page(req, resp, visit, 200, id, parts);
    }

    private void search(HttpServletRequest req, HttpServletResponse resp, Visit visit)
            throws IOException {
        String keyword = normalise(Fragment.SEARCH, param(req, "keyword"));
        if (keyword.isEmpty()) {
            page(req, resp, visit, 200, "Search", List.of(markup(Html.safe(
                    "<p class=\"error\">Please enter a keyword to search for.</p>"))));
            return;
        }
        page(req, resp, visit, 200, "Search", List.of(frag(Fragment.SEARCH, keyword)));
    }

    private void cartPage(HttpServletRequest req, HttpServletResponse resp, Visit visit)
            throws IOException {
        page(req, resp, visit, 200, "Cart", List.of(frag(Fragment.CART, null),
                frag(Fragment.MYLIST, null)));
    }

    private boolean requireSignIn(HttpServletResponse resp, Visit visit, String next)
            throws IOException {
        if (visit.signedIn()) {
            return true;
        }
        redirect(resp, "/signin?next=" + Html.url(next));
        return false;
    }

    private void checkout(HttpServletRequest req, HttpServletResponse resp, Visit visit,
            String error) throws IOException {
        if (!requireSignIn(resp, visit, "/checkout")) {
            return;
        }
        Cart cart = visit.cart();
        if (cart.isEmpty()) {
            redirect(resp, "/cart");
            return;
        }
        Account a = visit.account();
        StringBuilder rows = new StringBuilder();
        for (CartLine line : cart.lines()) {
            rows.append("<tr><td>").append(Html.escape(line.item().id())).append(' ')
                    .append(Html.escape(line.item().productName())).append("</td><td>")
                    .append(line.quantity()).append("</td><td>$")
                    .append(Html.escape(line.total())).append("</td></tr>");
        }
        Html.Safe form = CHECKOUT.render("message", message(error), "rows",
                Html.safe(rows.toString()), "total", cart.subtotal(), "csrf",
                Fragments.csrfField(visit.csrf()), "name", a.firstName() + " " + a.lastName(),
                "address", a.address(), "city", a.city(), "state", a.state(), "zip", a.zip(),
                "country", a.country());
        page(req, resp, visit, error == null ? 200 : 409, "Checkout", List.of(markup(form)));
    }

    private void placeOrder(HttpServletRequest req, HttpServletResponse resp, Visit visit)
            throws IOException {
        if (!requireSignIn(resp, visit, "/checkout")) {
            return;
        }
        Cart cart = visit.cart();
        if (cart.isEmpty()) {
            redirect(resp, "/cart");
            return;
        }
        String card = param(req, "cardNumber").replaceAll("[ -]", "");
        String expiry = param(req, "expiry");
        List<String> missing = missing(req, "shipToName", "address", "city", "zip", "country",
                "cardType");
        if (!missing.isEmpty() || !card.matches("[0-9]{12,19}")
                || !expiry.matches("(0[1-9]|1[0-2])/[0-9]{2}")) {
            checkout(req, resp, visit, "Please fill in every field with a valid value"
                    + (missing.isEmpty() ? " (card number and expiry MM/YY)." : ": " + missing));
            return;
        }
        Map<String, Integer> quantities = cart.quantities();
        OrderRequest order = new OrderRequest(visit.account().username(),
                param(req, "shipToName"), param(req, "address"), param(req, "city"),
                param(req, "state"), param(req, "zip"), param(req, "country"),
                param(req, "cardType"), card, expiry, quantities);
        int id;
        try {
            id = services.order().place(order);
        } catch (OutOfStockException e) {
            checkout(req, resp, visit, "Sorry, item " + e.itemId()
                    + " is out of stock in the quantity you asked for.");
            return;
        }
        cart.clear();
        for (String itemId : quantities.keySet()) {
            cache.invalidate(Fragment.ITEM.ref(itemId).url());
        }
        redirect(resp, "/order?id=" + id);
    }

    private void order(HttpServletRequest req, HttpServletResponse resp, Visit visit)
            throws IOException {
        if (!requireSignIn(resp, visit, "/orders")) {
            return;
        }
        int id = parseInt(param(req, "id"), -1);
        Optional<Order> found = services.order().find(visit.account().username(), id);
        if (found.isEmpty()) {
            notFound(req, resp, visit);
            return;
        }
        Order o = found.get();
        StringBuilder rows = new StringBuilder();
        for (LineItem l : o.lines()) {
            rows.append("<tr><td>").append(l.lineNumber()).append("</td><td>")
                    .append(Html.escape(l.itemId())).append("</td><td>")
                    .append(Html.escape(l.attribute())).append(' ')
                    .append(Html.escape(l.productName())).append("</td><td>")
                    .append(l.quantity()).append("</td><td>$").append(l.unitPrice())
                    .append("</td><td>$").append(l.total()).append("</td></tr>");
        }
        Html.Safe html = ORDER.render("id", o.id(), "message", Html.safe(
                "<p class=\"confirmation\">Thank you, your order has been submitted.</p>"),
                "date", o.date().withNano(0), "status", o.status(), "card", o.cardType(),
                "last4", o.cardLast4(), "name", o.shipToName(), "address", o.address(), "city",
                o.city(), "state", o.state(), "zip", o.zip(), "country", o.country(), "rows",
                Html.safe(rows.toString()), "total", o.total());
        page(req, resp, visit, 200, "Order " + o.id(), List.of(markup(html)));
    }

    private void orders(HttpServletRequest req, HttpServletResponse resp, Visit visit)
            throws IOException {
        if (!requireSignIn(resp, visit, "/orders")) {
            return;
        }
        StringBuilder out = new StringBuilder("<section class=\"orders\"><h2>My Orders</h2>"
                + "<table><tr><th>Order ID</th><th>Date</th><th>Total</th><th>Status</th></tr>");
        List<OrderSummary> list = services.order().list(visit.account().username());
        for (OrderSummary o : list) {
            out.append("<tr><td><a href=\"/order?id=").append(o.id()).append("\">")
                    .append(o.id()).append("</a></td><td>").append(o.date().withNano(0))
                    .append("</td><td>$").append(o.total()).append("</td><td>")
                    .append(Html.escape(o.status())).append("</td></tr>");
        }
        out.append("</table>");
        if (list.isEmpty()) {
            out.append("<p class=\"none\">You have no orders yet.</p>");
        }
        out.append("</section>");
        page(req, resp, visit, 200, "My Orders", List.of(markup(Html.safe(out.toString()))));
    }

    // ------------------------------------------------------------------ accounts

    private void signInForm(HttpServletRequest req, HttpServletResponse resp, Visit visit,
            String username, String next, String error) throws IOException {
        Html.Safe form = SIGNIN.render("message", message(error), "csrf",
                Fragments.csrfField(visit.csrf()), "next", next, "username", username);
        page(req, resp, visit, error == null ? 200 : 401, "Sign In", List.of(markup(form)));
    }

    private void signIn(HttpServletRequest req, HttpServletResponse resp, Visit visit)
            throws IOException {
        String username = param(req, "username");
        char[] password = param(req, "password").toCharArray();
        Optional<Account> account = USERNAME.matcher(username).matches()
                ? services.account().authenticate(username, password) : Optional.empty();
        String next = param(req, "next");
        if (account.isEmpty()) {
            signInForm(req, resp, visit, username, next, "Invalid username or password.");
            return;
        }
        visit.signIn(req, account.get());
        ViewCookie.set(resp, account.get());
        redirect(resp, SAFE_NEXT.matcher(next).matches() && !next.startsWith("//") ? next : "/");
    }

    private void editAccount(HttpServletRequest req, HttpServletResponse resp, Visit visit)
            throws IOException {
        if (!requireSignIn(resp, visit, "/account/edit")) {
            return;
        }
        Account fresh = services.account().find(visit.account().username())
                .orElse(visit.account());
        visit.refresh(fresh);
        ViewCookie.set(resp, fresh);
        accountForm(req, resp, visit, fresh, req.getParameter("saved") != null
                ? "saved" : null);
    }

    private void accountForm(HttpServletRequest req, HttpServletResponse resp, Visit visit,
            Account a, String note) throws IOException {
        accountForm(req, resp, visit, a, note, 200);
    }

    private void accountForm(HttpServletRequest req, HttpServletResponse resp, Visit visit,
            Account a, String note, int status) throws IOException {
        boolean create = visit.account() == null;
        Account v = a != null ? a : new Account("", "", "", "", "", "", "", "", "", "", "FISH",
                true, true);
        StringBuilder options = new StringBuilder();
        for (String c : Schema.CATEGORIES) {
            options.append("<option").append(c.equals(v.favouriteCategory()) ? " selected" : "")
                    .append('>').append(Html.escape(c)).append("</option>");
        }
        Html.Safe message = "saved".equals(note)
                ? Html.safe("<p class=\"saved\">Your account has been updated.</p>")
                : message(note);
        Html.Safe usernameRow = create ? Template.of("<tr><td>Username</td><td><input"
                + " type=\"text\" name=\"username\" value=\"{{u}}\"></td></tr>")
                .render("u", v.username()) : Template.of("<tr><td>Username</td>"
                + "<td class=\"username\">{{u}}</td></tr>").render("u", v.username());
        Html.Safe form = ACCOUNT_FORM.render("heading", create ? "New Account"
                : "Edit Account", "message", message, "action", create ? "/account/new"
                : "/account/edit", "csrf", Fragments.csrfField(visit.csrf()), "username",
                usernameRow, "email", v.email(), "firstName", v.firstName(), "lastName",
                v.lastName(), "address", v.address(), "city", v.city(), "state", v.state(),
                "zip", v.zip(), "country", v.country(), "phone", v.phone(), "categories",
                Html.safe(options.toString()), "myList", Html.safe(v.myListOption()
                ? " checked" : ""), "banner", Html.safe(v.bannerOption() ? " checked" : ""));
        page(req, resp, visit, status, create ? "New Account" : "Edit Account",
                List.of(markup(form)));
    }

    private Account accountFromForm(HttpServletRequest req, String username) {
        String fav = param(req, "favouriteCategory");
        return new Account(username, param(req, "email"), param(req, "firstName"),
                param(req, "lastName"), param(req, "address"), param(req, "city"),
                param(req, "state"), param(req, "zip"), param(req, "country"),
                param(req, "phone"), Schema.CATEGORIES.contains(fav) ? fav : null,
                "true".equals(req.getParameter("myList")),
                "true".equals(req.getParameter("banner")));
    }

    private void createAccount(HttpServletRequest req, HttpServletResponse resp, Visit visit)
            throws IOException {
        String username = param(req, "username");
        Account a = accountFromForm(req, username);
        String password = param(req, "password");
        List<String> missing = missing(req, "email", "firstName", "lastName");
        if (!USERNAME.matcher(username).matches()) {
            accountForm(req, resp, visit, a, "User name must be 3 to 25 letters, digits or _.",
                    400);
        } else if (password.length() < 6) {
            accountForm(req, resp, visit, a, "Password must have at least 6 characters.", 400);
        } else if (!missing.isEmpty() || !a.email().contains("@")) {
            accountForm(req, resp, visit, a, "Please fill in: " + missing + " (and a valid"
                    + " email).", 400);
        } else if (!services.account().create(a, password.toCharArray())) {
            accountForm(req, resp, visit, a, "User name " + username + " is taken.", 409);
        } else {
            visit.signIn(req, a);
            ViewCookie.set(resp, a);
            redirect(resp, "/");
        }
    }

    private void updateAccount(HttpServletRequest req, HttpServletResponse resp, Visit visit)
            throws IOException {
        if (!requireSignIn(resp, visit, "/account/edit")) {
            return;
        }
        Account a = accountFromForm(req, visit.account().username());
        String password = param(req, "password");
        List<String> missing = missing(req, "email", "firstName", "lastName");
        if (!missing.isEmpty() || !a.email().contains("@")) {
            accountForm(req, resp, visit, a, "Please fill in: " + missing + " (and a valid"
                    + " email).", 400);
        } else if (!password.isEmpty() && password.length() < 6) {
            accountForm(req, resp, visit, a, "Password must have at least 6 characters.", 400);
        } else {
            services.account().update(a, password.toCharArray());
            visit.refresh(a);
            ViewCookie.set(resp, a);
            redirect(resp, "/account/edit?saved=1");
        }
    }

    // ------------------------------------------------------------------ helpers

    private void notFound(HttpServletRequest req, HttpServletResponse resp, Visit visit)
            throws IOException {
        resp.reset();
        page(req, resp, visit, 404, "Not found", List.of(markup(Html.safe(
                "<p class=\"error\">Sorry, we could not find that page.</p>"))));
    }

    private static Html.Safe message(String error) {
        return error == null ? Html.EMPTY
                : Template.of("<p class=\"error\">{{e}}</p>").render("e", error);
    }

    private static List<String> missing(HttpServletRequest req, String... names) {
        List<String> out = new ArrayList<>();
        for (String n : names) {
            String v = param(req, n);
            if (v.isBlank() || v.length() > 80) {
                out.add(n);
            }
        }
        return out;
    }

    private static String param(HttpServletRequest req, String name) {
        String v = req.getParameter(name);
        return v == null ? "" : v.trim();
    }

    private static int parseInt(String s, int fallback) {
        try {
            return Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private static void redirect(HttpServletResponse resp, String location) {
        resp.setStatus(HttpServletResponse.SC_SEE_OTHER);
        resp.setHeader("Location", location);
        resp.setHeader("Cache-Control", "private, no-store");
    }

    private static void write(HttpServletResponse resp, String html) throws IOException {
        byte[] bytes = html.getBytes(StandardCharsets.UTF_8);
        resp.setContentType("text/html;charset=UTF-8");
        resp.setContentLength(bytes.length);
        resp.getOutputStream().write(bytes);
    }
}
