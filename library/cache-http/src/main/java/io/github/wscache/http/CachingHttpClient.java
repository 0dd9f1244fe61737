package io.github.wscache.http;

import com.fasterxml.jackson.core.JsonGenerator;
import io.github.wscache.core.CacheOutcome;
import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.Exchange;
import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.SharedBody;
import io.github.wscache.core.copy.Copier;
import io.github.wscache.core.internal.http.CacheControl;
import io.github.wscache.core.internal.http.Headers;
import io.github.wscache.core.internal.http.Invalidation;
import io.github.wscache.core.internal.http.Preconditions;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.ValueRepresentation;
import io.github.wscache.http.internal.BodyFeed;
import io.github.wscache.http.internal.CachedHttpResponse;
import io.github.wscache.http.internal.Identity;
import io.github.wscache.http.internal.StoredBody;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/**
 * A {@link HttpClient} that caches the responses of the application's own client under a
 * wscache {@link io.github.wscache.core.policy.Policy}: entries are matched by the request URL
 * ({@code endpoint:}) and the HTTP method ({@code operation:}). Thread-safe; everything but
 * {@link #send} and {@link #sendAsync} is the wrapped client's.
 *
 * <p><b>Semantics</b> (RFC 9111 for a private cache, through cache-core's HTTP rules, with
 * {@code honorHttpHeaders: true}, or {@code only} to follow the headers alone; the policy's TTL
 * otherwise): only {@code GET} is cached, and a non-error answer to an unsafe method drops the
 * stored responses of its target URI and, on the same origin, of its {@code Location} and
 * {@code Content-Location} (RFC 9111 §4.4); {@code no-store} is never stored; {@code private}
 * only in a caller's own partition; {@code max-age}/{@code Expires} set freshness
 * ({@code s-maxage} and {@code proxy-revalidate} are for shared caches); a stale entry with an
 * {@code ETag} or {@code Last-Modified} is revalidated with a conditional request and a 304
 * refreshes it; the request's own {@code no-cache}, {@code max-age}, {@code min-fresh} and
 * {@code max-stale} decide whether a stored response answers it (else it is revalidated or
 * fetched); {@code stale-if-error} serves the stale entry when the service fails (an I/O error
 * or a 500, 502, 503 or 504); a response from the cache carries {@code Age}; hop-by-hop fields
 * are never stored; {@code Vary} selects variants by the request fields it names; responses
 * other than 200 are never stored, and any status reaches the caller. Keys are
 * partitioned by the caller's identity ({@code Authorization}, cookies, the client's cookie
 * handler and authenticator, credential-like headers). The fields that are for one caller
 * ({@code Set-Cookie}, {@code Set-Cookie2}, {@code WWW-Authenticate},
 * {@code Authentication-Info} and the proxy authentication fields) are never stored: the caller
 * whose request brought the response gets them, no hit does. Concurrent misses of one key send
 * one request. Requests that are conditional or ranged, carry {@code Cache-Control: no-store},
 * have a body (a GET with a query in its body is not told apart by its URL), or ask for push
 * promises pass through (counted as bypasses).
 *
 * <p><b>Bodies.</b> A hit does no I/O: the stored bytes are handed to the application's
 * {@link HttpResponse.BodyHandler} as if they came from the network. With a
 * {@link JsonBodyHandler} the policy's {@code value} chooses the representation: {@code events}
 * keeps the recorded Jackson tokens and replays them into the caller's reader; {@code xml}
 * keeps the bytes and binds them again; the object values ({@code auto}, {@code reflection},
 * ...) keep the bound object and copy it per caller with the copier cache-core chooses for its
 * type (records and immutable types are shared).
 *
 * <p>Every response carries {@code Cache-Status} (RFC 9211); {@link CacheStatus#of} tells the
 * same as an object. A failure inside the cache never fails the call: it is counted as an
 * error of the operation and the request goes to the network. So does a stored object whose
 * copy for the caller fails: the caller gets the service's answer
 * ({@code fwd=miss; detail="the stored response could not be copied"}), or, on the miss that
 * brought it, its own fetched body bound again.
 *
 * <pre>{@code
 * HttpClient client = CachingHttpClient.builder(HttpClient.newHttpClient())
 *         .cache(ResponseCache.builder().policy(Policy.parse(
 *                 "operations:\n"
 *                 + "  - endpoint: https://api.example.com/v1/items/*\n"
 *                 + "    operation: GET\n"
 *                 + "    ttl: 60s\n"
 *                 + "    honorHttpHeaders: true\n", "inline")).build())
 *         .build();
 * HttpResponse<Item> r = client.send(HttpRequest.newBuilder(uri).build(),
 *         JsonBodyHandlers.of(mapper, Item.class));
 * }</pre>
 */
