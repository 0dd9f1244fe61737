package io.github.wscache.edge.internal;

import io.github.wscache.core.CacheOutcome;
import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.Exchange;
import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.internal.http.CacheControl;
import io.github.wscache.core.internal.http.Freshness;
import io.github.wscache.core.internal.http.ResponseMetadata;
import io.github.wscache.core.internal.http.SurrogateControl;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The edge's cache of containers and fragments, on top of cache-core's
 * {@link ResponseCache#exchange}: every URL (container or fragment) is one entry with its own
 * freshness, decided by cache-core with {@code honorSurrogateControl} (Surrogate-Control
 * {@code max-age}, then {@code s-maxage}/{@code max-age}, then {@code Expires}), validators and
 * 304 revalidation, and one origin request for concurrent misses of one key.
 *
 * <p>Before cache-core's RFC 9111 rules, the edge refuses to store: responses with
 * {@code Set-Cookie}; {@code Vary: *}; responses without explicit freshness (no heuristics at
 * the edge); and responses that vary on a request field the key did not include yet.
 *
 * <p><b>Vary.</b> A key is the URL plus the values of the request fields the URL's responses
 * were last seen to vary on (learned per URL from {@code Vary}); for {@code Cookie} the values of
 * the configured vary cookies, or the whole {@code Cookie} field when none are configured. The
 * first response that varies on a field not in the key is not stored (the field is learned for
 * the next request), so an entry is only ever used for requests that agree on every field its
 * response varies on. {@code Accept-Encoding} is always {@code identity} toward the origin and so
 * never splits the key.
 *
 * <p><b>Outcome.</b> cache-core fires its events on the calling thread; a thread-local recorder
 * turns them into this call's {@link Fetched.Outcome} and "stored" flag.
 *
 * <p><b>Failures.</b> A failure inside the cache (not the origin's) never fails the request: the
 * request goes to the origin uncached, counted as a cache error.
 */
public final class EdgeCache implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EdgeCache.class);
    private static final String SERVICE = "wscache-edge";

    private final ResponseCache cache;
    private final OriginClient origin;
    private final InstantSource clock;
    private final List<String> varyCookies;
    private final Runnable faultHook;
    private final ConcurrentHashMap<String, List<String>> varyByUrl = new ConcurrentHashMap<>();
    private final Set<String> seenUrls = ConcurrentHashMap.newKeySet();
    private final AtomicInteger cacheErrors = new AtomicInteger();

    /**
     * Creates the cache.
     *
     * @param maxBytes the bound on the estimated retained bytes of all entries
     * @param faultHook run before each cache lookup (tests inject failures), or {@code null}
     */
    public EdgeCache(OriginClient origin, InstantSource clock, long maxBytes,
            List<String> varyCookies, Runnable faultHook) {
        this.origin = origin;
        this.clock = clock;
        this.varyCookies = List.copyOf(varyCookies);
        this.faultHook = faultHook;
        OperationPolicy p = OperationPolicy.builder().cacheable(true).honorHttpHeaders(true)
                .sharedAcrossUsers(true).ttl(Duration.ofMinutes(10)).build();
        this.cache = ResponseCache.builder()
                .policy(Policy.builder().maximumSize(maxBytes).defaults(p).build())
                .honorSurrogateControl(true)
                .clock(clock)
                .build();
    }

    /** Returns the number of failures inside the cache, each turned into an uncached fetch. */
    public int cacheErrors() {
        return cacheErrors.get();
    }

    /** Returns the underlying cache's estimated retained bytes. */
    public long weightedSize() {
        return cache.weightedSize();
    }

    /**
     * Fetches a response, from the cache when possible.
     *
     * @param kind {@code "page"} or {@code "fragment"}, for cache-core's per-operation counters
     * @param headers request fields toward the origin ({@link HeaderRules#towardOrigin})
     * @param cacheable whether the request may be answered from and stored in the cache
     * @throws OriginException when the origin cannot be reached or does not answer in time
     */
    public Fetched fetch(String kind, String method, URI uri, Map<String, List<String>> headers,
            byte[] body, Duration timeout, boolean cacheable) {
        Map<String, List<String>> h = HeaderRules.newHeaders();
        h.putAll(headers);
        h.put("Accept-Encoding", List.of("identity"));
        if (!cacheable || h.containsKey("Authorization")) {
            OriginResponse r = origin.send(method, uri, h, body, timeout);
            return new Fetched(r, Fetched.Outcome.BYPASS, false, -1);
        }
        h.remove("If-None-Match");
        h.remove("If-Modified-Since");
        String url = uri.toString();
        boolean seen = seenUrls.contains(url);
        List<String> keyFields = varyByUrl.getOrDefault(url, List.of());
        OriginFetch fetch = new OriginFetch(method, uri, h, body, timeout, url, keyFields);
        CachedResponse cached;
        try {
            if (faultHook != null) {
                faultHook.run();
            }
            cached = cache.exchange(invocation(kind, url, keyFields, h), fetch);
        } catch (OriginException e) {
            throw e;
        } catch (RuntimeException e) {
            cacheErrors.incrementAndGet();
            LOG.warn("wscache-edge: the cache failed for {}; fetching uncached", url, e);
            OriginResponse r = fetch.fetched != null ? fetch.fetched
                    : origin.send(method, uri, h, body, timeout);
            return new Fetched(r, Fetched.Outcome.BYPASS, false, -1);
        }
        boolean stored = fetch.outcome != null && fetch.outcome.stored();
        if (stored) {
            seenUrls.add(url);
        }
        OriginResponse r = response(cached);
        if (fetch.fetched == null) {
            return new Fetched(r, Fetched.Outcome.HIT, false, age(cached));
        }
        Fetched.Outcome o = fetch.revalidated ? Fetched.Outcome.STALE
                : seen ? Fetched.Outcome.MISS : Fetched.Outcome.URI_MISS;
        return new Fetched(r, o, stored, -1);
    }

    /**
     * One request to the origin on behalf of the cache (a miss or a revalidation), which keeps
     * what happened: the origin's response, whether it revalidated, and the cache's outcome.
     */
    private final class OriginFetch implements Exchange<RuntimeException> {
        private final String method;
        private final URI uri;
        private final Map<String, List<String>> headers;
        private final byte[] body;
        private final Duration timeout;
        private final String url;
        private final List<String> keyFields;
        OriginResponse fetched;
        boolean revalidated;
        CacheOutcome outcome;

        OriginFetch(String method, URI uri, Map<String, List<String>> headers, byte[] body,
                Duration timeout, String url, List<String> keyFields) {
            this.method = method;
            this.uri = uri;
            this.headers = headers;
            this.body = body;
            this.timeout = timeout;
            this.url = url;
            this.keyFields = keyFields;
        }

        @Override
        public CachedResponse fetch(Optional<CachedResponse> stale) {
            Map<String, List<String>> send = headers;
            if (stale.isPresent()) {
                revalidated = true;
                send = HeaderRules.newHeaders();
                send.putAll(headers);
                for (var c : stale.get().conditionalHeaders().entrySet()) {
                    send.put(c.getKey(), List.of(c.getValue()));
                }
            }
            OriginResponse r = origin.send(method, uri, send, body, timeout);
            fetched = r;
            String received = Long.toString(clock.millis());
            if (r.status() == 304 && stale.isPresent()) {
                Map<String, List<String>> nm = HeaderRules.newHeaders();
                nm.putAll(r.headers());
                nm.put(HeaderRules.RECEIVED, List.of(received));
                return CachedResponse.notModified(nm);
            }
            CachedResponse.Builder b = CachedResponse.builder(r.body()).status(r.status())
                    .contentType(r.header("Content-Type")).headers(r.headers())
                    .header(HeaderRules.RECEIVED, received);
            String why = notStorable(url, r, keyFields);
            if (why != null) {
                b.notCacheable(why);
            }
            return b.build();
        }

        @Override
        public void onOutcome(CacheOutcome o) {
            outcome = o;
        }
    }

    /**
     * Returns a fresh stored response for a GET without asking the origin, or {@code null} when
     * there is none (then {@link #fetch} does the rest); never throws for a failure inside the
     * cache. Lets the composer answer cached fragments on the calling thread.
     */
    public Fetched fetchIfFresh(String kind, URI uri, Map<String, List<String>> headers) {
        if (headers.containsKey("Authorization")) {
            return null;
        }
        String url = uri.toString();
        try {
            if (faultHook != null) {
                faultHook.run();
            }
            Map<String, List<String>> h = HeaderRules.newHeaders();
            h.putAll(headers);
            h.put("Accept-Encoding", List.of("identity"));
            CachedResponse cached = cache.getIfFresh(invocation(kind, url,
                    varyByUrl.getOrDefault(url, List.of()), h)).orElse(null);
            return cached == null ? null
                    : new Fetched(response(cached), Fetched.Outcome.HIT, false, age(cached));
        } catch (RuntimeException e) {
            // fetch() meets the same failure, counts it and goes to the origin
            return null;
        }
    }

    private Invocation invocation(String kind, String url, List<String> keyFields,
            Map<String, List<String>> h) {
        Invocation.Builder inv = Invocation.builder(kind).service(SERVICE).endpoint(url)
                .parameter("url", url);
        for (String f : keyFields) {
            inv.vary(f, keyValue(f, h));
        }
        return inv.build();
    }

    /** The stored response as the edge hands it on: Surrogate-Control kept for the composer. */
    private static OriginResponse response(CachedResponse cached) {
        OriginResponse r = new OriginResponse(cached.status(),
                HeaderRules.towardClient(cached.headers()), bytes(cached.body()));
        List<String> sc = cached.headers().get("Surrogate-Control");
        if (sc != null) {
            r.headers().put("Surrogate-Control", sc);
        }
        return r;
    }

    private static byte[] bytes(Object body) {
        return body instanceof byte[] ? (byte[]) body : new byte[0];
    }

    /**
     * Returns the current age of a stored response in seconds, by RFC 9111 §4.2.3 as cache-core
     * computes it ({@link Freshness#currentAge}): its {@code Age} and {@code Date}, and how long
     * it has been stored since it was received.
     */
    private long age(CachedResponse cached) {
        Instant received = Instant.ofEpochMilli(
                Long.parseLong(cached.header(HeaderRules.RECEIVED).orElse("0")));
        ResponseMetadata meta = ResponseMetadata.of(cached.status(), cached.headers(), received,
                received);
        return Freshness.currentAge(meta, clock.instant()).toSeconds();
    }

    private String keyValue(String field, Map<String, List<String>> h) {
        List<String> values = h.getOrDefault(field, List.of());
        if (!field.equalsIgnoreCase("Cookie") || varyCookies.isEmpty()) {
            return String.join("\n", values);
        }
        StringBuilder sb = new StringBuilder();
        for (String name : varyCookies) {
            sb.append(name).append('=');
            for (String line : values) {
                for (String pair : line.split(";")) {
                    int eq = pair.indexOf('=');
                    if (eq > 0 && pair.substring(0, eq).trim().equals(name)) {
                        sb.append(pair.substring(eq + 1).trim());
                    }
                }
            }
            sb.append(';');
        }
        return sb.toString();
    }

    /** Returns why the edge refuses to store a response, or {@code null}; learns Vary. */
    private String notStorable(String url, OriginResponse r, List<String> keyFields) {
        if (r.headers().containsKey("Set-Cookie")) {
            return "Set-Cookie";
        }
        List<String> vary = HeaderRules.members(r.headers(), "Vary");
        List<String> needed = new ArrayList<>();
        for (String v : vary) {
            if (v.equals("*")) {
                return "Vary: *";
            }
            if (!v.equalsIgnoreCase("Accept-Encoding")) {
                needed.add(v);
            }
        }
        boolean covered = true;
        for (String v : needed) {
            covered &= keyFields.stream().anyMatch(v::equalsIgnoreCase);
        }
        if (!covered) {
            List<String> learned = new ArrayList<>(keyFields);
            for (String v : needed) {
                if (learned.stream().noneMatch(v::equalsIgnoreCase)) {
                    learned.add(v);
                }
            }
            varyByUrl.put(url, List.copyOf(learned));
            return "Vary: " + needed + " not in the key yet";
        }
        CacheControl cc = CacheControl.parse(r.headers().getOrDefault("Cache-Control", List.of()));
        SurrogateControl sc = SurrogateControl.parse(
                r.headers().getOrDefault("Surrogate-Control", List.of()), null);
        if (sc.maxAge().isEmpty() && cc.maxAge().isEmpty() && cc.sMaxAge().isEmpty()
                && !r.headers().containsKey("Expires")) {
            return "no explicit freshness";
        }
        return null;
    }

    @Override
    public void close() {
        cache.close();
    }

    /** Returns a description for logs. */
    @Override
    public String toString() {
        return "EdgeCache{" + Objects.toString(cache.stats()) + "}";
    }
}
