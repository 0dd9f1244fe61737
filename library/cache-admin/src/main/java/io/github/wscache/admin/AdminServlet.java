package io.github.wscache.admin;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.wscache.admin.internal.Texts;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The admin endpoint of one cache, for integrations to mount (e.g. on {@code /admin/*}): what
 * an {@link AuditedAdmin} (or a {@link CacheAdmin}) offers, as a page for people and as JSON for
 * dashboards and scripts.
 *
 * <table>
 *   <caption>Requests, relative to the mount point</caption>
 *   <tr><td>{@code GET /}</td><td>the HTML page: its alerts first (for a {@code ResponseCache},
 *       the last failed reload of the policy file, located), the cache's details, totals and
 *       table (for a {@code ResponseCache} policy, statistics and copier per operation), the
 *       buttons and forms of the changes the cache supports, the audit log; it fits a 1280 px
 *       window, and its navigation has the {@linkplain #link links} the application added
 *       (e.g. back to it)</td></tr>
 *   <tr><td>{@code GET /state.json}</td><td>the same as JSON (with the token for changes); an
 *       alert's key is {@code null} while there is no such problem
 *       ({@code "lastReloadFailure": null})</td></tr>
 *   <tr><td>{@code POST /invalidate}</td><td>{@code all=true}, or the cache's key
 *       ({@code operation=NAME}, {@code url=URL}, see
 *       {@link AdministeredCache#keyName()})</td></tr>
 *   <tr><td>{@code POST /purge}</td><td>{@code tag=TAG} (repeated, or several separated by
 *       spaces), when the cache purges by tag</td></tr>
 *   <tr><td>{@code POST /reload}</td><td>reads the configuration (policy file) now, when the
 *       cache reloads</td></tr>
 * </table>
 *
 * <p>A change needs this servlet's token, as the form field {@code token} or the header
 * {@code X-Wscache-Token}: the page and {@code state.json} carry it, so another site cannot make
 * a browser post a change (a cross-site request cannot read them). Mounted with a
 * {@linkplain #AdminServlet(AuditedAdmin, String) write secret}, a change also needs that secret,
 * as {@code Authorization: Bearer SECRET} or the form field {@code secret} (the page's forms ask
 * for it): the token keeps other sites out, the secret keeps out whoever can read the page. A
 * change without them is refused (403 for the token, 401 for the secret), logged and reported
 * to the cache ({@link AdministeredCache#refused}). A change answers JSON
 * ({@code {"result": ...}}), or redirects to the page when the form field {@code html} is set.
 * Changes are recorded in the audit log as the request's authenticated user
 * ({@link HttpServletRequest#getRemoteUser()}), else {@code secret@<address>} when the secret was
 * given, else {@code anonymous@<address>}: mount it behind the application's authentication or
 * with a secret. A {@linkplain #readOnly(AuditedAdmin) read-only} endpoint shows the same and
 * refuses every change (403). Thread-safe.
 *
 * <pre>{@code
 * Tomcat.addServlet(context, "wscache-admin", new AdminServlet(admin).link("Portal", "/"));
 * context.addServletMappingDecoded("/admin/*", "wscache-admin");
 * }</pre>
 */
public final class AdminServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Words longer than this get line-break opportunities in table cells. */
    private static final int LONG_WORD = 20;
    /**
     * The page's style: long values (class names, copier reasons, URLs) wrap inside their cells
     * (at the {@linkplain #wrappable opportunities} the page adds) so that the table fits the
     * window; numbers do not wrap; the totals flow in rows.
     */
    private static final String STYLE = "body{font:14px sans-serif;margin:1em}"
            + "nav a{margin-right:1.2em}"
            + "table{border-collapse:collapse;margin:.6em 0}"
            + "td,th{border:1px solid #ccc;padding:4px 6px;text-align:left;vertical-align:top;"
            + "overflow-wrap:break-word}p{overflow-wrap:anywhere}"
            + "td.n{text-align:right;white-space:nowrap}code{font-size:12px}"
            + "#totals tbody{display:flex;flex-wrap:wrap}#totals tr{display:flex}"
            + "#totals th{font-weight:normal;color:#555}"
            + "form{margin:0 .3em .3em 0}button{white-space:nowrap}"
            + ".alert{border:2px solid #c5221f;background:#fce8e6;color:#5f0f0b;"
            + "padding:.5em .8em;overflow-wrap:anywhere}";

    /** The admin; a servlet is not serialized with its state. */
    private final transient AuditedAdmin admin;
    private final String token;
    private final transient byte[] secret;
    private final boolean readOnly;
    /** Label and address of each link of the page's navigation, in order. */
    private final transient List<String[]> links = new CopyOnWriteArrayList<>();

    /** Creates the endpoint of a {@code ResponseCache}'s admin, with a random token. */
    public AdminServlet(CacheAdmin admin) {
        this(Objects.requireNonNull(admin, "admin").audited());
    }

    /** Creates the endpoint of an admin, with a random token and no write secret. */
    public AdminServlet(AuditedAdmin admin) {
        this.admin = Objects.requireNonNull(admin, "admin");
        byte[] b = new byte[16];
        new SecureRandom().nextBytes(b);
        this.token = HexFormat.of().formatHex(b);
        this.secret = null;
        this.readOnly = false;
    }

    private AdminServlet(AuditedAdmin admin, boolean readOnly) {
        this.admin = Objects.requireNonNull(admin, "admin");
        this.token = "";
        this.secret = null;
        this.readOnly = readOnly;
    }

    /**
     * Returns an endpoint that shows the cache and refuses every change (403, reported as
     * refused): for a deployment where no one was given a write secret.
     */
    public static AdminServlet readOnly(AuditedAdmin admin) {
        return new AdminServlet(admin, true);
    }

    /**
     * Creates the endpoint of an admin whose changes also need {@code writeSecret}.
     *
     * @throws IllegalArgumentException if the secret is blank or has white space
     */
    public AdminServlet(AuditedAdmin admin, String writeSecret) {
        this.admin = Objects.requireNonNull(admin, "admin");
        byte[] b = new byte[16];
        new SecureRandom().nextBytes(b);
        this.token = HexFormat.of().formatHex(b);
        if (writeSecret == null || writeSecret.isBlank()
                || !writeSecret.equals(writeSecret.replaceAll("\\s", ""))) {
            throw new IllegalArgumentException("write secret must not be blank or have white "
                    + "space");
        }
        this.secret = writeSecret.getBytes(StandardCharsets.UTF_8);
        this.readOnly = false;
    }

    /**
     * Adds a link to the page's navigation, e.g. back to the application that mounts the
     * endpoint; call it before the servlet serves.
     *
     * @param label the link's text
     * @param href where it goes (as written in the page's {@code href})
     * @return this servlet
     */
    public AdminServlet link(String label, String href) {
        String[] link = {Objects.requireNonNull(label, "label"),
            Objects.requireNonNull(href, "href")};
        links.add(link);
        return this;
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = req.getPathInfo();
        if (path == null || path.equals("/")) {
            page(req, resp);
        } else if (path.equals("/state.json")) {
            resp.setContentType("application/json");
            resp.setCharacterEncoding("UTF-8");
            resp.setHeader("Cache-Control", "no-store");
            JSON.writeValue(resp.getOutputStream(), state());
        } else {
            resp.sendError(HttpServletResponse.SC_NOT_FOUND);
        }
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String path = req.getPathInfo();
        AdministeredCache cache = admin.cache();
        if (!"/invalidate".equals(path) && !("/reload".equals(path) && cache.reloads())
                && !("/purge".equals(path) && cache.purgesTags())) {
            resp.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        String what = path.substring(1);
        if (readOnly) {
            refuse(req, resp, HttpServletResponse.SC_FORBIDDEN, what,
                    "changes are off: no write secret is configured");
            return;
        }
        String given = req.getHeader("X-Wscache-Token");
        if (given == null) {
            given = req.getParameter("token");
        }
        if (!matches(token.getBytes(StandardCharsets.UTF_8), given)) {
            refuse(req, resp, HttpServletResponse.SC_FORBIDDEN, what,
                    "missing or wrong token: read it from the page or state.json");
            return;
        }
        if (secret != null && !matches(secret, givenSecret(req))) {
            resp.setHeader("WWW-Authenticate", "Bearer realm=\"wscache admin\"");
            refuse(req, resp, HttpServletResponse.SC_UNAUTHORIZED, what,
                    "missing or wrong secret");
            return;
        }
        String result;
        try {
            result = change(req, path, who(req));
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            error(resp, HttpServletResponse.SC_BAD_REQUEST, e.getMessage());
            return;
        }
        if (req.getParameter("html") != null) {
            resp.setStatus(HttpServletResponse.SC_SEE_OTHER);
            resp.setHeader("Location", req.getContextPath() + req.getServletPath() + "/");
            return;
        }
        resp.setContentType("application/json");
        resp.setCharacterEncoding("UTF-8");
        JSON.writeValue(resp.getOutputStream(), Map.of("result", result));
    }

    private String change(HttpServletRequest req, String path, String who) {
        if ("/reload".equals(path)) {
            return Texts.reload(admin.reload(who));
        }
        if ("/purge".equals(path)) {
            List<String> tags = new ArrayList<>();
            String[] values = req.getParameterValues("tag");
            for (String v : values == null ? new String[0] : values) {
                for (String t : v.trim().split("\\s+")) {
                    if (!t.isEmpty()) {
                        tags.add(t);
                    }
                }
            }
            return admin.purge(tags, who) + " entries removed";
        }
        if ("true".equals(req.getParameter("all"))) {
            return admin.invalidateAll(who) + " entries removed";
        }
        Optional<String> key = admin.cache().keyName();
        if (key.isEmpty()) {
            throw new IllegalArgumentException("this cache invalidates all only: send all=true");
        }
        return admin.invalidate(req.getParameter(key.get()), who) + " entries removed";
    }

    private String givenSecret(HttpServletRequest req) {
        String auth = req.getHeader("Authorization");
        if (auth != null && auth.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return auth.substring(7).trim();
        }
        return req.getParameter("secret");
    }

    private static boolean matches(byte[] expected, String given) {
        return given != null && MessageDigest.isEqual(expected,
                given.getBytes(StandardCharsets.UTF_8));
    }

    private String who(HttpServletRequest req) {
        if (req.getRemoteUser() != null) {
            return req.getRemoteUser();
        }
        return (secret != null ? "secret@" : "anonymous@") + req.getRemoteAddr();
    }

    private void refuse(HttpServletRequest req, HttpServletResponse resp, int status,
            String what, String why) throws IOException {
        String who = req.getRemoteUser() != null ? req.getRemoteUser()
                : "anonymous@" + req.getRemoteAddr();
        admin.refused(who, what, why);
        error(resp, status, why);
    }

    private static void error(HttpServletResponse resp, int status, String message)
            throws IOException {
        resp.setStatus(status);
        resp.setContentType("application/json");
        resp.setCharacterEncoding("UTF-8");
        JSON.writeValue(resp.getOutputStream(), Map.of("error", message));
    }

    /** Returns the state as JSON-ready maps. */
    private Map<String, Object> state() {
        AdminView v = admin.view();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", admin.name());
        for (AdminView.Alert a : v.alerts()) {
            m.put(a.key(), a.value());
        }
        for (AdminView.Detail d : v.details()) {
            m.put(d.key(), d.value());
        }
        m.put("token", readOnly ? null : token);
        m.put("time", System.currentTimeMillis());
        m.put("total", v.totals());
        m.put(v.tableName(), v.rows());
        m.put("audit", admin.auditLog());
        return m;
    }

    private void page(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String base = req.getContextPath() + req.getServletPath();
        AdminView v = admin.view();
        AdministeredCache cache = admin.cache();
        resp.setContentType("text/html");
        resp.setCharacterEncoding("UTF-8");
        resp.setHeader("Cache-Control", "no-store");
        // its forms carry the page's token: no other site may frame it and have a click land
        // on one (clickjacking)
        resp.setHeader("X-Frame-Options", "DENY");
        resp.setHeader("Content-Security-Policy", "frame-ancestors 'none'");
        PrintWriter w = resp.getWriter();
        w.print("<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width\"><title>wscache admin: "
                + esc(admin.name()) + "</title><style>" + STYLE + "</style></head><body>");
        w.print("<nav id=\"links\">");
        for (String[] link : links) {
            w.print("<a href=\"" + esc(link[1]) + "\">" + esc(link[0]) + "</a>");
        }
        w.print("<a href=\"" + esc(base) + "/state.json\">JSON</a></nav>");
        w.print("<h1>wscache admin: " + esc(admin.name()) + "</h1>");
        for (AdminView.Alert a : v.alerts()) {
            if (a.active()) {
                w.print("<p class=\"alert\" role=\"alert\" id=\"alert-" + esc(a.key()) + "\">"
                        + esc(a.text()) + "</p>");
            }
        }
        w.print("<p id=\"total\">" + esc(v.summary()) + "</p>");
        for (AdminView.Detail d : v.details()) {
            w.print("<p id=\"detail-" + esc(d.key()) + "\">" + esc(d.label()) + ": <code>"
                    + esc(d.value() == null ? "none" : String.valueOf(d.value()))
                    + "</code></p>");
        }
        if (readOnly) {
            w.print("<p id=\"changes-off\">Changes are off: no write secret is configured.</p>");
        } else {
            forms(w, v, base);
        }
        totals(w, v);
        if (!v.columns().isEmpty()) {
            boolean perRow = !readOnly && cache.keyName().isPresent()
                    && cache.keyName().equals(v.keyField());
            table(w, v, perRow ? base : null);
        }
        w.print("<h2>Changes</h2><ol id=\"audit\">");
        for (String line : admin.auditLog()) {
            w.print("<li>" + esc(line) + "</li>");
        }
        w.print("</ol><p><a href=\"" + esc(base) + "/state.json\">JSON</a></p></body></html>");
    }

    /**
     * The script of the forms: one write secret, asked for once above them and sent with each
     * change; a question to confirm before the changes that cannot be undone.
     */
    private static final String SCRIPT = "function wscacheSubmit(f,ask){"
            + "var s=document.getElementById('wscache-secret');"
            + "if(s){if(!s.value){s.focus();alert('Write the secret first.');return false;}"
            + "f.elements['secret'].value=s.value;}"
            + "return !ask||confirm(ask);}";

    private void forms(PrintWriter w, AdminView v, String base) {
        AdministeredCache cache = admin.cache();
        w.print("<script>" + SCRIPT + "</script>");
        if (secret != null) {
            w.print("<p><label for=\"wscache-secret\">Write secret, sent with every change on "
                    + "this page:</label> <input type=\"password\" name=\"secret\" "
                    + "id=\"wscache-secret\" autocomplete=\"current-password\"></p>");
        }
        w.print("<p>");
        if (cache.reloads()) {
            w.print(form(base + "/reload", "", "Reload now", "reload"));
        }
        w.print(form(base + "/invalidate", hidden("all", "true"), "Invalidate all",
                "invalidate-all", "Invalidate every entry of " + admin.name()
                        + "? The next calls go to the service."));
        boolean perRow = cache.keyName().isPresent()
                && cache.keyName().equals(v.keyField());
        if (cache.keyName().isPresent() && !perRow) {
            String k = cache.keyName().get();
            w.print(form(base + "/invalidate", input(k), "Invalidate " + k, "invalidate"));
        }
        if (cache.purgesTags()) {
            w.print(form(base + "/purge", input("tag"), "Purge tag", "purge"));
        }
        w.print("</p>");
    }

    private static void totals(PrintWriter w, AdminView v) {
        if (v.totals().isEmpty()) {
            return;
        }
        w.print("<table id=\"totals\">");
        v.totals().forEach((k, n) -> w.print("<tr><th>" + esc(k) + "</th><td class=\"n " + esc(k)
                + "\">" + esc(Texts.format(v.totalFormat(k), n)) + "</td></tr>"));
        w.print("</table>");
    }

    /** The table; with an invalidate button per row when {@code base} is given. */
    private void table(PrintWriter w, AdminView v, String base) {
        w.print("<table id=\"" + esc(v.tableName()) + "\"><tr>");
        for (AdminView.Column c : v.columns()) {
            w.print("<th>" + esc(c.label()) + "</th>");
        }
        w.print(base == null ? "</tr>" : "<th></th></tr>");
        for (Map<String, Object> row : v.rows()) {
            Optional<String> key = v.keyOf(row);
            w.print(v.rowIdPrefix().isPresent() && key.isPresent()
                    ? "<tr id=\"" + esc(v.rowIdPrefix().get() + key.get()) + "\">" : "<tr>");
            for (AdminView.Column c : v.columns()) {
                String text = c.format().numeric() ? esc(Texts.cell(c, c.valueIn(row)))
                        : wrappable(Texts.cell(c, c.valueIn(row)));
                if (c.format() == AdminView.Format.CODE) {
                    text = "<code>" + text + "</code>";
                }
                w.print("<td class=\"" + (c.format().numeric() ? "n " : "") + esc(c.cssClass())
                        + "\">" + text + "</td>");
            }
            if (base != null) {
                w.print("<td>" + form(base + "/invalidate", hidden(v.keyField().get(),
                        key.orElse("")), "Invalidate", "invalidate") + "</td>");
            }
            w.print("</tr>");
        }
        w.print("</table>");
    }

    private String form(String action, String fields, String label, String cssClass) {
        return form(action, fields, label, cssClass, null);
    }

    /** A change's form; {@code ask}: the question to confirm first, or null. */
    private String form(String action, String fields, String label, String cssClass,
            String ask) {
        String submit = "return wscacheSubmit(this," + (ask == null ? "null"
                : "'" + ask.replace("\\", "\\\\").replace("'", "\\'") + "'") + ")";
        return "<form method=\"post\" style=\"display:inline\" action=\"" + esc(action)
                + "\" onsubmit=\"" + esc(submit) + "\">"
                + hidden("token", token) + hidden("html", "1") + fields
                + (secret == null ? "" : hidden("secret", ""))
                + "<button type=\"submit\" class=\"" + cssClass + "\">" + esc(label)
                + "</button></form>";
    }

    private static String input(String name) {
        return "<input type=\"text\" name=\"" + esc(name) + "\" placeholder=\"" + esc(name)
                + "\" required>";
    }

    private static String hidden(String name, String value) {
        return "<input type=\"hidden\" name=\"" + esc(name) + "\" value=\"" + esc(value) + "\">";
    }

    /**
     * Escapes a cell's text, with a line-break opportunity ({@code <wbr>}) after each {@code .},
     * {@code $}, {@code /}, {@code ?} and {@code &} of a long word (a class name, a URL) and
     * inside its camel case ({@code Search<wbr>Response}), so that a narrow column breaks it
     * there rather than the table growing past the window.
     */
    static String wrappable(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 16);
        int start = 0;
        while (start < s.length()) {
            int end = start;
            boolean space = Character.isWhitespace(s.charAt(start));
            while (end < s.length() && Character.isWhitespace(s.charAt(end)) == space) {
                end++;
            }
            String word = s.substring(start, end);
            if (space || word.length() <= LONG_WORD) {
                sb.append(esc(word));
            } else {
                for (int i = 0; i < word.length(); i++) {
                    char c = word.charAt(i);
                    sb.append(esc(String.valueOf(c)));
                    boolean last = i == word.length() - 1;
                    if (!last && (".$/?&".indexOf(c) >= 0 || Character.isLowerCase(c)
                            && Character.isUpperCase(word.charAt(i + 1)))) {
                        sb.append("<wbr>");
                    }
                }
            }
            start = end;
        }
        return sb.toString();
    }

    private static String esc(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
