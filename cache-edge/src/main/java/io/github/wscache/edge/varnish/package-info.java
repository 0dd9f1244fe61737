/**
 * Tooling for side-by-side comparisons of the edge with Varnish Cache:
 * {@link io.github.wscache.edge.varnish.VarnishProcess} runs a throw-away {@code varnishd} with
 * ESI enabled in front of a given backend.
 */
package io.github.wscache.edge.varnish;
