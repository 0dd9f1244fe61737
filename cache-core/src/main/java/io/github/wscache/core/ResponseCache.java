package io.github.wscache.core;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.RemovalCause;
import com.github.benmanes.caffeine.cache.Ticker;
import io.github.wscache.core.copy.Copier;
import io.github.wscache.core.copy.Copiers;
import io.github.wscache.core.copy.CopyStrategy;
import io.github.wscache.core.copy.internal.RetainedSize;
import io.github.wscache.core.http.CacheControl;
import io.github.wscache.core.internal.NearestName;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.policy.Rule;
import io.github.wscache.core.policy.ValueRepresentation;
import io.github.wscache.core.xml.XmlRecording;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A response cache for web-service calls: the public face of cache-core. It resolves each call's
 * {@link OperationPolicy}, derives the key, answers hits from a Caffeine store bounded by the
 * estimated retained bytes of its entries, calls the service once for concurrent misses of one
 * key, and hands every caller its own copy. Thread-safe.
 *
 * <p>Two levels: {@link #call(Invocation, Loader)} caches application objects (copied by the
 * strategy the policy or the runtime type selects); {@link #exchange(Invocation, Exchange)}
 * caches messages for integrations that sit at the transport ({@link CachedResponse}: XML bytes
 * or recorded parse events, HTTP freshness and revalidation).
 *
 * <p>A failure inside the cache (a key that cannot be made, a copier that throws) never fails
 * the call: it is counted as an error, logged once per cause, and the call goes to the service.
 *
 * <pre>{@code
 * ResponseCache cache = ResponseCache.builder()
 *         .policy(Policy.load(Path.of("wscache.yaml")))
 *         .build();
 * Invocation call = Invocation.builder("doGoogleSearch").service("GoogleSearchService")
 *         .parameter("q", query).parameter("start", 0).build();
 * GoogleSearchResult r = cache.call(call, () -> stub.doGoogleSearch(query, 0));
 * }</pre>
 */
public final class ResponseCache implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ResponseCache.class);

    private final Policy policy;
    private final InstantSource clock;
    private final Ticker ticker;
    private final Cache<CacheKey, Entry> store;
    private final Keys keys = new Keys();
    private final ConcurrentHashMap<CacheKey, Flight> flights = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Counters> counters = new ConcurrentHashMap<>();
    private final List<CacheListener> listeners = new CopyOnWriteArrayList<>();
    private final Set<String> loggedErrors = ConcurrentHashMap.newKeySet();
    private final Runnable onPolicyChange = this::policyChanged;
    private static final int MAX_SEEN = 1_000;
    private final ConcurrentHashMap<Rule, Boolean> matchedRules = new ConcurrentHashMap<>();
    private final Set<Rule> warnedRules = ConcurrentHashMap.newKeySet();
    private final ConcurrentHashMap<String, Set<String>> seenNames = new ConcurrentHashMap<>();
    private final FreshnessRules freshness;

    private ResponseCache(Builder b) {
        this.policy = b.policy;
        this.clock = b.clock;
        this.ticker = b.clock == null ? Ticker.systemTicker() : () -> nanos(b.clock.instant());
        this.freshness = new FreshnessRules(b.surrogate);
        this.listeners.addAll(b.listeners);
        this.store = Caffeine.newBuilder()
                .maximumWeight(policy.maximumSize())
                .weigher((CacheKey k, Entry e) -> e.weight)
                .expireAfter(new EntryExpiry())
                .ticker(ticker)
                .executor(Runnable::run)
                .removalListener(this::removed)
                .build();
        policy.addChangeListener(onPolicyChange);
    }

    /** Returns a builder. */
    public static Builder builder() {
        return new Builder();
    }

    private static long nanos(Instant i) {
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }

    /**
     * Returns the result of an operation call, from the cache when the policy allows it and a
     * fresh entry exists, else from {@code loader}. The caller owns the returned object: mutating
     * it never changes what later callers get. Concurrent misses for one key call the loader once;
     * the others wait and get their own copy, or see the same exception when the call failed
     * (failures are never cached).
     *
     * <p>Operations whose policy names a message-level representation ({@code events},
     * {@code xml}) are not cached here (counted as bypasses): the transport integration caches
     * them.
     *
     * @throws X what the loader throws
     */
    public <T, X extends Throwable> T call(Invocation invocation, Loader<T, X> loader) throws X {
        Objects.requireNonNull(loader, "loader");
        OperationPolicy p = policyFor(invocation);
        Counters c = counters(invocation);
        if (!p.cacheable()) {
            return bypass(c, invocation, null, notCacheable(p), loader);
        }
        if (invocation.bypassReason() != null) {
            return bypass(c, invocation, null, invocation.bypassReason(), loader);
        }
        if (p.value().isMessageLevel()) {
            return bypass(c, invocation, null, "value: " + p.value().yamlName()
                    + " is cached at the message level", loader);
        }
        CacheKey key = key(invocation, p, c, false);
        if (key == null) {
            return bypass(c, invocation, null, "no key", loader);
        }
        Entry e = store.getIfPresent(key);
        if (e != null) {
            Optional<Object> v = materialize(e, key, c, invocation);
            if (v.isPresent()) {
                return hit(c, invocation, key, v.get());
            }
        }
        return loadObject(invocation, p, key, c, loader);
    }

    /**
     * Returns the policy in force for one call: the most specific entry that names its
     * operation, else the most specific entry that names one of its
     * {@linkplain Invocation#aliases() aliases} (tried in order), else the defaults. Integrations
     * call this to decide how to take part in a call; the cache itself uses nothing else.
     */
    public OperationPolicy policyFor(Invocation invocation) {
        Rule r = ruleFor(invocation);
        return r == null ? policy.defaults() : r.policy();
    }

    private Rule ruleFor(Invocation inv) {
        String service = inv.service();
        String endpoint = inv.endpoint();
        Rule r = policy.match(service, endpoint, inv.operation()).orElse(null);
        if (r == null) {
            for (String alias : inv.aliasArray()) {
                r = policy.match(service, endpoint, alias).orElse(null);
                if (r != null) {
                    break;
                }
            }
        }
        if (r != null) {
            if (!matchedRules.containsKey(r)) {
                matchedRules.put(r, Boolean.TRUE);
            }
        } else {
            noticeUnmatched(inv);
        }
        return r;
    }

    /** Returns the name (the operation's or an alias) by which a rule matched the call. */
    private String policyName(Invocation inv) {
        if (inv.aliasArray().length == 0
                || policy.match(inv.service(), inv.endpoint(), inv.operation()).isPresent()) {
            return inv.operation();
        }
        for (String alias : inv.aliasArray()) {
            if (policy.match(inv.service(), inv.endpoint(), alias).isPresent()) {
                return alias;
            }
        }
        return inv.operation();
    }

    private static String notCacheable(OperationPolicy p) {
        return p.source().isPresent() ? "operation is not cacheable (" + p.source().get() + ")"
                : "operation is not cacheable";
    }

    /**
     * Remembers the operation names seen for a service, and warns once about every policy
     * entry for that service that has matched no call so far, with the nearest name seen:
     * a policy that matches nothing is the silent failure administrators cannot see otherwise.
     */
    private void noticeUnmatched(Invocation inv) {
        String target = inv.service() != null ? inv.service()
                : inv.endpoint() != null ? inv.endpoint() : "";
        Set<String> names = seenNames.get(target);
        if (names == null) {
            if (seenNames.size() >= MAX_SEEN) {
                return;
            }
            names = seenNames.computeIfAbsent(target, t -> ConcurrentHashMap.newKeySet());
        }
        if (names.size() < MAX_SEEN) {
            names.add(inv.operation());
        }
        for (Rule r : policy.rules()) {
            if (!matchedRules.containsKey(r) && r.policy().cacheable()
                    && r.appliesTo(inv.service(), inv.endpoint()) && warnedRules.add(r)) {
                String near = NearestName.of(r.operation(), names);
                LOG.warn("wscache: policy entry {}{} has matched no call, while calls to {} "
                        + "were seen for {}{}", r.policy().source().map(s -> s + " ").orElse(""),
                        "(operation: " + r.operation() + ")", target.isEmpty() ? "a service"
                                : target, new TreeSet<>(names),
                        near == null ? "" : "; did you mean operation: " + near + "?");
            }
        }
    }

    /**
     * Returns the policy entries that have matched no call so far although calls to the
     * services or endpoints they name were seen: most likely misspelt operation names. Each was
     * also logged once as a warning, with the nearest operation name seen.
     */
    public List<Rule> unmatchedEntries() {
        List<Rule> out = new ArrayList<>();
        for (Rule r : policy.rules()) {
            if (warnedRules.contains(r) && !matchedRules.containsKey(r)) {
                out.add(r);
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private <T> T hit(Counters c, Invocation inv, CacheKey key, Object value) {
        c.add(Counters.HITS, 1);
        fire(CacheEvent.Type.HIT, inv.operation(), key, null);
        return value == NULL ? null : (T) value;
    }

    private <T, X extends Throwable> T bypass(Counters c, Invocation inv, CacheKey key,
            String why, Loader<T, X> loader) throws X {
        c.add(Counters.BYPASSES, 1);
        fire(CacheEvent.Type.BYPASS, inv.operation(), key, why);
        return loader.load();
    }

    private <T, X extends Throwable> T loadObject(Invocation inv, OperationPolicy p, CacheKey key,
            Counters c, Loader<T, X> loader) throws X {
        Flight mine = new Flight();
        Flight other = flights.putIfAbsent(key, mine);
        if (other != null) {
            if (other.owner == Thread.currentThread()) {
                return bypass(c, inv, key, "re-entrant call for a key being loaded", loader);
            }
            if (other.await()) {
                if (other.failure != null) {
                    c.add(Counters.MISSES, 1);
                    fire(CacheEvent.Type.MISS, inv.operation(), key, "the concurrent call failed");
                    throw Flight.<X>sneaky(other.failure);
                }
                Entry e = other.stored ? store.getIfPresent(key) : null;
                if (e != null) {
                    Optional<Object> v = materialize(e, key, c, inv);
                    if (v.isPresent()) {
                        return hit(c, inv, key, v.get());
                    }
                }
            }
            c.add(Counters.MISSES, 1);
            fire(CacheEvent.Type.MISS, inv.operation(), key, null);
            return timedLoad(c, loader);
        }
        try {
            c.add(Counters.MISSES, 1);
            fire(CacheEvent.Type.MISS, inv.operation(), key, null);
            T result;
            try {
                result = timedLoad(c, loader);
            } catch (Throwable t) {
                mine.failure = t;
                throw t;
            }
            mine.stored = storeObject(inv, p, key, c, result);
            return result;
        } finally {
            flights.remove(key, mine);
            mine.done.countDown();
        }
    }

    private <T, X extends Throwable> T timedLoad(Counters c, Loader<T, X> loader) throws X {
        long t0 = System.nanoTime();
        try {
            return loader.load();
        } finally {
            c.add(Counters.LOADS, 1);
            c.add(Counters.LOAD_TIME, System.nanoTime() - t0);
        }
    }

    @SuppressWarnings("unchecked")
    private boolean storeObject(Invocation inv, OperationPolicy p, CacheKey key, Counters c,
            Object result) {
        try {
            Copier<Object> copier = null;
            Object captured = null;
            long weight = 64;
            if (result != null) {
                Class<Object> type = (Class<Object>) result.getClass();
                copier = copierFor(p, type, inv);
                if (copier == null) {
                    c.add(Counters.BYPASSES, 1);
                    fire(CacheEvent.Type.BYPASS, inv.operation(), key, "result type "
                            + type.getName() + " cannot be copied safely: "
                            + Copiers.explain(type));
                    return false;
                }
                captured = copier.capture(result);
                weight = weigh(captured);
            }
            return put(inv, p, key, c, captured, copier, weight, p.ttl(), p.ttl());
        } catch (RuntimeException e) {
            error(c, inv, key, "storing the result failed", e);
            return false;
        }
    }

    private Copier<Object> copierFor(OperationPolicy p, Class<Object> type, Invocation inv) {
        if (p.readOnly()
                || p.value() == ValueRepresentation.REFERENCE && Copiers.isImmutable(type)) {
            return Copiers.readOnly(type);
        }
        CopyStrategy forced = p.value().copyStrategy().orElse(null);
        if (forced != null) {
            try {
                return Copiers.of(forced, type);
            } catch (IllegalArgumentException e) {
                logOnce("forced:" + inv.operation() + ":" + type.getName(), "value: "
                        + p.value().yamlName() + " for " + inv.operation()
                        + p.source().map(s -> " (" + s + ")").orElse("")
                        + " cannot copy " + type.getName() + " safely (" + e.getMessage()
                        + "); using the automatic choice instead", null);
            }
        }
        if (!Copiers.isCopyable(type)) {
            return null;
        }
        return Copiers.forType(type);
    }

    private static long weigh(Object captured) {
        if (captured instanceof byte[]) {
            return 16L + ((byte[]) captured).length;
        }
        return RetainedSize.estimate(captured);
    }

    private boolean put(Invocation inv, OperationPolicy p, CacheKey key, Counters c,
            Object captured, Copier<Object> copier, long weight, Duration fresh,
            Duration retain) {
        long total = weight + 96;
        if (total > p.maxEntrySize()) {
            c.add(Counters.BYPASSES, 1);
            fire(CacheEvent.Type.BYPASS, inv.operation(), key, "entry of " + total
                    + " bytes is larger than maxEntrySize " + p.maxEntrySize());
            return false;
        }
        long now = ticker.read();
        long freshNanos = Nanos.of(fresh);
        Entry e = new Entry(captured, copier, p, policyName(inv),
                statsKey(inv.service(), inv.operation()),
                (int) Math.min(Integer.MAX_VALUE, total), Nanos.add(now, freshNanos),
                Math.max(freshNanos, Nanos.of(retain)));
        store.put(key, e);
        c.add(Counters.STORES, 1);
        fire(CacheEvent.Type.STORE, inv.operation(), key, null);
        return true;
    }

    private Optional<Object> materialize(Entry e, CacheKey key, Counters c, Invocation inv) {
        try {
            return Optional.ofNullable(e.materialize()).or(() -> Optional.of(NULL));
        } catch (RuntimeException ex) {
            store.asMap().remove(key, e);
            error(c, inv, key, "copying the cached value failed", ex);
            return Optional.empty();
        }
    }

    /**
     * Runs one message exchange through the cache, for integrations at the transport level.
     * A fresh entry is returned without calling {@code exchange}; a stale entry with validators
     * is revalidated ({@code exchange} receives it and may answer
     * {@link CachedResponse#notModified}); otherwise {@code exchange} is called once for all
     * concurrent callers of one key and its response is stored when it may be: status 200, not
     * marked {@linkplain CachedResponse.Builder#notCacheable not cacheable}, not over
     * {@code maxEntrySize}, and, when the policy honors HTTP headers, storable and fresh by
     * RFC 9111. Responses that are not stored are returned as they are; the concurrent callers
     * that waited get the same response when {@link Exchange#replayableToWaiters} allows it
     * (else each makes its own exchange), and the same exception when the exchange threw.
     *
     * @throws X what the exchange throws
     */
    public <X extends Throwable> CachedResponse exchange(Invocation invocation,
            Exchange<X> exchange) throws X {
        Objects.requireNonNull(exchange, "exchange");
        OperationPolicy p = policyFor(invocation);
        Counters c = counters(invocation);
        if (!p.cacheable()) {
            c.add(Counters.BYPASSES, 1);
            fire(CacheEvent.Type.BYPASS, invocation.operation(), null, notCacheable(p));
            return exchange.fetch(Optional.empty());
        }
        if (invocation.bypassReason() != null) {
            c.add(Counters.BYPASSES, 1);
            fire(CacheEvent.Type.BYPASS, invocation.operation(), null,
                    invocation.bypassReason());
            return exchange.fetch(Optional.empty());
        }
        CacheKey key = key(invocation, p, c, true);
        if (key == null) {
            c.add(Counters.BYPASSES, 1);
            fire(CacheEvent.Type.BYPASS, invocation.operation(), null, "no key");
            return exchange.fetch(Optional.empty());
        }
        Entry e = store.getIfPresent(key);
        if (e != null && e.captured instanceof CachedResponse) {
            if (e.isFresh(ticker.read())) {
                return hit(c, invocation, key, e.captured);
            }
            CachedResponse stale = (CachedResponse) e.captured;
            if (!stale.conditionalHeaders().isEmpty()) {
                return loadMessage(invocation, p, key, c, exchange, stale);
            }
        }
        return loadMessage(invocation, p, key, c, exchange, null);
    }

    /**
     * Returns the stored response of a message exchange when it is fresh, without calling
     * anything; a response found counts as a hit, nothing found counts nothing (the caller goes
     * on to {@link #exchange}, which counts the miss). Lets a transport-level integration answer
     * hits on the calling thread and hand only misses to another thread:
     *
     * <pre>{@code
     * CachedResponse r = cache.getIfFresh(invocation)
     *         .orElseGet(() -> cache.exchange(invocation, stale -> fetch(stale)));
     * }</pre>
     */
    public Optional<CachedResponse> getIfFresh(Invocation invocation) {
        OperationPolicy p = policyFor(invocation);
        if (!p.cacheable() || invocation.bypassReason() != null) {
            return Optional.empty();
        }
        Counters c = counters(invocation);
        CacheKey key = key(invocation, p, c, true);
        if (key == null) {
            return Optional.empty();
        }
        Entry e = store.getIfPresent(key);
        if (e != null && e.captured instanceof CachedResponse && e.isFresh(ticker.read())) {
            return Optional.of(hit(c, invocation, key, e.captured));
        }
        return Optional.empty();
    }

    private <X extends Throwable> CachedResponse loadMessage(Invocation inv, OperationPolicy p,
            CacheKey key, Counters c, Exchange<X> exchange, CachedResponse stale) throws X {
        Flight mine = new Flight();
        Flight other = flights.putIfAbsent(key, mine);
        if (other != null && other.owner != Thread.currentThread() && other.await()) {
            if (other.failure != null) {
                c.add(Counters.MISSES, 1);
                fire(CacheEvent.Type.MISS, inv.operation(), key, "the concurrent call failed");
                throw Flight.<X>sneaky(other.failure);
            }
            if (other.stored && other.value instanceof CachedResponse) {
                return hit(c, inv, key, other.value);
            }
            if (other.forWaiters != null) {
                // the service's answer to this very request, not kept: a fault, an error page
                c.add(Counters.MISSES, 1);
                fire(CacheEvent.Type.MISS, inv.operation(), key,
                        "the concurrent call's response, which was not stored");
                return other.forWaiters;
            }
        }
        if (other != null) {
            c.add(Counters.MISSES, 1);
            fire(CacheEvent.Type.MISS, inv.operation(), key, null);
            return exchange.fetch(Optional.empty());
        }
        try {
            CachedResponse r;
            long t0 = System.nanoTime();
            try {
                r = exchange.fetch(Optional.ofNullable(stale));
            } catch (Throwable t) {
                mine.failure = t;
                c.add(Counters.MISSES, 1);
                fire(CacheEvent.Type.MISS, inv.operation(), key, null);
                throw t;
            } finally {
                c.add(Counters.LOADS, 1);
                c.add(Counters.LOAD_TIME, System.nanoTime() - t0);
            }
            if (stale != null && r.isNotModified()) {
                CachedResponse refreshed = stale.withHeadersOf(r);
                c.add(Counters.REVALIDATIONS, 1);
                fire(CacheEvent.Type.REVALIDATED, inv.operation(), key, null);
                mine.stored = storeMessage(inv, p, key, c, refreshed);
                mine.value = refreshed;
                return refreshed;
            }
            c.add(Counters.MISSES, 1);
            fire(CacheEvent.Type.MISS, inv.operation(), key, null);
            mine.stored = storeMessage(inv, p, key, c, r);
            mine.value = r;
            if (!mine.stored) {
                try {
                    mine.forWaiters = Flight.mayHandToWaiters(exchange, inv, key, r) ? r : null;
                } catch (RuntimeException e) {
                    // the waiters then make their own exchanges, as for any unstored response
                    error(c, inv, key, "deciding whether waiters may share the response failed",
                            e);
                }
            }
            return r;
        } finally {
            flights.remove(key, mine);
            mine.done.countDown();
        }
    }

    private boolean storeMessage(Invocation inv, OperationPolicy p, CacheKey key, Counters c,
            CachedResponse r) {
        try {
            String why = r.notCacheableReason().orElse(null);
            if (why == null && r.status() != 200) {
                why = "HTTP status " + r.status();
            }
            if (why == null && !key.isPartitioned() && r.perUserOnlyReason().isPresent()) {
                why = r.perUserOnlyReason().get() + ": not stored in an entry shared across "
                        + "users";
            }
            FreshnessRules.Decision d = null;
            if (why == null) {
                d = freshness.decide(p, r, key.isPartitioned(), clock());
                why = d.notStorable;
            }
            if (why != null) {
                store.asMap().remove(key);
                c.add(Counters.BYPASSES, 1);
                fire(CacheEvent.Type.BYPASS, inv.operation(), key, why);
                return false;
            }
            return put(inv, p, key, c, r, null, weighResponse(r), d.fresh, d.retain);
        } catch (RuntimeException e) {
            error(c, inv, key, "storing the response failed", e);
            return false;
        }
    }

    private Instant clock() {
        return clock == null ? Instant.now() : clock.instant();
    }

    private static long weighResponse(CachedResponse r) {
        long w = 128;
        Object body = r.body();
        if (body instanceof byte[]) {
            w += ((byte[]) body).length;
        } else if (body instanceof XmlRecording) {
            w += ((XmlRecording) body).retainedSize();
        } else if (body != null) {
            w += RetainedSize.estimate(body);
        }
        for (var h : r.headers().entrySet()) {
            w += 48 + 2L * h.getKey().length();
            for (String v : h.getValue()) {
                w += 48 + 2L * v.length();
            }
        }
        return w;
    }

    private CacheKey key(Invocation inv, OperationPolicy p, Counters c, boolean messageLevel) {
        try {
            return keys.create(inv, p, messageLevel);
        } catch (RuntimeException e) {
            error(c, inv, null, "making the key failed", e);
            return null;
        }
    }

    /**
     * Records a failure of an integration's own caching work for one call (say a conditional
     * request that could not be sent), which the integration then recovered from by calling the
     * service: counted as an error of the operation, sent to listeners as an
     * {@link CacheEvent.Type#ERROR} event, and logged once per cause.
     */
    public void recordError(Invocation invocation, String what, Throwable cause) {
        error(counters(invocation), invocation, null, Objects.requireNonNull(what, "what"),
                Objects.requireNonNull(cause, "cause"));
    }

    /** Removes every entry of the operation (of any service) named {@code operation}. */
    public void invalidate(String operation) {
        Objects.requireNonNull(operation, "operation");
        store.asMap().keySet().removeIf(k -> k.operation().equals(operation));
    }

    /** Removes every entry. */
    public void invalidateAll() {
        store.invalidateAll();
    }

    /** Returns the counters of the whole cache. */
    public CacheStats stats() {
        long[] sums = new long[Counters.COUNT];
        long entries = 0;
        for (Counters c : counters.values()) {
            c.addTo(sums);
            entries += c.entries.sum();
        }
        return new CacheStats(sums, entries, weightedSize());
    }

    /** Returns the counters of the operations named {@code operation} (of any service). */
    public CacheStats stats(String operation) {
        long[] sums = new long[Counters.COUNT];
        long entries = 0;
        long weight = 0;
        for (Counters c : counters.values()) {
            if (c.operation.equals(operation)) {
                c.addTo(sums);
                entries += c.entries.sum();
                weight += c.weight.sum();
            }
        }
        return new CacheStats(sums, entries, weight);
    }

    /** Returns the names of the operations this cache has seen, sorted. */
    public Set<String> operations() {
        Set<String> names = new TreeSet<>();
        for (Counters c : counters.values()) {
            names.add(c.operation);
        }
        return names;
    }

    /** Returns the estimated retained bytes of all entries. */
    public long weightedSize() {
        return store.policy().eviction().flatMap(ev -> {
            var w = ev.weightedSize();
            return w.isPresent() ? Optional.of(w.getAsLong()) : Optional.empty();
        }).orElse(0L);
    }

    /** Returns the store, for tests in this package. */
    Cache<CacheKey, Entry> store() {
        return store;
    }

    /** Returns the policy this cache follows. */
    public Policy policy() {
        return policy;
    }

    /** Adds a listener for per-call events. */
    public void addListener(CacheListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Removes a listener. */
    public void removeListener(CacheListener listener) {
        listeners.remove(listener);
    }

    /** Stops following policy reloads and drops every entry. */
    @Override
    public void close() {
        policy.removeChangeListener(onPolicyChange);
        store.invalidateAll();
    }

    private void policyChanged() {
        matchedRules.clear();
        warnedRules.clear();
        store.policy().eviction().ifPresent(ev -> ev.setMaximum(policy.maximumSize()));
        int dropped = 0;
        for (var it = store.asMap().entrySet().iterator(); it.hasNext();) {
            var en = it.next();
            CacheKey k = en.getKey();
            if (!policy.resolve(k.service(), k.endpoint(), en.getValue().policyName)
                    .equals(en.getValue().policy)) {
                it.remove();
                dropped++;
            }
        }
        LOG.info("policy changed: {} entries of changed operations dropped", dropped);
    }

    private void removed(CacheKey key, Entry e, RemovalCause cause) {
        if (key == null || e == null) {
            return;
        }
        Counters c = counters.get(e.statsKey);
        if (c == null) {
            return;
        }
        c.entries.decrement();
        c.weight.add(-e.weight);
        if (cause == RemovalCause.SIZE) {
            c.add(Counters.EVICTIONS, 1);
        } else if (cause == RemovalCause.EXPIRED) {
            c.add(Counters.EXPIRATIONS, 1);
        }
    }

    private Counters counters(Invocation inv) {
        String k = statsKey(inv.service(), inv.operation());
        Counters c = counters.get(k);
        if (c == null) {
            c = counters.computeIfAbsent(k, x -> new Counters(inv.service(), inv.operation()));
        }
        return c;
    }

    private static String statsKey(String service, String operation) {
        return service == null ? operation : service + '/' + operation;
    }

    private void error(Counters c, Invocation inv, CacheKey key, String what, Throwable t) {
        c.add(Counters.ERRORS, 1);
        String detail = what + ": " + t;
        fire(CacheEvent.Type.ERROR, inv.operation(), key, detail);
        logOnce(inv.operation() + ":" + what + ":" + t.getClass().getName() + ":"
                + t.getMessage(), "wscache: " + what + " for " + inv.operation()
                + "; the call goes to the service (logged once per cause)", t);
    }

    private void logOnce(String cause, String message, Throwable t) {
        if (loggedErrors.size() < 1_000 && loggedErrors.add(cause)) {
            LOG.warn(message, t);
        } else {
            LOG.debug(message, t);
        }
    }

    private void fire(CacheEvent.Type type, String operation, CacheKey key, String detail) {
        if (listeners.isEmpty()) {
            return;
        }
        CacheEvent event = new CacheEvent(type, operation, key, detail);
        for (CacheListener l : listeners) {
            try {
                l.onEvent(event);
            } catch (RuntimeException e) {
                logOnce("listener:" + l.getClass().getName(), "a cache listener failed", e);
            }
        }
    }

    /** Marker for a stored {@code null} result. */
    private static final Object NULL = new Object();

    private final class EntryExpiry implements Expiry<CacheKey, Entry> {
        @Override
        public long expireAfterCreate(CacheKey key, Entry value, long currentTime) {
            Counters c = counters.get(value.statsKey);
            if (c != null) {
                c.entries.increment();
                c.weight.add(value.weight);
            }
            return value.retainNanos;
        }

        @Override
        public long expireAfterUpdate(CacheKey key, Entry value, long currentTime,
                long currentDuration) {
            return expireAfterCreate(key, value, currentTime);
        }

        @Override
        public long expireAfterRead(CacheKey key, Entry value, long currentTime,
                long currentDuration) {
            return currentDuration;
        }
    }

    /**
     * One in-flight load of one key; the others wait for it and get what it got: its failure,
     * the stored entry, or (message level) the response that was not stored when the integration
     * can replay it ({@link Exchange#replayableToWaiters}). Waiters have the same key, so the
     * same request and, where the request carries credentials, the same identity partition;
     * only on a key that is not partitioned (no credentials, or {@code sharedAcrossUsers}) can
     * waiters be other users, and then a response marked per user is not handed on.
     */
    private static final class Flight {
        final Thread owner = Thread.currentThread();
        final CountDownLatch done = new CountDownLatch(1);
        volatile Throwable failure;
        volatile boolean stored;
        volatile Object value;
        volatile CachedResponse forWaiters;

        static boolean mayHandToWaiters(Exchange<?> exchange, Invocation inv, CacheKey key,
                CachedResponse r) {
            if (r.isNotModified() || !exchange.replayableToWaiters(r)) {
                return false;
            }
            if (key.isPartitioned()) {
                return true;
            }
            boolean perUser = r.perUserOnlyReason().isPresent()
                    || r.headers().containsKey("Set-Cookie")
                    || r.headers().containsKey("Set-Cookie2")
                    || CacheControl.parse(
                            r.headers().getOrDefault("Cache-Control", List.of())).hasPrivate()
                    || inv.hasCredentials()
                    && (r.status() == 401 || r.status() == 403 || r.status() == 407);
            return !perUser;
        }

        boolean await() {
            try {
                done.await();
                return true;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        @SuppressWarnings("unchecked")
        static <X extends Throwable> X sneaky(Throwable t) throws X {
            throw (X) t;
        }
    }

    /**
     * Builds a {@link ResponseCache}. Not thread-safe.
     *
     * <pre>{@code
     * ResponseCache cache = ResponseCache.builder().policy(policy).build();
     * }</pre>
     */
    public static final class Builder {
        private Policy policy;
        private InstantSource clock;
        private boolean surrogate;
        private final List<CacheListener> listeners = new ArrayList<>();

        private Builder() {
        }

        /**
         * Sets the policy (required).
         *
         * @throws IllegalStateException if already set
         */
        public Builder policy(Policy policy) {
            if (this.policy != null) {
                throw new IllegalStateException("policy was already set");
            }
            this.policy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * Sets the time source for expiry and HTTP freshness (tests pass a fake one); the
         * system clock by default.
         *
         * @throws IllegalStateException if already set
         */
        public Builder clock(InstantSource clock) {
            if (this.clock != null) {
                throw new IllegalStateException("clock was already set");
            }
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /**
         * Makes message-level freshness follow {@code Surrogate-Control} first, as a surrogate
         * (an edge cache in front of an origin server) does: its {@code no-store} forbids storing
         * and its {@code max-age} wins over {@code Cache-Control} and {@code Expires}. Applies to
         * operations whose policy honors HTTP headers; off by default.
         */
        public Builder honorSurrogateControl(boolean honor) {
            this.surrogate = honor;
            return this;
        }

        /** Adds a listener for per-call events. */
        public Builder listener(CacheListener listener) {
            listeners.add(Objects.requireNonNull(listener, "listener"));
            return this;
        }

        /**
         * Returns the cache.
         *
         * @throws IllegalStateException if no policy was set
         */
        public ResponseCache build() {
            if (policy == null) {
                throw new IllegalStateException("a policy is required: call policy(...)");
            }
            if (clock instanceof Clock && ((Clock) clock).equals(Clock.systemUTC())) {
                clock = null;
            }
            return new ResponseCache(this);
        }
    }
}