public final class CachingHttpClient extends HttpClient {
    /**
     * The request fields that can make a GET bypass the cache or a conditional one: a request
     * with none of them (most) is decided without looking each up.
     */
    private static final Set<String> DECIDING = deciding();
    /**
     * The response fields that are for the one caller whose request brought the response: never
     * stored, never on a response the cache answers with (RFC 6265 §8, RFC 9110 §11.6; the same
     * as cache-jaxws, cache-axis and the Spring module keep out, and as cache-core's stored
     * form, which already leaves out the cookie and proxy fields).
     */
    private static final Set<String> PERSONAL = personal();
    private static volatile ExecutorService sharedExecutor;

    private final HttpClient delegate;
    private final ResponseCache cache;
    private final Executor executor;

    private CachingHttpClient(Builder b) {
        this.delegate = b.delegate;
        this.cache = b.cache;
        // never the wrapped client's own executor: a miss blocks its thread in the JDK's send(),
        // which waits for response work the client hands to that executor
        this.executor = b.executor != null ? b.executor : sharedExecutor();
    }

    /** Returns a builder for a client that wraps {@code delegate}. */
    public static Builder builder(HttpClient delegate) {
        return new Builder(delegate);
    }

    /** Returns the cache this client keeps its responses in (stats, invalidation). */
    public ResponseCache cache() {
        return cache;
    }

    /** Returns the wrapped client. */
    public HttpClient delegate() {
        return delegate;
    }

