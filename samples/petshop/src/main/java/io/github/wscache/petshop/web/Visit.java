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
        Visit visit = new Visit(req.getSession(create));
        if (visit.session != null && visit.csrf() == null) {
            byte[] token = new byte[24];
            RANDOM.nextBytes(token);
            try {
                visit.session.setAttribute(CSRF,
                        Base64.getUrlEncoder().withoutPadding().encodeToString(token));
            } catch (IllegalStateException invalidated) {
                // signed out by a concurrent request: this one has no token to check
            }
        }
        return visit;
    }

    /**
     * An attribute of the session, or null; also null once the session is invalidated, which a
     * concurrent request of the same session can do at any moment (a sign-out in another tab):
     * this request then goes on as a visitor without a session instead of failing.
     */
    private Object attribute(String name) {
        if (session == null) {
            return null;
        }
        try {
            return session.getAttribute(name);
        } catch (IllegalStateException invalidated) {
            return null;
        }
    }

    /** The signed-in account, or null. */
    Account account() {
        return (Account) attribute(ACCOUNT);
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
            Cart c = (Cart) attribute(CART);
            if (c == null) {
                c = new Cart();
                try {
                    session.setAttribute(CART, c);
                } catch (IllegalStateException invalidated) {
                    return null;
                }
            }
            return c;
        }
    }

    /** The CSRF token, or null without a session. */
    String csrf() {
        return (String) attribute(CSRF);
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
