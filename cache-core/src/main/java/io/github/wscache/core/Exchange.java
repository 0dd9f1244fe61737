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
     *     {@link CachedResponse#notModified(java.util.Map)} for a 304
     */
    CachedResponse fetch(Optional<CachedResponse> stale) throws X;
}
