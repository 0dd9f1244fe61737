package io.github.wscache.edge;

import static io.github.wscache.edge.EdgeTestSupport.get;
import static io.github.wscache.edge.EdgeTestSupport.send;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.embedded.EmbeddedServer;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The edge with its defaults in front of a real web application (a servlet on embedded Tomcat with
 * container sessions) that behaves as very many do: pages without {@code Cache-Control}, a
 * method-override header honoured, links built from forwarding headers. No signed-in user's page
 * may reach anyone else, and no request may decide what other users get.
 */
class EdgeSecurityTest {
    private static final String LAST_MODIFIED = DateTimeFormatter.RFC_1123_DATE_TIME.format(
            Instant.now().minus(10, ChronoUnit.DAYS).atOffset(ZoneOffset.UTC));

    private static final String NOT_SHARED =
            "request with Cookie or credentials, and the response is not marked shared";

    private final TypicalSite site = new TypicalSite();
    private EmbeddedServer origin;
    private EdgeServer edge;

    @BeforeEach
    void startOrigin() throws IOException {
        origin = EmbeddedServer.builder().baseDirPrefix("edge-security-origin")
                .inMemorySessions(30).quietErrorPages().servlet("site", site, "/").start();
    }

    @AfterEach
    void stop() {
        if (edge != null) {
            edge.close();
        }
        origin.close();
    }

    private EdgeServer edge(EdgeServer.Builder b) {
        edge = b.origin(URI.create("http://127.0.0.1:" + origin.port())).build().start();
        return edge;
    }

    private EdgeServer edge() {
        return edge(EdgeServer.builder());
    }

    /** Signs {@code user} in at the origin itself; returns the session cookie. */
    private String signIn(String user) {
        HttpResponse<String> r = send(edge, "POST", "/login?user=" + user, "");
        assertThat(r.statusCode()).isEqualTo(303);
        String setCookie = r.headers().firstValue("Set-Cookie").orElseThrow();
        return setCookie.substring(0, setCookie.indexOf(';'));
    }

    // --- 1. a signed-in user's page is never shared ---

    @ParameterizedTest
    @ValueSource(strings = {"/account", "/account/x.css", "/account;x.css", "/account/.css"})
    void aSignedInUsersPage_withoutCacheControl_isNeverServedToAnotherRequest(String path) {
        edge();
        String victim = signIn("victim");
        HttpResponse<String> own = get(edge, path, "Cookie", victim);
        assertThat(own.body()).contains("account of victim");
        assertThat(own.headers().firstValue("Cache-Status").orElse(""))
                .doesNotContain("stored");

        HttpResponse<String> attacker = get(edge, path);
        assertThat(attacker.body()).doesNotContain("victim").contains("please sign in");
        HttpResponse<String> otherUser = get(edge, path, "Cookie", signIn("eve"));
        assertThat(otherUser.body()).contains("account of eve").doesNotContain("victim");
        assertThat(EdgeTestSupport.admin(edge, EdgeServer.ADMIN_PAGE_PATH + "/state.json")
                .body()).contains("not stored: " + NOT_SHARED);
    }

    @Test
    void anAnonymousCopy_isNotServedToASignedInUser() {
        edge();
        assertThat(get(edge, "/account").body()).contains("please sign in");
        assertThat(get(edge, "/account").headers().firstValue("Cache-Status"))
                .hasValue("wscache-edge; hit");
        String ann = signIn("ann");
        assertThat(get(edge, "/account", "Cookie", ann).body()).contains("account of ann");
    }

    @Test
    void aCredentialLikeHeader_makesARequestPersonalToo() {
        edge();
        HttpResponse<String> own = get(edge, "/api/me", "X-Api-Key", "key-of-ann");
        assertThat(own.body()).isEqualTo("api user key-of-ann");
        assertThat(get(edge, "/api/me").body()).isEqualTo("api user none");
        assertThat(get(edge, "/api/me", "X-Api-Key", "key-of-bob").body())
                .isEqualTo("api user key-of-bob");
    }

    @Test
    void aResponseMarkedShared_isStoredAndServedForSignedInUsers() {
        edge();
        String ann = signIn("ann");
        assertThat(get(edge, "/pub/x", "Cookie", ann).headers().firstValue("Cache-Status"))
                .hasValue("wscache-edge; fwd=uri-miss; stored");
        assertThat(get(edge, "/pub/x", "Cookie", signIn("bob")).headers()
                .firstValue("Cache-Status")).hasValue("wscache-edge; hit");
        assertThat(get(edge, "/pub/x").headers().firstValue("Cache-Status"))
                .hasValue("wscache-edge; hit");
        assertThat(site.count("/pub/x")).isEqualTo(1);
    }

