package io.github.wscache.petshop.web;

import io.github.wscache.petshop.model.Account;
import io.github.wscache.petshop.model.Cart;
import io.github.wscache.petshop.model.CartLine;
import io.github.wscache.petshop.model.Category;
import io.github.wscache.petshop.model.CategoryPage;
import io.github.wscache.petshop.model.Item;
import io.github.wscache.petshop.model.Product;
import io.github.wscache.petshop.model.ProductPage;
import io.github.wscache.petshop.service.Services;
import java.util.List;
import java.util.Optional;

/**
 * Renders each {@link Fragment} from the business services. Cacheable fragments depend only on
 * their URL (never on the session), so one rendering can be shared by every user; the cart and
 * "pet favourites" fragments depend on the session and are never cached. Add-to-cart buttons refer
 * to a form the container page emits with the session's CSRF token ({@code form="f-cart-add"}),
 * which keeps the item fragments free of per-session data.
 */
final class Fragments {

    private static final Template HEADER = Template.of("""
            <header class="nav"><a class="logo" href="/">Pet Shop</a>
            <nav>{{categories}}</nav>
            <form class="search" method="get" action="/search">\
            <input type="text" name="keyword" aria-label="Search" placeholder="Search pets">\
            <button type="submit">Search</button></form>
            <span class="user">{{user}}</span></header>
            """);
    private static final Template SIGNED_IN = Template.of("""
            <a href="/cart">Cart</a> <a href="/orders">My orders</a> \
            <a href="/account/edit">My account</a> \
            <button type="submit" form="f-signout" class="link">Sign out</button>""");
    private static final Template SIGNED_OUT = Template.of("""
            <a href="/cart">Cart</a> <a href="/signin">Sign in</a> \
            <a href="/account/new">Register</a>""");
    private static final Template LINK = Template.of("<a href=\"{{href}}\">{{text}}</a> ");
    private static final Template CATEGORY = Template.of("""
            <section class="category" id="category-{{id}}"><h2>{{name}}</h2>
            <p>{{description}}</p>
            <table><tr><th>Product ID</th><th>Name</th></tr>
            {{rows}}</table></section>
            """);
    private static final Template PRODUCT_ROW = Template.of(
            "<tr><td><a href=\"/product?id={{q}}\">{{id}}</a></td><td>{{name}}</td></tr>\n");
    private static final Template PRODUCT = Template.of("""
            <section class="product" id="product-{{id}}">\
            <p><a href="/category?id={{catq}}">Back to {{category}}</a></p>
            <h2>{{name}}</h2><p>{{description}}</p>
            <table><tr><th>Item ID</th><th>Description</th><th>Price</th><th></th></tr>
            {{rows}}</table></section>
            """);
    private static final Template ITEM_ROW = Template.of("""
            <tr><td><a href="/item?id={{q}}">{{id}}</a></td><td>{{attr}} {{name}}</td>\
            <td>${{price}}</td><td>{{button}}</td></tr>
            """);
    private static final Template ADD_BUTTON = Template.of("<button type=\"submit\""
            + " form=\"f-cart-add\" name=\"itemId\" value=\"{{id}}\">Add to Cart</button>");
    private static final Template ITEM = Template.of("""
            <section class="item" id="item-{{id}}">\
            <p><a href="/product?id={{prodq}}">Back to {{name}}</a></p>
            <h2>{{attr}} {{name}}</h2><p class="item-id">{{id}}</p>
            <p class="price">${{price}}</p><p class="stock">{{stock}}</p>
            {{button}}</section>
            """);
    private static final Template SEARCH = Template.of("""
            <section class="search-results"><h2>Search results for "{{keyword}}"</h2>
            <table><tr><th>Product ID</th><th>Name</th><th>Category</th></tr>
            {{rows}}</table>{{none}}</section>
            """);
    private static final Template SEARCH_ROW = Template.of("""
            <tr><td><a href="/product?id={{q}}">{{id}}</a></td><td>{{name}}</td>\
            <td>{{category}}</td></tr>
            """);
    private static final Template BANNER = Template.of(
            "<aside class=\"banner\" id=\"banner-{{category}}\">{{text}}</aside>\n");
    private static final Template MYLIST = Template.of("""
            <aside class="mylist"><h3>Pet Favorites</h3><p>Shop for more {{category}}</p>
            <ul>{{rows}}</ul></aside>
            """);
    private static final Template MYLIST_ROW = Template.of(
            "<li><a href=\"/product?id={{q}}\">{{name}}</a></li>");
    private static final Template CART = Template.of("""
            <section class="cart"><h2>Shopping Cart</h2>
            <form method="post" action="/cart/update">{{csrf}}
            <table><tr><th>Item ID</th><th>Description</th><th>In Stock</th><th>Quantity</th>\
            <th>List Price</th><th>Total</th><th></th></tr>
            {{rows}}<tr><td colspan="5">Sub Total</td><td class="subtotal">${{subtotal}}</td>\
            <td></td></tr></table>
            {{actions}}</form>{{removeForm}}</section>
            """);
    private static final Template CART_ROW = Template.of("""
            <tr><td><a href="/item?id={{q}}">{{id}}</a></td><td>{{attr}} {{name}}</td>\
            <td>{{stock}}</td><td><input type="number" min="0" name="qty_{{id}}" \
            value="{{quantity}}" aria-label="Quantity of {{id}}"></td><td>${{price}}</td>\
            <td>${{total}}</td><td><button type="submit" form="f-cart-remove" name="itemId" \
            value="{{id}}">Remove</button></td></tr>
            """);
    private static final Template CSRF_FIELD = Template.of(
            "<input type=\"hidden\" name=\"_csrf\" value=\"{{token}}\">");

