/**
 * Internals of cache-admin: not API, left out of the Javadoc.
 */
package io.github.wscache.admin.internal;
