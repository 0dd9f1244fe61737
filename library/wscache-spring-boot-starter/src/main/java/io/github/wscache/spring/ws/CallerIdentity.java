package io.github.wscache.spring.ws;

import org.springframework.ws.context.MessageContext;

/**
 * Who the caller of one Spring Web Services request is, when its credentials are where the
 * cache cannot see them: set on the HTTP client of the template's message sender (a credentials
 * provider, an {@code Authenticator}, a request interceptor of a {@code ClientHttpRequestFactory}).
 *
 * <p>Without one, the cache treats such a sender as one caller: each template (each sender
 * object) gets its own partition, in each JVM, so nothing is shared between templates or across a
 * farm. Declare one to say who calls; every request with the same answer shares entries (also
 * across JVMs, through the shared tier), and visible credentials (HTTP fields, WS-Security tokens)
 * still partition on top of it.
 *
 * <pre>{@code
 * @Bean
 * CallerIdentity catalogCaller() {
 *     return context -> "service-account:catalog"; // one account for the whole application
 * }
 * }</pre>
 */
@FunctionalInterface
public interface CallerIdentity {
    /**
     * Returns the caller of the request in {@code context}, or {@code null} for an anonymous
     * one.
     */
    String of(MessageContext context);
}
