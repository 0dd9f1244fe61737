package io.github.wscache.portal;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.wscache.core.CacheOutcome;
import io.github.wscache.core.CacheStats;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.PolicyException;
import io.github.wscache.core.policy.ReloadResult;
import io.github.wscache.google.stub.GoogleSearchFault;
import io.github.wscache.google.stub.GoogleSearchServiceStub.DirectoryCategory;
import io.github.wscache.google.stub.GoogleSearchServiceStub.GoogleSearchResult;
import io.github.wscache.google.stub.GoogleSearchServiceStub.ResultElement;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.rmi.RemoteException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The portal's pages: search box ({@code /}), results ({@code /search?q=}), cached page
 * ({@code /cached?url=}), dashboard ({@code /dashboard}, {@code /dashboard.json}) and the
 * dashboard's two POST actions ({@code /dashboard/invalidate},
 * {@code /dashboard/representation}), which need the session's CSRF token.
 */
final class PortalServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final String CSRF = "csrf";
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String STYLE = "<style>body{font-family:sans-serif;margin:2em;"
            + "max-width:70em}table{border-collapse:collapse}td,th{border:1px solid #ccc;"
            + "padding:.3em .5em;text-align:left;vertical-align:top}.r{margin:1em 0}"
            + ".u{color:#070}.why{font-size:85%;color:#555;max-width:30em;overflow-wrap:anywhere}"
            + "nav a{margin-right:1em}#cache.hit b{color:#137333}#cache.miss b{color:#b06000}"
            + ".alert{border:2px solid #c5221f;background:#fce8e6;color:#5f0f0b;"
            + "padding:.5em .8em;overflow-wrap:anywhere}</style>";

    private final transient Portal portal;
    private final transient Backend backend;

    PortalServlet(Portal portal, Backend backend) {
        this.portal = portal;
        this.backend = backend;
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = req.getRequestURI();
        switch (path) {
            case "/":
            case "/index.html":
                home(resp);
                break;
            case "/search":
                search(req, resp);
                break;
            case "/cached":
                cached(req, resp);
                break;
            case "/dashboard":
                dashboard(req, resp);
                break;
            case "/dashboard.json":
                dashboardJson(resp);
                break;
            case "/dashboard/series.json":
                resp.setContentType("application/json;charset=UTF-8");
                resp.setHeader("Cache-Control", "no-store");
                resp.setHeader("X-Content-Type-Options", "nosniff");
                JSON.writeValue(resp.getOutputStream(), portal.telemetry().series());
                break;
            case "/dashboard.js":
                script(resp);
                break;
            default:
                resp.sendError(HttpServletResponse.SC_NOT_FOUND);
        }
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = req.getRequestURI();
        if (!"/dashboard/invalidate".equals(path) && !"/dashboard/representation".equals(path)) {
            resp.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        if (!validCsrf(req)) {
            resp.sendError(HttpServletResponse.SC_FORBIDDEN, "missing or wrong CSRF token");
            return;
        }
        String op = req.getParameter("operation");
        boolean all = op == null || op.isEmpty() || "all".equals(op);
        if (!all && !Representations.OPERATIONS.containsKey(op)) {
            resp.sendError(HttpServletResponse.SC_BAD_REQUEST, "unknown operation");
            return;
        }
        if ("/dashboard/invalidate".equals(path)) {
            portal.invalidate(all ? null : op, "dashboard@" + req.getRemoteAddr());
        } else {
            String value = req.getParameter("value");
            if (all || value == null
                    || !Representations.CHOICES.contains(value.toLowerCase(Locale.ROOT))) {
                resp.sendError(HttpServletResponse.SC_BAD_REQUEST,
                        "need an operation and a value, one of " + Representations.CHOICES);
                return;
            }
            portal.setRepresentation(op, value);
        }
        resp.setStatus(HttpServletResponse.SC_SEE_OTHER);
        resp.setHeader("Location", "/dashboard");
    }

    private static boolean validCsrf(HttpServletRequest req) {
        HttpSession session = req.getSession(false);
        String given = req.getParameter(CSRF);
        if (session == null || given == null) {
            return false;
        }
        Object expected = session.getAttribute(CSRF);
        return expected instanceof String && MessageDigest.isEqual(
                ((String) expected).getBytes(StandardCharsets.US_ASCII),
                given.getBytes(StandardCharsets.US_ASCII));
    }

    private static String csrfToken(HttpServletRequest req) {
        HttpSession session = req.getSession(true);
        Object token = session.getAttribute(CSRF);
        if (token instanceof String) {
            return (String) token;
        }
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        String t = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        session.setAttribute(CSRF, t);
        return t;
    }

    private static PrintWriter html(HttpServletResponse resp, String title) throws IOException {
        return html(resp, title, false);
    }

    /** Starts a page; {@code scripts}: the page may run this site's own scripts, no others. */
    private static PrintWriter html(HttpServletResponse resp, String title, boolean scripts)
            throws IOException {
        resp.setContentType("text/html;charset=UTF-8");
        resp.setHeader("Content-Security-Policy",
                "default-src 'self'; script-src " + (scripts ? "'self'" : "'none'")
                        + "; style-src 'unsafe-inline'; "
                        + "frame-src 'self' about:; frame-ancestors 'none'");
        resp.setHeader("X-Content-Type-Options", "nosniff");
        resp.setHeader("Cache-Control", "no-store");
        PrintWriter w = resp.getWriter();
        w.print("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>");
        w.print(Html.esc(title));
        w.print("</title>");
        w.print(STYLE);
        w.print("</head><body><nav><a href=\"/\">Search</a><a href=\"/dashboard\">Dashboard</a>"
                + "<a href=\"/admin/\">Admin</a></nav>");
        return w;
    }

    private static void searchBox(PrintWriter w, String q) {
        w.print("<form action=\"/search\" method=\"get\" id=\"search-form\">"
                + "<input type=\"text\" name=\"q\" id=\"q\" size=\"40\" value=\"");
        w.print(Html.esc(q));
        w.print("\" autofocus> <button type=\"submit\" id=\"go\">Search</button></form>");
    }

    private void home(HttpServletResponse resp) throws IOException {
        PrintWriter w = html(resp, "wscache portal");
        w.print("<h1>wscache portal</h1><p>Searches the dummy Google Web APIs through a "
                + "wscache-enabled Axis2 client.</p>");
        searchBox(w, "");
        w.print("<p>Try <a href=\"/search?q=web+services\">web services</a> or "
                + "<a href=\"/search?q=britney+speers\">britney speers</a>.</p></body></html>");
    }

    private void search(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String q = req.getParameter("q");
        if (q == null || q.isBlank()) {
            resp.sendRedirect("/");
            return;
        }
        long t0 = System.nanoTime();
        GoogleSearchResult result;
        long searchMicros;
        Optional<CacheOutcome> outcome;
        String suggestion;
        try {
            result = backend.search(q);
            searchMicros = (System.nanoTime() - t0) / 1000;
            outcome = backend.lastOutcome();
            suggestion = backend.spelling(q);
        } catch (GoogleSearchFault e) {
            resp.setStatus(HttpServletResponse.SC_BAD_REQUEST);
            PrintWriter w = html(resp, "Search failed");
            searchBox(w, q);
            w.print("<p class=\"error\">The search service refused the query: ");
            w.print(Html.esc(e.getFaultMessage() == null ? e.getMessage()
                    : e.getFaultMessage().getReason()));
            w.print("</p></body></html>");
            return;
        } catch (RemoteException e) {
            backendDown(resp, e);
            return;
        }
        PrintWriter w = html(resp, q + " - wscache portal");
        searchBox(w, q);
        if (suggestion != null && !suggestion.equalsIgnoreCase(q.trim())) {
            w.print("<p id=\"suggestion\">Did you mean: <a href=\"/search?q=");
            w.print(Html.esc(url(suggestion)));
            w.print("\">");
            w.print(Html.esc(suggestion));
            w.print("</a>?</p>");
        }
        w.printf(Locale.ROOT, "<p id=\"summary\">Results %d - %d of about %,d for <b>%s</b>.</p>",
                result.getStartIndex(), result.getEndIndex(),
                result.getEstimatedTotalResultsCount(), Html.esc(q));
        w.print(cacheLine(outcome, result.getSearchTime(), searchMicros));
        w.print("<div id=\"results\">");
        ResultElement[] items = result.getResultElements() == null ? null
                : result.getResultElements().getItem();
        if (items != null) {
            for (ResultElement r : items) {
                w.print("<div class=\"r\"><a class=\"title\" href=\"");
                w.print(Html.esc(safeUrl(r.getURL())));
                w.print("\">");
                w.print(Html.snippet(r.getTitle()));
                w.print("</a><div class=\"snippet\">");
                w.print(Html.snippet(r.getSnippet()));
                w.print("</div><span class=\"u\">");
                w.print(Html.esc(r.getURL()));
                w.print("</span> - ");
                w.print(Html.esc(r.getCachedSize()));
                w.print(" - <a class=\"cached\" href=\"/cached?url=");
                w.print(Html.esc(url(r.getURL())));
                w.print("\">Cached</a></div>");
            }
        }
        w.print("</div>");
        DirectoryCategory[] cats = result.getDirectoryCategories() == null ? null
                : result.getDirectoryCategories().getItem();
        if (cats != null && cats.length > 0) {
            w.print("<p>Categories:</p><ul id=\"categories\">");
            for (DirectoryCategory c : cats) {
                w.print("<li>");
                w.print(Html.esc(c.getFullViewableName()));
                w.print("</li>");
            }
            w.print("</ul>");
        }
        w.print("</body></html>");
    }

    /**
     * The results page's line on where the search's answer came from: a hit says the portal's
     * cache answered (and how old the answer is), never the back-end's search time, which is
     * the stored answer's; a miss says the back-end answered and how long it took.
     */
    static String cacheLine(Optional<CacheOutcome> outcome, double backendSeconds, long micros) {
        String backendTook = String.format(Locale.ROOT, "the back-end answered in %.2f s (its"
                + " own figure); the portal's call took %,d &micro;s", backendSeconds, micros);
        if (outcome.isEmpty()) {
            return "<p id=\"cache\" class=\"none\"><b>No cache</b>: " + backendTook + ".</p>";
        }
        CacheOutcome o = outcome.get();
        String age = o.age().map(a -> String.format(Locale.ROOT, ", stored %.1f s ago",
                a.toNanos() / 1e9)).orElse("");
        switch (o.kind()) {
            case HIT:
                return String.format(Locale.ROOT, "<p id=\"cache\" class=\"hit\"><b>Cache hit"
                        + "</b>: the portal's cache answered in %,d &micro;s%s; the back-end was"
                        + " not called.</p>", micros, age);
            case STALE:
                return String.format(Locale.ROOT, "<p id=\"cache\" class=\"hit\"><b>Cache hit"
                        + " (stale)</b>: the back-end failed, so the stored answer%s stood in;"
                        + " the portal's call took %,d &micro;s.</p>", age, micros);
            case BYPASS:
                return "<p id=\"cache\" class=\"bypass\"><b>Not cached</b> ("
                        + Html.esc(o.detail().orElse(o.reason().map(Object::toString)
                                .orElse("the policy"))) + "): " + backendTook + ".</p>";
            case SHARED:
                return "<p id=\"cache\" class=\"miss\"><b>Cache miss</b>, shared: another "
                        + "request's call to the back-end answered this one too; " + backendTook
                        + ".</p>";
            default:
                return "<p id=\"cache\" class=\"miss\"><b>Cache miss</b>: " + backendTook
                        + (o.stored() ? "; the answer is cached now, so the same search again "
                        + "is a hit" : "") + ".</p>";
        }
    }

    private void cached(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String u = req.getParameter("url");
        if (u == null || u.isBlank()) {
            resp.sendError(HttpServletResponse.SC_BAD_REQUEST, "url missing");
            return;
        }
        byte[] page;
        try {
            page = backend.cachedPage(u);
        } catch (RemoteException e) {
            backendDown(resp, e);
            return;
        }
        String text = new String(page, StandardCharsets.UTF_8);
        PrintWriter w = html(resp, "Cached: " + u);
        w.print("<h1>Cached page of <span class=\"u\">");
        w.print(Html.esc(u));
        w.printf(Locale.ROOT, "</span></h1><p>%d bytes, shown in a sandboxed frame (no scripts, "
                + "no forms, no same-origin access); its source follows.</p>", page.length);
        w.print("<iframe id=\"page\" sandbox=\"\" style=\"width:100%;height:20em\" srcdoc=\"");
        w.print(Html.esc(text));
        w.print("\"></iframe><h2>Source</h2><pre id=\"source\" style=\"white-space:pre-wrap\">");
        w.print(Html.esc(text));
        w.print("</pre></body></html>");
    }

    private static void backendDown(HttpServletResponse resp, Exception e) throws IOException {
        resp.setStatus(HttpServletResponse.SC_BAD_GATEWAY);
        PrintWriter w = html(resp, "Back-end unavailable");
        w.print("<p class=\"error\">The back-end did not answer: ");
        w.print(Html.esc(e.getMessage()));
        w.print("</p></body></html>");
    }

    private static String url(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String safeUrl(String s) {
        if (s == null) {
            return "#";
        }
        String lower = s.toLowerCase(Locale.ROOT);
        return lower.startsWith("http://") || lower.startsWith("https://") ? s : "#";
    }

    private void dashboard(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String token = csrfToken(req);
        PrintWriter w = html(resp, "wscache dashboard", true);
        w.print("<h1>Cache dashboard</h1><p>Back-end: <span class=\"u\">");
        w.print(Html.esc(portal.backendEndpoint()));
        w.print("</span>. Policy: ");
        w.print(Html.esc(portal.policy().file().map(Object::toString)
                .orElse("made in code")));
        w.print(portal.policy().file().isPresent() ? " (watched: edits take effect)" : "");
        w.print(".</p>");
        portal.admin().lastReloadFailure().ifPresent(r -> {
            w.print("<p id=\"reload-failure\" class=\"alert\" role=\"alert\"><b>The last "
                    + "reload of the policy file failed</b> at ");
            w.print(Html.esc(r.at().truncatedTo(ChronoUnit.SECONDS).toString()));
            w.print(": ");
            w.print(Html.esc(r.error().map(Throwable::getMessage).orElse("")));
            w.print(". The policy below is the previous one, still in force: fix the file and "
                    + "save it.</p>");
        });
        w.print("<p id=\"total\">Total: ");
        w.print(Html.esc(Html.readable(portal.cache().stats())));
        w.print("</p>");
        charts(w);
        w.print("<table id=\"stats\"><tr><th>operation</th><th>policy in force</th>"
                + "<th>strategy and why</th><th>hits</th><th>misses</th><th>bypasses</th>"
                + "<th>hit ratio</th><th>entries</th><th>switch representation</th>"
                + "<th></th></tr>");
        for (Map.Entry<String, CacheStats> e : portal.stats().entrySet()) {
            String op = e.getKey();
            CacheStats s = e.getValue();
            OperationPolicy p = portal.policyOf(op);
            w.print("<tr id=\"op-");
            w.print(op);
            w.print("\"><td>");
            w.print(op);
            w.print("</td><td class=\"policy\"><b class=\"representation\">");
            w.print(Html.esc(Representations.nameOf(p)));
            w.print("</b><div class=\"why\">");
            w.print(Html.esc(p.toString()));
            w.print("</div></td><td class=\"why\">");
            w.print(Html.esc(Representations.strategy(portal.cache().copiers(), p,
                    Representations.OPERATIONS.get(op))));
            w.printf(Locale.ROOT, "</td><td class=\"hits\">%d</td><td class=\"misses\">%d</td>"
                    + "<td class=\"bypasses\">%d</td><td class=\"ratio\">%.1f %%</td>"
                    + "<td class=\"entries\">%d</td>", s.hits(), s.misses(), s.bypasses(),
                    100 * s.hitRatio(), s.entryCount());
            w.print("<td><form method=\"post\" action=\"/dashboard/representation\">");
            hidden(w, CSRF, token);
            hidden(w, "operation", op);
            w.print("<select name=\"value\">");
            String current = Representations.nameOf(p);
            for (String c : Representations.CHOICES) {
                w.print("<option");
                w.print(c.equals(current) ? " selected" : "");
                w.print(">");
                w.print(c);
                w.print("</option>");
            }
            w.print("</select> <button type=\"submit\" class=\"switch\">Switch</button></form>"
                    + "</td><td><form method=\"post\" action=\"/dashboard/invalidate\">");
            hidden(w, CSRF, token);
            hidden(w, "operation", op);
            w.print("<button type=\"submit\" class=\"invalidate\">Invalidate</button></form>"
                    + "</td></tr>");
        }
        w.print("</table><form method=\"post\" action=\"/dashboard/invalidate\">");
        hidden(w, CSRF, token);
        hidden(w, "operation", "all");
        w.print("<p><button type=\"submit\" id=\"invalidate-all\">Invalidate all</button> "
                + "<a href=\"/dashboard\" id=\"refresh\">Refresh</a> "
                + "<a href=\"/dashboard.json\">JSON</a></p></form></body></html>");
    }

    /**
     * The live charts: drawn as inline SVG by {@code /dashboard.js} from
     * {@code /dashboard/series.json}, refreshed every two seconds; no library, nothing fetched
     * from elsewhere.
     */
    private static void charts(PrintWriter w) {
        w.print("<style>#charts{display:flex;flex-wrap:wrap;gap:1em 2em;margin:1em 0}"
                + "#charts figure{margin:0;width:460px}#charts figure.wide{width:940px}"
                + "#charts figcaption{font-weight:bold;margin-bottom:.3em}"
                + "#charts svg{background:#fafafa;border:1px solid #ddd}"
                + "#charts .legend span{display:inline-block;max-width:100%;margin-right:1em;"
                + "font-size:90%}#charts svg.swatch{background:none;border:0;"
                + "vertical-align:middle}"
                + "#charts .num{font-size:90%;color:#333}</style>");
        w.print("<section id=\"charts\">"
                + "<figure><figcaption>Calls per second</figcaption>"
                + "<svg id=\"chart-calls\" width=\"460\" height=\"220\"></svg>"
                + "<div class=\"legend\" id=\"legend-calls\"></div></figure>"
                + "<figure><figcaption>Hit ratio</figcaption>"
                + "<svg id=\"chart-ratio\" width=\"460\" height=\"220\"></svg>"
                + "<div class=\"legend\" id=\"ratio-numbers\"></div></figure>"
                + "<figure class=\"wide\"><figcaption>Latency of the portal's calls: hits and"
                + " misses</figcaption>"
                + "<svg id=\"chart-latency\" width=\"940\" height=\"220\"></svg>"
                + "<div class=\"num\" id=\"latency-numbers\"></div></figure></section>"
                + "<script src=\"/dashboard.js\"></script>");
    }

    private static void script(HttpServletResponse resp) throws IOException {
        try (InputStream in = PortalServlet.class.getResourceAsStream("dashboard.js")) {
            if (in == null) {
                resp.sendError(HttpServletResponse.SC_NOT_FOUND);
                return;
            }
            resp.setContentType("text/javascript;charset=UTF-8");
            resp.setHeader("X-Content-Type-Options", "nosniff");
            in.transferTo(resp.getOutputStream());
        }
    }

    private static void hidden(PrintWriter w, String name, String value) {
        w.print("<input type=\"hidden\" name=\"");
        w.print(name);
        w.print("\" value=\"");
        w.print(Html.esc(value));
        w.print("\">");
    }

    /** A failed reload as the admin's JSON has it: time, file, line, column, message. */
    private static String failureJson(ReloadResult r) {
        PolicyException e = r.error().orElseThrow();
        return "{\"time\":" + Html.json(r.at().toString()) + ",\"file\":"
                + Html.json(e.file().orElse(null)) + ",\"line\":" + e.line() + ",\"column\":"
                + e.column() + ",\"message\":" + Html.json(e.getMessage()) + "}";
    }

    private void dashboardJson(HttpServletResponse resp) throws IOException {
        resp.setContentType("application/json;charset=UTF-8");
        resp.setHeader("Cache-Control", "no-store");
        resp.setHeader("X-Content-Type-Options", "nosniff");
        StringBuilder b = new StringBuilder(1024);
        b.append("{\"backend\":").append(Html.json(portal.backendEndpoint()));
        b.append(",\"policyFile\":").append(Html.json(portal.policy().file()
                .map(Object::toString).orElse(null)));
        b.append(",\"sharedTier\":").append(Html.json(portal.policy().sharedTier()
                .map(t -> t.uri()).orElse(null)));
        b.append(",\"lastReloadFailure\":").append(portal.admin().lastReloadFailure()
                .map(PortalServlet::failureJson).orElse("null"));
        b.append(",\"operations\":[");
        boolean first = true;
        for (Map.Entry<String, CacheStats> e : portal.stats().entrySet()) {
            String op = e.getKey();
            CacheStats s = e.getValue();
            OperationPolicy p = portal.policyOf(op);
            b.append(first ? "" : ",").append("\n{\"operation\":").append(Html.json(op));
            first = false;
            b.append(",\"representation\":").append(Html.json(Representations.nameOf(p)));
            b.append(",\"cacheable\":").append(p.cacheable());
            b.append(",\"ttlSeconds\":").append(p.ttl().getSeconds());
            b.append(",\"readOnly\":").append(p.readOnly());
            b.append(",\"policy\":").append(Html.json(p.toString()));
            b.append(",\"strategy\":").append(Html.json(
                    Representations.strategy(portal.cache().copiers(), p,
                    Representations.OPERATIONS.get(op))));
            b.append(String.format(Locale.ROOT, ",\"hits\":%d,\"sharedHits\":%d,\"misses\":%d,"
                    + "\"stores\":%d,\"bypasses\":%d,\"errors\":%d,\"hitRatio\":%.4f,"
                    + "\"entries\":%d}", s.hits(), portal.telemetry().sharedHits(op), s.misses(),
                    s.stores(), s.bypasses(), s.errors(), s.hitRatio(), s.entryCount()));
        }
        b.append("\n]}\n");
        resp.getWriter().print(b);
    }
}
