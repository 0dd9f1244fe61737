package io.github.wscache.core;

import java.util.Optional;

/**
 * Performs one message exchange on the network for a message-level integration, on a miss or to
 * revalidate a stale entry ({@link ResponseCache#exchange(Invocation, Exchange)}).
 *
 * <pre>{@code
 * CachedResponse r = cache.exchange(invocation, stale -> {
 *     stale.ifPresent(s -> s.conditionalHeaders().forEach(request::setHeader));
 *     HttpResponse resp = send(request);
 *     return resp.status() == 304 ? CachedResponse.notModified(resp.headers())
 *             : CachedResponse.builder(resp.body()).status(resp.status()).build();
 * });
 * }</pre>
 *
 * @param <X> the exception the exchange may throw
 */
@FunctionalInterface
public interface Exchange<X extends Throwable> {
    /**
     * Sends the request and returns the response.
     *
     * @param stale the stored response to revalidate, when the entry is stale but has validators;
     *     send its {@link CachedResponse#conditionalHeaders()} and return
     *     {@link CachedResponse#notModified(java.util.Map)} for a 304. It is also given,
     *     without validators, when it carries {@code stale-if-error}: to serve it in place of a
     *     failure of the service (RFC 5861 §4), return this very instance; the entry is then
     *     left as it is and the outcome is {@link CacheOutcome.Kind#STALE}
     */
    CachedResponse fetch(Optional<CachedResponse> stale) throws X;

    /**
     * Sends the request for a response the cache will not keep: the key has been asked for
     * fewer times than the operation's
     * {@link io.github.wscache.core.policy.OperationPolicy#minUses() minUses}. An integration
     * that can hand the response to its caller without reading, buffering or recording it
     * should do so here, so that a request that is never repeated costs what it costs without
     * the cache, and return a response that only stands for it (its body is not used; mark it
     * {@linkplain CachedResponse.Builder#notCacheable not cacheable}). Concurrent callers of
     * the same key make their own calls through this method too. By default the same as
     * {@code fetch(Optional.empty())}.
     */
    default CachedResponse passThrough() throws X {
        return fetch(Optional.empty());
    }

    /**
     * Returns whether {@code response}, which the cache did not store (a SOAP fault, an error
     * status, a response {@linkplain CachedResponse.Builder#notCacheable marked not cacheable}),
     * may be handed as it is to the concurrent callers of the same key that waited for this
     * exchange, instead of each of them sending the same request again. They are callers of the
     * same request at the same moment, and the response is the service's answer to it.
     *
     * <p>Return {@code true} only when the integration can set up every waiter's call from this
     * one object (the body is complete in it, or replays the same failure) and concurrent
     * requests with one key are the same request. Whatever this returns, the cache hands a waiter
     * of a key that is not partitioned by caller identity no response that sets a cookie, is
     * {@code Cache-Control: private}, or answers 401, 403 or 407 to a request with credentials.
     * The default is {@code false}: every waiter makes its own exchange.
     *
     * @param response what {@link #fetch} returned
     */
    default boolean replayableToWaiters(CachedResponse response) {
        return false;
    }

    /**
     * Called once per {@link ResponseCache#exchange}, on the calling thread, before it returns
     * or throws the exchange's own exception, with what the cache did (not when
     * {@link #fetch} threw). An exception thrown here is counted as an error of the cache and
     * never fails the call. Does nothing by default.
     *
     * @param outcome where the response came from, whether it was stored, and why not
     */
    default void onOutcome(CacheOutcome outcome) {
    }
}
