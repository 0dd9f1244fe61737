package io.github.wscache.edge.internal;

import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.net.URI;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the {@link ProxyServlet} needs of the client's request, read once: the origin URI, the
 * client's fields and those that go on toward the origin ({@link RequestRules#towardOrigin}), the
 * method, the body (none for GET and HEAD) and whether the client takes gzip.
 */
record ClientRequest(URI uri, Map<String, List<String>> headers,
        Map<String, List<String>> toOrigin, String method, byte[] body, boolean acceptsGzip) {

    /**
     * Reads {@code req}; {@code origin} is the base URL without a trailing slash, {@code rules}
     * decide which fields go on.
     */
    static ClientRequest read(HttpServletRequest req, String origin, RequestRules rules)
            throws IOException {
        String q = req.getQueryString();
        URI uri = URI.create(origin + req.getRequestURI() + (q == null ? "" : "?" + q));
        Map<String, List<String>> in = HeaderRules.newHeaders();
        for (String n : Collections.list(req.getHeaderNames())) {
            in.put(n, Collections.list(req.getHeaders(n)));
        }
        String method = req.getMethod().toUpperCase(Locale.ROOT);
        Map<String, List<String>> toOrigin = rules.towardOrigin(in, method, req.getRemoteAddr(),
                req.getScheme());
        // a body on GET or HEAD has no meaning (RFC 9110 §9.3.1): Tomcat reads it past (by its
        // Content-Length or chunks) and it goes nowhere; only the tests' naive proxy sends it on
        boolean bodiless = (method.equals("GET") || method.equals("HEAD")) && !rules.isNaive();
        byte[] body = bodiless ? null : req.getInputStream().readAllBytes();
        return new ClientRequest(uri, in, toOrigin, method, body, acceptsGzip(in));
    }

    /** Returns whether the method is {@code m} (upper case). */
    boolean is(String m) {
        return method.equals(m);
    }

    private static boolean acceptsGzip(Map<String, List<String>> in) {
        for (String m : HeaderRules.members(in, "Accept-Encoding")) {
            String[] p = m.split(";");
            if (p[0].trim().equalsIgnoreCase("gzip")) {
                return !(p.length > 1 && p[1].trim().replace(" ", "").matches("q=0(\\.0*)?"));
            }
        }
        return false;
    }
}
