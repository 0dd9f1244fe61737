/**
 * Tooling for side-by-side comparisons of the edge with Varnish Cache:
 * {@link io.github.wscache.varnish.VarnishProcess} runs a throw-away {@code varnishd} with
 * ESI enabled in front of a given backend. Not part of the library: cache-edge's tests and the
 * Pet Shop's comparison runner use it.
 */
package io.github.wscache.varnish;
