/**
 * cache-http's internals: the response it returns, how stored bytes reach an application's body
 * handler, the stored body, and the caller's identity. Not API: may change in any release.
 */
package io.github.wscache.http.internal;
