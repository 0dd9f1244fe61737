package io.github.wscache.edge.internal;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The edge's own threads, besides Tomcat's: the bounded pool that fetches includes, the origin
 * client's threads and the timer of include timeouts, named {@code wscache-edge-<pool>-N}.
 *
 * <p>They are daemons that do not hold Tomcat's web application class loader (they are created
 * lazily, often on a request thread), so that stopping Tomcat finds no leaked threads.
 */
public final class EdgeThreads implements AutoCloseable {
    private final ThreadPoolExecutor fetch;
    private final ExecutorService client;
    private final ScheduledExecutorService timer;

    /**
     * Creates the pools.
     *
     * @param fetchThreads the most includes fetched at once; more wait for a free thread
     */
    public EdgeThreads(int fetchThreads) {
        fetch = new ThreadPoolExecutor(fetchThreads, fetchThreads, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), threads("fetch"));
        fetch.allowCoreThreadTimeOut(true);
        client = Executors.newCachedThreadPool(threads("client"));
        timer = Executors.newSingleThreadScheduledExecutor(threads("timer"));
    }

    /** The bounded pool that fetches includes (idle threads end after 30 s). */
    public ExecutorService fetch() {
        return fetch;
    }

    /** The threads of the origin client. */
    public ExecutorService client() {
        return client;
    }

    /** The timer of include timeouts. */
    public ScheduledExecutorService timer() {
        return timer;
    }

    /** Stops every pool at once, interrupting what still runs. */
    @Override
    public void close() {
        for (ExecutorService e : new ExecutorService[] {fetch, client, timer}) {
            e.shutdownNow();
        }
    }

    private static ThreadFactory threads(String name) {
        AtomicInteger n = new AtomicInteger();
        ClassLoader loader = EdgeThreads.class.getClassLoader();
        return r -> {
            Thread t = new Thread(r, "wscache-edge-" + name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            t.setContextClassLoader(loader);
            return t;
        };
    }
}
