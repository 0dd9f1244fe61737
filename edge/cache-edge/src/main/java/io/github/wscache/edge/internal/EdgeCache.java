package io.github.wscache.edge.internal;

import io.github.wscache.core.CacheOutcome;
import io.github.wscache.core.CachedResponse;
import io.github.wscache.core.Exchange;
import io.github.wscache.core.Invocation;
import io.github.wscache.core.Reason;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.SharedBody;
import io.github.wscache.core.internal.http.CacheControl;
import io.github.wscache.core.internal.http.Freshness;
import io.github.wscache.core.internal.http.Headers;
import io.github.wscache.core.internal.http.HttpDates;
import io.github.wscache.core.internal.http.Invalidation;
import io.github.wscache.core.internal.http.ResponseMetadata;
import io.github.wscache.core.internal.http.Storability;
import io.github.wscache.core.internal.http.SurrogateControl;
import io.github.wscache.core.internal.http.Variants;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.spi.SharedTier;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The edge's HTTP cache (RFC 9111, shared cache) of containers and fragments, on cache-core's
 * engine: this class translates a request toward the origin into an {@link Invocation} and the
 * origin's answer into a {@link CachedResponse}, and decides nothing. Freshness, storage, the
 * variants a {@code Vary} selects, single flight, stale-while-revalidate, stale-if-error,
 * only-if-cached, "hit-for-miss" and what personal requests may share are the engine's
 * ({@link ResponseCache#exchange}, as a surrogate: {@code CDN-Cache-Control},
 * {@code Surrogate-Control}); so is the store, and with a {@link SharedTier} the farm of edges
 * shares it.
 *
 * <p><b>What the edge adds.</b> The request: its URL in one normal form
 * ({@link RequestTarget}), the same for the key and toward the origin;
 * {@code Accept-Encoding: identity} and {@code Surrogate-Capability} toward the origin; the
 * fields every key holds ({@link RequestRules#keyFields}) and the cookies a
 * {@code Vary: Cookie} compares ({@code varyCookies}); which fields make a request personal
 * ({@link RequestRules}). The response: what the edge never stores ({@code Set-Cookie}, more than
 * {@value #MAX_TAGS_PER_RESPONSE} {@code Surrogate-Key} tags, an error status for a request with
 * unusual or unkeyed fields, a request's {@code no-store}); tag purges by {@code Surrogate-Key}
 * ({@link #purge}), ordered so that a response whose request left before a purge of its tags is
 * never stored. Requests with {@code Authorization} and unsafe methods bypass the cache; a
 * non-error answer to an unsafe request invalidates its URI and (unless turned off) its
 * same-origin {@code Location} and {@code Content-Location} (RFC 9111 §4.4,
 * {@link Invalidation}).
 *
 * <p><b>Failures.</b> A failure inside the cache (not the origin's) never fails the request: the
 * request goes to the origin uncached, counted as a cache error.
 */
public final class EdgeCache implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EdgeCache.class);
    /** Tags kept per response; more are refused (the response is not stored). */
    static final int MAX_TAGS_PER_RESPONSE = 64;
    /** (tag, URL) pairs the index keeps; beyond, a purge of a tag not indexed drops all. */
    static final int MAX_INDEXED = 200_000;
    /** Purged tags remembered; beyond, every tagged response on its way is not stored. */
    static final int MAX_PURGE_MARKS = 100_000;
    /** How long misses of a URI whose response could not be stored skip coalescing. */
    public static final Duration UNCACHEABLE_MEMORY = Duration.ofSeconds(120);
    /** The {@code Surrogate-Capability} sent with every origin request. */
    public static final String SURROGATE_CAPABILITY =
            SurrogateControl.WSCACHE_EDGE + "=\"Surrogate/1.0 ESI/1.0\"";
    /** The operation every request of the edge is cached under. */
    static final String OPERATION = "GET";
    /** The shared tier's form of a stored body: the bytes, version 1. */
    static final String SHARED_FORM = "edge-page";
    static final int SHARED_VERSION = 1;
    /** Distinct reasons counted; beyond, they are counted as {@code other}. */
    static final int MAX_REASONS = 64;
    private static final Set<String> STRIPPED_TOWARD_ORIGIN = HeaderRules.caseInsensitive(
            "If-None-Match", "If-Modified-Since", "Range", "If-Range");

    private final OriginClient origin;
    private final InstantSource clock;
    private final ResponseCache engine;
    private final List<String> varyCookies;
    private final Runnable faultHook;
    /** The response field whose tags an unsafe request's answer purges, or null. */
    private final String purgeHeader;
    private final LongAdder responsePurges = new LongAdder();
    private final LongAdder responsePurgedTags = new LongAdder();
    private final AtomicInteger cacheErrors = new AtomicInteger();
    /**
     * Orders origin requests and purges: a request takes a number when it is sent, a purged
     * tag the number taken when it was purged, so a response whose request left before the
     * purge is not stored, even when it arrives later.
     */
    private final AtomicLong sequence = new AtomicLong();
    /** What a URL's mark among the purged tags starts with (a tag holds no space). */
    private static final String URL_MARK = "url ";
    /**
     * Tag (or {@link #URL_MARK} and URL) to the sequence number of its last purge; bounded by
     * {@link #MAX_PURGE_MARKS}.
     */
    private final ConcurrentHashMap<String, Long> purgedAt = new ConcurrentHashMap<>();
    /** Tagged responses whose requests left before this number are not stored. */
    private volatile long purgedBefore;
    /** Tag to the URLs stored with it, so that a purge drops them (bounded). */
    private final ConcurrentHashMap<String, Set<String>> tagIndex = new ConcurrentHashMap<>();
    private final AtomicInteger indexed = new AtomicInteger();
    /** Whether a tagged URL was left out of the full index: a purge then drops every URL. */
    private volatile boolean indexOverflowed;
    /** Responses stored (new ones and those a 304 refreshed). */
    private final LongAdder stored = new LongAdder();
    /** Requests that bypassed the cache, by reason; bounded by {@link #MAX_REASONS}. */
    private final ConcurrentHashMap<String, LongAdder> bypasses = new ConcurrentHashMap<>();
    /** Origin responses the cache did not store, by reason; bounded by {@link #MAX_REASONS}. */
    private final ConcurrentHashMap<String, LongAdder> notStored = new ConcurrentHashMap<>();
    private final boolean invalidateLocations;
    private final RequestRules rules;

    /**
     * Creates the cache, its store in this JVM only.
     *
     * @see #EdgeCache(OriginClient, InstantSource, long, List, Runnable, boolean, String,
     *     RequestRules, SharedTier)
     */
    public EdgeCache(OriginClient origin, InstantSource clock, long maxBytes,
            List<String> varyCookies, Runnable faultHook, boolean invalidateLocations,
            String purgeHeader, RequestRules rules) {
        this(origin, clock, maxBytes, varyCookies, faultHook, invalidateLocations, purgeHeader,
                rules, null);
    }

    /**
     * Creates the cache.
     *
     * @param maxBytes the bound on the estimated retained bytes of all entries
     * @param varyCookies the cookies whose values select a variant of a {@code Vary: Cookie}
     *     response (none: the whole {@code Cookie} field)
     * @param faultHook run before each cache lookup (tests inject failures), or {@code null}
     * @param invalidateLocations whether a non-error answer to an unsafe request invalidates
     *     its same-origin {@code Location} and {@code Content-Location} too (RFC 9111 §4.4: the
     *     target URI MUST be invalidated, these MAY)
     * @param purgeHeader the field of an answer to an unsafe request whose
     *     {@code Surrogate-Key} tags are purged before the answer goes on (not forwarded), or
     *     {@code null} for none
     * @param rules which requests are personal and which fields every key holds
     * @param farm the farm's shared tier behind this edge's store, or {@code null}
     * @throws io.github.wscache.core.policy.PolicyException if the farm's tier is named by
     *     address and cannot be opened (cache-redis missing, an unreadable signing key)
     */
    public EdgeCache(OriginClient origin, InstantSource clock, long maxBytes,
            List<String> varyCookies, Runnable faultHook, boolean invalidateLocations,
            String purgeHeader, RequestRules rules, Farm farm) {
        this.rules = rules;
        this.purgeHeader = purgeHeader;
        this.invalidateLocations = invalidateLocations;
        this.origin = origin;
        this.clock = clock;
        this.varyCookies = List.copyOf(varyCookies);
        this.faultHook = faultHook;
        // every response the headers allow, for as long as they say (heuristics included);
        // the ttl only bounds how long a stale response is kept to be revalidated
        OperationPolicy all = OperationPolicy.builder().cacheable(true).honorHttpHeaders(true)
                .httpHeadersOnly(true).ttl(Duration.ofHours(1)).build();
        Policy.Builder policy = Policy.builder().maximumSize(maxBytes).defaults(all);
        if (farm != null && farm.tier() == null) {
            // opened by the engine through cache-redis, signed when a key file is named
            if (farm.signingKeyFile() == null) {
                policy.sharedTier(farm.uri());
            } else {
                policy.sharedTier(farm.uri(), farm.signingKeyFile());
            }
        }
        ResponseCache.Builder b = ResponseCache.builder().policy(policy.build())
                .clock(clock).honorSurrogateControl(true).hitForMiss(UNCACHEABLE_MEMORY);
        if (farm != null && farm.tier() != null) {
            b.sharedTier(farm.tier());
        }
        this.engine = b.build();
    }

    /**
     * The farm an edge shares its store with: a tier made in code, or the address of one the
     * engine opens (with the file of the key that signs its entries, or {@code null}).
     */
    public record Farm(SharedTier tier, String uri, java.nio.file.Path signingKeyFile) {
    }

    /** Returns the number of failures inside the cache, each turned into an uncached fetch. */
    public int cacheErrors() {
        return cacheErrors.get() + (int) engine.stats().errors();
    }

    /** Returns the store's estimated retained bytes. */
    public long weightedSize() {
        return engine.weightedSize();
    }

    /** Returns the number of URLs with stored responses (with the fields every key holds). */
    public long storedUrls() {
        return engine.storedPrimaryKeys();
    }

    /** Returns the number of stored responses (each variant of a URL is one). */
    public long storedVariants() {
        return engine.storedResponses();
    }

    /** Returns the number of responses stored (new ones and those a 304 refreshed). */
    public long stored() {
        return stored.sum();
    }

    /** Returns the requests that bypassed the cache, by reason (method, Authorization, ...). */
    public Map<String, Long> bypasses() {
        return snapshot(bypasses);
    }

    /** Returns the origin responses not stored, by reason ({@code Set-Cookie}, ...). */
    public Map<String, Long> notStored() {
        return snapshot(notStored);
    }

    /** Returns the purges made by the origin's purge field on answers to unsafe requests. */
    public long responsePurges() {
        return responsePurges.sum();
    }

    /** Returns the tags those purges named. */
    public long responsePurgedTags() {
        return responsePurgedTags.sum();
    }

    /** Returns the engine this edge caches through (for the admin view). */
    public ResponseCache engine() {
        return engine;
    }

    private static Map<String, Long> snapshot(Map<String, LongAdder> counts) {
        Map<String, Long> m = new TreeMap<>();
        counts.forEach((k, v) -> m.put(k, v.sum()));
        return m;
    }

    private static void count(ConcurrentHashMap<String, LongAdder> counts, String reason) {
        LongAdder a = counts.get(reason);
        if (a == null) {
            a = counts.size() < MAX_REASONS
                    ? counts.computeIfAbsent(reason, k -> new LongAdder())
                    : counts.computeIfAbsent("other", k -> new LongAdder());
        }
        a.increment();
    }

    /**
     * Drops every stored response (all variants) of one URL, as the cache keys it (the origin's
     * URL with the query); with a shared tier, farm-wide. Returns 1 when the URL had stored
     * responses, else 0.
     */
    public int purgeUrl(String url) {
        long before = engine.stats().entryCount();
        invalidateUrl(RequestTarget.normalize(URI.create(url)).toString());
        return engine.stats().entryCount() < before ? 1 : 0;
    }

    /**
     * Drops every stored response and the tag index (with a shared tier, farm-wide). Returns
     * how many entries there were.
     */
    public long invalidateAll() {
        long entries = engine.stats().entryCount();
        engine.invalidateAll();
        tagIndex.clear();
        indexed.set(0);
        indexOverflowed = false;
        return entries;
    }

    /**
     * Fetches a response, from the cache when possible. The URI is keyed and forwarded in its
     * {@linkplain RequestTarget normal form}: two spellings of one URL share one entry, and the
     * origin answers the spelling that is keyed.
     *
     * @param kind {@code "page"} or {@code "fragment"}, for logs
     * @param headers request fields toward the origin ({@link HeaderRules#towardOrigin})
     * @param cacheable whether the request may be answered from and stored in the cache (a
     *     GET or HEAD)
     * @throws OriginException when the origin cannot be reached or does not answer in time
     */
    public Fetched fetch(String kind, String method, URI uri, Map<String, List<String>> headers,
            byte[] body, Duration timeout, boolean cacheable) {
        URI key = RequestTarget.normalize(uri);
        // the naive rules of the tests key the normal form and forward what came
        URI forward = rules.isNaive() ? uri : key;
        Map<String, List<String>> h = HeaderRules.newHeaders();
        h.putAll(headers);
        h.put("Accept-Encoding", List.of("identity"));
        // W3C Edge Architecture: what this surrogate can do, in place of anything the client
        // claimed (an origin may send markup only an ESI processor with variables reads)
        h.put("Surrogate-Capability", List.of(SURROGATE_CAPABILITY));
        boolean safe = method.equals("GET") || method.equals("HEAD");
        if (!cacheable || !safe || h.containsKey("Authorization")) {
            count(bypasses, !cacheable || !safe ? "method " + method : "Authorization");
            OriginResponse r = send(method, forward, h, body, timeout);
            invalidateAfter(method, key, r);
            return new Fetched(toClient(r), Fetched.Outcome.BYPASS, false, -1);
        }
        h.keySet().removeIf(STRIPPED_TOWARD_ORIGIN::contains);
        String url = key.toString();
        Invocation inv;
        try {
            if (faultHook != null) {
                faultHook.run();
            }
            inv = invocation(url, h);
        } catch (RuntimeException e) {
            cacheErrors.incrementAndGet();
            count(bypasses, "cache error");
            LOG.warn("wscache-edge: the cache failed for {} {}; fetching uncached", kind, url, e);
            OriginResponse r = send("GET", forward, h, null, timeout);
            return new Fetched(toClient(r), Fetched.Outcome.BYPASS, false, -1);
        }
        Call call = new Call(key, forward, h, rules.isNaive() ? body : null, timeout);
        CachedResponse r = engine.exchange(inv, call);
        return call.fetched(r);
    }

    /**
     * Returns a fresh stored response for a GET without asking the origin, or {@code null} when
     * there is none (then {@link #fetch} does the rest); never throws for a failure inside the
     * cache. Lets the composer answer cached fragments on the calling thread.
     */
    public Fetched fetchIfFresh(String kind, URI uri, Map<String, List<String>> headers) {
        return fetchIfFresh(kind, uri, null, headers);
    }

    /**
     * As {@link #fetchIfFresh(String, URI, Map)}, with the URL as the cache keys it
     * ({@code RequestTarget.normalize(uri).toString()}) worked out by the caller, or
     * {@code null}.
     */
    Fetched fetchIfFresh(String kind, URI uri, String key, Map<String, List<String>> headers) {
        if (headers.containsKey("Authorization")) {
            return null;
        }
        try {
            if (faultHook != null) {
                faultHook.run();
            }
            Map<String, List<String>> h = HeaderRules.newHeaders();
            h.putAll(headers);
            h.put("Accept-Encoding", List.of("identity"));
            long[] age = {-1};
            Optional<CachedResponse> fresh = engine.getIfFresh(invocation(
                    key != null ? key : RequestTarget.normalize(uri).toString(), h),
                    o -> age[0] = o.age().map(Duration::toSeconds).orElse(0L));
            return fresh.map(r -> new Fetched(page(r).toClient(r), Fetched.Outcome.HIT, false,
                    Math.max(0, age[0]))).orElse(null);
        } catch (RuntimeException e) {
            // fetch() meets the same failure, counts it and goes to the origin
            return null;
        }
    }

    /**
     * The call as the engine sees it: the URL under one operation, the request's directives,
     * the fields a {@code Vary} compares (the configured cookies of {@code Cookie}), the fields
     * every key holds, and what makes the request personal.
     */
    private Invocation invocation(String url, Map<String, List<String>> h) {
        List<String> keyFields = rules.keyFields();
        Invocation.Builder b = Invocation.builder(OPERATION).endpoint(url)
                .requestDirectives(h.get("Cache-Control"), h.get("Pragma"))
                .requestFields(name -> {
                    List<String> values = h.get(name);
                    return name.equalsIgnoreCase("Cookie") && !varyCookies.isEmpty()
                            ? List.of(keyValue(name, values == null ? List.of() : values))
                            : values;
                })
                .personal(rules.personalFields(h), keyFields);
        for (String n : keyFields) {
            List<String> values = h.get(n);
            b.vary(n, keyValue(n, values == null ? List.of() : values));
        }
        return b.build();
    }

    /**
     * RFC 9111 §4.4, as cache-core decides it: unsafe method, non-error response → the URI and
     * its locations go; and the tags of the origin's purge field, when one is configured.
     */
    private void invalidateAfter(String method, URI uri, OriginResponse r) {
        boolean safe = method.equals("GET") || method.equals("HEAD");
        List<String> purgeLines = purgeHeader == null || safe ? null
                : r.headers().remove(purgeHeader);
        if (!Freshness.invalidates(method, r.status())) {
            return;
        }
        if (purgeLines != null) {
            List<String> tags = tags(purgeLines);
            if (!tags.isEmpty()) {
                int dropped = purge(tags);
                responsePurges.increment();
                responsePurgedTags.add(tags.size());
                LOG.debug("wscache-edge: {} {} purged {} ({} URLs)", method, uri, tags, dropped);
            }
        }
        for (URI target : Invalidation.targets(method, r.status(), uri, r.headers()::get,
                invalidateLocations)) {
            invalidateUrl(RequestTarget.normalize(target).toString());
        }
    }

    /**
     * Drops a URL's stored responses, and marks it first, so that a response to a request of it
     * that left before is not stored when it arrives (as for a purged tag).
     */
    private void invalidateUrl(String url) {
        mark(URL_MARK + url);
        engine.invalidate(OPERATION, url);
    }

    /** Marks a tag (or {@link #URL_MARK} and a URL) purged now. */
    private void mark(String tag) {
        purgedAt.merge(tag, sequence.incrementAndGet(), Math::max);
        if (purgedAt.size() > MAX_PURGE_MARKS) {
            // too many marks to keep: no response on its way now is stored
            purgedBefore = sequence.incrementAndGet();
            purgedAt.clear();
            LOG.info("wscache-edge: more than {} purged tags and URLs remembered; no response"
                    + " on its way is stored", MAX_PURGE_MARKS);
        }
    }

    /** Whether {@code url}, or a tag of {@code tags}, was purged since {@code seq}. */
    private boolean purgedSince(String url, List<String> tags, long seq) {
        if (seq < purgedBefore) {
            return true;
        }
        Long at = purgedAt.get(URL_MARK + url);
        return at != null && at > seq || purgedSince(tags, seq);
    }

    /**
     * Purges every stored response tagged (by its {@code Surrogate-Key}) with one of
     * {@code tags}: the URLs stored with them are dropped (every variant), and a response
     * still on its way from the origin whose request left before the purge is not stored.
     * Returns how many URLs were dropped through the index.
     */
    public int purge(Collection<String> tags) {
        int dropped = 0;
        boolean all = indexOverflowed;
        for (String tag : tags) {
            mark(tag);
            Set<String> urls = tagIndex.remove(tag);
            if (urls != null) {
                indexed.addAndGet(-urls.size());
                for (String url : urls) {
                    engine.invalidate(OPERATION, url);
                    dropped++;
                }
            }
        }
        if (all) {
            // some tagged URLs were not indexed: only dropping everything reaches them
            LOG.info("wscache-edge: more than {} (tag, URL) pairs; a purge drops every stored"
                    + " response", MAX_INDEXED);
            invalidateAll();
        }
        return dropped;
    }

    private boolean purgedSince(List<String> tags, long seq) {
        if (tags.isEmpty()) {
            return false;
        }
        if (seq < purgedBefore) {
            return true;
        }
        for (String t : tags) {
            Long at = purgedAt.get(t);
            if (at != null && at > seq) {
                return true;
            }
        }
        return false;
    }

    private void index(String url, List<String> tags) {
        for (String t : tags) {
            if (indexed.get() >= MAX_INDEXED) {
                indexOverflowed = true;
                return;
            }
            if (tagIndex.computeIfAbsent(t, k -> ConcurrentHashMap.newKeySet()).add(url)) {
                indexed.incrementAndGet();
            }
        }
    }

    /** The tags of a response: its {@code Surrogate-Key} field, split on white space. */
    static List<String> tags(Headers response) {
        return tags(response.all("Surrogate-Key"));
    }

    /** The tags of field lines, split on white space, each once. */
    private static List<String> tags(List<String> lines) {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            for (String t : line.trim().split("\\s+")) {
                if (!t.isEmpty() && !out.contains(t)) {
                    out.add(t);
                }
            }
        }
        return out;
    }

    /**
     * Sends a request to the origin; a response without {@code Date} gets one, the time it
     * arrived (RFC 9110 §6.6.1: a recipient with a clock that caches or forwards a response
     * MUST). Its age is then known wherever it is read later, another edge of the farm included,
     * instead of starting from zero there.
     */
    private OriginResponse send(String method, URI uri, Map<String, List<String>> headers,
            byte[] body, Duration timeout) {
        OriginResponse r = origin.send(method, uri, headers, body, timeout);
        if (r.headers().containsKey("Date")) {
            return r;
        }
        Map<String, List<String>> dated = HeaderRules.newHeaders();
        dated.putAll(r.headers());
        dated.put("Date", List.of(HttpDates.format(clock.instant())));
        return new OriginResponse(r.status(), dated, r.body());
    }

    /**
     * Why the edge itself never stores a response, or {@code null}: what only the edge sees
     * (its request's fields, its tags); the HTTP rules are the engine's.
     */
    private String refused(OriginResponse r, Map<String, List<String>> asked, String url,
            List<String> tags, long seq) {
        if (r.headers().containsKey("Set-Cookie")) {
            return "Set-Cookie";
        }
        if (tags.size() > MAX_TAGS_PER_RESPONSE) {
            return "more than " + MAX_TAGS_PER_RESPONSE + " Surrogate-Key tags";
        }
        if (CacheControl.ofRequest(asked.get("Cache-Control"), asked.get("Pragma")).noStore()) {
            return Storability.REQUEST_NO_STORE.reason();
        }
        if (r.status() >= 400 && !rules.isNaive() && !RequestRules.plainForErrors(asked,
                keyFields(Headers.of(r.headers()).members("Vary")))) {
            return "error status for a request with unusual or unkeyed header fields";
        }
        if (purgedSince(url, tags, seq)) {
            return "it was purged or invalidated while it was on its way";
        }
        return null;
    }

    /** The {@code Vary} members, lower case, and the fields every key holds, each once. */
    private List<String> keyFields(List<String> varyMembers) {
        List<String> out = new ArrayList<>();
        for (String m : varyMembers) {
            String n = m.toLowerCase(Locale.ROOT);
            if (!out.contains(n)) {
                out.add(n);
            }
        }
        for (String n : rules.keyFields()) {
            if (!out.contains(n)) {
                out.add(n);
            }
        }
        return out;
    }

    /**
     * A request field's value as the secondary key compares it; for {@code Cookie}, the values
     * of the configured vary cookies when there are any.
     */
    private String keyValue(String field, List<String> values) {
        if (field.equalsIgnoreCase("Forwarded")) {
            return RequestRules.forwardedKey(values);
        }
        if (!field.equalsIgnoreCase("Cookie") || varyCookies.isEmpty()) {
            return Variants.normalized(field, values);
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

    private static OriginResponse toClient(OriginResponse r) {
        OriginResponse out = new OriginResponse(r.status(), HeaderRules.towardClient(r.headers()),
                r.body());
        List<String> sc = r.headers().get("Surrogate-Control");
        if (sc != null) {
            out.headers().put("Surrogate-Control", sc);
        }
        return out;
    }

    private static Page page(CachedResponse r) {
        return (Page) r.body();
    }

    /**
     * A stored body: the bytes, and the response a client is shown, worked out once per stored
     * response (a hit filters no field). A 304 that freshens an entry stores new fields beside
     * the same page: the response shown is remade when the stored response's fields are not
     * the ones it was made from.
     */
    static final class Page {
        final byte[] bytes;
        private volatile Shown shown;

        Page(byte[] bytes) {
            this.bytes = bytes;
        }

        /** The response shown for the stored response whose fields are {@code from}. */
        private record Shown(Map<String, List<String>> from, int status, OriginResponse response) {
        }

        /**
         * The response toward the client: Surrogate-Control kept for the composer. The same
         * (immutable) response for every hit on one stored response.
         */
        OriginResponse toClient(CachedResponse r) {
            Shown s = shown;
            if (s == null || s.from != r.headers() || s.status != r.status()) {
                Map<String, List<String>> all = HeaderRules.newHeaders();
                all.putAll(r.headers());
                Map<String, List<String>> c = Collections.unmodifiableMap(EdgeCache.toClient(
                        new OriginResponse(r.status(), all, bytes)).headers());
                s = new Shown(r.headers(), r.status(),
                        OriginResponse.fixed(r.status(), c, bytes));
                shown = s;
            }
            return s.response;
        }

        @Override
        public String toString() {
            return "edge page of " + bytes.length + " bytes";
        }
    }

    /** One request's exchange with the origin, as the engine runs it. */
    private final class Call implements Exchange<RuntimeException> {
        private final URI uri;
        private final URI forward;
        private final Map<String, List<String>> asked;
        private final byte[] body;
        private final Duration timeout;
        private volatile CacheOutcome outcome;
        private volatile boolean revalidating;
        private volatile OriginResponse network;

        /**
         * {@code uri} is the one keyed, {@code forward} the one sent, {@code body} the GET's
         * (the same URI and no body but for the tests' naive proxy).
         */
        Call(URI uri, URI forward, Map<String, List<String>> asked, byte[] body,
                Duration timeout) {
            this.uri = uri;
            this.forward = forward;
            this.asked = asked;
            this.body = body;
            this.timeout = timeout;
        }

        @Override
        public CachedResponse fetch(Optional<CachedResponse> stale) {
            Map<String, List<String>> send = HeaderRules.newHeaders();
            send.putAll(asked);
            Map<String, String> conditional = stale.map(CachedResponse::conditionalHeaders)
                    .orElse(Map.of());
            conditional.forEach((n, v) -> send.put(n, List.of(v)));
            revalidating |= stale.isPresent();
            long seq = sequence.incrementAndGet();
            OriginResponse r = send("GET", forward, send, body, timeout);
            if (r.status() == 304 && !conditional.isEmpty()) {
                if (updates(stale.get(), r)) {
                    List<String> tags = new ArrayList<>(
                            tags(Headers.of(stale.get().headers())));
                    tags.addAll(tags(Headers.of(r.headers())));
                    if (purgedSince(uri.toString(), tags, seq)) {
                        // the stored response was purged while the 304 was on its way: it
                        // still answers this request, but is not stored again
                        return CachedResponse.notModified(r.headers(),
                                "it was purged or invalidated while it was on its way");
                    }
                    return CachedResponse.notModified(r.headers());
                }
                // a 304 for another representation than the stored one: ask again in full
                return fetch(Optional.empty());
            }
            network = r;
            List<String> tags = tags(Headers.of(r.headers()));
            CachedResponse.Builder b = CachedResponse.builder(new Page(r.body()))
                    .status(r.status()).headers(r.headers());
            String refused = refused(r, asked, uri.toString(), tags, seq);
            if (refused != null) {
                b.notCacheable(refused);
            } else {
                index(uri.toString(), tags);
            }
            return b.build();
        }

        /** Whether a 304 speaks for the stored response (its validators match). */
        private boolean updates(CachedResponse stored, OriginResponse r) {
            Instant now = Instant.EPOCH;
            return ResponseMetadata.of(stored.status(), stored.headers(), now, now).validators()
                    .map(v -> v.isUpdatedBy(Headers.of(r.headers()))).orElse(true);
        }

        @Override
        public boolean refreshesInBackground() {
            return true;
        }

        @Override
        public CachedResponse unavailable() {
            Map<String, List<String>> h = HeaderRules.newHeaders();
            h.put("Content-Type", List.of("text/plain; charset=UTF-8"));
            h.put("Cache-Control", List.of("no-store"));
            return CachedResponse.builder(new Page(("wscache-edge: only-if-cached and no"
                    + " usable stored response\n").getBytes(StandardCharsets.UTF_8)))
                    .status(504).headers(h).notCacheable("only-if-cached").build();
        }

        @Override
        public CachedResponse toShared(CachedResponse r) {
            return r.withBody(new SharedBody(SHARED_FORM, SHARED_VERSION, page(r).bytes));
        }

        @Override
        public CachedResponse fromShared(CachedResponse shared) {
            Object body = shared.body();
            if (!(body instanceof SharedBody)
                    || !((SharedBody) body).is(SHARED_FORM, SHARED_VERSION)) {
                throw new IllegalArgumentException("not a page cache-edge keeps ("
                        + (body == null ? "none" : body instanceof byte[] ? "XML bytes"
                                : body.toString()) + "; it keeps " + SHARED_FORM + "/"
                        + SHARED_VERSION + ")");
            }
            index(uri.toString(), tags(Headers.of(shared.headers())));
            return shared.withBody(new Page(((SharedBody) body).bytes()));
        }

        @Override
        public void onOutcome(CacheOutcome o) {
            if (o.stored()) {
                stored.increment();
            } else if ((o.kind() == CacheOutcome.Kind.MISS
                    || o.kind() == CacheOutcome.Kind.REVALIDATED) && o.detail().isPresent()
                    && o.reason().orElse(null) != Reason.ONLY_IF_CACHED) {
                count(notStored, o.detail().get());
                LOG.debug("wscache-edge: not stored: {} ({})", uri, o.detail().get());
            }
            if (outcome == null) {
                // the caller's own; a background revalidation's comes later
                outcome = o;
            }
        }

        /** What the caller gets: the response, where it came from, whether it was stored. */
        Fetched fetched(CachedResponse r) {
            CacheOutcome o = outcome;
            Reason why = o == null ? null : o.reason().orElse(null);
            long age = o == null ? -1 : o.age().map(Duration::toSeconds).orElse(-1L);
            CacheOutcome.Kind kind = o == null ? CacheOutcome.Kind.MISS : o.kind();
            boolean isStored = o != null && o.stored();
            switch (kind) {
                case HIT:
                    return new Fetched(page(r).toClient(r), Fetched.Outcome.HIT, false,
                            Math.max(0, age));
                case STALE:
                    return new Fetched(page(r).toClient(r),
                            why == Reason.STALE_WHILE_REVALIDATE ? Fetched.Outcome.HIT_STALE
                                    : Fetched.Outcome.STALE_IF_ERROR, false, Math.max(0, age));
                case REVALIDATED:
                    return new Fetched(page(r).toClient(r), Fetched.Outcome.STALE, isStored,
                            Math.max(0, age));
                default:
                    break;
            }
            if (why == Reason.ONLY_IF_CACHED) {
                return new Fetched(new OriginResponse(504, r.headers(), page(r).bytes),
                        Fetched.Outcome.ONLY_IF_CACHED, false, -1);
            }
            Fetched.Outcome out = kind == CacheOutcome.Kind.BYPASS ? Fetched.Outcome.BYPASS
                    : revalidating ? Fetched.Outcome.STALE
                    : why == Reason.VARIANT_MISS ? Fetched.Outcome.MISS
                    : Fetched.Outcome.URI_MISS;
            OriginResponse n = network;
            if (n == null || kind == CacheOutcome.Kind.SHARED) {
                return new Fetched(page(r).toClient(r), out, isStored, -1);
            }
            // the origin's answer as it came (a stored copy may leave fields out)
            return new Fetched(toClient(n), out, isStored, -1);
        }
    }

    @Override
    public void close() {
        engine.close();
    }

    /** Returns a description for logs. */
    @Override
    public String toString() {
        return "EdgeCache{entries=" + storedUrls() + ", bytes=" + weightedSize() + "}";
    }
}
