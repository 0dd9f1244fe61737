/**
 * An ESI edge cache: an HTTP reverse proxy that caches page containers and fragments with their
 * own freshness and composes pages, fetching missing fragments in parallel. Start one with
 * {@link io.github.wscache.edge.EdgeServer#builder()}.
 */
package io.github.wscache.edge;
