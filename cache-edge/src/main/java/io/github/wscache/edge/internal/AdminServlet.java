package io.github.wscache.edge.internal;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * The admin port's one servlet: answers a GET of the stats path with the counters as JSON and
 * everything else with 404. It runs on its own connector (loopback by default), never on the
 * proxy's port, so that the counters are not published to every client of the edge.
 */
public final class AdminServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    private final transient String statsPath;
    private final transient Supplier<String> statsJson;

    /** Creates the servlet; {@code statsJson} is asked for a fresh snapshot on each request. */
    public AdminServlet(String statsPath, Supplier<String> statsJson) {
        this.statsPath = statsPath;
        this.statsJson = statsJson;
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        if (!req.getRequestURI().equals(statsPath)) {
            resp.sendError(404, "the admin port serves " + statsPath + " only");
            return;
        }
        if (!req.getMethod().equals("GET") && !req.getMethod().equals("HEAD")) {
            resp.setHeader("Allow", "GET, HEAD");
            resp.sendError(405);
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
}
