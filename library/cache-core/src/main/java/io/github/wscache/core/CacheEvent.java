package io.github.wscache.core;

import java.util.Optional;

/**
 * One decision the cache made for one call, delivered to the listeners of a cache
 * ({@link ResponseCache#addListener}, a {@code Consumer<CacheEvent>}) on the calling
 * thread. Immutable.
 *
 * <p>The sequences a listener sees: a hit is {@code HIT}; a miss is {@code MISS} then
 * {@code STORE} (or {@code BYPASS} when the response is not kept); an uncacheable operation is
 * {@code BYPASS}; a stale entry refreshed by a 304 is {@code REVALIDATED}; a failure inside the
 * cache is {@code ERROR} followed by the miss or bypass it became.
 *
 * <pre>{@code
 * cache.addListener(e -> log.debug("{} {} {} {}", e.type(), e.operation(),
 *         e.reason().map(Reason::text).orElse(""), e.detail().orElse("")));
 * }</pre>
 */
public final class CacheEvent {
    /** The kinds of decision. */
    public enum Type { HIT, MISS, BYPASS, STORE, REVALIDATED, ERROR }

    private final Type type;
    private final String operation;
    private final CacheKey key;
    private final Reason reason;
    private final String detail;

    CacheEvent(Type type, String operation, CacheKey key, Reason reason, String detail) {
        this.type = type;
        this.operation = operation;
        this.key = key;
        this.reason = reason;
        this.detail = detail;
    }

    /** Returns what the cache decided. */
    public Type type() {
        return type;
    }

    /** Returns the operation name. */
    public String operation() {
        return operation;
    }

    /** Returns the key, when one was made. */
    public Optional<CacheKey> key() {
        return Optional.ofNullable(key);
    }

    /**
     * Returns why, typed: always for {@code BYPASS} and {@code ERROR}, for a {@code MISS} that
     * was not an ordinary miss, and for a {@code HIT} that the shared tier or a stale entry
     * answered; a program reads this, never {@link #detail()}.
     */
    public Optional<Reason> reason() {
        return Optional.ofNullable(reason);
    }

    /** Returns the particulars of why, for people (sizes, statuses, places in a file). */
    public Optional<String> detail() {
        return Optional.ofNullable(detail);
    }

    @Override
    public String toString() {
        return type + " " + operation + (reason == null ? "" : " " + reason)
                + (detail == null ? "" : " (" + detail + ")");
    }
}
