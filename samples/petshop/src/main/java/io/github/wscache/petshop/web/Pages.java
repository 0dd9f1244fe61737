package io.github.wscache.petshop.web;

import io.github.wscache.petshop.service.Services;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The plumbing every page shares: a page is the layout around the header fragment and a list of
 * {@linkplain Part parts}, each a fragment or container markup. {@link #page} inlines the
 * fragments (cacheable ones through the {@link FragmentCache}) or, in ESI mode, emits an
 * {@code <esi:include>} for each and decides the page's {@code Surrogate-Control}: a
 * {@linkplain #isSharedContainer shared container} rendered with status 200 for a visitor whose
 * view cookie agrees with the session may be kept by the edge (keyed by {@code Vary: Cookie}),
 * any other ESI page is {@code no-store}. Browsers never keep a page. The static helpers read
 * form parameters and write redirects and bodies the same way for every page class.
 */
final class Pages {

    /** The form of catalog ids (category, product, item) the pages accept. */
    static final Pattern ID = Pattern.compile("[A-Za-z0-9_-]{1,16}");
    /**
     * Container pages that do not depend on the session beyond the view cookie; in ESI mode the
     * edge may share them. The Cart page is one too: the cart and the "pet favourites" are
     * fragments of their own, so through an edge the page costs one round trip for the two (the
     * paper's §7.1.1 case). So are the empty sign-in and registration forms, which the paper's
     * Pet Shop could not cache ({@code SignIn.aspx}, {@code CreateNewAccount.aspx}, §7.1.1): here
     * they carry no session token (their posts prove their origin, as the catalog pages' do) and
     * show nothing of the visitor, so one copy per URL serves everyone.
     */
    private static final Set<String> SHARED_CONTAINERS = Set.of("/", "/home", "/category",
            "/product", "/item", "/search", "/cart", "/signin", "/account/new");

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

    /** The header by the view cookie: signed out when there is none. */
    private static final String HEADER_BY_VIEW = "<esi:choose><esi:when test=\"$(HTTP_COOKIE{"
            + ViewCookie.NAME + "}) == ''\"><esi:include src=\""
            + Fragment.HEADER.ref("false").url() + "\"/></esi:when><esi:otherwise>"
            + "<esi:include src=\"" + Fragment.HEADER.ref("true").url() + "\"/>"
            + "</esi:otherwise></esi:choose>";
    /**
     * The "pet favourites" by the view cookie: a signed-out visitor has none, so only a
     * signed-in one costs the edge an origin request for this personal fragment.
     */
    private static final String MYLIST_BY_VIEW = "<esi:choose><esi:when test=\"$(HTTP_COOKIE{"
            + ViewCookie.NAME + "}) != ''\"><esi:include src=\"" + Fragment.MYLIST.path()
            + "\"/></esi:when></esi:choose>";
    /**
     * The banner by the view cookie: none when signed out or without a banner category
     * ({@code in}), else the banner fragment of the cookie's value, one URL per value.
     */
    private static final String BANNER_BY_VIEW = "<esi:choose><esi:when test=\"$(HTTP_COOKIE{"
            + ViewCookie.NAME + "}) == '' | $(HTTP_COOKIE{" + ViewCookie.NAME + "}) == 'in'\">"
            + "</esi:when><esi:otherwise><esi:include src=\"" + Fragment.BANNER.path() + "?"
            + ViewCookie.NAME + "=$(HTTP_COOKIE{" + ViewCookie.NAME + "})\"/></esi:otherwise>"
            + "</esi:choose>";

    private final Fragments fragments;
    private final FragmentCache cache;
    private final boolean esiDefault;
    private volatile EdgePurger purger;
    private volatile String purgeField;
    private volatile boolean embeddedObjects;

    Pages(Services services, FragmentCache cache, boolean esi) {
        this.fragments = new Fragments(services);
        this.cache = cache;
        this.esiDefault = esi;
    }

    /** Adds a stylesheet and a gallery of pictures to every page ({@link EmbeddedObjects}). */
    void embeddedObjects(boolean on) {
        this.embeddedObjects = on;
    }

    /** Sends purges to the edges from now on. */
    void purgeEdges(EdgePurger p) {
        this.purger = p;
    }

    /** Tells the edge in front of changes in the answers' field {@code field} from now on. */
    void purgeInAnswers(String field) {
        this.purgeField = field;
    }

    /** Whether the edges in front are told of changes (then they keep fragments longer). */
    boolean purgesEdges() {
        return purger != null || purgeField != null;
    }

    /**
     * Purges {@code tags} at the edges, if any are known: in the field of {@code resp}, the
     * answer to the change, when the edge reads it there (it purges before the visitor sees
     * the answer, at no round trip's cost), else on each edge's admin port before answering.
     */
    void purge(HttpServletResponse resp, java.util.Collection<String> tags) {
        String field = purgeField;
        if (field != null) {
            resp.setHeader(field, String.join(" ", tags));
            return;
        }
        EdgePurger p = purger;
        if (p != null) {
            p.purge(tags);
        }
    }

    /** Whether to answer {@code req} in ESI mode: the option or {@code ?esi=true}. */
    boolean esi(HttpServletRequest req) {
        return esiDefault || "true".equals(req.getParameter("esi"));
    }

    /** The request's path inside the application. */
    static String path(HttpServletRequest req) {
        return req.getRequestURI().substring(req.getContextPath().length());
    }

    /** Whether the page at {@code path} may be shared at the edge in ESI mode. */
    static boolean isSharedContainer(String path) {
        return SHARED_CONTAINERS.contains(path);
    }

    /**
     * Whether the GET being answered is a container the edge may share between visitors (ESI
     * mode, a {@linkplain #isSharedContainer shared path}): its markup must then hold nothing of
     * the visitor, not even the session's CSRF token.
     */
    boolean sharedAtEdge(HttpServletRequest req) {
        return esi(req) && "GET".equals(req.getMethod()) && isSharedContainer(path(req));
    }

    /** The fragment's markup, from the cache when cacheable; empty when it does not exist. */
    Optional<String> inline(Fragment.Ref ref, Visit visit) {
        if (!ref.fragment().cacheable()) {
            return fragments.render(ref, visit).map(Html.Safe::html);
        }
        return Optional.ofNullable(cache.get(ref.url(), ref.fragment().ttlSeconds(),
                () -> fragments.render(ref, visit).map(Html.Safe::html).orElse(null)));
    }

    /** One part of a container: a fragment, container markup or the visitor's banner. */
    sealed interface Part permits FragmentPart, MarkupPart, BannerPart {
    }

    /** The banner of {@code category} (null: none), or the edge's choice by the view cookie. */
    private record BannerPart(String category) implements Part {
    }

    /** The visitor's banner: {@code category} is the favourite category, or null for none. */
    static Part banner(String category) {
        return new BannerPart(category);
    }

    private record FragmentPart(Fragment.Ref ref) implements Part {
    }

    private record MarkupPart(Html.Safe html) implements Part {
    }

    static Part frag(Fragment f, String value) {
        return new FragmentPart(f.ref(value));
    }

    static Part markup(Html.Safe html) {
        return new MarkupPart(html);
    }

    /**
     * Whether the request comes from a surrogate that evaluates ESI 1.0 variables and
     * conditionals: its {@code Surrogate-Capability} (W3C Edge Architecture) names
     * {@code ESI/1.0} — cache-edge does; Varnish, which implements only the include subset, does
     * not, and gets containers keyed by the view cookie instead.
     */
    static boolean edgeEvaluatesVariables(HttpServletRequest req) {
        String cap = req.getHeader("Surrogate-Capability");
        return cap != null && cap.contains("ESI/1.0");
    }

    void page(HttpServletRequest req, HttpServletResponse resp, Visit visit, int status,
            String title, List<Part> parts) throws IOException {
        boolean esi = esi(req);
        String path = path(req);
        boolean shared = esi && status == 200 && SHARED_CONTAINERS.contains(path);
        // one variant per URL: what differs by visitor is chosen at the edge by the view cookie
        boolean oneVariant = shared && edgeEvaluatesVariables(req);
        if (shared && !ViewCookie.matches(req, visit.account())) {
            // the edge keys this container by the view cookie: one rendered for another view
            // must not be stored under it; correct the cookie for the next request
            shared = false;
            ViewCookie.set(resp, visit.account());
        }
        List<Part> all = new ArrayList<>();
        all.add(frag(Fragment.HEADER, Boolean.toString(visit.signedIn())));
        for (Part p : parts) {
            if (p instanceof BannerPart b && !oneVariant) {
                if (b.category() != null) {
                    all.add(frag(Fragment.BANNER, b.category()));
                }
            } else {
                all.add(p);
            }
        }
        StringBuilder body = new StringBuilder();
        for (Part part : all) {
            if (oneVariant && part instanceof FragmentPart f
                    && f.ref().fragment() == Fragment.HEADER) {
                body.append(HEADER_BY_VIEW);
            } else if (oneVariant && part instanceof BannerPart) {
                body.append(BANNER_BY_VIEW);
            } else if (oneVariant && part instanceof FragmentPart f
                    && f.ref().fragment() == Fragment.MYLIST) {
                body.append(MYLIST_BY_VIEW);
            } else if (part instanceof MarkupPart m) {
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
        if (embeddedObjects) {
            body.insert(0, EmbeddedObjects.head()).append(EmbeddedObjects.gallery(esi));
        }
        // a shared container carries no session token: its posts prove their origin instead
        Html.Safe csrf = shared || visit.csrf() == null ? Html.EMPTY
                : Fragments.csrfField(visit.csrf());
        Html.Safe html = LAYOUT.render("title", title, "body", Html.safe(body.toString()),
                "forms", SESSION_FORMS.render("csrf", csrf));
        resp.setStatus(status);
        resp.setHeader("Cache-Control", "private, no-store");
        if (shared && oneVariant) {
            // the same container for every visitor: the edge may share it (s-maxage, which no
            // browser or cache after the edge acts on next to private and no-store), by URL only
            int ttl = purgesEdges() ? FragmentEndpoint.EDGE_TTL_SECONDS
                    : "/search".equals(path) ? Fragment.SEARCH.ttlSeconds()
                    : Fragment.CATEGORY.ttlSeconds();
            resp.setHeader("Cache-Control", "private, no-store, s-maxage=" + ttl);
            resp.setHeader("Surrogate-Control", "content=\"ESI/1.0\", max-age=" + ttl);
        } else if (shared) {
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

    void notFound(HttpServletRequest req, HttpServletResponse resp, Visit visit)
            throws IOException {
        resp.reset();
        page(req, resp, visit, 404, "Not found", List.of(markup(Html.safe(
                "<p class=\"error\">Sorry, we could not find that page.</p>"))));
    }

    static boolean requireSignIn(HttpServletResponse resp, Visit visit, String next)
            throws IOException {
        if (visit.signedIn()) {
            return true;
        }
        redirect(resp, "/signin?next=" + Html.url(next));
        return false;
    }

    static Html.Safe message(String error) {
        return error == null ? Html.EMPTY
                : Template.of("<p class=\"error\">{{e}}</p>").render("e", error);
    }

    static List<String> missing(HttpServletRequest req, String... names) {
        List<String> out = new ArrayList<>();
        for (String n : names) {
            String v = param(req, n);
            if (v.isBlank() || v.length() > 80) {
                out.add(n);
            }
        }
        return out;
    }

    static String param(HttpServletRequest req, String name) {
        String v = req.getParameter(name);
        return v == null ? "" : v.trim();
    }

    static int parseInt(String s, int fallback) {
        try {
            return Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    static void redirect(HttpServletResponse resp, String location) {
        resp.setStatus(HttpServletResponse.SC_SEE_OTHER);
        resp.setHeader("Location", location);
        resp.setHeader("Cache-Control", "private, no-store");
    }

    static void write(HttpServletResponse resp, String html) throws IOException {
        byte[] bytes = html.getBytes(StandardCharsets.UTF_8);
        resp.setContentType("text/html;charset=UTF-8");
        resp.setContentLength(bytes.length);
        resp.getOutputStream().write(bytes);
    }
}
