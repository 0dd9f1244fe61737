package io.github.wscache.core;

/**
 * Receives a {@link CacheEvent} per decision, on the calling thread; keep it fast. An exception
 * thrown by a listener is logged and ignored: it never fails the call.
 *
 * <pre>{@code
 * ResponseCache cache = ResponseCache.builder()
 *         .policy(policy)
 *         .listener(event -> metrics.increment(event.type().name()))
 *         .build();
 * }</pre>
 */
@FunctionalInterface
public interface CacheListener {
    /** Called once per decision. */
    void onEvent(CacheEvent event);
}
