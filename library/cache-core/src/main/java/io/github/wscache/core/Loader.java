package io.github.wscache.core;

/**
 * Calls the service on a cache miss. The exception type is inferred from the lambda, so checked
 * exceptions of the stub (e.g. {@code RemoteException}) pass through
 * {@link ResponseCache#call(Invocation, Loader)} unchanged.
 *
 * <pre>{@code
 * GoogleSearchResult r = cache.call(invocation, () -> stub.doGoogleSearch(request));
 * }</pre>
 *
 * @param <T> the result type
 * @param <X> the exception the call may throw
 */
@FunctionalInterface
public interface Loader<T, X extends Throwable> {
    /** Calls the service and returns its result. */
    T load() throws X;
}
