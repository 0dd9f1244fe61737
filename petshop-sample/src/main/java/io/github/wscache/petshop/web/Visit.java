package io.github.wscache.petshop.web;

import io.github.wscache.petshop.model.Account;
import io.github.wscache.petshop.model.Cart;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * What the presentation tier knows about the visitor of one request: the session's account, cart
 * and CSRF token. Session state lives in the HTTP session of the tier that runs the presentation.
 */
final class Visit {

    static final String ACCOUNT = "petshop.account";
    static final String CART = "petshop.cart";
    static final String CSRF = "petshop.csrf";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final HttpSession session;

    private Visit(HttpSession session) {
        this.session = session;
    }

    /** The visit of {@code req}; creates the session (and its CSRF token) when asked to. */
    static Visit of(HttpServletRequest req, boolean create) {
        HttpSession s = req.getSession(create);
        if (s != null && s.getAttribute(CSRF) == null) {
            byte[] token = new byte[24];
            RANDOM.nextBytes(token);
            s.setAttribute(CSRF, Base64.getUrlEncoder().withoutPadding().encodeToString(token));
        }
        return new Visit(s);
    }

    /** The signed-in account, or null. */
    Account account() {
        return session == null ? null : (Account) session.getAttribute(ACCOUNT);
    }

    boolean signedIn() {
        return account() != null;
    }

    /** The session's cart, created on first use; null without a session. */
    Cart cart() {
        if (session == null) {
            return null;
        }
        synchronized (session) {
            Cart c = (Cart) session.getAttribute(CART);
            if (c == null) {
                c = new Cart();
                session.setAttribute(CART, c);
            }
            return c;
        }
    }

    /** The CSRF token, or null without a session. */
    String csrf() {
        return session == null ? null : (String) session.getAttribute(CSRF);
    }

    void signIn(HttpServletRequest req, Account account) {
        req.changeSessionId();
        session.setAttribute(ACCOUNT, account);
    }

    void refresh(Account account) {
        session.setAttribute(ACCOUNT, account);
    }

    void signOut() {
        session.invalidate();
    }
}
