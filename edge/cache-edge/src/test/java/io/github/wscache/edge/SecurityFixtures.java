package io.github.wscache.edge;

import io.github.wscache.testkit.TestOrigin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the edge-security tests share: the two edges each attack runs against ({@link Setup}),
 * the origin they attack ({@link VulnerableSite}) and a client that writes raw bytes.
 */
final class SecurityFixtures {
    private SecurityFixtures() {
    }

    /** The edge under attack: as it ships, or the same edge with every defence off. */
    enum Setup {
        /** {@code EdgeServer.builder()} as it is. */
        DEFAULT,
        /** {@code EdgeServer.builder().naiveProxy()}: a plain RFC 9111 caching proxy. */
        NAIVE;

        EdgeServer.Builder builder() {
            return this == DEFAULT ? EdgeServer.builder() : EdgeServer.builder().naiveProxy();
        }

        boolean defended() {
            return this == DEFAULT;
        }
    }

    /** Every request the origin received, on every path. */
    static List<TestOrigin.Request> allRequests(TestOrigin origin) {
        List<TestOrigin.Request> all = new ArrayList<>();
        for (String p : origin.paths()) {
            all.addAll(origin.requests(p));
        }
        return all;
    }

    /**
     * Writes {@code request} (ISO-8859-1, as written) to the edge's port and reads until the
     * edge closes the connection; every probe ends with a request carrying
     * {@code Connection: close}, or is one the edge closes the connection on.
     */
    static String exchange(int port, String request) {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            s.getOutputStream().flush();
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The status codes of the responses in a raw exchange, in order. */
    static List<Integer> statuses(String responses) {
        List<Integer> out = new ArrayList<>();
        // a status line follows the previous body at once: no line end to anchor on
        Matcher m = Pattern.compile("HTTP/1\\.[01] (\\d{3}) ").matcher(responses);
        while (m.find()) {
            out.add(Integer.parseInt(m.group(1)));
        }
        return out;
    }

    /**
     * A web application written as very many are, which trusts its request: the router honours
     * {@code X-Original-URL}/{@code X-Rewrite-URL} and the method-override fields, links and
     * redirects are built from the forwarding fields, paths are matched leniently (decoded,
     * {@code ;...} and {@code #...} cut off, trailing dots dropped, anything under
     * {@code /account/} is the account page), it has its own, smaller limits (4 KB of fields,
     * 2 KB rewritten URLs, 1 KB bodies), and a blanket {@code Cache-Control: max-age=60} on
     * every page that is not personal, errors included. Personal pages and the 404 have a
     * {@code Last-Modified} and no {@code Cache-Control} (heuristically fresh for a shared
     * cache by RFC 9111).
     *
     * <ul>
     *   <li>{@code /home}: {@code home};</li>
     *   <li>{@code /page}: a link built from {@code Forwarded}, {@code X-Forwarded-Host} and
     *       {@code X-Forwarded-Proto}; {@code X-Forwarded-Scheme: http} redirects to https;</li>
     *   <li>{@code /secret}: {@code secret admin page};</li>
     *   <li>{@code /account...}: {@code account of NAME} for the cookie {@code sid=NAME}, else
     *       {@code please sign in}; also for {@code X-Api-Key: NAME}.</li>
     * </ul>
     */
    static final class VulnerableSite implements TestOrigin.Handler {
        static final String LAST_MODIFIED = DateTimeFormatter.RFC_1123_DATE_TIME.format(
                Instant.now().minus(10, ChronoUnit.DAYS).atOffset(ZoneOffset.UTC));
        private static final Set<String> KNOWN_METHODS = Set.of("GET", "HEAD", "POST", "PUT",
                "DELETE", "PATCH", "OPTIONS");

        @Override
        public TestOrigin.Response handle(TestOrigin.Request r) {
            String path = r.path();
            String rewrite = first(r, "X-Original-URL", "X-Rewrite-URL");
            if (rewrite != null) {
                if (rewrite.length() > 2048) {
                    return shared(414, "rewritten URL too long");
                }
                path = rewrite;
            }
            int fieldBytes = 0;
            for (Map.Entry<String, List<String>> e : r.headers().entrySet()) {
                for (String v : e.getValue()) {
                    fieldBytes += e.getKey().length() + v.length() + 4;
                }
            }
            if (fieldBytes > 4096) {
                return shared(431, "request header fields too large");
            }
            if (r.body().length > 1000) {
                return shared(413, "payload too large");
            }
            if (r.header("X-Debug") != null) {
                return shared(400, "unknown field X-Debug");
            }
            String override = first(r, "X-HTTP-Method-Override", "X-Method-Override",
                    "X-HTTP-Method");
            String method = override != null ? override : r.method();
            if (!method.equals("GET") && !method.equals("HEAD")) {
                return shared(KNOWN_METHODS.contains(method) ? 405 : 501, "method " + method);
            }
            String host = r.header("Host");
            String proto = "http";
            String forwarded = r.header("Forwarded");
            if (forwarded != null) {
                for (String p : forwarded.split("[;,]")) {
                    String[] kv = p.trim().split("=", 2);
                    if (kv.length == 2 && kv[0].equalsIgnoreCase("host")) {
                        host = kv[1];
                    } else if (kv.length == 2 && kv[0].equalsIgnoreCase("proto")) {
                        proto = kv[1];
                    }
                }
            }
            host = r.header("X-Forwarded-Host") != null ? r.header("X-Forwarded-Host") : host;
            proto = r.header("X-Forwarded-Proto") != null ? r.header("X-Forwarded-Proto")
                    : proto;
            if ("http".equals(r.header("X-Forwarded-Scheme"))) {
                return shared(301, "moved").header("Location", "https://" + host + path);
            }
            if (isAccount(path)) {
                String user = user(r);
                return TestOrigin.Response.of(200, user == null ? "please sign in"
                        : "account of " + user + ", token=secret-" + user)
                        .header("Content-Type", "text/html; charset=UTF-8")
                        .header("Last-Modified", LAST_MODIFIED);
            }
            switch (path) {
                case "/home":
                    return shared(200, "home");
                case "/page":
                    return shared(200, "<a href=\"" + proto + "://" + host + "/next\">next</a>");
                case "/secret":
                    return shared(200, "secret admin page");
                default:
                    return TestOrigin.Response.of(404, "not found")
                            .header("Last-Modified", LAST_MODIFIED);
            }
        }

        private static TestOrigin.Response shared(int status, String body) {
            return TestOrigin.Response.of(status, body)
                    .header("Content-Type", "text/html; charset=UTF-8")
                    .header("Cache-Control", "max-age=60");
        }

        private static String first(TestOrigin.Request r, String... names) {
            for (String n : names) {
                if (r.header(n) != null) {
                    return r.header(n);
                }
            }
            return null;
        }

        /** The lenient match of many frameworks: decoded, parameters cut, trailing dots. */
        static boolean isAccount(String decodedPath) {
            String p = decodedPath;
            for (char cut : new char[] {';', '#'}) {
                int i = p.indexOf(cut);
                if (i >= 0) {
                    p = p.substring(0, i);
                }
            }
            while (p.endsWith(".")) {
                p = p.substring(0, p.length() - 1);
            }
            return p.equals("/account") || p.startsWith("/account/");
        }

        private static String user(TestOrigin.Request r) {
            String key = r.header("X-Api-Key");
            if (key != null) {
                return key;
            }
            String cookie = r.header("Cookie");
            if (cookie != null) {
                for (String pair : cookie.split(";")) {
                    String[] kv = pair.trim().split("=", 2);
                    if (kv.length == 2 && kv[0].equals("sid")) {
                        return kv[1];
                    }
                }
            }
            return null;
        }
    }
}
