/**
 * Internals of the edge: the origin client, the ESI parser, the fragment cache (its own RFC 9111
 * flow over cache-core's HTTP rules in {@code core.internal.http}), the page composer, and the
 * proxy servlet with the request it reads ({@code ClientRequest}), what of it reaches the origin
 * ({@code RequestRules}), the one normal form of its URL ({@code RequestTarget}) and the writer of
 * its responses ({@code ResponseWriter}); the operator's side: the admin servlet, the access log
 * and the valve that counts requests in flight for a graceful stop ({@code TrafficValve}), and
 * the command line with its options ({@code EdgeCommand}, {@code EdgeOption}); the warm-up at
 * start
 * ({@code Warmup}, reading its lists with {@code WarmupList}). {@code EdgeServer} delegates to one
 * class per job: its builder's options ({@code EdgeSettings}), its threads
 * ({@code EdgeThreads}), the proxy's wiring ({@code EdgeProxy}), the administration
 * ({@code EdgeAdmin}), the valve with the access log ({@code EdgeTraffic}), the embedded Tomcat
 * ({@code EdgeTomcat}), its stats ({@code StatsSnapshot}) and the order one run starts and stops
 * in ({@code EdgeLifecycle}). Not a public API; left out of the Javadoc.
 */
package io.github.wscache.edge.internal;