    private final Services services;

    Fragments(Services services) {
        this.services = services;
    }

    /** Renders {@code ref}; {@code visit} is used only by the session fragments. */
    Optional<Html.Safe> render(Fragment.Ref ref, Visit visit) {
        return switch (ref.fragment()) {
            case HEADER -> Optional.of(header("true".equals(ref.value())));
            case CATEGORIES -> Optional.of(categories());
            case CATEGORY -> services.catalog().category(ref.value()).map(Fragments::category);
            case PRODUCT -> services.catalog().product(ref.value()).map(Fragments::product);
            case ITEM -> services.catalog().item(ref.value()).map(Fragments::item);
            case SEARCH -> Optional.of(search(ref.value()));
            case BANNER -> Optional.of(services.catalog().banner(ref.value())
                    .map(text -> BANNER.render("category", ref.value(), "text", text))
                    .orElse(Html.EMPTY));
            case MYLIST -> Optional.of(myList(visit.account()));
            case CART -> Optional.of(cart(visit));
            default -> throw new IllegalArgumentException("unknown fragment: " + ref);
        };
    }

    static Html.Safe csrfField(String token) {
        return CSRF_FIELD.render("token", token);
    }

    private Html.Safe header(boolean signedIn) {
        StringBuilder links = new StringBuilder();
        for (Category c : services.catalog().categories()) {
            links.append(LINK.render("href", "/category?id=" + Html.url(c.id()), "text",
                    c.name()).html());
        }
        return HEADER.render("categories", Html.safe(links.toString()), "user",
                signedIn ? SIGNED_IN.render() : SIGNED_OUT.render());
    }

    private Html.Safe categories() {
        StringBuilder out = new StringBuilder("<section class=\"welcome\"><h2>Welcome to the Pet"
                + " Shop</h2>\n<ul class=\"categories\">");
        for (Category c : services.catalog().categories()) {
            out.append("<li>").append(LINK.render("href", "/category?id=" + Html.url(c.id()),
                    "text", c.name()).html()).append(Html.escape(c.description()))
                    .append("</li>");
        }
        return Html.safe(out.append("</ul></section>\n").toString());
    }

