package io.github.wscache.edge.internal;

import io.github.wscache.admin.AuditedAdmin;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The admin port's servlet for scripts: answers a GET of the stats path with the counters as JSON
 * and a POST of the purge path ({@link #PURGE_PATH}) by purging the tags it names, everything
 * else (but the admin page, cache-admin's servlet mapped beside it) with 404. It runs on its own
 * connector (loopback by default), never on the proxy's port, so that the counters are not
 * published to every client of the edge and no client can purge.
 *
 * <p>A purge is {@code POST /_edge/purge} with {@code Surrogate-Key: tag1 tag2} and
 * {@code Authorization: Bearer SECRET}, the edge's purge secret (compared in constant time). No
 * secret configured, or a missing or wrong one: 403 or 401, counted as refused and logged; every
 * refusal is JSON like the answer of a purge done ({@code {"status":401,"error":"..."}}). A
 * purge done goes through the edge's {@link AuditedAdmin}, so it is counted and audited as
 * {@code secret@<address>} like one made on the admin page.
 */
public final class AdminServlet extends HttpServlet {
    /** The path that accepts purges. */
    public static final String PURGE_PATH = "/_edge/purge";
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(AdminServlet.class);
    private static final int MAX_TAGS = 1000;

    private final transient String statsPath;
    private final transient Supplier<String> statsJson;
    private final transient byte[] secret;
    private final transient AuditedAdmin admin;
    private final transient EdgeCounters counters;

    /**
     * Creates the servlet; {@code statsJson} is asked for a fresh snapshot on each request,
     * {@code admin} purges (its cache returns how many URLs went).
     *
     * @param secret the purge secret, or {@code null} to refuse every purge
     */
    public AdminServlet(String statsPath, Supplier<String> statsJson, String secret,
            AuditedAdmin admin, EdgeCounters counters) {
        this.statsPath = statsPath;
        this.statsJson = statsJson;
        this.secret = secret == null ? null : secret.getBytes(StandardCharsets.UTF_8);
        this.admin = admin;
        this.counters = counters;
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        if (req.getRequestURI().equals(PURGE_PATH)) {
            purge(req, resp);
            return;
        }
        if (!req.getRequestURI().equals(statsPath)) {
            error(resp, 404, "the admin port serves " + statsPath + ", " + PURGE_PATH
                    + " and the admin page only");
            return;
        }
        if (!req.getMethod().equals("GET") && !req.getMethod().equals("HEAD")) {
            resp.setHeader("Allow", "GET, HEAD");
            error(resp, 405, statsPath + " answers GET and HEAD only");
            return;
        }
        byte[] json = statsJson.get().getBytes(StandardCharsets.UTF_8);
        resp.setStatus(200);
        resp.setContentType("application/json");
        resp.setHeader("Cache-Control", "no-store");
        resp.setContentLength(json.length);
        if (req.getMethod().equals("GET")) {
            resp.getOutputStream().write(json);
        }
    }

    private void purge(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        if (!req.getMethod().equals("POST")) {
            resp.setHeader("Allow", "POST");
            error(resp, 405, PURGE_PATH + " answers POST only");
            return;
        }
        if (secret == null) {
            refuse(req, resp, 403, "purging is off: no purge secret is configured");
            return;
        }
        String auth = req.getHeader("Authorization");
        byte[] given = auth != null && auth.startsWith("Bearer ")
                ? auth.substring(7).trim().getBytes(StandardCharsets.UTF_8) : new byte[0];
        if (!MessageDigest.isEqual(secret, given)) {
            resp.setHeader("WWW-Authenticate", "Bearer realm=\"wscache-edge purge\"");
            refuse(req, resp, 401, auth == null ? "no purge secret given"
                    : "wrong purge secret");
            return;
        }
        List<String> tags = new ArrayList<>();
        for (String line : java.util.Collections.list(req.getHeaders("Surrogate-Key"))) {
            for (String t : line.trim().split("\\s+")) {
                if (!t.isEmpty()) {
                    tags.add(t);
                }
            }
        }
        if (tags.isEmpty() || tags.size() > MAX_TAGS) {
            error(resp, 400, "name 1 to " + MAX_TAGS + " tags in Surrogate-Key");
            return;
        }
        long urls = admin.purge(tags, req.getRemoteUser() != null ? req.getRemoteUser()
                : "secret@" + req.getRemoteAddr());
        byte[] json = ("{\"tags\":" + tags.size() + ",\"urls\":" + urls + "}")
                .getBytes(StandardCharsets.UTF_8);
        resp.setStatus(200);
        resp.setContentType("application/json");
        resp.setHeader("Cache-Control", "no-store");
        resp.setContentLength(json.length);
        resp.getOutputStream().write(json);
    }

    private void refuse(HttpServletRequest req, HttpServletResponse resp, int status,
            String why) throws IOException {
        counters.purgesRefused.increment();
        LOG.warn("wscache-edge: purge from {} refused: {}", req.getRemoteAddr(), why);
        error(resp, status, why);
    }

    /**
     * Answers a script's mistake as the success case answers, in JSON:
     * {@code {"status":401,"error":"wrong purge secret"}}, never Tomcat's HTML error page.
     */
    private static void error(HttpServletResponse resp, int status, String why)
            throws IOException {
        byte[] json = ("{\"status\":" + status + ",\"error\":\"" + jsonText(why) + "\"}")
                .getBytes(StandardCharsets.UTF_8);
        resp.setStatus(status);
        resp.setContentType("application/json");
        resp.setHeader("Cache-Control", "no-store");
        resp.setContentLength(json.length);
        resp.getOutputStream().write(json);
    }

    private static String jsonText(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
