/**
 * Internals of cache-axis: the caching transport sender, request keys, response capture and
 * replay, the classpath module and the caching-stub machinery. Not API; may change in any
 * release.
 */
package io.github.wscache.axis.internal;
