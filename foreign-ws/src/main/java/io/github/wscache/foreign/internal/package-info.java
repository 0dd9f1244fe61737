/** Internals of the foreign-ws fixture; not part of its API. */
package io.github.wscache.foreign.internal;