    @Test
    void heuristicFreshness_neverSharesTheAnswerToARequestWithACookie() {
        edge();
        get(edge, "/about", "Cookie", "theme=dark");
        get(edge, "/about", "Cookie", "theme=dark");
        assertThat(site.count("/about")).isEqualTo(2);
    }

    @Test
    void cookiesTheAdministratorListsAsAnonymous_doNotMakeARequestPersonal() {
        edge(EdgeServer.builder().anonymousCookies("_ga*", "consent"));
        get(edge, "/about", "Cookie", "_ga=GA1.2.3; _ga_XYZ=GS1; consent=yes");
        assertThat(get(edge, "/about", "Cookie", "_ga=GA1.9.9").headers()
                .firstValue("Cache-Status")).hasValue("wscache-edge; hit");
        assertThat(site.count("/about")).isEqualTo(1);
        // one cookie that is not listed makes it personal again
        get(edge, "/about", "Cookie", "_ga=GA1.2.3; session=abc");
        assertThat(site.count("/about")).isEqualTo(2);
    }

    @Test
    void varyCookies_keepWorking_forResponsesThatVaryOnCookieWithAnExplicitLifetime() {
        edge(EdgeServer.builder().varyCookies("view"));
        assertThat(get(edge, "/layout", "Cookie", "view=in; JSESSIONID=a").body())
                .isEqualTo("layout in");
        assertThat(get(edge, "/layout", "Cookie", "view=in; JSESSIONID=b").headers()
                .firstValue("Cache-Status")).hasValue("wscache-edge; hit");
        assertThat(get(edge, "/layout", "Cookie", "view=out").body()).isEqualTo("layout out");
        assertThat(site.count("/layout")).isEqualTo(2);
    }

    // --- 2. method override cannot poison a URL ---

    @Test
    void aMethodOverrideHeader_isNotForwarded_soItCannotPoisonTheUrl() {
        edge();
        HttpResponse<String> attack = get(edge, "/pub/x", "X-HTTP-Method-Override", "DELETE");
        assertThat(attack.statusCode()).isEqualTo(200);
        HttpResponse<String> victim = get(edge, "/pub/x");
        assertThat(victim.statusCode()).isEqualTo(200);
        assertThat(victim.body()).isEqualTo("public x");
        assertThat(site.overridesSeen.get()).isZero();
    }

    @Test
    void keptMethodOverrideHeaders_arePartOfTheKey() {
        edge(EdgeServer.builder().keepMethodOverride(true));
        assertThat(get(edge, "/pub/x", "X-HTTP-Method-Override", "DELETE").statusCode())
                .isEqualTo(405);
        assertThat(get(edge, "/pub/x").statusCode()).isEqualTo(200);
        assertThat(get(edge, "/pub/x", "X-HTTP-Method-Override", "DELETE").headers()
                .firstValue("Cache-Status")).hasValue("wscache-edge; hit");
        assertThat(get(edge, "/pub/x").body()).isEqualTo("public x");
    }

    @Test
    void aMethodOverrideHeader_onAPost_stillReachesTheOrigin() {
        edge();
        HttpResponse<String> r = send(edge, "POST", "/pub/x", "", "X-HTTP-Method-Override",
                "DELETE");
        assertThat(r.statusCode()).isEqualTo(405);
        assertThat(site.overridesSeen.get()).isEqualTo(1);
    }

    @Test
    void anErrorAnsweredToARequestWithAnUnusualHeader_isNeverStored() {
        edge();
        HttpResponse<String> attack = get(edge, "/pub/y", "X-Debug-Junk", "1");
        assertThat(attack.statusCode()).isEqualTo(400);
        assertThat(attack.headers().firstValue("Cache-Status").orElse(""))
                .doesNotContain("stored");
        HttpResponse<String> victim = get(edge, "/pub/y");
        assertThat(victim.statusCode()).isEqualTo(200);
    }

    @Test
    void anErrorAnsweredToAnOversizedHeader_isNeverStored() {
        edge();
        HttpResponse<String> attack = get(edge, "/pub/y", "User-Agent", "x".repeat(3000));
        assertThat(attack.statusCode()).isEqualTo(400);
        assertThat(get(edge, "/pub/y").statusCode()).isEqualTo(200);
    }

    @Test
    void anErrorAnsweredToAPlainRequest_isStillStored() {
        edge();
        assertThat(get(edge, "/gone").statusCode()).isEqualTo(410);
        assertThat(get(edge, "/gone").headers().firstValue("Cache-Status"))
                .hasValue("wscache-edge; hit");
        assertThat(site.count("/gone")).isEqualTo(1);
    }