    @Override
    public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
            throws IOException, InterruptedException {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(handler, "handler");
        return new Call<>(request, handler, null).run();
    }

    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request,
            HttpResponse.BodyHandler<T> handler) {
        return sendAsync(request, handler, null);
    }

    /**
     * Sends asynchronously: a fresh entry answers at once on the calling thread; a miss runs on
     * the {@linkplain Builder#executor executor} (by default a shared pool of daemon threads of
     * the cache's own, never the wrapped client's), which it occupies while the request is on
     * the network. The exchange stays a blocking one so that concurrent misses of a key still
     * send one request (cache-core's single flight waits on the calling thread); running it on
     * the wrapped client's executor would deadlock once every thread of that executor waited
     * for response work queued behind it.
     */
    @Override
    public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request,
            HttpResponse.BodyHandler<T> handler,
            HttpResponse.PushPromiseHandler<T> pushPromiseHandler) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(handler, "handler");
        Call<T> call = new Call<>(request, handler, pushPromiseHandler);
        try {
            HttpResponse<T> hit = call.hitOrNull();
            if (hit != null) {
                return CompletableFuture.completedFuture(hit);
            }
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
        return CompletableFuture.supplyAsync(() -> {
            try {
                return call.run();
            } catch (IOException e) {
                throw new CompletionException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CompletionException(e);
            }
        }, executor);
    }

    private static ExecutorService sharedExecutor() {
        ExecutorService e = sharedExecutor;
        if (e == null) {
            synchronized (CachingHttpClient.class) {
                e = sharedExecutor;
                if (e == null) {
                    e = Executors.newCachedThreadPool(r -> {
                        Thread t = new Thread(r, "wscache-http");
                        t.setDaemon(true);
                        return t;
                    });
                    sharedExecutor = e;
                }
            }
        }
        return e;
    }

    /** How a call's body is kept. */
    private enum Mode { BYTES, EVENTS, OBJECTS }

    /** The shared tier's form of cache-http's bodies: the body's bytes. */
    static final String SHARED_FORM = "http-body";
    static final int SHARED_VERSION = 1;

    /** A body as a call keeps it, and why its response must not be stored, or null. */
    private record Stored(StoredBody body, String notCacheable) {
    }

    private static Set<String> deciding() {
        Set<String> names = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        names.addAll(List.of("Range", "If-Range", "If-None-Match", "If-Modified-Since",
                "If-Match", "If-Unmodified-Since", "Cache-Control"));
        return names;
    }

    private static Set<String> personal() {
        Set<String> names = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        // cache-core's stored form leaves these out for every integration; the two
        // authentication fields, which an edge must keep on a 401 it shares, only cache-http
        names.addAll(Headers.SET_COOKIE);
        names.addAll(Headers.PROXY_AUTHENTICATION);
        names.addAll(List.of("WWW-Authenticate", "Authentication-Info"));
        return names;
    }

    /** The fields of {@code fields} (a case-insensitive map) named in {@link #PERSONAL}. */
    private static Map<String, List<String>> personalOf(Map<String, List<String>> fields) {
        Map<String, List<String>> own = null;
        for (String name : PERSONAL) {
            List<String> values = fields.get(name);
            if (values != null) {
                own = own == null ? new TreeMap<>(String.CASE_INSENSITIVE_ORDER) : own;
                own.put(name, values);
            }
        }
        return own == null ? Map.of() : own;
    }

    /** Restoring a stored bound object for the caller failed (its copier threw). */
    private static final class CopyFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CopyFailure(RuntimeException cause) {
            super(cause);
        }
    }

    /** Whether {@code h} has a field named in {@code names} (a case-insensitive set). */
    private static boolean namesAny(HttpHeaders h, Set<String> names) {
        for (String name : h.map().keySet()) {
            if (names.contains(name)) {
                return true;
            }
        }
        return false;
    }

    /** One call: its invocation, its exchange with the network, and the caller's response. */
    private final class Call<T> implements Exchange<Exception> {
        private final HttpRequest request;
        private final HttpResponse.BodyHandler<T> handler;
        private final JsonBodyHandler<T> json;
        private final HttpResponse.PushPromiseHandler<T> push;
        private Invocation invocation;
        private OperationPolicy policy;
        private Mode mode = Mode.BYTES;
        private CacheOutcome outcome;
        /** Whether the request is a conditional GET the cache may answer itself. */
        private boolean conditional;
        /** The same call passed through, when a conditional one finds nothing fresh. */
        private Invocation conditionalPass;
        private volatile HttpResponse<?> network;
        /** What this call's fetch returned for its caller, whose body came from network. */
        private volatile CachedResponse fetched;
        /** The {@link #PERSONAL} fields of network: the caller's own, never stored. */
        private volatile Map<String, List<String>> ownFields = Map.of();
        /** Why the stored response could not be given to the caller, once that failed. */
        private String copyFailed;
        private HttpResponse<T> passedThrough;
        /**
         * Set once the caller's outcome is known: a later fetch and outcome are a background
         * revalidation's (stale-while-revalidate), which must not change the caller's response.
         */
        private volatile boolean outcomeTold;

        @SuppressWarnings("unchecked")
        Call(HttpRequest request, HttpResponse.BodyHandler<T> handler,
                HttpResponse.PushPromiseHandler<T> push) {
            this.request = request;
            this.handler = handler;
            this.json = handler instanceof JsonBodyHandler ? (JsonBodyHandler<T>) handler : null;
            this.push = push;
        }

        /** Builds the invocation once: names, identity, variant, or why it passes through. */
        private void prepare() {
            if (invocation != null) {
                return;
            }
            String uri = request.uri().toString();
            // an application's own client: RFC 9111's private cache
            Invocation.Builder b = Invocation.builder(request.method()).endpoint(uri)
                    .privateCache(true).requestDirectives(
                            request.headers().allValues("Cache-Control"),
                            request.headers().allValues("Pragma"));
            policy = cache.policyFor(b.build());
            String bypass = bypassReason();
            try {
                Identity.addTo(b, request, delegate, policy.identityHeaders());
            } catch (IOException | RuntimeException e) {
                cache.recordError(b.build(), "reading the client's cookies failed", e);
                bypass = "the caller's cookies could not be read";
            }
            if (bypass == null && policy.cacheable()) {
                // cache-core selects a variant by the fields a response's Vary names
                b.requestFields(request.headers()::allValues);
                mode = json == null ? Mode.BYTES
                        : policy.value() == ValueRepresentation.EVENTS ? Mode.EVENTS
                        : policy.value() == ValueRepresentation.XML ? Mode.BYTES : Mode.OBJECTS;
                if (mode == Mode.OBJECTS) {
                    // objects bound by one mapper are not another's; the farm shares the bytes
                    // they are bound from, which every node binds with its own mapper
                    b.vary("body", json.objectsVary());
                    b.localVary("mapper", json.mapperVary());
                } else {
                    b.vary("body", mode.name());
                }
            } else if (bypass != null) {
                b.bypass(bypass);
            }
            invocation = b.build();
            if (conditional) {
                conditionalPass = b.bypass("a conditional request with no fresh stored response"
                        + " to answer it").build();
            }
        }

        /**
         * RFC 9111 §4.4, as cache-core decides it ({@link Invalidation#targets}): a non-error
         * answer to an unsafe request drops the stored responses of its target URI and of its
         * same-origin {@code Location} and {@code Content-Location}.
         */
        private void invalidateTargets(HttpResponse<?> response) {
            for (URI u : Invalidation.targets(request.method(), response.statusCode(),
                    request.uri(), response.headers()::allValues, true)) {
                cache.invalidate("GET", u.toString());
            }
        }

        private String bypassReason() {
            if (push != null) {
                return "push promises are not cached";
            }
            if (!request.method().equals("GET")) {
                return "method " + request.method() + " is not cached by cache-http";
            }
            if (request.bodyPublisher().map(p -> p.contentLength() != 0).orElse(false)) {
                // a body of unknown length (-1) may have content too; reading a publisher to
                // key on it could consume a one-shot stream the request still has to send
                return "the request has a body, which is not part of the key";
            }
            HttpHeaders h = request.headers();
            if (!namesAny(h, DECIDING)) {
                conditional = false;
                return null;
            }
            conditional = Preconditions.answerable(h::allValues);
            if (!conditional && (h.firstValue("Range").isPresent()
                    || h.firstValue("If-None-Match").isPresent()
                    || h.firstValue("If-Modified-Since").isPresent()
                    || h.firstValue("If-Match").isPresent()
                    || h.firstValue("If-Unmodified-Since").isPresent())) {
                return "the request is conditional or ranged";
            }
            // no-cache, max-age, min-fresh, max-stale: cache-core answers by them
            if (CacheControl.parse(h.allValues("Cache-Control")).noStore()) {
                return "the request says Cache-Control: no-store";
            }
            return null;
        }

        private boolean passesThrough() {
            return !policy.cacheable() || invocation.bypassReason() != null;
        }

        /** Returns the response of a fresh entry, without I/O, or {@code null}. */
        HttpResponse<T> hitOrNull() throws IOException {
            prepare();
            if (passesThrough()) {
                return null;
            }
            Optional<CachedResponse> fresh = cache.getIfFresh(invocation, this::onOutcome);
            if (fresh.isEmpty()) {
                return null;
            }
            CachedResponse r = fresh.get();
            if (conditional && r.status() == 200
                    && Preconditions.notModified(request.headers()::allValues, r.headers()::get)) {
                // the client's own validators match the fresh stored response (RFC 9110 §13.2.2)
                r = CachedResponse.builder(StoredBody.bytes(new byte[0])).status(304)
                        .headers(r.withoutHeaders(notKeptOn304(r)).headers()).build();
            }
            try {
                return respond(r, outcome == null
                        ? new CacheStatus(CacheOutcome.Kind.HIT, false, null, 0)
                        : CacheStatus.of(outcome, 0), Map.of());
            } catch (CopyFailure e) {
                copyFailed(e);
                return null;
            }
        }

        /** Counts a failed copy of a stored object as an error of the cache (logged once). */
        private void copyFailed(CopyFailure e) {
            copyFailed = "the stored response could not be copied";
            cache.recordError(invocation, "copying the stored "
                    + json.type().toCanonical() + " for the caller failed", e.getCause());
        }

        /**
         * The call after a stored object could not be copied for it: the caller's own request,
         * as it is, to the service, whose answer it gets as from the network, not stored.
         */
        private HttpResponse<T> afterCopyFailure() throws IOException, InterruptedException {
            HttpResponse<T> resp = delegate.send(request, handler);
            return withStatus(resp, new CacheStatus(CacheOutcome.Kind.MISS, false, copyFailed,
                    resp.statusCode()));
        }

        HttpResponse<T> run() throws IOException, InterruptedException {
            prepare();
            if (copyFailed != null) {
                // sendAsync: the hit it found on the calling thread could not be copied
                return afterCopyFailure();
            }
            if (conditional) {
                HttpResponse<T> answered = hitOrNull();
                if (answered != null) {
                    return answered;
                }
                // nothing fresh to answer from: the client's conditional goes to the service
                // as it is, and its answer (a 304 among them) is not stored
                invocation = conditionalPass;
            }
            CachedResponse r;
            try {
                r = cache.exchange(invocation, this);
            } catch (IOException | InterruptedException | RuntimeException | Error e) {
                throw e;
            } catch (Exception e) {
                throw new IOException(e.getMessage(), e);
            }
            int fwd = network == null ? 0 : network.statusCode();
            if (network != null) {
                invalidateTargets(network);
            }
            CacheStatus status = CacheStatus.of(outcome, fwd);
            if (passedThrough != null && r.body() == passedThrough) {
                return withStatus(passedThrough, status);
            }
            // the fields for the caller alone reach it when the service answered its own request
            Map<String, List<String>> own = outcome != null
                    && (outcome.kind() == CacheOutcome.Kind.MISS
                            || outcome.kind() == CacheOutcome.Kind.REVALIDATED)
                    ? ownFields : Map.of();
            try {
                return respond(r, status, own);
            } catch (CopyFailure e) {
                copyFailed(e);
                HttpResponse<?> received = network;
                if (r == fetched && received != null && received.body() instanceof byte[]) {
                    // this call's own miss: its caller binds the bytes it fetched
                    return respond(r.withBody(StoredBody.bytes((byte[]) received.body())),
                            status, own);
                }
                return afterCopyFailure();
            }
        }

        @Override
        public CachedResponse fetch(Optional<CachedResponse> stale) throws Exception {
            if (passesThrough()) {
                passedThrough = push == null ? delegate.send(request, handler)
                        : join(delegate.sendAsync(request, handler, push));
                network = passedThrough;
                return CachedResponse.builder(passedThrough).status(passedThrough.statusCode())
                        .notCacheable("passed through").build();
            }
            Map<String, String> conditional =
                    stale.map(CachedResponse::conditionalHeaders).orElse(Map.of());
            HttpRequest sent = request;
            if (!conditional.isEmpty()) {
                HttpRequest.Builder rb = HttpRequest.newBuilder(request, (n, v) -> true);
                conditional.forEach(rb::setHeader);
                sent = rb.build();
            }
            // a failure or an error status is reported as it is: cache-core decides whether the
            // stale entry stands in for it (stale-if-error)
            HttpResponse<byte[]> resp =
                    delegate.send(sent, HttpResponse.BodyHandlers.ofByteArray());
            Map<String, List<String>> fields = fields(resp.headers());
            Map<String, List<String>> own = personalOf(fields);
            fields.keySet().removeAll(own.keySet());
            CachedResponse r = resp.statusCode() == 304 && !conditional.isEmpty()
                    ? CachedResponse.notModified(fields) : capture(resp, fields);
            if (!outcomeTold) {
                network = resp;
                ownFields = own;
                fetched = r;
            }
            return r;
        }

        @Override
        public boolean replayableToWaiters(CachedResponse response) {
            // the body is complete in the response; cache-core withholds personal ones
            return !(response.body() instanceof HttpResponse);
        }

        @Override
        public void onOutcome(CacheOutcome o) {
            if (!outcomeTold) {
                // the caller's own; a background revalidation's comes later
                this.outcome = o;
                outcomeTold = true;
            }
        }

        /** stale-while-revalidate: a GET can be sent again after the caller has its answer. */
        @Override
        public boolean refreshesInBackground() {
            return !passesThrough() && push == null;
        }

        /**
         * only-if-cached with nothing stored that answers it: a 504, as RFC 9111 §5.2.1.7
         * says, without asking the service.
         */
        @Override
        public CachedResponse unavailable() {
            return CachedResponse.builder(StoredBody.bytes(new byte[0])).status(504)
                    .header("Cache-Control", "no-store").notCacheable("only-if-cached").build();
        }

        /**
         * The body's shared form: the body's bytes as the service sent them (a recording is
         * written back as the JSON document it records, a bound object as the bytes it was bound
         * from), so that every node makes its own representation of it, as it does from the
         * network ({@link #fromShared}).
         */
        @Override
        public CachedResponse toShared(CachedResponse stored) {
            if (!(stored.body() instanceof StoredBody)) {
                return null;
            }
            StoredBody b = (StoredBody) stored.body();
            byte[] bytes;
            if (b.bytes() != null) {
                bytes = b.bytes();
            } else if (b.events() != null) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                try (JsonGenerator g = new com.fasterxml.jackson.core.JsonFactory()
                        .createGenerator(out)) {
                    b.events().writeTo(g);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
                bytes = out.toByteArray();
            } else if (network != null && network.statusCode() == stored.status()
                    && network.body() instanceof byte[]) {
                // a bound object: the bytes it was bound from, while this call still has them
                bytes = (byte[]) network.body();
            } else {
                // a bound object refreshed by a 304: the tier keeps the entry it had, which the
                // other nodes revalidate themselves
                return null;
            }
            return stored.withBody(new SharedBody(SHARED_FORM, SHARED_VERSION, bytes));
        }

        /**
         * A response read from the tier, its body made into this call's representation as a
         * body from the network is; anything but cache-http's own form (another integration's
         * XML, another version) is refused.
         */
        @Override
        public CachedResponse fromShared(CachedResponse shared) {
            Object body = shared.body();
            if (!(body instanceof SharedBody)
                    || !((SharedBody) body).is(SHARED_FORM, SHARED_VERSION)) {
                throw new IllegalArgumentException("not a body cache-http keeps ("
                        + (body == null ? "none" : body instanceof byte[] ? "XML bytes"
                                : body.toString()) + "; it keeps " + SHARED_FORM + "/"
                        + SHARED_VERSION + ")");
            }
            return shared.withBody(stored(shared.status(), ((SharedBody) body).bytes()).body);
        }

        /** A body as this call keeps it, and why the response must not be stored, or null. */
        private Stored stored(int status, byte[] bytes) {
            String notCacheable = null;
            StoredBody body = StoredBody.bytes(bytes);
            if (status == 200 && mode != Mode.BYTES) {
                try {
                    JsonRecording events = JsonRecording.record(json.reader().getFactory(), bytes);
                    body = StoredBody.events(events);
                    if (mode == Mode.OBJECTS) {
                        Object bound = json.read(events);
                        Optional<Copier<Object>> copier =
                                bound == null ? Optional.empty() : copier(bound);
                        if (copier.isPresent()) {
                            try {
                                body = StoredBody.bound(bound, copier.get());
                            } catch (RuntimeException e) {
                                // kept as the recorded tokens; the copier's failure is counted
                                cache.recordError(invocation, "capturing the bound "
                                        + bound.getClass().getName() + " failed", e);
                            }
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    body = StoredBody.bytes(bytes);
                    notCacheable = "the body is not JSON for " + json.type().toCanonical() + ": "
                            + e.getMessage();
                }
            }
            return new Stored(body, notCacheable);
        }

        /** The response to keep, with {@code fields}: its own without the personal ones. */
        private CachedResponse capture(HttpResponse<byte[]> resp,
                Map<String, List<String>> fields) {
            byte[] bytes = resp.body() == null ? new byte[0] : resp.body();
            Stored made = stored(resp.statusCode(), bytes);
            StoredBody body = made.body;
            String notCacheable = made.notCacheable;
            CachedResponse.Builder b = CachedResponse.builder(body).status(resp.statusCode())
                    .contentType(resp.headers().firstValue("Content-Type").orElse(null))
                    .headers(fields);
            if (notCacheable != null) {
                b.notCacheable(notCacheable);
            }
            if (resp.headers().firstValue("Set-Cookie").isPresent()
                    || resp.headers().firstValue("Set-Cookie2").isPresent()) {
                b.perUserOnly("the response sets a cookie");
            }
            return b.build();
        }

        private Optional<Copier<Object>> copier(Object bound) {
            @SuppressWarnings("unchecked")
            Class<Object> type = (Class<Object>) bound.getClass();
            return cache.copiers().choose(policy, type).copier();
        }

        /**
         * The caller's response made from a stored or just-received one, with {@code own}, the
         * personal fields of a response the service gave this caller; one the cache answered
         * with carries the {@code Age} cache-core computed (RFC 9111 §5.1).
         *
         * @throws CopyFailure when the stored object could not be copied for the caller
         */
        private HttpResponse<T> respond(CachedResponse r, CacheStatus status,
                Map<String, List<String>> own) throws IOException {
            Optional<Duration> age = outcome == null ? Optional.empty() : outcome.age();
            StoredBody body = (StoredBody) r.body();
            boolean noLength = body.bytes() == null && body.events() != null && json == null;
            // made when asked for: a caller that takes only a bound object never reads them
            CachedHttpResponse.Lazy headers = new CachedHttpResponse.Lazy(() -> {
                Map<String, List<String>> fields = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
                fields.putAll(r.headers());
                // an entry another node wrote may still have them
                fields.keySet().removeAll(PERSONAL);
                fields.putAll(own);
                if (age.isPresent()) {
                    fields.put("Age", List.of(Long.toString(age.get().getSeconds())));
                }
                if (noLength) {
                    fields.remove("Content-Length");
                }
                fields.put(CacheStatus.HEADER, List.of(status.headerValue()));
                return HttpHeaders.of(fields, (n, v) -> true);
            });
            Version version = network != null ? network.version()
                    : delegate.version();
            T value = body(body, () -> new BodyFeed.Info(r.status(), headers.get(), version),
                    r.status());
            return new CachedHttpResponse<>(r.status(), request, headers, value,
                    network == null ? Optional.empty() : network.sslSession(),
                    network == null ? request.uri() : network.uri(), version, status);
        }

        @SuppressWarnings("unchecked")
        private T body(StoredBody body, Supplier<BodyFeed.Info> info, int status)
                throws IOException {
            if (json != null && body.isBound()) {
                try {
                    return (T) body.restoreBound();
                } catch (RuntimeException e) {
                    throw new CopyFailure(e);
                }
            }
            if (json != null && body.events() != null && status == 200) {
                return json.read(body.events());
            }
            if (body.bytes() != null) {
                return BodyFeed.deliver(handler, info.get(), body.bytes());
            }
            if (body.events() != null) {
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                try (JsonGenerator g = new com.fasterxml.jackson.core.JsonFactory()
                        .createGenerator(out)) {
                    body.events().writeTo(g);
                }
                return BodyFeed.deliver(handler, info.get(), out.toByteArray());
            }
            throw new IllegalStateException("a bound object cannot be given to " + handler);
        }

        private <R> R join(CompletableFuture<R> f) throws IOException, InterruptedException {
            try {
                return f.get();
            } catch (java.util.concurrent.ExecutionException e) {
                if (e.getCause() instanceof IOException) {
                    throw (IOException) e.getCause();
                }
                throw new IOException(e.getCause());
            }
        }
    }

    /** The fields of a stored response that a 304 made from it leaves out. */
    private static Set<String> notKeptOn304(CachedResponse r) {
        Set<String> kept = Preconditions.keptOn304(r.headers().keySet());
        Set<String> out = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        for (String n : r.headers().keySet()) {
            if (!kept.contains(n)) {
                out.add(n);
            }
        }
        return out;
    }

    private static <T> HttpResponse<T> withStatus(HttpResponse<T> r, CacheStatus status) {
        Map<String, List<String>> fields = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        fields.putAll(r.headers().map());
        fields.put(CacheStatus.HEADER, List.of(status.headerValue()));
        return new CachedHttpResponse<>(r.statusCode(), r.request(),
                HttpHeaders.of(fields, (n, v) -> true), r.body(), r.sslSession(), r.uri(),
                r.version(), status);
    }

    private static Map<String, List<String>> fields(HttpHeaders headers) {
        Map<String, List<String>> m = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.map().forEach((k, v) -> {
            if (!k.startsWith(":")) {
                m.put(k, v);
            }
        });
        return m;
    }

    @Override
    public Optional<CookieHandler> cookieHandler() {
        return delegate.cookieHandler();
    }

    @Override
    public Optional<Duration> connectTimeout() {
        return delegate.connectTimeout();
    }

    @Override
    public Redirect followRedirects() {
        return delegate.followRedirects();
    }

    @Override
    public Optional<ProxySelector> proxy() {
        return delegate.proxy();
    }

    @Override
    public SSLContext sslContext() {
        return delegate.sslContext();
    }

    @Override
    public SSLParameters sslParameters() {
        return delegate.sslParameters();
    }

    @Override
    public Optional<Authenticator> authenticator() {
        return delegate.authenticator();
    }

    @Override
    public Version version() {
        return delegate.version();
    }

    @Override
    public Optional<Executor> executor() {
        return delegate.executor();
    }

    /**
     * Builds a {@link CachingHttpClient}. Not thread-safe.
     *
     * <pre>{@code
     * CachingHttpClient client = CachingHttpClient.builder(HttpClient.newHttpClient())
     *         .cache(ResponseCache.builder().policy(Policy.load(path)).build())
     *         .build();
     * }</pre>
     */
    public static final class Builder {
        private final HttpClient delegate;
        private ResponseCache cache;
        private Executor executor;

        private Builder(HttpClient delegate) {
            this.delegate = Objects.requireNonNull(delegate, "delegate");
            if (delegate instanceof CachingHttpClient) {
                throw new IllegalArgumentException("the client is already a CachingHttpClient");
            }
        }

        /**
         * Sets the cache (required): its clock is the one every freshness decision reads.
         * @throws IllegalStateException if already set
         */
        public Builder cache(ResponseCache cache) {
            this.cache = once(this.cache, Objects.requireNonNull(cache, "cache"), "cache");
            return this;
        }

        /**
         * Sets the executor that runs the misses of {@link #sendAsync}, each of which occupies
         * one of its threads while its request is on the network; a shared pool of daemon
         * threads by default. It must not be the wrapped client's own executor, nor run its
         * tasks on that executor's threads: the wrapped client's {@code send} needs them.
         * @throws IllegalStateException if already set
         */
        public Builder executor(Executor executor) {
            this.executor = once(this.executor, Objects.requireNonNull(executor, "executor"),
                    "executor");
            return this;
        }

        private static <V> V once(V current, V value, String name) {
            if (current != null) {
                throw new IllegalStateException(name + " was already set");
            }
            return value;
        }

        /**
         * Returns the client.
         * @throws IllegalStateException if no cache was set
         * @throws IllegalArgumentException if the executor is the wrapped client's
         */
        public CachingHttpClient build() {
            if (cache == null) {
                throw new IllegalStateException("a cache is required: call cache(...)");
            }
            if (executor != null && delegate.executor().filter(e -> e == executor).isPresent()) {
                throw new IllegalArgumentException("executor must not be the wrapped client's:"
                        + " a miss would block one of its threads on a send that needs them");
            }
            return new CachingHttpClient(this);
        }
    }
}
