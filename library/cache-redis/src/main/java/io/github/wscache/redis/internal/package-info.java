/**
 * Internals of cache-redis: the byte form of shared entries ({@link
 * io.github.wscache.redis.internal.ValueCodec}) and the circuit breaker ({@link
 * io.github.wscache.redis.internal.Breaker}). Not API: these types may change in any release.
 */
package io.github.wscache.redis.internal;
