package io.github.wscache.petshop.web;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Tells the edge caches in front of the origin that data changed: an authenticated purge by
 * {@code Surrogate-Key} tag ({@code POST /_edge/purge} on each edge's admin port, the shared
 * secret as a bearer token). Sent synchronously before the change is answered, so that the
 * visitor's next page, composed at the edge, already shows it. A purge that fails is logged and
 * counted ({@link #failures()}); the change itself stands, and the edge shows the old data until
 * the tagged responses expire.
 */
public final class EdgePurger {
    private static final Logger LOG = Logger.getLogger(EdgePurger.class.getName());

    private final List<URI> edges;
    private final String secret;
    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(2)).build();
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();

    /**
     * Purges at {@code edges}, the purge URLs of the edges' admin ports
     * ({@code http://host:port/_edge/purge}), with {@code secret}.
     */
    public EdgePurger(List<URI> edges, String secret) {
        this.edges = List.copyOf(edges);
        this.secret = secret;
    }

    /** Purges {@code tags} at every edge; returns whether every edge confirmed it. */
    public boolean purge(Collection<String> tags) {
        if (tags.isEmpty()) {
            return true;
        }
        boolean all = true;
        for (URI edge : edges) {
            sent.incrementAndGet();
            try {
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(edge)
                        .timeout(Duration.ofSeconds(5))
                        .header("Authorization", "Bearer " + secret)
                        .header("Surrogate-Key", String.join(" ", tags))
                        .POST(HttpRequest.BodyPublishers.noBody()).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() != 200) {
                    all = false;
                    failures.incrementAndGet();
                    LOG.warning("purge of " + tags + " at " + edge + " refused: HTTP "
                            + r.statusCode());
                }
            } catch (IOException e) {
                all = false;
                failures.incrementAndGet();
                LOG.log(Level.WARNING, "purge of " + tags + " at " + edge + " failed", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failures.incrementAndGet();
                return false;
            }
        }
        return all;
    }

    /** Purge requests sent (one per edge and change). */
    public long sent() {
        return sent.get();
    }

    /** Purge requests that failed or were refused. */
    public long failures() {
        return failures.get();
    }
}
