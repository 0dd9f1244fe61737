package io.github.wscache.micrometer.internal;

/**
 * Sorts the free-text reason of a {@code BYPASS} event into a small fixed set of classes, so that
 * a metric can be tagged by it without one time series per distinct message (a message holds
 * sizes, file positions and header values).
 *
 * <p>The texts are cache-core's (see {@code CacheStrategy}, {@code Flow}, {@code ObjectFlow},
 * {@code CopierRegistry.choose} and {@code Storability}); {@code BypassReasonsTest} drives a real
 * cache into each case, so a change of wording there fails a test here instead of moving bypasses
 * silently into {@link #INTEGRATION}. Reasons that cache-core does not write itself (an
 * integration's {@code Invocation.Builder.bypass} or {@code CachedResponse.Builder.notCacheable})
 * are {@link #INTEGRATION}.
 */
public final class BypassReasons {
    /** The operation's policy says {@code cacheable: false}. */
    public static final String NOT_CACHEABLE = "not-cacheable";
    /** An object-level call of an operation cached at the message level. */
    public static final String MESSAGE_LEVEL = "message-level";
    /** No key could be made for the call. */
    public static final String NO_KEY = "no-key";
    /** A call for a key that the same thread is loading. */
    public static final String RE_ENTRANT = "re-entrant";
    /** The entry would be larger than the policy's {@code maxEntrySize}. */
    public static final String TOO_LARGE = "too-large";
    /** The result type cannot be copied safely. */
    public static final String UNCOPYABLE = "uncopyable";
    /** The response status is not 200. */
    public static final String HTTP_STATUS = "http-status";
    /** A per-user response (e.g. {@code Set-Cookie}) in an entry shared across users. */
    public static final String PER_USER = "per-user";
    /** HTTP caching rules forbid storing (no-store, private, stale on arrival, ...). */
    public static final String HTTP_RULES = "http-rules";
    /** A reason given by the integration (cache-axis, cache-edge, an application's own). */
    public static final String INTEGRATION = "integration";

    private BypassReasons() {
    }

    /**
     * Returns the class of a bypass reason.
     *
     * @param detail the event's detail, or {@code null}
     * @return one of the constants of this class
     */
    public static String classify(String detail) {
        if (detail == null) {
            return INTEGRATION;
        }
        if (detail.startsWith("operation is not cacheable")) {
            return NOT_CACHEABLE;
        }
        if (detail.startsWith("value: ") && detail.endsWith("is cached at the message level")) {
            return MESSAGE_LEVEL;
        }
        if (detail.equals("no key")) {
            return NO_KEY;
        }
        if (detail.startsWith("re-entrant call")) {
            return RE_ENTRANT;
        }
        if (detail.startsWith("entry of ") && detail.contains("larger than maxEntrySize")) {
            return TOO_LARGE;
        }
        if (detail.startsWith("result type ") && detail.contains("cannot be copied safely")) {
            return UNCOPYABLE;
        }
        if (detail.startsWith("HTTP status ")) {
            return HTTP_STATUS;
        }
        if (detail.endsWith("not stored in an entry shared across users")) {
            return PER_USER;
        }
        if (detail.startsWith("not storable")) {
            return HTTP_RULES;
        }
        return INTEGRATION;
    }
}
