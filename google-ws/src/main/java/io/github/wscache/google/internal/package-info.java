/**
 * Content generation shared by the service implementation and the client-side fixtures; not an
 * API, may change without notice.
 */
package io.github.wscache.google.internal;
