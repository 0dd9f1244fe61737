package io.github.wscache.edge.internal;

import io.github.wscache.core.internal.http.ByteRanges;
import io.github.wscache.core.internal.http.CacheControl;
import io.github.wscache.core.internal.http.EntityTag;
import io.github.wscache.core.internal.http.HttpDates;
import io.github.wscache.core.internal.http.Preconditions;
import io.github.wscache.core.internal.http.Validators;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one servlet of the edge: forwards every request to the origin through the
 * {@link EdgeCache}, composes ESI pages with the {@link Composer}, and writes the response.
 *
 * <p>The flow of one request ({@link #service}):
 * <ol>
 *   <li>a request target or header section over the {@link Limits} is answered 414 or 431
 *       here, before anything is forwarded or looked up ({@link #refusedAsOversized});
 *   <li>the client's request is read once into a {@link ClientRequest}, with the fields
 *       {@link RequestRules} let through toward the origin;
 *   <li>{@link EdgeCache#fetch} answers from the cache or the origin; an origin that fails is a
 *       502 (504 on a timeout), counted as a miss, an origin request and an error;
 *   <li>the outcome is counted: a hit, or a miss and an origin request ({@link #countFetch});
 *   <li>the fields toward the client are derived ({@link #towardClient}): {@code Age} on a
 *       response served from storage, and {@code Vary: Accept-Encoding} when the edge may
 *       gzip the body ({@link #mayCompress}; never added to {@code Vary: *});
 *   <li>a HEAD, or a response that is not ESI, goes out as it is, as a 304 when the client's
 *       conditional GET matches, or as a 206/416 for a {@code Range} ({@link #sendAsIs});
 *   <li>an ESI page is composed ({@link #sendComposed}).
 * </ol>
 * With client classification on, {@link ServerActions} classifies the client before the fetch
 * and decides the actions (gzip, the includes to compose, fields) before the response is written.
 * Writing (fields, gzip, {@code Content-Length} or chunks, bytes counted) is the
 * {@link ResponseWriter}'s job.
 *
 * <p>Writing a composed page: a page whose body is complete at once (no includes, or all of them
 * already resolved) goes out with {@code Content-Length}. A page with pending includes that may
 * all be dropped silently ({@code onerror="continue"}) is streamed with chunked encoding,
 * flushing the text up to the first unfinished include. A page with a pending include that could
 * still fail the whole page waits for all its includes (which are fetched in parallel) so that a
 * failure is a clean 502/504 instead of a truncated page.
 *
 * <p>The client's conditional GET ({@code If-None-Match}, {@code If-Modified-Since}) is answered
 * here with a 304 when the response the edge has is a 200 whose validators match; a composed
 * page has no validators (its parts change independently), so it is always sent in full.
 */
public final class ProxyServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ProxyServlet.class);

    private final transient String origin;
    private final transient EdgeCache cache;
    private final transient Composer composer;
    private final transient EdgeCounters counters;
    private final transient Duration pageTimeout;
    private final transient ResponseWriter writer;
    private final transient RequestRules rules;
    /** Client classification and server actions (paper 004), or {@code null} when off. */
    private final transient ServerActions actions;
    private final transient Limits limits;

    /**
     * The longest request target and the most header bytes the edge takes; 0 for no limit of
     * the edge's own (the tests' naive proxy: Tomcat's buffer still bounds both).
     */
    public record Limits(int maxUriLength, int maxHeaderBytes) {
    }

    /**
     * Creates the servlet; {@code origin} is the base URL without a trailing slash,
     * {@code pageTimeout} how long the origin may take to answer a client's request,
     * {@code rules} which of the client's fields reach the origin, {@code actions} client
     * classification and server actions (or {@code null} for none), {@code limits} the sizes
     * the edge answers itself beyond.
     */
    public ProxyServlet(String origin, EdgeCache cache, Composer composer, EdgeCounters counters,
            Duration pageTimeout, RequestRules rules, ServerActions actions, Limits limits) {
        this.limits = limits;
        this.rules = rules;
        this.actions = actions;
        this.origin = origin;
        this.cache = cache;
        this.composer = composer;
        this.counters = counters;
        this.pageTimeout = pageTimeout;
        this.writer = new ResponseWriter(counters);
    }

    /**
     * Where the origin's {@code 103 Early Hints} go while this request's response is fetched:
     * to the client at once (RFC 8297), with their end-to-end fields, which are then taken off
     * again so that the final response does not carry them. Only to an HTTP/1.1 or later
     * client (an HTTP/1.0 one cannot take a 1xx), never once the response is committed; other
     * interim statuses are not forwarded. A 103 is never stored (it never reaches the cache).
     */
    private static java.util.function.Consumer<OriginClient.Interim> earlyHints(
            HttpServletRequest req, HttpServletResponse resp) {
        if ("HTTP/1.0".equals(req.getProtocol()) || "HTTP/0.9".equals(req.getProtocol())) {
            return null;
        }
        jakarta.servlet.ServletResponse unwrapped = resp;
        while (unwrapped instanceof jakarta.servlet.ServletResponseWrapper w) {
            unwrapped = w.getResponse();
        }
        if (!(unwrapped instanceof org.apache.catalina.connector.ResponseFacade tomcat)) {
            return null; // Tomcat sends early hints (Servlet 6.1 has no call for it)
        }
        return interim -> {
            if (interim.status() != 103 || resp.isCommitted()) {
                return;
            }
            Map<String, List<String>> fields = HeaderRules.newHeaders();
            for (Map.Entry<String, String> f : interim.fields()) {
                fields.computeIfAbsent(f.getKey(), n -> new java.util.ArrayList<>())
                        .add(f.getValue());
            }
            Map<String, List<String>> sent = HeaderRules.towardClient(fields);
            sent.keySet().removeIf(n -> resp.containsHeader(n));
            sent.forEach((n, vs) -> vs.forEach(v -> resp.addHeader(n, v)));
            try {
                tomcat.sendEarlyHints();
            } finally {
                // the final response carries its own fields only
                sent.keySet().forEach(n -> resp.setHeader(n, null));
            }
        };
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse response)
            throws IOException {
        HttpServletResponse resp = FieldBytes.wrap(req, response);
        counters.requests.increment();
        if (refusedAsOversized(req, resp)) {
            return;
        }
        ClientRequest c = ClientRequest.read(req, origin, rules);
        ServerActions.Adaptation adapt = actions == null ? null : actions.begin(req, c);
        Fetched f;
        try {
            f = OriginClient.interimsTo(earlyHints(req, resp), () -> cache.fetch("page",
                    c.method(), c.uri(), c.toOrigin(), c.body(), pageTimeout,
                    c.is("GET") || c.is("HEAD")));
        } catch (OriginException e) {
            counters.misses.increment();
            counters.originRequests.increment();
            writer.error(resp, e.isTimeout() ? 504 : 502, "wscache-edge; fwd=miss",
                    "wscache-edge: origin request failed: " + e.getMessage());
            return;
        }
        countFetch(f);
        boolean esi = !c.is("HEAD") && composer.isEsi(f.response());
        boolean transformable = f.response().transformable();
        boolean compress = transformable
                && (esi || f.response().body().length > ResponseWriter.GZIP_MIN);
        Map<String, List<String>> out = towardClient(f, compress);
        String status = "wscache-edge; " + f.outcome().cacheStatus()
                + (f.stored() ? "; stored" : "");
        boolean gzip = c.acceptsGzip() && compress;
        ServerActions.Applied applied = adapt == null ? null : actions.apply(adapt, out,
                f.response().status(), esi, c.acceptsGzip(),
                adapt.actionPage() && transformable, gzip);
        if (applied != null) {
            gzip = applied.gzip();
        }
        if (!esi) {
            sendAsIs(resp, c, f, out, status, gzip, applied);
        } else {
            sendComposed(resp, c, f, out, status, gzip, applied);
        }
    }

    /**
     * Answers a request whose target or header fields are longer than the edge takes: 414 or
     * 431 (RFC 9110 §15.5.15, RFC 6585 §5), made here, so that the origin never answers it
     * with an error of its own that could be stored, and the client learns what to shorten.
     */
    private boolean refusedAsOversized(HttpServletRequest req, HttpServletResponse resp)
            throws IOException {
        if (limits.maxUriLength() > 0) {
            String q = req.getQueryString();
            int uri = req.getRequestURI().length() + (q == null ? 0 : q.length() + 1);
            if (uri > limits.maxUriLength()) {
                writer.error(resp, 414, "wscache-edge; detail=uri-too-long", "wscache-edge: "
                        + "the request target has " + uri + " bytes; this edge takes at most "
                        + limits.maxUriLength());
                return true;
            }
        }
        if (limits.maxHeaderBytes() > 0) {
            int bytes = 0;
            for (Enumeration<String> names = req.getHeaderNames(); names.hasMoreElements(); ) {
                String n = names.nextElement();
                for (Enumeration<String> v = req.getHeaders(n); v.hasMoreElements(); ) {
                    bytes += n.length() + v.nextElement().length() + 4;
                }
            }
            if (bytes > limits.maxHeaderBytes()) {
                writer.error(resp, 431, "wscache-edge; detail=header-fields-too-large",
                        "wscache-edge: the request header fields have " + bytes + " bytes; "
                                + "this edge takes at most " + limits.maxHeaderBytes());
                return true;
            }
        }
        return false;
    }

    private void countFetch(Fetched f) {
        if (f.outcome().forwarded()) {
            counters.misses.increment();
            counters.originRequests.increment();
        } else if (f.outcome().hit()) {
            counters.hits.increment();
        } else {
            counters.misses.increment();
        }
    }

    /**
     * Whether {@code Cache-Control} says {@code no-transform}. Asked for every response: the
     * field is parsed only when one of its lines holds those letters in some case, which a
     * directive of that name must (a token has no escapes).
     */
    static boolean noTransform(List<String> cacheControl) {
        if (cacheControl == null) {
            return false;
        }
        for (String line : cacheControl) {
            if (line != null && mentions(line, "no-transform")) {
                return CacheControl.parse(cacheControl).noTransform();
            }
        }
        return false;
    }

    private static boolean mentions(String line, String lowerCaseWord) {
        for (int i = 0, last = line.length() - lowerCaseWord.length(); i <= last; i++) {
            if (line.regionMatches(true, i, lowerCaseWord, 0, lowerCaseWord.length())) {
                return true;
            }
        }
        return false;
    }

    private static Map<String, List<String>> towardClient(Fetched f, boolean compress) {
        Map<String, List<String>> out = HeaderRules.towardClient(f.response().headers());
        if (f.ageSeconds() >= 0) {
            out.put("Age", List.of(Long.toString(f.ageSeconds())));
        }
        if (compress) {
            out.put("Vary", List.of(addVary(out.get("Vary"))));
        }
        return out;
    }

    /** A HEAD or a response without ESI: a 304 when the client's validators match, else as is. */
    private void sendAsIs(HttpServletResponse resp, ClientRequest c, Fetched f,
            Map<String, List<String>> out, String status, boolean gzip,
            ServerActions.Applied applied) throws IOException {
        OriginResponse r = f.response();
        counters.filtered.add(f.outcome().forwarded() ? 0 : 1);
        if (c.is("GET") && r.status() == 200
                && Preconditions.notModified(c.headers()::get, out::get)) {
            writer.notModified(resp, out, status);
            return;
        }
        if (c.is("HEAD")) {
            out.put("Content-Length", List.of(Integer.toString(r.body().length)));
        }
        if (c.is("GET") && r.status() == 200 && sendRange(resp, c, r, out, status)) {
            return;
        }
        writer.send(resp, r.status(), out, status, r.body(), gzip,
                applied != null && applied.best());
    }

    /**
     * Answers a {@code Range} request for a full 200 (RFC 9110 §14.2): one satisfiable range
     * is a 206 with {@code Content-Range}, none a 416 with {@code Content-Range: bytes *&#47;len};
     * several ranges, an invalid {@code Range} or an {@code If-Range} that does not match get
     * the full 200 (returns {@code false}).
     */
    private boolean sendRange(HttpServletResponse resp, ClientRequest c, OriginResponse r,
            Map<String, List<String>> out, String status) throws IOException {
        String range = HeaderRules.first(c.headers(), "Range");
        if (range == null) {
            return false;
        }
        String etag = HeaderRules.first(out, "ETag");
        boolean applies = Validators.ifRangeMatches(HeaderRules.first(c.headers(), "If-Range"),
                etag == null ? null : EntityTag.parse(etag).orElse(null),
                HttpDates.parse(HeaderRules.first(out, "Last-Modified")).orElse(null),
                HttpDates.parse(HeaderRules.first(out, "Date")).orElse(null));
        if (!applies) {
            return false;
        }
        ByteRanges br = ByteRanges.evaluate(range, r.body().length);
        if (br.kind() == ByteRanges.Kind.SINGLE) {
            out.put("Content-Range", List.of(br.contentRange()));
            writer.send(resp, 206, out, status, Arrays.copyOfRange(r.body(), (int) br.first(),
                    (int) br.last() + 1), false);
            return true;
        }
        if (br.kind() == ByteRanges.Kind.UNSATISFIABLE) {
            out.put("Content-Range", List.of(br.contentRange()));
            writer.send(resp, 416, out, status, new byte[0], false);
            return true;
        }
        return false;
    }

    /**
     * An ESI page: streamed when every pending include may be dropped, else sent whole once all
     * includes are in (or a 502/504 when one of them fails the page).
     */
    private void sendComposed(HttpServletResponse resp, ClientRequest c, Fetched f,
            Map<String, List<String>> out, String status, boolean gzip,
            ServerActions.Applied applied) throws IOException {
        OriginResponse r = f.response();
        out.remove("ETag");
        out.remove("Last-Modified");
        Composer.Page page = new Composer.Page(includeHeaders(c.toOrigin()),
                new EsiVariables(c.headers(), c.uri().getRawQuery()));
        boolean best = applied != null && applied.best();
        if (applied != null) {
            page.keep(applied.keep());
        }
        List<Composer.Part> parts;
        try {
            parts = composer.start(r.body(), f.isStoredBody(), c.uri(), 0, page);
        } catch (EsiSyntaxException e) {
            LOG.warn("wscache-edge: {} not composed: {}", c.uri().getRawPath(), e.getMessage());
            writer.error(resp, 502, status, "wscache-edge: " + e.getMessage());
            return;
        }
        boolean done = parts.stream().allMatch(p -> p.future() == null || p.future().isDone());
        boolean safe = parts.stream().allMatch(p -> p.future() == null
                || p.include().continueOnError() || p.future().isDone());
        if (!done && safe) {
            writer.stream(resp, r.status(), out, status + detail(page), parts, gzip, best);
            countFiltered(f, page);
            return;
        }
        ByteArrayOutputStream composed = new ByteArrayOutputStream();
        try {
            for (Composer.Part p : parts) {
                composed.writeBytes(p.bytes() != null ? p.bytes() : p.future().join());
            }
        } catch (CompletionException e) {
            IncludeFailure fail = Composer.failure(Composer.unwrap(e), "?");
            writer.error(resp, fail.status(), status + detail(page), "wscache-edge: "
                    + fail.getMessage());
            return;
        }
        countFiltered(f, page);
        writer.send(resp, r.status(), out, status + detail(page), composed.toByteArray(), gzip,
                best);
    }

    /** A page is filtered at the edge when neither it nor any of its fragments went to origin. */
    private void countFiltered(Fetched f, Composer.Page page) {
        counters.filtered.add(!f.outcome().forwarded() && page.misses.get() == 0 ? 1 : 0);
    }

    private static String detail(Composer.Page page) {
        return "; detail=\"fragments " + page.hits.get() + " hit " + page.misses.get()
                + " miss\"";
    }

    /** The client's fields for include requests: no body fields, no conditionals. */
    private static Map<String, List<String>> includeHeaders(Map<String, List<String>> toOrigin) {
        Map<String, List<String>> h = HeaderRules.newHeaders();
        h.putAll(toOrigin);
        for (String n : List.of("Content-Type", "Content-Encoding", "If-None-Match",
                "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range", "Range")) {
            h.remove(n);
        }
        return h;
    }

    /** Adds Accept-Encoding to a Vary; {@code Vary: *} already says everything. */
    private static String addVary(List<String> vary) {
        if (vary == null || vary.isEmpty()) {
            return "Accept-Encoding";
        }
        String v = String.join(", ", vary);
        List<String> members = HeaderRules.members(Map.of("Vary", vary), "Vary");
        if (members.contains("*")
                || members.stream().anyMatch("accept-encoding"::equalsIgnoreCase)) {
            return v;
        }
        return v + ", Accept-Encoding";
    }
}
