package io.github.wscache.admin;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.wscache.admin.internal.Texts;
import io.github.wscache.core.CacheStats;
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
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The admin endpoint of one cache, for integrations to mount (e.g. on {@code /admin/*}): what
 * {@link CacheAdmin} offers, as a page for people and as JSON for dashboards and scripts.
 *
 * <table>
 *   <caption>Requests, relative to the mount point</caption>
 *   <tr><td>{@code GET /}</td><td>the HTML page: policy, statistics and copier per operation,
 *       reload and invalidate buttons, the audit log</td></tr>
 *   <tr><td>{@code GET /state.json}</td><td>the same as JSON (with the token for changes)</td></tr>
 *   <tr><td>{@code POST /invalidate}</td><td>{@code operation=NAME}, or {@code all=true}</td></tr>
 *   <tr><td>{@code POST /reload}</td><td>reads the policy file now</td></tr>
 * </table>
 *
 * <p>A change needs this servlet's token, as the form field {@code token} or the header
 * {@code X-Wscache-Token}: the page and {@code state.json} carry it, so another site cannot make
 * a browser post a change (a cross-site request cannot read them). A change answers JSON
 * ({@code {"result": ...}}), or redirects to the page when the form field {@code html} is set.
 * Changes are recorded in the audit log as the request's authenticated user
 * ({@link HttpServletRequest#getRemoteUser()}), else {@code anonymous@<address>}: mount it behind
 * the application's authentication. Thread-safe.
 *
 * <pre>{@code
 * Tomcat.addServlet(context, "wscache-admin", new AdminServlet(admin));
 * context.addServletMappingDecoded("/admin/*", "wscache-admin");
 * }</pre>
 */
public final class AdminServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The admin; a servlet is not serialized with its state. */
    private final transient CacheAdmin admin;
    private final String token;

    /** Creates the endpoint of an admin, with a random token. */
    public AdminServlet(CacheAdmin admin) {
        this.admin = Objects.requireNonNull(admin, "admin");
        byte[] b = new byte[16];
        new SecureRandom().nextBytes(b);
        this.token = HexFormat.of().formatHex(b);
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
        if (!"/invalidate".equals(path) && !"/reload".equals(path)) {
            resp.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        String given = req.getHeader("X-Wscache-Token");
        if (given == null) {
            given = req.getParameter("token");
        }
        if (given == null || !MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8),
                given.getBytes(StandardCharsets.UTF_8))) {
            error(resp, HttpServletResponse.SC_FORBIDDEN,
                    "missing or wrong token: read it from the page or state.json");
            return;
        }
        String who = req.getRemoteUser() != null ? req.getRemoteUser()
                : "anonymous@" + req.getRemoteAddr();
        String result;
        try {
            if ("/reload".equals(path)) {
                result = Texts.reload(admin.reload(who));
            } else if ("true".equals(req.getParameter("all"))) {
                result = admin.invalidateAll(who) + " entries removed";
            } else {
                result = admin.invalidate(req.getParameter("operation"), who)
                        + " entries removed";
            }
        } catch (IllegalArgumentException e) {
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

    private static void error(HttpServletResponse resp, int status, String message)
            throws IOException {
        resp.setStatus(status);
        resp.setContentType("application/json");
        resp.setCharacterEncoding("UTF-8");
        JSON.writeValue(resp.getOutputStream(), Map.of("error", message));
    }

    /** Returns the state as JSON-ready maps. */
    private Map<String, Object> state() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", admin.name());
        m.put("policyFile", admin.policyFile().map(Object::toString).orElse(null));
        m.put("token", token);
        m.put("time", System.currentTimeMillis());
        m.put("total", stats(admin.stats()));
        List<Object> ops = new ArrayList<>();
        for (OperationStatus s : admin.operations()) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("operation", s.operation());
            o.put("cacheable", s.policy().cacheable());
            o.put("policy", s.policy().toString());
            o.put("source", s.source().orElse(null));
            o.put("resultType", s.resultType().map(Class::getName).orElse(null));
            o.put("copier", s.copier().orElse(null));
            o.put("stats", stats(s.stats()));
            ops.add(o);
        }
        m.put("operations", ops);
        m.put("audit", admin.auditLog());
        return m;
    }

    private static Map<String, Object> stats(CacheStats s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("hits", s.hits());
        m.put("misses", s.misses());
        m.put("hitRatio", s.hitRatio());
        m.put("stores", s.stores());
        m.put("bypasses", s.bypasses());
        m.put("revalidations", s.revalidations());
        m.put("errors", s.errors());
        m.put("evictions", s.evictions());
        m.put("expirations", s.expirations());
        m.put("loads", s.loads());
        m.put("loadTimeNanos", s.loadTimeNanos());
        m.put("entryCount", s.entryCount());
        m.put("weightedSize", s.weightedSize());
        return m;
    }

    private void page(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String base = req.getContextPath() + req.getServletPath();
        resp.setContentType("text/html");
        resp.setCharacterEncoding("UTF-8");
        resp.setHeader("Cache-Control", "no-store");
        PrintWriter w = resp.getWriter();
        w.print("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>wscache admin: "
                + esc(admin.name()) + "</title><style>body{font:14px sans-serif;margin:1em}"
                + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;"
                + "text-align:left;vertical-align:top}td.n{text-align:right}"
                + "code{font-size:12px}</style></head><body>");
        w.print("<h1>wscache admin: " + esc(admin.name()) + "</h1>");
        w.print("<p id=\"total\">" + esc(Texts.stats(admin.stats())) + "</p>");
        w.print("<p>Policy file: <code>" + esc(admin.policyFile().map(Object::toString)
                .orElse("none (made in code)")) + "</code> ");
        w.print(form(base + "/reload", "", "Reload now", "reload"));
        w.print(form(base + "/invalidate", hidden("all", "true"), "Invalidate all",
                "invalidate-all"));
        w.print("</p><table id=\"operations\"><tr><th>operation</th><th>policy in force</th>"
                + "<th>hits</th><th>misses</th><th>hit ratio</th><th>entries</th><th>size</th>"
                + "<th>mean load</th><th>copier</th><th></th></tr>");
        for (OperationStatus s : admin.operations()) {
            CacheStats st = s.stats();
            w.print("<tr id=\"op-" + esc(s.operation()) + "\"><td>" + esc(s.operation())
                    + "</td><td><code>" + esc(s.policy().toString()) + "</code><br>from "
                    + esc(s.source().orElse("the defaults")) + "</td><td class=\"n hits\">"
                    + st.hits() + "</td><td class=\"n misses\">" + st.misses()
                    + "</td><td class=\"n\">" + String.format(Locale.ROOT, "%.1f %%",
                            100 * st.hitRatio()) + "</td><td class=\"n entries\">"
                    + st.entryCount() + "</td><td class=\"n\">" + Texts.bytes(st.weightedSize())
                    + "</td><td class=\"n\">" + Texts.millis(st.loads() == 0 ? 0
                            : st.loadTimeNanos() / st.loads()) + "</td><td>"
                    + esc(s.resultType().map(t -> t.getName() + ": ").orElse("")
                            + s.copier().orElse("(result type not declared)")) + "</td><td>"
                    + form(base + "/invalidate", hidden("operation", s.operation()),
                            "Invalidate", "invalidate") + "</td></tr>");
        }
        w.print("</table><h2>Changes</h2><ol id=\"audit\">");
        for (String line : admin.auditLog()) {
            w.print("<li>" + esc(line) + "</li>");
        }
        w.print("</ol><p><a href=\"" + esc(base) + "/state.json\">JSON</a></p></body></html>");
    }

    private String form(String action, String fields, String label, String cssClass) {
        return "<form method=\"post\" style=\"display:inline\" action=\"" + esc(action) + "\">"
                + hidden("token", token) + hidden("html", "1") + fields
                + "<button type=\"submit\" class=\"" + cssClass + "\">" + esc(label)
                + "</button></form>";
    }

    private static String hidden(String name, String value) {
        return "<input type=\"hidden\" name=\"" + name + "\" value=\"" + esc(value) + "\">";
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
