package io.github.wscache.petshop.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.petshop.model.Account;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.lang.reflect.Proxy;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.session.StandardManager;
import org.apache.catalina.session.StandardSession;
import org.junit.jupiter.api.Test;

/** A visit whose session another request of the same visitor ends in the middle of it. */
class VisitTest {

    @Test
    void aSessionInvalidatedMidRequest_makesTheRestOfTheRequestASignedOutVisit() {
        StandardManager manager = new StandardManager();
        manager.setContext(new StandardContext());
        StandardSession session = new StandardSession(manager);
        session.setValid(true);
        session.setMaxInactiveInterval(60);
        session.setId("visit-test", false);
        HttpSession facade = session.getSession();
        Visit visit = Visit.of(request(facade), true);
        facade.setAttribute(Visit.ACCOUNT, new Account("j2ee", "j2ee@example.com", "ABC",
                "XYX", "901 San Antonio Road", "Palo Alto", "CA", "94303", "USA",
                "555-555-5555", "DOGS", true, true));
        assertThat(visit.signedIn()).isTrue();
        assertThat(visit.csrf()).isNotNull();
        assertThat(visit.cart()).isNotNull();

        // what a sign-out in another tab does while this request renders
        facade.invalidate();

        assertThat(visit.signedIn()).isFalse();
        assertThat(visit.account()).isNull();
        assertThat(visit.csrf()).isNull();
        assertThat(visit.cart()).isNull();
        assertThat(Visit.of(request(facade), true).signedIn()).isFalse();
    }

    /** A request whose session is {@code session}, whatever {@code getSession} is asked. */
    private static HttpServletRequest request(HttpSession session) {
        return (HttpServletRequest) Proxy.newProxyInstance(VisitTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getSession")) {
                        return session;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
