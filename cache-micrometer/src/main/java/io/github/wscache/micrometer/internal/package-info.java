/**
 * Internals of the Micrometer binder: not API, left out of the Javadoc.
 */
package io.github.wscache.micrometer.internal;