    // --- 3. forwarding headers from clients do not reach the origin ---

    @ParameterizedTest
    @ValueSource(strings = {"X-Forwarded-Host", "X-Forwarded-Proto", "Forwarded",
            "X-Original-URL", "X-Rewrite-URL"})
    void forwardingHeadersFromAClient_neverReachTheOrigin(String header) {
        edge();
        String value = switch (header) {
            case "X-Forwarded-Proto" -> "gopher";
            case "Forwarded" -> "host=evil.example;proto=gopher";
            case "X-Original-URL", "X-Rewrite-URL" -> "/secret";
            default -> "evil.example";
        };
        get(edge, "/links", header, value);
        HttpResponse<String> victim = get(edge, "/links");
        assertThat(victim.body()).doesNotContain("evil").doesNotContain("gopher")
                .doesNotContain("secret").contains("href=\"http://127.0.0.1:");
        assertThat(site.headersSeen).allSatisfy(h -> assertThat(h).doesNotContainKeys(
                "x-forwarded-host", "x-forwarded-proto", "x-original-url", "x-rewrite-url"));
    }

    @Test
    void theEdgeTellsTheOriginWhoTheClientIs_initsOwnForwardedFields() {
        edge();
        get(edge, "/links", "X-Forwarded-For", "6.6.6.6", "Forwarded", "for=6.6.6.6");
        Map<String, String> seen = site.headersSeen.get(site.headersSeen.size() - 1);
        assertThat(seen.get("x-forwarded-for")).isEqualTo("127.0.0.1");
        assertThat(seen.get("forwarded")).isEqualTo("for=127.0.0.1;proto=http");
    }

    @Test
    void aTrustedProxysForwardingFields_areKept_andTheEdgeAppendsItsHop() {
        edge(EdgeServer.builder().trustedProxies("127.0.0.0/8"));
        get(edge, "/links", "X-Forwarded-For", "203.0.113.7", "X-Forwarded-Proto", "https",
                "Forwarded", "for=203.0.113.7;proto=https");
        Map<String, String> seen = site.headersSeen.get(site.headersSeen.size() - 1);
        assertThat(seen.get("x-forwarded-for")).isEqualTo("203.0.113.7, 127.0.0.1");
        assertThat(seen.get("x-forwarded-proto")).isEqualTo("https");
        assertThat(seen.get("forwarded"))
                .isEqualTo("for=203.0.113.7;proto=https, for=127.0.0.1;proto=http");
    }

    @Test
    void aHeaderTheSiteAddsToTheKey_reachesTheOrigin_andSelectsItsOwnEntry() {
        edge(EdgeServer.builder().keyHeaders("X-Forwarded-Proto"));
        assertThat(get(edge, "/links", "X-Forwarded-Proto", "https").body())
                .contains("href=\"https://");
        assertThat(get(edge, "/links").body()).contains("href=\"http://");
        assertThat(get(edge, "/links", "X-Forwarded-Proto", "https").headers()
                .firstValue("Cache-Status")).hasValue("wscache-edge; hit");
        assertThat(site.count("/links")).isEqualTo(2);
    }

