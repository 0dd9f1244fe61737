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
     *     without validators, when it carries {@code stale-if-error}. Report a failure of the
     *     service as it is — throw, or return its 500, 502, 503 or 504 — and the cache decides
     *     (RFC 5861 §4, in one place for every integration) whether the stale response stands
     *     in for it: then the entry is left as it is, the caller gets the stale response and the
     *     outcome is {@link CacheOutcome.Kind#STALE} with {@link Reason#STALE_IF_ERROR}
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
     * Returns a response the cache keeps, in the form the farm's shared tier keeps (the tier
     * sends it to the other JVMs), or {@code null} when its body has none: it then stays in this
     * JVM's store. The tier keeps bodies of XML bytes ({@code byte[]}), an
     * {@link io.github.wscache.core.xml.XmlRecording}, a {@link SharedBody} and no body as they
     * are; an integration whose bodies are of another type returns
     * {@code stored.withBody(new SharedBody(...))}. By default the response itself when its body
     * is one of these, else {@code null}. Called only with a tier; a failure is counted and the
     * response is not shared.
     *
     * @param stored the response as the local store keeps it
     */
    default CachedResponse toShared(CachedResponse stored) {
        Object body = stored.body();
        return body == null || body instanceof byte[]
                || body instanceof io.github.wscache.core.xml.XmlRecording
                || body instanceof SharedBody ? stored : null;
    }

    /**
     * Returns the response to keep and hand out for one read from the farm's shared tier, which
     * another JVM (another integration, another version, anyone who can write to the tier) may
     * have written: a body this integration does not keep must be refused, never cast. By default
     * XML bytes, a recording and no body are taken as they are.
     *
     * @param shared the response the tier read, its body {@code byte[]}, an
     *     {@link io.github.wscache.core.xml.XmlRecording}, a {@link SharedBody} or {@code null}
     * @return the response to store
     * @throws IllegalArgumentException when it is not one this integration keeps, saying why: the
     *     entry is then a miss, counted as an error of the cache, never the caller's failure
     */
    default CachedResponse fromShared(CachedResponse shared) {
        Object body = shared.body();
        if (body == null || body instanceof byte[]
                || body instanceof io.github.wscache.core.xml.XmlRecording) {
            return shared;
        }
        throw new IllegalArgumentException("a shared body of another integration (" + body
                + ")");
    }

    /**
     * Returns whether {@link #fetch} may run again later, on a cache thread, after the call
     * returned: then a stale response within its {@code stale-while-revalidate} (RFC 5861 §3)
     * answers at once and one background fetch (at most one per key at a time) revalidates it;
     * {@link #onOutcome} is told its outcome on that thread. {@code false} by default: the
     * call revalidates before it answers.
     */
    default boolean refreshesInBackground() {
        return false;
    }

    /**
     * Returns the response for a request that said {@code only-if-cached} when nothing stored
     * answers it (RFC 9111 §5.2.1.7: a 504), or {@code null} when the integration makes none:
     * then the call goes on to the service. {@code null} by default.
     */
    default CachedResponse unavailable() {
        return null;
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