    private static Html.Safe category(CategoryPage page) {
        StringBuilder rows = new StringBuilder();
        for (Product p : page.products()) {
            rows.append(PRODUCT_ROW.render("q", Html.url(p.id()), "id", p.id(), "name",
                    p.name()).html());
        }
        Category c = page.category();
        return CATEGORY.render("id", c.id(), "name", c.name(), "description", c.description(),
                "rows", Html.safe(rows.toString()));
    }

    private static Html.Safe product(ProductPage page) {
        StringBuilder rows = new StringBuilder();
        for (Item i : page.items()) {
            rows.append(ITEM_ROW.render("q", Html.url(i.id()), "id", i.id(), "attr",
                    i.attribute(), "name", i.productName(), "price", i.listPrice(), "button",
                    ADD_BUTTON.render("id", i.id())).html());
        }
        Product p = page.product();
        return PRODUCT.render("id", p.id(), "catq", Html.url(p.categoryId()), "category",
                page.categoryName(), "name", p.name(), "description", p.description(), "rows",
                Html.safe(rows.toString()));
    }

    private static Html.Safe item(Item i) {
        return ITEM.render("id", i.id(), "prodq", Html.url(i.productId()), "name",
                i.productName(), "attr", i.attribute(), "price", i.listPrice(), "stock",
                i.inStock() ? i.quantity() + " in stock" : "Back ordered", "button",
                ADD_BUTTON.render("id", i.id()));
    }

    private Html.Safe search(String keyword) {
        List<Product> found = services.catalog().search(keyword);
        StringBuilder rows = new StringBuilder();
        for (Product p : found) {
            rows.append(SEARCH_ROW.render("q", Html.url(p.id()), "id", p.id(), "name", p.name(),
                    "category", p.categoryId()).html());
        }
        return SEARCH.render("keyword", keyword, "rows", Html.safe(rows.toString()), "none",
                found.isEmpty() ? Html.safe("<p class=\"none\">No products found.</p>")
                        : Html.EMPTY);
    }

    private Html.Safe myList(Account account) {
        if (account == null || !account.myListOption() || account.favouriteCategory() == null) {
            return Html.EMPTY;
        }
        StringBuilder rows = new StringBuilder();
        for (Product p : services.catalog().productsInCategory(account.favouriteCategory())) {
            rows.append(MYLIST_ROW.render("q", Html.url(p.id()), "name", p.name()).html());
        }
        return MYLIST.render("category", account.favouriteCategory(), "rows",
                Html.safe(rows.toString()));
    }

    private static Html.Safe cart(Visit visit) {
        Cart cart = visit.cart();
        if (cart == null || cart.isEmpty()) {
            return Html.safe("<section class=\"cart\"><h2>Shopping Cart</h2>"
                    + "<p class=\"empty\">Your cart is empty.</p></section>\n");
        }
        StringBuilder rows = new StringBuilder();
        for (CartLine line : cart.lines()) {
            Item i = line.item();
            rows.append(CART_ROW.render("q", Html.url(i.id()), "id", i.id(), "attr",
                    i.attribute(), "name", i.productName(), "stock", i.inStock(), "quantity",
                    line.quantity(), "price", i.listPrice(), "total", line.total()).html());
        }
        Html.Safe token = csrfField(visit.csrf());
        return CART.render("csrf", token, "rows", Html.safe(rows.toString()), "subtotal",
                cart.subtotal(), "actions", Html.safe("<button type=\"submit\">Update Cart"
                        + "</button> <a class=\"checkout\" href=\"/checkout\">Proceed to"
                        + " Checkout</a>"),
                "removeForm", Html.safe("<form id=\"f-cart-remove\" method=\"post\""
                        + " action=\"/cart/remove\">" + token.html() + "</form>"));
    }
}
