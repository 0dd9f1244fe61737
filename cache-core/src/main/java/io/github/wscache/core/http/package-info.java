/**
 * HTTP caching rules for the wscache engine: the subset of RFC 9111 a client-side response cache
 * needs when the transport is HTTP.
 *
 * <ul>
 *   <li>{@link io.github.wscache.core.http.CacheControl} and
 *       {@link io.github.wscache.core.http.SurrogateControl} parse directives;</li>
 *   <li>{@link io.github.wscache.core.http.HttpDates} parses and formats HTTP dates;</li>
 *   <li>{@link io.github.wscache.core.http.ResponseMetadata} is what the cache keeps of a
 *       response, over case-insensitive {@link io.github.wscache.core.http.Headers};</li>
 *   <li>{@link io.github.wscache.core.http.Freshness} decides whether a stored response may be
 *       stored and reused ({@link io.github.wscache.core.http.FreshnessDecision},
 *       {@link io.github.wscache.core.http.Storability}), configured by
 *       {@link io.github.wscache.core.http.FreshnessOptions};</li>
 *   <li>{@link io.github.wscache.core.http.Validators} and
 *       {@link io.github.wscache.core.http.EntityTag} build conditional requests and merge
 *       {@code 304 Not Modified} responses.</li>
 * </ul>
 *
 * <p>Nothing here reads the clock: every time is passed in by the caller. All types are immutable
 * and all functions are pure.
 */
package io.github.wscache.core.http;
