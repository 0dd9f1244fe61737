package io.github.wscache.http;

import io.github.wscache.core.CacheOutcome;
import java.net.http.HttpResponse;
import java.util.Objects;
import java.util.Optional;

/**
 * What the cache did for one response of a {@link CachingHttpClient}: the outcome cache-core
 * reported ({@link CacheOutcome}), rendered as the RFC 9211 {@code Cache-Status} field that
 * every response of the client carries. Immutable.
 *
 * <table>
 *   <caption>Outcomes and their Cache-Status values</caption>
 *   <tr><th>outcome</th><th>{@code Cache-Status}</th></tr>
 *   <tr><td>HIT</td><td>{@code wscache; hit}</td></tr>
 *   <tr><td>MISS, stored</td><td>{@code wscache; fwd=miss; stored}</td></tr>
 *   <tr><td>MISS, not stored</td><td>{@code wscache; fwd=miss; detail="why"}</td></tr>
 *   <tr><td>REVALIDATED (a 304)</td><td>{@code wscache; fwd=stale; fwd-status=304; stored}</td>
 *   </tr>
 *   <tr><td>STALE (stale-if-error)</td><td>{@code wscache; fwd=stale; detail="..."}</td></tr>
 *   <tr><td>SHARED (waited for a concurrent call)</td>
 *       <td>{@code wscache; fwd=miss; collapsed}</td></tr>
 *   <tr><td>BYPASS</td><td>{@code wscache; fwd=bypass; detail="why"}</td></tr>
 * </table>
 *
 * <pre>{@code
 * HttpResponse<String> r = client.send(request, BodyHandlers.ofString());
 * boolean hit = CacheStatus.of(r).map(CacheStatus::isHit).orElse(false);
 * r.headers().firstValue("Cache-Status");  // "wscache; hit"
 * }</pre>
 */
public final class CacheStatus {
    /** The name of the cache in {@code Cache-Status} values. */
    public static final String CACHE_NAME = "wscache";
    /** The header name. */
    public static final String HEADER = "Cache-Status";

    private final CacheOutcome.Kind kind;
    private final boolean stored;
    private final String reason;
    private final int forwardStatus;

    CacheStatus(CacheOutcome.Kind kind, boolean stored, String reason, int forwardStatus) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.stored = stored;
        this.reason = reason;
        this.forwardStatus = forwardStatus;
    }

    static CacheStatus of(CacheOutcome outcome, int forwardStatus) {
        return new CacheStatus(outcome.kind(), outcome.stored(), outcome.detail().orElse(null),
                forwardStatus);
    }

    /**
     * Returns the status of a response returned by a {@link CachingHttpClient}, or empty for a
     * response of any other client.
     */
    public static Optional<CacheStatus> of(HttpResponse<?> response) {
        Objects.requireNonNull(response, "response");
        return response instanceof io.github.wscache.http.internal.CachedHttpResponse
                ? Optional.of((CacheStatus) ((io.github.wscache.http.internal.CachedHttpResponse<?>)
                        response).cacheStatus())
                : Optional.empty();
    }

    /** Returns where the response came from, as cache-core reported it. */
    public CacheOutcome.Kind kind() {
        return kind;
    }

    /** Returns whether this call stored or refreshed an entry. */
    public boolean stored() {
        return stored;
    }

    /** Returns why the response was not stored, or the cache took no part, when it says. */
    public Optional<String> reason() {
        return Optional.ofNullable(reason);
    }

    /** Returns the status the service answered this call with, or 0 when it was not asked. */
    public int forwardStatus() {
        return forwardStatus;
    }

    /** Returns whether the body came from the cache without any request to the service. */
    public boolean isHit() {
        return kind == CacheOutcome.Kind.HIT;
    }

    /** Returns whether the response came from the cache at all (hit, 304, stale, shared). */
    public boolean fromCache() {
        return kind != CacheOutcome.Kind.MISS
                && kind != CacheOutcome.Kind.BYPASS;
    }

    /** Returns the {@code Cache-Status} field value (RFC 9211). */
    public String headerValue() {
        StringBuilder b = new StringBuilder(CACHE_NAME);
        switch (kind) {
            case HIT -> b.append("; hit");
            case MISS -> b.append("; fwd=miss");
            case SHARED -> b.append("; fwd=miss; collapsed");
            case REVALIDATED -> b.append("; fwd=stale; fwd-status=304");
            case STALE -> b.append("; fwd=stale");
            case BYPASS -> b.append("; fwd=bypass");
            default -> throw new AssertionError(kind);
        }
        if (forwardStatus > 0 && kind != CacheOutcome.Kind.REVALIDATED
                && kind != CacheOutcome.Kind.HIT) {
            b.append("; fwd-status=").append(forwardStatus);
        }
        if (stored) {
            b.append("; stored");
        }
        reason().ifPresent(r -> b.append("; detail=\"")
                .append(r.replace("\\", "\\\\").replace("\"", "\\\"")).append('"'));
        return b.toString();
    }

    @Override
    public String toString() {
        return headerValue();
    }
}
