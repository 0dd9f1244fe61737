/**
 * HTTP caching rules for the wscache engine and its HTTP integrations (cache-axis, cache-edge):
 * the subset of RFC 9111 a response cache needs when the transport is HTTP. Internal: not part
 * of the public API, left out of the Javadoc, may change in any release.
 *
 * <ul>
 *   <li>{@link CacheControl} and {@link SurrogateControl} parse directives;</li>
 *   <li>{@link HttpDates} parses and formats HTTP dates;</li>
 *   <li>{@link ResponseMetadata} is what the cache keeps of a response, over case-insensitive
 *       {@link Headers};</li>
 *   <li>{@link Freshness} decides whether a response may be stored and reused
 *       ({@link FreshnessDecision}, {@link Storability}), configured by
 *       {@link FreshnessOptions};</li>
 *   <li>{@link Validators} and {@link EntityTag} build conditional requests and merge
 *       {@code 304 Not Modified} responses.</li>
 * </ul>
 *
 * <p>Nothing here reads the clock: every time is passed in by the caller. All types are immutable
 * and all functions are pure.
 */
package io.github.wscache.core.internal.http;
