package io.github.wscache.core;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The cache's background revalidations (stale-while-revalidate): at most one per key at a time,
 * on two daemon threads started when first needed; when 1,024 wait, more are dropped (the
 * stale response goes on answering until one runs). Thread-safe.
 */
final class Background implements AutoCloseable {
    private final Set<CacheKey> running = ConcurrentHashMap.newKeySet();
    private volatile ThreadPoolExecutor pool;
    private volatile boolean closed;

    /** Runs {@code task} for {@code key} in the background unless one runs for it already. */
    void refresh(CacheKey key, Runnable task) {
        if (closed || !running.add(key)) {
            return;
        }
        try {
            pool().execute(() -> {
                try {
                    task.run();
                } finally {
                    running.remove(key);
                }
            });
        } catch (RejectedExecutionException e) {
            running.remove(key);
        }
    }

    private ThreadPoolExecutor pool() {
        ThreadPoolExecutor p = pool;
        if (p == null) {
            synchronized (this) {
                p = pool;
                if (p == null) {
                    AtomicInteger n = new AtomicInteger();
                    p = new ThreadPoolExecutor(2, 2, 30, TimeUnit.SECONDS,
                            new LinkedBlockingQueue<>(1024), r -> {
                                Thread t = new Thread(r, "wscache-refresh-" + n.incrementAndGet());
                                t.setDaemon(true);
                                // not the class loader of whichever web application asked first
                                t.setContextClassLoader(Background.class.getClassLoader());
                                return t;
                            }, new ThreadPoolExecutor.DiscardPolicy());
                    p.allowCoreThreadTimeOut(true);
                    pool = p;
                }
            }
        }
        return p;
    }

    @Override
    public void close() {
        closed = true;
        ThreadPoolExecutor p = pool;
        if (p != null) {
            p.shutdownNow();
        }
    }
}
