package io.github.wscache.petshop.web;

import static io.github.wscache.petshop.web.Pages.markup;
import static io.github.wscache.petshop.web.Pages.message;
import static io.github.wscache.petshop.web.Pages.missing;
import static io.github.wscache.petshop.web.Pages.param;
import static io.github.wscache.petshop.web.Pages.redirect;
import static io.github.wscache.petshop.web.Pages.requireSignIn;

import io.github.wscache.petshop.db.Schema;
import io.github.wscache.petshop.model.Account;
import io.github.wscache.petshop.service.Services;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Sign-in, sign-out and the account pages: {@code /signin}, {@code /signout},
 * {@code /account/new} and {@code /account/edit}, each form with its post. Every change of who
 * is signed in, or of the account's banner options, also sets the {@link ViewCookie} the edge
 * keys shared containers by.
 */
final class AccountPages {

    private static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9_]{3,25}");
    private static final Pattern SAFE_NEXT = Pattern.compile("/[A-Za-z0-9/_?=&.-]*");
    private static final Template SIGNIN = Template.of("""
            <section class="signin"><h2>Sign In</h2>{{message}}
            <form method="post" action="/session">{{csrf}}<input type="hidden" name="next" \
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

    private final Services services;
    private final Pages pages;

    AccountPages(Services services, Pages pages) {
        this.services = services;
        this.pages = pages;
    }

    /**
     * {@code GET /signin}, or the form again with {@code error} (401). The empty form of a GET is
     * shared at an edge ({@link Pages#sharedAtEdge}): then it carries no CSRF token, and its post
     * proves its origin instead.
     */
    void signInForm(HttpServletRequest req, HttpServletResponse resp, Visit visit,
            String username, String next, String error) throws IOException {
        Html.Safe form = SIGNIN.render("message", message(error), "csrf", csrf(req, visit),
                "next", next, "username", username);
        pages.page(req, resp, visit, error == null ? 200 : 401, "Sign In",
                List.of(markup(form)));
    }

    /** {@code POST /signin}: signs in and redirects to a safe {@code next}. */
    void signIn(HttpServletRequest req, HttpServletResponse resp, Visit visit)
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

    /** {@code POST /signout}: ends the session and clears the view cookie. */
    static void signOut(HttpServletResponse resp, Visit visit) {
        visit.signOut();
        ViewCookie.clear(resp);
        redirect(resp, "/");
    }

    /** {@code GET /account/edit}: the form with the account as stored. */
    void editAccount(HttpServletRequest req, HttpServletResponse resp, Visit visit)
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

    /**
     * {@code GET /account/new}: the empty registration form, whoever asks (a signed-in visitor
     * who registers becomes the new account), so that an edge can share it.
     */
    void newAccountForm(HttpServletRequest req, HttpServletResponse resp, Visit visit)
            throws IOException {
        accountForm(req, resp, visit, null, null, 200, true);
    }

    private void accountForm(HttpServletRequest req, HttpServletResponse resp, Visit visit,
            Account a, String note) throws IOException {
        accountForm(req, resp, visit, a, note, 200);
    }

    private void accountForm(HttpServletRequest req, HttpServletResponse resp, Visit visit,
            Account a, String note, int status) throws IOException {
        accountForm(req, resp, visit, a, note, status, visit.account() == null);
    }

    private void accountForm(HttpServletRequest req, HttpServletResponse resp, Visit visit,
            Account a, String note, int status, boolean create) throws IOException {
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
                : "/account/edit", "csrf", csrf(req, visit), "username",
                usernameRow, "email", v.email(), "firstName", v.firstName(), "lastName",
                v.lastName(), "address", v.address(), "city", v.city(), "state", v.state(),
                "zip", v.zip(), "country", v.country(), "phone", v.phone(), "categories",
                Html.safe(options.toString()), "myList", Html.safe(v.myListOption()
                ? " checked" : ""), "banner", Html.safe(v.bannerOption() ? " checked" : ""));
        pages.page(req, resp, visit, status, create ? "New Account" : "Edit Account",
                List.of(markup(form)));
    }

    /** The form's CSRF field: none in a form an edge shares, or without a session. */
    private Html.Safe csrf(HttpServletRequest req, Visit visit) {
        return pages.sharedAtEdge(req) || visit.csrf() == null ? Html.EMPTY
                : Fragments.csrfField(visit.csrf());
    }

    private static Account accountFromForm(HttpServletRequest req, String username) {
        String fav = param(req, "favouriteCategory");
        return new Account(username, param(req, "email"), param(req, "firstName"),
                param(req, "lastName"), param(req, "address"), param(req, "city"),
                param(req, "state"), param(req, "zip"), param(req, "country"),
                param(req, "phone"), Schema.CATEGORIES.contains(fav) ? fav : null,
                "true".equals(req.getParameter("myList")),
                "true".equals(req.getParameter("banner")));
    }

    /** {@code POST /account/new}: registers and signs in. */
    void createAccount(HttpServletRequest req, HttpServletResponse resp, Visit visit)
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

    /** {@code POST /account/edit}: saves the account. */
    void updateAccount(HttpServletRequest req, HttpServletResponse resp, Visit visit)
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
}
