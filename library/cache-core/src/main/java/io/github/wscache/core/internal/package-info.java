/**
 * Internals of cache-core: key parts, canonical XML, serialized parameters. Not API: these types
 * may change in any release.
 */
package io.github.wscache.core.internal;
