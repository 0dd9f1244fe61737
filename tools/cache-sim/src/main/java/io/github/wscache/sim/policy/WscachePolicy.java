package io.github.wscache.sim.policy;

import io.github.wscache.core.CacheEvent;
import io.github.wscache.core.Invocation;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;

/**
 * wscache's own store and admission, driven through cache-core's public API: a real
 * {@link ResponseCache} built from a {@link Policy} whose {@code maximumSize} is the simulated
 * capacity, on a clock that is the trace's time. Every request is one
 * {@link ResponseCache#call call} of one operation with the document's key as its parameter; the
 * loader stands for the origin and returns a {@code byte[]} of the document's size; a request
 * is a hit when the loader did not run. So the simulated cache is the one wscache ships: its key
 * derivation, its Caffeine store weighed by estimated retained bytes (W-TinyLFU, eviction on the
 * calling thread), its expiry, and its {@code minUses} admission (cache-core's count-min sketch).
 *
 * <p>The operation's policy: cacheable, {@code ttl} the longest allowed (3,650 days, so nothing
 * expires during a trace), {@code readOnly} (the cache keeps the array itself: no copy is made
 * or weighed twice), {@code minUses} as the experiment sets it, and {@code maxEntrySize} the
 * simulator's cacheability threshold plus {@link #ENTRY_OVERHEAD}, so that wscache itself turns
 * away exactly the responses the other policies are not offered.
 *
 * <p>What an entry weighs: cache-core charges a stored value its estimated retained size, 16 +
 * n bytes for a {@code byte[]} of n, plus 96 bytes for the entry and its key: n + 112 in all
 * ({@link #ENTRY_OVERHEAD}). The other policies are charged n. So at one capacity this store
 * holds fewer documents, the more so the smaller they are (112 bytes is 1 % of a 9 KB
 * response, 22 % of a 500-byte one), as the shipped cache does. {@link #weightedSize()} is the
 * store's own count, overhead included.
 *
 * <p>The store runs Caffeine's maintenance on the calling thread ({@code executor(Runnable::run)}
 * in cache-core's {@code Store}): every write drains the write buffer and evicts before
 * {@code call} returns, so the bytes held never exceed the capacity after a request and no
 * {@code cleanUp} is needed (nor offered by the public API). A run is still not exactly
 * repeatable: Caffeine admits a warm candidate that loses to its victim one time in 128 at
 * random ({@code ThreadLocalRandom}, its defence against hash flooding), as for
 * {@code CaffeinePolicy}. The Simulation page gives the spread.
 *
 * <p>The public API offers no lookup without effect (every call counts, records the access, and
 * with {@code minUses} counts the key), no removal of one key and no list of the keys held, so
 * this is not an {@link InspectablePolicy}: it takes part in the cluster schemes where a node
 * only serves its own requests (no cooperation, and an L1 per node in front of a shared tier).
 * A failure inside the cache, which wscache counts and hides from its caller, stops the
 * simulation instead.
 */
final class WscachePolicy extends CachePolicy {
    /** What cache-core charges an entry beyond the n bytes of its {@code byte[]}: 16 + 96. */
    static final int ENTRY_OVERHEAD = 112;
    private static final String OPERATION = "document";
    /** One array per size, shared: read-only entries keep it as it is, and it is never written. */
    private static final ConcurrentHashMap<Integer, byte[]> DOCUMENTS = new ConcurrentHashMap<>();
    /** The bytes {@link #DOCUMENTS} may hold; larger sets of sizes allocate. */
    private static final long POOLED_BYTES = 256L << 20;
    private static long pooled;

    private final ResponseCache cache;
    private final int minUses;
    private long nowMicros;
    private boolean loaded;
    private String failure;

    /**
     * @param admissionThreshold the largest response stored (the simulator's threshold)
     * @param minUses how many times a key must miss before its response is stored (1: always)
     */
    WscachePolicy(long capacity, int admissionThreshold, int minUses) {
        super(capacity);
        this.minUses = minUses;
        OperationPolicy operation = OperationPolicy.builder()
                .cacheable(true)
                .ttl(OperationPolicy.MAXIMUM_TTL)
                .readOnly(true)
                .maxEntrySize((long) admissionThreshold + ENTRY_OVERHEAD)
                .minUses(minUses)
                .build();
        Policy policy = Policy.builder()
                .maximumSize(Math.max(1, capacity))
                .defaults(operation)
                .build();
        cache = ResponseCache.builder()
                .policy(policy)
                .clock(() -> Instant.ofEpochSecond(nowMicros / 1_000_000,
                        nowMicros % 1_000_000 * 1000))
                .listener(this::onEvent)
                .build();
    }

    /**
     * {@inheritDoc}
     *
     * <p>{@code cacheable} is not used: wscache decides by its {@code maxEntrySize}, set from
     * the same threshold, after looking the key up, as it does in service.
     */
    @Override
    public boolean request(long key, int size, int cost, long nowMicros, boolean cacheable) {
        this.nowMicros = nowMicros;
        loaded = false;
        Invocation call = Invocation.builder(OPERATION).parameter("key", key).build();
        cache.call(call, () -> {
            loaded = true;
            return document(size);
        });
        if (failure != null) {
            throw new IllegalStateException("wscache failed inside the cache at " + nowMicros
                    + " µs, key " + key + ": " + failure);
        }
        return !loaded;
    }

    @Override
    public long weightedSize() {
        return cache.weightedSize();
    }

    /** Returns the {@code minUses} this store was built with. */
    int minUses() {
        return minUses;
    }

    /** Returns the store's counters (hits, misses, stores, not admitted), for tests. */
    ResponseCache cache() {
        return cache;
    }

    private void onEvent(CacheEvent event) {
        if (event.type() == CacheEvent.Type.ERROR && failure == null) {
            failure = event.toString();
        }
    }

    /** A response of {@code size} bytes. */
    private static byte[] document(int size) {
        byte[] shared = DOCUMENTS.get(size);
        if (shared != null) {
            return shared;
        }
        synchronized (DOCUMENTS) {
            shared = DOCUMENTS.get(size);
            if (shared == null) {
                shared = new byte[size];
                if (pooled + size <= POOLED_BYTES) {
                    pooled += size;
                    DOCUMENTS.put(size, shared);
                }
            }
            return shared;
        }
    }
}
