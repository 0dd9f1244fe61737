/**
 * Internals of the edge: the origin client, the ESI parser, the fragment cache on top of
 * cache-core's {@code ResponseCache}, the page composer and the proxy servlet. Not a public API;
 * left out of the Javadoc.
 */
package io.github.wscache.edge.internal;
