package io.github.wscache.http.cachetests;

import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import java.util.List;

/**
 * The caching client a {@link CacheTestsProxy} forwards every request through: one long-lived
 * client, so that its cache persists across requests. {@link Upstreams} has cache-http's and,
 * for comparison in the same harness, Apache HttpClient 5's and OkHttp's.
 */
interface Upstream extends Closeable {
    /** The name the proxy reports and logs: {@code cache-http}, {@code httpclient5}, ... */
    String name();

    /**
     * Sends one request through the cache.
     *
     * @param fields the request's fields, in order, without hop-by-hop and framing fields
     * @param body the request's body, empty for none
     * @throws IOException when the client fails (the origin closed the connection, and the
     *     cache did not stand in)
     * @throws IllegalArgumentException when the client refuses the request as written
     */
    Answer send(String method, URI uri, List<String[]> fields, byte[] body)
            throws IOException, InterruptedException;

    /**
     * What the client answered: status, every field in order (name, value), the body, and the
     * cache's own word on where the answer came from (cache-http's {@code Cache-Status}, the
     * others' equivalent), for the log only.
     */
    record Answer(int status, List<String[]> fields, byte[] body, String cacheStatus) {
    }
}
