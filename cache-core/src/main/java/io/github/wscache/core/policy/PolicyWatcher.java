package io.github.wscache.core.policy;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reloads a {@link Policy} when its file changes, on a daemon thread; obtained from
 * {@link Policy#watch()}. Close it to stop watching. Thread-safe.
 *
 * <pre>{@code
 * try (PolicyWatcher watcher = policy.watch()) {
 *     // edits to the file take effect; a broken edit keeps the previous policy and is logged
 * }
 * }</pre>
 */
public final class PolicyWatcher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PolicyWatcher.class);

    private final WatchService service;
    private final Thread thread;
    private volatile ReloadResult last;

    PolicyWatcher(Policy policy, Path file) throws IOException {
        Path abs = file.toAbsolutePath();
        Path dir = abs.getParent();
        Path name = abs.getFileName();
        this.service = FileSystems.getDefault().newWatchService();
        dir.register(service, StandardWatchEventKinds.ENTRY_MODIFY,
                StandardWatchEventKinds.ENTRY_CREATE);
        this.thread = new Thread(() -> run(policy, name), "wscache-policy-watcher");
        thread.setDaemon(true);
        thread.start();
    }

    private void run(Policy policy, Path name) {
        try {
            while (true) {
                WatchKey key = service.take();
                boolean ours = false;
                for (WatchEvent<?> e : key.pollEvents()) {
                    if (name.equals(e.context())) {
                        ours = true;
                    }
                }
                key.reset();
                if (ours) {
                    // editors write in several steps; let the file settle before reading it
                    Thread.sleep(50);
                    last = policy.reload();
                }
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.error("policy watcher stopped", e);
        }
    }

    /** Returns the result of the last reload this watcher triggered, or {@code null}. */
    public ReloadResult lastResult() {
        return last;
    }

    @Override
    public void close() {
        try {
            service.close();
        } catch (IOException e) {
            LOG.debug("closing the watch service failed", e);
        }
        thread.interrupt();
    }
}
