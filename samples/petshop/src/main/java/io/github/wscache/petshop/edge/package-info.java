/**
 * The Fproxy edge compared with Varnish Cache:
 * {@link io.github.wscache.petshop.edge.EdgeComparison} puts Debian's Varnish (with
 * {@code petshop.vcl}) and cache-edge in front of the same Pet Shop origin, behind the same
 * emulated WAN, and compares the composed HTML, the Cart page latency and the throughput of fully
 * cached pages.
 */
package io.github.wscache.petshop.edge;
