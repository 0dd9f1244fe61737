package io.github.wscache.core.policy;

import io.github.wscache.core.internal.yaml.YamlNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.Arrays;
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
        this.service = FileSystems.getDefault().newWatchService();
        dir.register(service, StandardWatchEventKinds.ENTRY_MODIFY,
                StandardWatchEventKinds.ENTRY_CREATE);
        byte[] loaded = read(abs);
        this.thread = new Thread(() -> run(policy, abs, loaded), "wscache-policy-watcher");
        thread.setDaemon(true);
        thread.start();
    }

    private void run(Policy policy, Path file, byte[] loaded) {
        Path name = file.getFileName();
        byte[] seen = loaded;
        try {
            while (true) {
                boolean ours = drain(service.take(), name);
                if (ours) {
                    // editors write in several steps (one write is a truncate and a write, two
                    // events): let the file settle, swallow the events of the same edit, and
                    // reload only when the content differs from what was last read, so that a
                    // late duplicate event never undoes a change made in code since
                    Thread.sleep(50);
                    WatchKey more;
                    while ((more = service.poll()) != null) {
                        drain(more, name);
                    }
                    byte[] now = read(file);
                    if (now != null && !Arrays.equals(now, seen)) {
                        seen = now;
                        try {
                            last = policy.reload();
                        } catch (RuntimeException | LinkageError | StackOverflowError e) {
                            // a listener that throws must not end watching: the next edit
                            // is reloaded as usual
                            LOG.error("a policy change listener failed; the watcher goes on",
                                    e);
                        }
                    }
                }
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.error("policy watcher stopped: {} is no longer watched", file, e);
        }
    }

    /**
     * Takes a key's events; whether one may have changed the file: an event of its name, or of
     * a name starting with {@code ..}, as Kubernetes names what it swaps when it updates a
     * mounted ConfigMap or Secret (the file is a link through {@code ..data}, which is replaced
     * as a whole: no event names the file). The content decides whether it changed.
     */
    private static boolean drain(WatchKey key, Path name) {
        boolean ours = false;
        for (WatchEvent<?> e : key.pollEvents()) {
            Object context = e.context();
            if (name.equals(context)
                    || context instanceof Path p && p.toString().startsWith("..")) {
                ours = true;
            }
        }
        key.reset();
        return ours;
    }

    /**
     * The file's first bytes, one more than a policy may have (4 bytes a character at most): a
     * larger file is told apart from the last one read, and the reload says it is too large,
     * without this watcher holding the whole file.
     */
    private static byte[] read(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(4 * YamlNode.MAXIMUM_CHARACTERS + 1);
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Returns the result of the last reload this watcher triggered, or {@code null}: a failed one
     * says where the file is wrong ({@link ReloadResult#error()}) and when it was read
     * ({@link ReloadResult#at()}), until a later edit is reloaded.
     */
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
