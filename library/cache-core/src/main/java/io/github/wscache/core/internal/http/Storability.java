package io.github.wscache.core.internal.http;

/**
 * Whether a response may be stored (RFC 9111 §3), and if not, why; the answer of
 * {@link Freshness#storable}. The constants are stable enough to count in statistics.
 *
 * <pre>{@code
 * Storability s = Freshness.storable("GET", meta, true, false);
 * if (!s.isStorable()) {
 *     log.debug("{}", s.reason());   // e.g. "not storable: Cache-Control no-store"
 * }
 * }</pre>
 */
public enum Storability {
    /** The response may be stored. */
    STORABLE("storable"),
    /** The request method is not GET or HEAD (or POST, when allowed). */
    METHOD_NOT_CACHEABLE("not storable: request method not cacheable"),
    /** A POST response without explicit freshness, or POST caching is off. */
    POST_WITHOUT_EXPLICIT_FRESHNESS(
            "not storable: POST response without explicit freshness or POST caching disabled"),
    /** An informational (1xx) or out-of-range status code. */
    STATUS_NOT_FINAL("not storable: status code not final"),
    /** 206 and 304, which this cache does not store, or a must-understand unknown status. */
    STATUS_NOT_UNDERSTOOD("not storable: status code not understood"),
    /** {@code Cache-Control: no-store} in the response. */
    NO_STORE("not storable: Cache-Control no-store"),
    /** {@code Cache-Control: no-store} in the request. */
    REQUEST_NO_STORE("not storable: request Cache-Control no-store"),
    /** {@code Cache-Control: private} and a shared entry. */
    PRIVATE("not storable: Cache-Control private in a shared cache"),
    /** A request with {@code Authorization} and a shared entry without permission to store. */
    AUTHORIZATION("not storable: Authorization without public, s-maxage or must-revalidate"),
    /** No explicit expiry, no heuristically cacheable status and no {@code public}. */
    NO_FRESHNESS_INFORMATION(
            "not storable: no explicit expiry, status not heuristically cacheable, not public");

    private final String reason;

    Storability(String reason) {
        this.reason = reason;
    }

    /** @return whether the response may be stored */
    public boolean isStorable() {
        return this == STORABLE;
    }

    /** @return a short text for logs, e.g. {@code "not storable: Cache-Control no-store"} */
    public String reason() {
        return reason;
    }
}
