package io.github.wscache.petshop.web;

import static io.github.wscache.petshop.web.Pages.markup;
import static io.github.wscache.petshop.web.Pages.message;
import static io.github.wscache.petshop.web.Pages.missing;
import static io.github.wscache.petshop.web.Pages.param;
import static io.github.wscache.petshop.web.Pages.parseInt;
import static io.github.wscache.petshop.web.Pages.redirect;
import static io.github.wscache.petshop.web.Pages.requireSignIn;

import io.github.wscache.petshop.dao.OrderDao.OutOfStockException;
import io.github.wscache.petshop.model.Account;
import io.github.wscache.petshop.model.Cart;
import io.github.wscache.petshop.model.CartLine;
import io.github.wscache.petshop.model.LineItem;
import io.github.wscache.petshop.model.Order;
import io.github.wscache.petshop.model.OrderRequest;
import io.github.wscache.petshop.model.OrderSummary;
import io.github.wscache.petshop.service.Services;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The pages of a signed-in visitor's orders: {@code /checkout} (and its {@code POST /order}),
 * one order ({@code /order?id=}) and the list ({@code /orders}). Placing an order invalidates the
 * cached fragments of the items bought, whose stock changed.
 */
final class OrderPages {

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
    private final FragmentCache cache;
    private final Pages pages;

    OrderPages(Services services, FragmentCache cache, Pages pages) {
        this.services = services;
        this.cache = cache;
        this.pages = pages;
    }

    /** {@code GET /checkout}, or the form again with {@code error} (409). */
    void checkout(HttpServletRequest req, HttpServletResponse resp, Visit visit,
            String error) throws IOException {
        Cart cart = cartToCheckOut(resp, visit);
        if (cart == null) {
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
        pages.page(req, resp, visit, error == null ? 200 : 409, "Checkout",
                List.of(markup(form)));
    }

    /** {@code POST /order}: places the order and redirects to it. */
    void placeOrder(HttpServletRequest req, HttpServletResponse resp, Visit visit)
            throws IOException {
        Cart cart = cartToCheckOut(resp, visit);
        if (cart == null) {
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
        List<String> tags = new java.util.ArrayList<>();
        for (String itemId : quantities.keySet()) {
            cache.invalidate(Fragment.ITEM.ref(itemId).url());
            tags.add("item:" + itemId);
        }
        // the stock shown at the edges changed: drop it there before the visitor's next page
        pages.purge(resp, tags);
        redirect(resp, "/order?id=" + id);
    }

    /** The cart to check out; null, after a redirect, when signed out or the cart is empty. */
    private static Cart cartToCheckOut(HttpServletResponse resp, Visit visit)
            throws IOException {
        if (!requireSignIn(resp, visit, "/checkout")) {
            return null;
        }
        Cart cart = visit.cart();
        if (cart.isEmpty()) {
            redirect(resp, "/cart");
            return null;
        }
        return cart;
    }

    /** {@code GET /order?id=}: one of the visitor's orders. */
    void order(HttpServletRequest req, HttpServletResponse resp, Visit visit)
            throws IOException {
        if (!requireSignIn(resp, visit, "/orders")) {
            return;
        }
        int id = parseInt(param(req, "id"), -1);
        Optional<Order> found = services.order().find(visit.account().username(), id);
        if (found.isEmpty()) {
            pages.notFound(req, resp, visit);
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
        pages.page(req, resp, visit, 200, "Order " + o.id(), List.of(markup(html)));
    }

    /** {@code GET /orders}: the visitor's orders. */
    void orders(HttpServletRequest req, HttpServletResponse resp, Visit visit)
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
        pages.page(req, resp, visit, 200, "My Orders",
                List.of(markup(Html.safe(out.toString()))));
    }
}
