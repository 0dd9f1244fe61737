package io.github.wscache.edge.internal;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.wscache.core.internal.http.CacheControl;
import io.github.wscache.core.internal.http.Freshness;
import io.github.wscache.core.internal.http.FreshnessDecision;
import io.github.wscache.core.internal.http.FreshnessOptions;
import io.github.wscache.core.internal.http.Headers;
import io.github.wscache.core.internal.http.Invalidation;
import io.github.wscache.core.internal.http.ResponseMetadata;
import io.github.wscache.core.internal.http.SharedUse;
import io.github.wscache.core.internal.http.Storability;
import io.github.wscache.core.internal.http.SurrogateControl;
import io.github.wscache.core.internal.http.TargetedCacheControl;
import io.github.wscache.core.internal.http.Validators;
import io.github.wscache.core.internal.http.Variants;
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
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The edge's HTTP cache (RFC 9111, shared cache) of containers and fragments: the flow is the
 * edge's, every rule is cache-core's {@code internal.http} ({@link Freshness},
 * {@link TargetedCacheControl}, {@link Variants}, {@link Validators}), the one HTTP code path
 * of wscache.
 *
 * <p><b>Store.</b> A Caffeine cache bounded by the estimated bytes of its entries, keyed by the
 * target URI; an entry holds up to {@value #MAX_VARIANTS} variants of that URI, newest first,
 * each with the values its selecting request had for the fields its {@code Vary} names (the
 * secondary key, RFC 9111 §4.1). The first response of a URI with {@code Vary} is stored at
 * once; {@code Vary: *} is never stored (it would never match).
 *
 * <p><b>Directives.</b> {@code CDN-Cache-Control} (RFC 9213) replaces {@code Cache-Control}
 * for the edge; else a {@code Surrogate-Control} {@code max-age} gives the lifetime; else
 * {@code Cache-Control} and {@code Expires}; else heuristics (10% of the time since
 * {@code Last-Modified}, at most a day) for the heuristically cacheable statuses. A
 * Surrogate-Control lifetime is not used for a request with {@code Cookie} unless the origin
 * says the response may be shared ({@code public}, {@code s-maxage}, or {@code Vary: Cookie}).
 * Qualified {@code no-cache="f"} and {@code private="f"}: stored with field {@code f} removed.
 * Only statuses the cache understands are stored ({@link Freshness#isUnderstood}), never 206.
 *
 * <p><b>Flow of a GET or HEAD</b> ({@link #fetch}): a matching fresh variant is a hit; a stale
 * one is served at once within {@code stale-while-revalidate} (one background revalidation per
 * variant), else revalidated with its validators (a 304 freshens it) or fetched again, and
 * served stale within {@code stale-if-error} when the origin answers 5xx or cannot be reached.
 * The request's {@code max-age}, {@code max-stale}, {@code min-fresh}, {@code no-cache},
 * {@code no-store} and {@code only-if-cached} (a 504 when nothing usable is stored) apply. One
 * origin request for concurrent misses of one URI: the others wait for it and then look again,
 * except for a URI whose last response could not be stored, which for
 * {@link #UNCACHEABLE_MEMORY} goes to the origin at once (Varnish's "hit-for-miss"): waiting
 * for another visitor's personal page would only add that request's round trip to this one.
 * A non-error response to an unsafe method invalidates the URI and (unless turned off) its
 * same-origin {@code Location} and {@code Content-Location} (RFC 9111 §4.4). Requests with
 * {@code Authorization} bypass the cache.
 *
 * <p><b>Failures.</b> A failure inside the cache (not the origin's) never fails the request: the
 * request goes to the origin uncached, counted as a cache error.
 */
public final class EdgeCache implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EdgeCache.class);
    /** Shared cache, heuristics at 10% of the time since Last-Modified, at most a day. */
    private static final FreshnessOptions OPTIONS = FreshnessOptions.defaults();
    private static final int MAX_VARIANTS = 32;
    /** Tags kept per response; more are refused (the response is not stored). */
    static final int MAX_TAGS_PER_RESPONSE = 64;
    /** (tag, URL) pairs the index keeps; beyond, purged variants go when next looked up. */
    static final int MAX_INDEXED = 200_000;
    /** Purged tags remembered; beyond, every tagged variant stored before is purged. */
    static final int MAX_PURGE_MARKS = 100_000;
    /** How long misses of a URI whose response could not be stored skip coalescing. */
    public static final Duration UNCACHEABLE_MEMORY = Duration.ofSeconds(120);
    /** The {@code Surrogate-Capability} sent with every origin request. */
    public static final String SURROGATE_CAPABILITY = "wscache-edge=\"Surrogate/1.0 ESI/1.0\"";
    private static final Duration REFRESH_TIMEOUT = Duration.ofSeconds(30);
    private static final Set<String> STRIPPED_TOWARD_ORIGIN = HeaderRules.caseInsensitive(
            "If-None-Match", "If-Modified-Since", "Range", "If-Range");

    private final OriginClient origin;
    private final InstantSource clock;
    private final List<String> varyCookies;
    private final Runnable faultHook;
    private final Cache<String, List<Variant>> store;
    private final ConcurrentHashMap<String, CompletableFuture<Void>> inflight =
            new ConcurrentHashMap<>();
    /**
     * URIs whose last response could not be stored, until when their misses skip coalescing;
     * a URI leaves when a response for it is stored. Bounded: beyond, the least recently used
     * are forgotten (they coalesce again until their next unstorable response).
     */
    private final Cache<String, Instant> uncacheable = Caffeine.newBuilder()
            .maximumSize(100_000).build();
    /** The response field whose tags an unsafe request's answer purges, or null. */
    private final String purgeHeader;
    private final LongAdder responsePurges = new LongAdder();
    private final LongAdder responsePurgedTags = new LongAdder();
    private final Set<String> refreshing = ConcurrentHashMap.newKeySet();
    private final ThreadPoolExecutor background;
    private final AtomicInteger cacheErrors = new AtomicInteger();
    /**
     * Orders origin requests and purges: a variant carries the number taken when its request
     * was sent, a purged tag the number taken when it was purged, so a response whose request
     * left before the purge is never used afterwards, even when it arrives later.
     */
    private final AtomicLong sequence = new AtomicLong();
    /** Tag to the sequence number of its last purge; bounded by {@link #MAX_PURGE_MARKS}. */
    private final ConcurrentHashMap<String, Long> purgedAt = new ConcurrentHashMap<>();
    /** Tagged variants with a lower number are purged (set when the marks overflow). */
    private volatile long purgedBefore;
    /** Tag to the URLs stored with it, so that a purge frees them at once (bounded). */
    private final ConcurrentHashMap<String, Set<String>> tagIndex = new ConcurrentHashMap<>();
    private final AtomicInteger indexed = new AtomicInteger();
    /** Responses stored (new ones and those a 304 refreshed). */
    private final LongAdder stored = new LongAdder();
    /** Requests that bypassed the cache, by reason; bounded by {@link #MAX_REASONS}. */
    private final ConcurrentHashMap<String, LongAdder> bypasses = new ConcurrentHashMap<>();
    /** Origin responses the cache did not store, by reason; bounded by {@link #MAX_REASONS}. */
    private final ConcurrentHashMap<String, LongAdder> notStored = new ConcurrentHashMap<>();
    /** Distinct reasons counted; beyond, they are counted as {@code other}. */
    static final int MAX_REASONS = 64;
    private final boolean invalidateLocations;
    private final RequestRules rules;

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
     */
    public EdgeCache(OriginClient origin, InstantSource clock, long maxBytes,
            List<String> varyCookies, Runnable faultHook, boolean invalidateLocations,
            String purgeHeader, RequestRules rules) {
        this.rules = rules;
        this.purgeHeader = purgeHeader;
        this.invalidateLocations = invalidateLocations;
        this.origin = origin;
        this.clock = clock;
        this.varyCookies = List.copyOf(varyCookies);
        this.faultHook = faultHook;
        this.store = Caffeine.newBuilder().maximumWeight(maxBytes)
                .weigher((String url, List<Variant> vs) -> (int) Math.min(Integer.MAX_VALUE,
                        url.length() + vs.stream().mapToLong(Variant::weight).sum()))
                .build();
        AtomicInteger n = new AtomicInteger();
        this.background = new ThreadPoolExecutor(2, 2, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(1024), r -> {
                    Thread t = new Thread(r, "wscache-edge-refresh-" + n.incrementAndGet());
                    t.setDaemon(true);
                    t.setContextClassLoader(EdgeCache.class.getClassLoader());
                    return t;
                }, new ThreadPoolExecutor.DiscardPolicy());
        background.allowCoreThreadTimeOut(true);
    }

    /** Returns the number of failures inside the cache, each turned into an uncached fetch. */
    public int cacheErrors() {
        return cacheErrors.get();
    }

    /** Returns the store's estimated retained bytes. */
    public long weightedSize() {
        return store.policy().eviction().map(e -> e.weightedSize().orElse(0)).orElse(0L);
    }

    /** Returns the number of URIs with stored responses. */
    public long storedUrls() {
        return store.estimatedSize();
    }

    /** Returns the number of stored responses (variants of all URIs). */
    public long storedVariants() {
        return store.asMap().values().stream().mapToLong(List::size).sum();
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
     * URL with the query). A response of that URL still on its way from the origin is stored
     * when it arrives. Returns 1 when the URL had stored responses, else 0.
     */
    public int purgeUrl(String url) {
        return store.asMap().remove(url) == null ? 0 : 1;
    }

    /**
     * Drops every stored response and the tag index; responses still on their way from the
     * origin are stored when they arrive. Returns how many URLs had stored responses.
     */
    public long invalidateAll() {
        long urls = store.asMap().size();
        store.invalidateAll();
        tagIndex.clear();
        indexed.set(0);
        return urls;
    }

    /**
     * Fetches a response, from the cache when possible.
     *
     * @param kind {@code "page"} or {@code "fragment"}, for logs
     * @param headers request fields toward the origin ({@link HeaderRules#towardOrigin})
     * @param cacheable whether the request may be answered from and stored in the cache (a
     *     GET or HEAD)
     * @throws OriginException when the origin cannot be reached or does not answer in time
     */
    public Fetched fetch(String kind, String method, URI uri, Map<String, List<String>> headers,
            byte[] body, Duration timeout, boolean cacheable) {
        Map<String, List<String>> h = HeaderRules.newHeaders();
        h.putAll(headers);
        h.put("Accept-Encoding", List.of("identity"));
        // W3C Edge Architecture: what this surrogate can do, in place of anything the client
        // claimed (an origin may send markup only an ESI processor with variables reads)
        h.put("Surrogate-Capability", List.of(SURROGATE_CAPABILITY));
        boolean safe = method.equals("GET") || method.equals("HEAD");
        if (!cacheable || !safe || h.containsKey("Authorization")) {
            count(bypasses, !cacheable || !safe ? "method " + method : "Authorization");
            OriginResponse r = origin.send(method, uri, h, body, timeout);
            invalidateAfter(method, uri, r);
            return new Fetched(toClient(r), Fetched.Outcome.BYPASS, false, -1);
        }
        h.keySet().removeIf(STRIPPED_TOWARD_ORIGIN::contains);
        String url = uri.toString();
        CacheControl req = requestDirectives(h);
        try {
            if (faultHook != null) {
                faultHook.run();
            }
            return lookupOrFetch(kind, url, uri, new Asked(h, rules.personalFields(h)), req,
                    timeout);
        } catch (OriginException e) {
            throw e;
        } catch (RuntimeException e) {
            cacheErrors.incrementAndGet();
            count(bypasses, "cache error");
            LOG.warn("wscache-edge: the cache failed for {} {}; fetching uncached", kind, url, e);
            OriginResponse r = origin.send("GET", uri, h, null, timeout);
            return new Fetched(toClient(r), Fetched.Outcome.BYPASS, false, -1);
        }
    }

    private Fetched lookupOrFetch(String kind, String url, URI uri, Asked h,
            CacheControl req, Duration timeout) {
        Instant now = clock.instant();
        Variant v = lookup(url, h);
        if (v != null) {
            FreshnessDecision d = Freshness.evaluate(v.meta(), now, OPTIONS, req);
            if (d.isFresh()) {
                return served(v, Fetched.Outcome.HIT, now);
            }
            if (req.onlyIfCached()) {
                return gatewayTimeout();
            }
            if (d.staleWhileRevalidate()) {
                refreshInBackground(url, uri, h, v, d);
                return served(v, Fetched.Outcome.HIT_STALE, now);
            }
            return coalesced(url, h, req, () -> fromOrigin(url, uri, h, req, timeout, v, d,
                    Fetched.Outcome.STALE));
        }
        if (req.onlyIfCached()) {
            return gatewayTimeout();
        }
        Fetched.Outcome o = store.getIfPresent(url) == null ? Fetched.Outcome.URI_MISS
                : Fetched.Outcome.MISS;
        Instant passUntil = uncacheable.getIfPresent(url);
        if (passUntil != null && now.isBefore(passUntil)) {
            return fromOrigin(url, uri, h, req, timeout, null, null, o);
        }
        return coalesced(url, h, req, () -> fromOrigin(url, uri, h, req, timeout, null, null, o));
    }

    /**
     * One origin request per URI at a time: a second request for the URI waits for the first
     * and then uses what it stored when that matches and is fresh, else asks the origin itself.
     */
    private Fetched coalesced(String url, Asked h, CacheControl req,
            java.util.function.Supplier<Fetched> leader) {
        CompletableFuture<Void> mine = new CompletableFuture<>();
        CompletableFuture<Void> other = inflight.putIfAbsent(url, mine);
        if (other == null) {
            try {
                return leader.get();
            } finally {
                inflight.remove(url, mine);
                mine.complete(null);
            }
        }
        try {
            other.get(REFRESH_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // the leader's trouble is not ours: ask the origin ourselves
        }
        Variant v = lookup(url, h);
        Instant now = clock.instant();
        if (v != null && Freshness.evaluate(v.meta(), now, OPTIONS, req).isFresh()) {
            return served(v, Fetched.Outcome.HIT, now);
        }
        return leader.get();
    }

    /**
     * Asks the origin on behalf of the cache: a miss ({@code stale} null) or the revalidation
     * or refetch of a stale variant, with {@code stale-if-error} applied.
     */
    private Fetched fromOrigin(String url, URI uri, Asked h,
            CacheControl req, Duration timeout, Variant stale, FreshnessDecision d,
            Fetched.Outcome outcome) {
        Map<String, List<String>> send = HeaderRules.newHeaders();
        send.putAll(h.fields());
        if (stale != null) {
            stale.meta().validators().ifPresent(val -> send.putAll(
                    val.conditionalRequestHeaders()));
        }
        Instant sent = clock.instant();
        long seq = sequence.incrementAndGet();
        OriginResponse r;
        try {
            r = origin.send("GET", uri, send, null, timeout);
        } catch (OriginException e) {
            if (stale != null && d.staleIfError()) {
                return served(stale, Fetched.Outcome.STALE_IF_ERROR, clock.instant());
            }
            throw e;
        }
        Instant received = clock.instant();
        if (stale != null && r.status() >= 500 && d.staleIfError()) {
            return served(stale, Fetched.Outcome.STALE_IF_ERROR, received);
        }
        if (r.status() == 304 && stale != null) {
            if (stale.meta().validators().map(val -> val.isUpdatedBy(Headers.of(r.headers())))
                    .orElse(true)) {
                Variant fresh = variant(stale.status(), Validators.merge304(stale.headers(),
                        Headers.of(r.headers())).asMap(), stale.body(), h.fields(), sent,
                        received, seq);
                if (!fresh.sharedUse().allows(h.personal(), fresh.vary())) {
                    // the 304 took back what let this request use the stored response
                    count(notStored, SharedUse.NOT_SHARED);
                    remove(url, stale);
                    return new Fetched(toClient(fresh), outcome, false, -1);
                }
                put(url, h.fields(), fresh);
                return served(fresh, Fetched.Outcome.STALE, received, true);
            }
            return fromOrigin(url, uri, h, req, timeout, null, null, outcome);
        }
        String why = notStorable(r, h, req, sent, received);
        if (why != null) {
            LOG.debug("wscache-edge: not stored: {} ({})", url, why);
            count(notStored, why);
            uncacheable.put(url, received.plus(UNCACHEABLE_MEMORY));
            if (stale != null) {
                remove(url, stale);
            }
            return new Fetched(toClient(r), outcome, false, -1);
        }
        Variant v = variant(r.status(), r.headers(), r.body(), h.fields(), sent, received, seq);
        put(url, h.fields(), v);
        return new Fetched(toClient(v), outcome, true, -1);
    }

    /** stale-while-revalidate: one background revalidation per variant at a time. */
    private void refreshInBackground(String url, URI uri, Asked h,
            Variant stale, FreshnessDecision d) {
        String key = url + "\n" + stale.secondaryKey();
        if (!refreshing.add(key)) {
            return;
        }
        try {
            background.execute(() -> {
                try {
                    fromOrigin(url, uri, h, CacheControl.EMPTY, REFRESH_TIMEOUT, stale, d,
                            Fetched.Outcome.STALE);
                } catch (RuntimeException e) {
                    LOG.debug("wscache-edge: background revalidation of {} failed", url, e);
                } finally {
                    refreshing.remove(key);
                }
            });
        } catch (RuntimeException e) {
            refreshing.remove(key);
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
        try {
            if (faultHook != null) {
                faultHook.run();
            }
            Map<String, List<String>> h = HeaderRules.newHeaders();
            h.putAll(headers);
            h.put("Accept-Encoding", List.of("identity"));
            Variant v = lookup(uri.toString(), new Asked(h, rules.personalFields(h)));
            Instant now = clock.instant();
            if (v == null || !Freshness.evaluate(v.meta(), now, OPTIONS, requestDirectives(h))
                    .isFresh()) {
                return null;
            }
            return served(v, Fetched.Outcome.HIT, now);
        } catch (RuntimeException e) {
            // fetch() meets the same failure, counts it and goes to the origin
            return null;
        }
    }

    /** The request's Cache-Control; without one, {@code Pragma: no-cache} is no-cache. */
    private static CacheControl requestDirectives(Map<String, List<String>> h) {
        List<String> cc = h.get("Cache-Control");
        if (cc == null && HeaderRules.members(h, "Pragma").stream()
                .anyMatch(p -> p.equalsIgnoreCase("no-cache"))) {
            return CacheControl.parse("no-cache");
        }
        return CacheControl.parse(cc == null ? List.of() : cc);
    }

    /**
     * RFC 9111 §4.4: unsafe method, non-error response → the URI and its locations go; and the
     * tags of the origin's purge field, when one is configured.
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
            store.invalidate(target.toString());
        }
    }

    /**
     * The stored variant that the request selects, or null; for a personal request only one
     * whose response allows it ({@link SharedUse#allows}).
     */
    private Variant lookup(String url, Asked h) {
        List<Variant> vs = store.getIfPresent(url);
        if (vs == null) {
            return null;
        }
        Headers request = Headers.of(h.fields());
        for (Variant v : vs) {
            if (Variants.matches(v.vary(), v.request(), request, this::keyValue)) {
                if (isPurged(v)) {
                    remove(url, v);
                    return null;
                }
                return v.sharedUse().allows(h.personal(), v.vary()) ? v : null;
            }
        }
        return null;
    }

    private boolean isPurged(Variant v) {
        if (v.tags().isEmpty()) {
            return false;
        }
        if (v.sequence() < purgedBefore) {
            return true;
        }
        for (String t : v.tags()) {
            Long at = purgedAt.get(t);
            if (at != null && at > v.sequence()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Purges every stored response tagged (by its {@code Surrogate-Key}) with one of
     * {@code tags}: none of them is used again, including responses still on their way from the
     * origin. Returns how many URLs were dropped through the index.
     */
    public int purge(Collection<String> tags) {
        int dropped = 0;
        for (String tag : tags) {
            long at = sequence.incrementAndGet();
            purgedAt.merge(tag, at, Math::max);
            Set<String> urls = tagIndex.remove(tag);
            if (urls != null) {
                indexed.addAndGet(-urls.size());
                for (String url : urls) {
                    store.asMap().computeIfPresent(url, (k, old) -> {
                        List<Variant> kept = old.stream()
                                .filter(v -> !v.tags().contains(tag)).toList();
                        return kept.isEmpty() ? null : kept;
                    });
                    dropped++;
                }
            }
        }
        if (purgedAt.size() > MAX_PURGE_MARKS) {
            // too many marks to keep: purge every tagged response stored so far instead
            purgedBefore = sequence.incrementAndGet();
            purgedAt.clear();
            LOG.info("wscache-edge: more than {} purged tags remembered; every tagged response "
                    + "stored so far is purged", MAX_PURGE_MARKS);
        }
        return dropped;
    }

    private void index(String url, List<String> tags) {
        for (String t : tags) {
            if (indexed.get() >= MAX_INDEXED) {
                return; // still purged: isPurged() drops it when it is next looked up
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

    /** Stores a variant in place of those the same request would select. */
    private void put(String url, Map<String, List<String>> h, Variant v) {
        stored.increment();
        uncacheable.invalidate(url);
        index(url, v.tags());
        Headers request = Headers.of(h);
        store.asMap().compute(url, (k, old) -> {
            List<Variant> vs = new ArrayList<>();
            vs.add(v);
            if (old != null) {
                for (Variant o : old) {
                    if (vs.size() < MAX_VARIANTS
                            && !Variants.matches(o.vary(), o.request(), request, this::keyValue)) {
                        vs.add(o);
                    }
                }
            }
            return List.copyOf(vs);
        });
    }

    private void remove(String url, Variant v) {
        store.asMap().computeIfPresent(url, (k, old) -> {
            List<Variant> vs = new ArrayList<>(old);
            vs.remove(v);
            return vs.isEmpty() ? null : List.copyOf(vs);
        });
    }

    /**
     * Returns why the edge does not store a response, or {@code null}. cache-core's rules
     * ({@link Freshness#storable}) on the directives the edge obeys, and the edge's own:
     * understood statuses only, no {@code Set-Cookie}, no {@code Vary: *}, no
     * {@code Surrogate-Control: no-store}, no Surrogate-Control lifetime for a request with
     * cookies unless the response may be shared, nothing stale on arrival without a way to use
     * it later (a validator or {@code stale-if-error}).
     */
    private String notStorable(OriginResponse r, Asked asked, CacheControl req,
            Instant sent, Instant received) {
        Map<String, List<String>> h = asked.fields();
        if (!Freshness.isUnderstood(r.status())) {
            return "status " + r.status() + " not understood";
        }
        if (r.headers().containsKey("Set-Cookie")) {
            return "Set-Cookie";
        }
        Headers rh = Headers.of(r.headers());
        if (SurrogateControl.parse(rh.all("Surrogate-Control"), null).noStore()) {
            return "Surrogate-Control: no-store";
        }
        List<String> vary = rh.members("Vary").stream()
                .map(s -> s.toLowerCase(Locale.ROOT)).toList();
        if (vary.contains("*")) {
            return "Vary: *";
        }
        if (tags(rh).size() > MAX_TAGS_PER_RESPONSE) {
            return "more than " + MAX_TAGS_PER_RESPONSE + " Surrogate-Key tags";
        }
        TargetedCacheControl t = TargetedCacheControl.of(rh, true);
        if (req.noStore()) {
            return Storability.REQUEST_NO_STORE.reason();
        }
        ResponseMetadata meta = ResponseMetadata.of(r.status(), rh, sent, received)
                .withCacheControl(t.directives().withoutQualifiedFields())
                .withRequestHeaders(h);
        Storability s = Freshness.storable("GET", meta, OPTIONS, false);
        if (!s.isStorable()) {
            return s.reason();
        }
        List<String> key = keyFields(vary);
        if (!SharedUse.of(t, rh).allows(asked.personal(), key)) {
            return SharedUse.NOT_SHARED;
        }
        if (r.status() >= 400 && !RequestRules.plainForErrors(h, key)) {
            return "error status for a request with unusual or unkeyed header fields";
        }
        FreshnessDecision d = Freshness.evaluate(meta, received, OPTIONS);
        if (!d.isFresh() && d.validators().isEmpty()
                && meta.cacheControl().staleIfError().isEmpty()
                && meta.cacheControl().staleWhileRevalidate().isEmpty()) {
            return "stale on arrival and no validator to revalidate it";
        }
        return null;
    }

    /**
     * A stored response: the fields named by a qualified {@code no-cache} or {@code private}
     * removed, its secondary key taken from the request.
     */
    private Variant variant(int status, Map<String, List<String>> headers, byte[] body,
            Map<String, List<String>> request, Instant sent, Instant received, long seq) {
        Headers rh = Headers.of(headers);
        TargetedCacheControl t = TargetedCacheControl.of(rh, true);
        CacheControl all = t.directives();
        Map<String, List<String>> kept = HeaderRules.newHeaders();
        kept.putAll(rh.asMap());
        for (String f : all.noCacheFields()) {
            kept.remove(f);
        }
        for (String f : all.privateFields()) {
            kept.remove(f);
        }
        List<String> vary = keyFields(rh.members("Vary"));
        Map<String, List<String>> selecting = HeaderRules.newHeaders();
        StringBuilder key = new StringBuilder();
        for (String n : vary) {
            List<String> values = request.get(n);
            if (values != null) {
                selecting.put(n, List.copyOf(values));
            }
            key.append(n).append('=').append(keyValue(n, values == null ? List.of() : values))
                    .append('\n');
        }
        return Variant.of(status, Headers.of(kept), body, Headers.of(selecting),
                List.copyOf(vary), sent, received, all.withoutQualifiedFields(),
                key.toString(), tags(rh), seq, SharedUse.of(t, rh));
    }

    /**
     * The secondary key fields of a response, lower case, each once: the members of its
     * {@code Vary} and the fields the edge adds to every key ({@link RequestRules#keyFields}).
     */
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

    private Fetched served(Variant v, Fetched.Outcome o, Instant now) {
        return served(v, o, now, false);
    }

    /** A stored response as the edge hands it on, with its current age (RFC 9111 §4.2.3). */
    private Fetched served(Variant v, Fetched.Outcome o, Instant now, boolean stored) {
        long age = Freshness.currentAge(v.meta(), now).toSeconds();
        return new Fetched(toClient(v), o, stored, age);
    }

    private static Fetched gatewayTimeout() {
        Map<String, List<String>> h = HeaderRules.newHeaders();
        h.put("Content-Type", List.of("text/plain; charset=UTF-8"));
        h.put("Cache-Control", List.of("no-store"));
        return new Fetched(new OriginResponse(504, h, ("wscache-edge: only-if-cached and no"
                + " usable stored response\n").getBytes(StandardCharsets.UTF_8)),
                Fetched.Outcome.ONLY_IF_CACHED, false, -1);
    }

    /** The stored response toward the client: Surrogate-Control kept for the composer. */
    private static OriginResponse toClient(Variant v) {
        return new OriginResponse(v.status(), v.client(), v.body());
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

    /**
     * A request as the cache sees it: the fields toward the origin, and those of them that make
     * it personal ({@link RequestRules#personalFields}; empty: anonymous).
     */
    private record Asked(Map<String, List<String>> fields, List<String> personal) {
    }

    @Override
    public void close() {
        background.shutdownNow();
        store.invalidateAll();
    }

    /** Returns a description for logs. */
    @Override
    public String toString() {
        return "EdgeCache{urls=" + storedUrls() + ", bytes=" + weightedSize() + "}";
    }

    /**
     * One stored response of a URI.
     *
     * @param request the selecting request's values of the fields {@code vary} names
     * @param vary the lower-cased field names of its {@code Vary}
     * @param directives the directives the edge obeys ({@link TargetedCacheControl})
     * @param secondaryKey the secondary key as text, for one background refresh per variant
     * @param tags its {@code Surrogate-Key} tags
     * @param sequence the sequence number taken when its request was sent
     * @param meta its parsed metadata, worked out once when it is stored (a hit parses no
     *     header)
     * @param client the fields it shows a client, unmodifiable, also worked out once (a hit
     *     filters no field)
     * @param sharedUse what it says about being given to requests with credentials
     */
    private record Variant(int status, Headers headers, byte[] body, Headers request,
            List<String> vary, Instant requestTime, Instant responseTime,
            CacheControl directives, String secondaryKey, List<String> tags, long sequence,
            ResponseMetadata meta, Map<String, List<String>> client, SharedUse sharedUse) {

        static Variant of(int status, Headers headers, byte[] body, Headers request,
                List<String> vary, Instant requestTime, Instant responseTime,
                CacheControl directives, String secondaryKey, List<String> tags,
                long sequence, SharedUse sharedUse) {
            ResponseMetadata meta = ResponseMetadata.of(status, headers, requestTime,
                    responseTime).withCacheControl(directives);
            Map<String, List<String>> client =
                    toClient(new OriginResponse(status, headers.asMap(), body)).headers();
            return new Variant(status, headers, body, request, vary, requestTime, responseTime,
                    directives, secondaryKey, tags, sequence, meta,
                    Collections.unmodifiableMap(client), sharedUse);
        }

        long weight() {
            return body.length + 128L * headers.names().size() + 256;
        }
    }
}
