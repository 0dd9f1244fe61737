package io.github.wscache.edge;

import java.time.Duration;

/**
 * The warm-up of an {@link EdgeServer}: the pre-fetch of a list of paths that starts in the
 * background once the edge listens ({@link EdgeServer#warmup()}, present only when a warm-up
 * source was configured). Each path is fetched the way an anonymous client's {@code GET} would be
 * (same key, same {@code Vary} rules, its ESI fragments fetched and cached too, single flight
 * shared with clients), without any client's cookies or credentials, so it only stores the shared
 * variant and never personal content. The warm-up never fails the edge: an unreachable origin, an
 * unreadable list or a bad line is logged and counted in {@link Stats#failed()}. Thread-safe.
 *
 * <pre>{@code
 * EdgeServer edge = EdgeServer.builder()
 *         .origin(URI.create("http://localhost:8080"))
 *         .warmupUrl(URI.create("/warmup.txt"))      // the origin's list of popular paths
 *         .build()
 *         .start();
 * edge.warmup().orElseThrow().awaitDone(Duration.ofSeconds(30));
 * System.out.println(edge.warmup().orElseThrow().stats());
 * }</pre>
 */
public interface EdgeWarmup {

    /**
     * Waits until the warm-up has finished (every path fetched, failed or skipped because its
     * time budget ran out, or the edge stopped), at most {@code timeout}.
     *
     * @return whether it has finished
     * @throws InterruptedException if interrupted while waiting
     */
    boolean awaitDone(Duration timeout) throws InterruptedException;

    /** Returns whether the warm-up has finished. */
    boolean isDone();

    /** Returns a snapshot of the warm-up's counters, final once {@link #isDone()}. */
    Stats stats();

    /**
     * A snapshot of a warm-up's counters. Every listed path ends up fetched (then stored or
     * not), failed or skipped.
     *
     * @param done whether the warm-up has finished
     * @param listed distinct paths to warm, from all sources
     * @param fetched paths answered with a 2xx, their ESI fragments included
     * @param stored fetched paths whose shared response is now fresh in the cache (a personal
     *     response, one with {@code Set-Cookie} or {@code Cache-Control: private}, is fetched but
     *     not stored)
     * @param failed paths that failed (origin unreachable or too slow, a status other than 2xx,
     *     a fragment that fails the page), plus list lines that are not paths and sources that
     *     could not be read
     * @param skipped paths not started before the time budget ran out or the edge stopped
     * @param originRequests round trips to the origin for containers and fragments (the lists
     *     themselves not counted); they are not in the client counters of {@link EdgeStats}
     * @param elapsed time since the warm-up started, up to its end once done
     */
    record Stats(boolean done, int listed, int fetched, int stored, int failed, int skipped,
            long originRequests, Duration elapsed) {
    }
}
