/**
 * Internals of cache-jaxws: the caching SOAP handler, how a request becomes an
 * {@link io.github.wscache.core.Invocation}, and how responses are captured and replayed. Not API.
 */
package io.github.wscache.jaxws.internal;