    @Test
    void theBuilder_rejectsSettingsThatCannotWork() {
        assertThatThrownBy(() -> EdgeServer.builder().keyHeaders("Host"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Host");
        assertThatThrownBy(() -> EdgeServer.builder().trustedProxies("10.0.0.0/99"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("10.0.0.0/99");
        assertThatThrownBy(() -> EdgeServer.builder().anonymousCookies("a b"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("a b");
    }

    /**
     * A web application as many are written: container sessions, pages with a
     * {@code Last-Modified} and no {@code Cache-Control}, a method-override header honoured by its
     * router, absolute links built from the forwarding headers, an application-level limit on
     * header sizes, and a 400 for a header it does not know on one route.
     */
    static final class TypicalSite extends HttpServlet {
        private static final long serialVersionUID = 1L;
        private final transient Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
        final transient List<Map<String, String>> headersSeen = new CopyOnWriteArrayList<>();
        final transient AtomicInteger overridesSeen = new AtomicInteger();

        int count(String path) {
            AtomicInteger n = counts.get(path);
            return n == null ? 0 : n.get();
        }

        @Override
        protected void service(HttpServletRequest req, HttpServletResponse resp)
                throws IOException {
            Map<String, String> seen = new ConcurrentHashMap<>();
            for (String n : java.util.Collections.list(req.getHeaderNames())) {
                seen.put(n.toLowerCase(java.util.Locale.ROOT), String.join(", ",
                        java.util.Collections.list(req.getHeaders(n))));
            }
            headersSeen.add(seen);
            String path = req.getRequestURI();
            String original = req.getHeader("X-Original-URL") != null
                    ? req.getHeader("X-Original-URL") : req.getHeader("X-Rewrite-URL");
            if (original != null) {
                path = original; // the router honours the rewrite headers (IIS, Symfony)
            }
            String route = req.getServletPath() + (req.getPathInfo() == null ? ""
                    : req.getPathInfo());
            counts.computeIfAbsent(path.startsWith("/account") ? route : path,
                    k -> new AtomicInteger()).incrementAndGet();
            String method = req.getMethod();
            String override = req.getHeader("X-HTTP-Method-Override");
            if (override != null) {
                overridesSeen.incrementAndGet();
                method = override;
            }
            String ua = req.getHeader("User-Agent");
            if (ua != null && ua.length() > 2000) {
                text(resp, 400, "public, max-age=60", "header too large");
                return;
            }
            if (route.startsWith("/login") && method.equals("POST")) {
                HttpSession s = req.getSession(true);
                s.setAttribute("user", req.getParameter("user"));
                resp.setStatus(303);
                resp.setHeader("Location", "/account");
                return;
            }
            if (route.equals("/account") || route.startsWith("/account/")) {
                HttpSession s = req.getSession(false);
                resp.setHeader("Last-Modified", LAST_MODIFIED);
                text(resp, 200, null, s == null ? "please sign in"
                        : "account of " + s.getAttribute("user") + ", token=secret-"
                                + s.getAttribute("user"));
                return;
            }
            switch (path) {
                case "/pub/x" -> {
                    if (!method.equals("GET") && !method.equals("HEAD")) {
                        text(resp, 405, "public, max-age=60", "method not allowed");
                    } else {
                        text(resp, 200, "public, max-age=60", "public x");
                    }
                }
                case "/pub/y" -> {
                    if (req.getHeader("X-Debug-Junk") != null) {
                        text(resp, 400, "public, max-age=60", "unknown header");
                    } else {
                        text(resp, 200, "public, max-age=60", "public y");
                    }
                }
                case "/about" -> {
                    resp.setHeader("Last-Modified", LAST_MODIFIED);
                    text(resp, 200, null, "about us");
                }
                case "/gone" -> text(resp, 410, "public, max-age=60", "gone");
                case "/layout" -> {
                    resp.setHeader("Vary", "Cookie");
                    String view = "out";
                    if (req.getCookies() != null) {
                        for (jakarta.servlet.http.Cookie c : req.getCookies()) {
                            if (c.getName().equals("view")) {
                                view = c.getValue();
                            }
                        }
                    }
                    text(resp, 200, "max-age=60", "layout " + view);
                }
                case "/api/me" -> {
                    String key = req.getHeader("X-Api-Key");
                    resp.setHeader("Last-Modified", LAST_MODIFIED);
                    text(resp, 200, null, "api user " + (key == null ? "none" : key));
                }
                case "/links" -> {
                    String host = req.getHeader("Host");
                    String proto = "http";
                    String fwd = req.getHeader("Forwarded");
                    if (fwd != null) {
                        for (String p : fwd.split("[;,]")) {
                            String[] kv = p.trim().split("=", 2);
                            if (kv.length == 2 && kv[0].equalsIgnoreCase("host")) {
                                host = kv[1];
                            } else if (kv.length == 2 && kv[0].equalsIgnoreCase("proto")) {
                                proto = kv[1];
                            }
                        }
                    }
                    if (req.getHeader("X-Forwarded-Host") != null) {
                        host = req.getHeader("X-Forwarded-Host");
                    }
                    if (req.getHeader("X-Forwarded-Proto") != null) {
                        proto = req.getHeader("X-Forwarded-Proto");
                    }
                    text(resp, 200, "public, max-age=60",
                            "<a href=\"" + proto + "://" + host + "/next\">next</a>");
                }
                case "/secret" -> text(resp, 200, "public, max-age=60", "secret admin page");
                default -> text(resp, 404, null, "not found");
            }
        }

        private static void text(HttpServletResponse resp, int status, String cacheControl,
                String body) throws IOException {
            resp.setStatus(status);
            if (cacheControl != null) {
                resp.setHeader("Cache-Control", cacheControl);
            }
            resp.setContentType("text/html; charset=UTF-8");
            byte[] b = body.getBytes(StandardCharsets.UTF_8);
            resp.setContentLength(b.length);
            resp.getOutputStream().write(b);
        }
    }
}
