package io.github.wscache.benchmarks;

import io.github.wscache.google.GoogleServer;
import java.io.IOException;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The loopback {@link GoogleServer} the end-to-end cells call. A forked run (every cell in its
 * own JVM) starts one per cell and stops it when the cell ends, as before. A run without a fork
 * (the smoke test runs every cell in one JVM) shares one instead of starting Tomcat and an Axis2
 * configuration for each of some thirty cells, which took a third of the smoke run; the run
 * stops it with {@link #closeShared()} (Tomcat's utility threads would keep the JVM alive).
 * Sharing changes no cell's numbers or checks: no cell changes how the server answers, and each
 * counts its own requests as a difference from what the server had counted when it was primed.
 */
final class LoopbackGoogle {
    private static GoogleServer shared;

    private LoopbackGoogle() {
    }

    /** Returns a server for a cell: its own in a forked run, the JVM's shared one otherwise. */
    static GoogleServer acquire(BenchmarkParams params) throws IOException {
        if (params.getForks() > 0) {
            return GoogleServer.start(0);
        }
        synchronized (LoopbackGoogle.class) {
            if (shared == null) {
                shared = GoogleServer.start(0);
            }
            return shared;
        }
    }

    /** Stops a server {@link #acquire} returned, unless it is the shared one. */
    static void release(GoogleServer server) {
        synchronized (LoopbackGoogle.class) {
            if (server == shared) {
                return;
            }
        }
        server.close();
    }

    /** Stops the shared server, if one was started. */
    static synchronized void closeShared() {
        if (shared != null) {
            shared.close();
            shared = null;
        }
    }
}
