package io.github.wscache.core;

/**
 * Why the cache decided what it did for one call: the typed reason of a {@link CacheEvent}
 * ({@link CacheEvent#reason()}) and of a {@link CacheOutcome} ({@link CacheOutcome#reason()}).
 * Each has a short, stable {@linkplain #text() text} for metric tags and logs; the free-text
 * {@code detail} beside it says the particulars (sizes, statuses, file positions), which no
 * program should parse.
 *
 * <pre>{@code
 * cache.addListener(e -> {
 *     if (e.type() == CacheEvent.Type.BYPASS && e.reason().orElse(null) == Reason.TOO_LARGE) {
 *         log.info("raise maxEntrySize of {}: {}", e.operation(), e.detail().orElse(""));
 *     }
 * });
 * }</pre>
 */
public enum Reason {
    /** The operation's policy says {@code cacheable: false}. */
    NOT_CACHEABLE("not-cacheable"),
    /** An object-level call of an operation the policy caches at the message level. */
    MESSAGE_LEVEL("message-level"),
    /**
     * The integration said so: {@link Invocation.Builder#bypass} or
     * {@link CachedResponse.Builder#notCacheable} (a conditional request, a body it cannot read).
     */
    INTEGRATION("integration"),
    /** No key could be made for the call. */
    NO_KEY("no-key"),
    /** A call for a key that the same thread is loading. */
    RE_ENTRANT("re-entrant"),
    /** The entry would be larger than the policy's {@code maxEntrySize}. */
    TOO_LARGE("too-large"),
    /** The result's type cannot be copied safely. */
    UNCOPYABLE("uncopyable"),
    /** The response's status is not one that is stored. */
    HTTP_STATUS("http-status"),
    /** A response for one user ({@code Set-Cookie}, ...) in an entry shared across users. */
    PER_USER("per-user"),
    /** HTTP's caching rules forbid storing it ({@code no-store}, stale on arrival, ...). */
    HTTP_RULES("http-rules"),
    /** The key has not been asked for the policy's {@code minUses} times yet. */
    NOT_ADMITTED("not-admitted"),
    /** A concurrent call of the same key failed; its failure is this caller's too. */
    CONCURRENT_FAILURE("concurrent-failure"),
    /** A concurrent call of the same key answered with a response it did not store. */
    CONCURRENT_UNSTORED("concurrent-unstored"),
    /** The farm's shared tier answered (a hit) or held the entry revalidated. */
    SHARED_TIER("shared-tier"),
    /** The service failed and the stored response stood in for it ({@code stale-if-error}). */
    STALE_IF_ERROR("stale-if-error"),
    /**
     * A stale stored response answered while one background exchange revalidates it
     * ({@code stale-while-revalidate}, RFC 5861 §3).
     */
    STALE_WHILE_REVALIDATE("stale-while-revalidate"),
    /** The request said {@code only-if-cached} and nothing stored answers it (a 504). */
    ONLY_IF_CACHED("only-if-cached"),
    /** Responses of the key are stored, but none for this request's variant ({@code Vary}). */
    VARIANT_MISS("variant-miss"),
    /** A failure inside the cache; the call went on to the service (an {@code ERROR}). */
    CACHE_FAILURE("cache-failure");

    private final String text;

    Reason(String text) {
        this.text = text;
    }

    /** Returns the short, stable text of this reason (a metric tag's value). */
    public String text() {
        return text;
    }

    @Override
    public String toString() {
        return text;
    }
}
