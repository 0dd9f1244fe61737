package io.github.wscache.petshop.web;

import io.github.wscache.petshop.model.Account;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The view cookie {@value #NAME}: everything a shared container page depends on besides its URL
 * — whether the visitor is signed in and which category's banner it shows. An edge that caches
 * containers varies them by this cookie only (paper §5.3: the output cache's "vary by" of the
 * container), never by the session cookie, so signed-in visitors with the same favourite category
 * share one cached container while their personal fragments stay uncacheable.
 *
 * <p>Values: absent (signed out), {@code in} (signed in, no banner) or {@code in-CATEGORY}. It
 * holds nothing secret; a wrong value can only make the page show another variant of the shared
 * layout, and the servlet refuses to let the edge store a container rendered for a visitor whose
 * cookie disagrees with its session.
 */
final class ViewCookie {

    /** The cookie's name, for the edge's "vary cookies" configuration. */
    static final String NAME = "PS_VIEW";

    private ViewCookie() {
    }

    /** The value for {@code account}, or null when signed out. */
    static String valueFor(Account account) {
        if (account == null) {
            return null;
        }
        return account.bannerOption() && account.favouriteCategory() != null
                ? "in-" + account.favouriteCategory() : "in";
    }

    /**
     * The banner category a view value names ({@code in-DOGS}: {@code DOGS}); the empty string
     * (no banner) for any other value.
     */
    static String bannerCategory(String view) {
        return view.startsWith("in-") && Pages.ID.matcher(view.substring(3)).matches()
                ? view.substring(3) : "";
    }

    /** The value the request carries, or null. */
    static String of(HttpServletRequest req) {
        Cookie[] cookies = req.getCookies();
        if (cookies != null) {
            for (Cookie c : cookies) {
                if (NAME.equals(c.getName())) {
                    return c.getValue();
                }
            }
        }
        return null;
    }

    /** True when the request's cookie describes {@code account}'s view. */
    static boolean matches(HttpServletRequest req, Account account) {
        String want = valueFor(account);
        String have = of(req);
        return want == null ? have == null || have.isEmpty() : want.equals(have);
    }

    /** Sets the cookie for a signed-in {@code account} (or clears it when null). */
    static void set(HttpServletResponse resp, Account account) {
        String v = valueFor(account);
        if (v == null) {
            clear(resp);
            return;
        }
        resp.addCookie(cookie(v, -1));
    }

    /** Removes the cookie (sign out). */
    static void clear(HttpServletResponse resp) {
        resp.addCookie(cookie("", 0));
    }

    private static Cookie cookie(String value, int maxAge) {
        Cookie c = new Cookie(NAME, value);
        c.setPath("/");
        c.setHttpOnly(true);
        c.setMaxAge(maxAge);
        c.setAttribute("SameSite", "Lax");
        return c;
    }
}
