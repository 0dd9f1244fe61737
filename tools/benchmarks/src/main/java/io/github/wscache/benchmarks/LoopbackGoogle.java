package io.github.wscache.benchmarks;

import io.github.wscache.google.GoogleServer;
import java.io.IOException;

/**
 * The loopback {@link GoogleServer} the end-to-end cells call: one per JVM, stopped when the JVM
 * exits. A forked run gives every cell its own JVM, so its own server, as before; in one JVM (the
 * smoke test runs every cell with no fork) the cells share it instead of each starting Tomcat and
 * an Axis2 configuration again, which took most of the smoke test's minute. Sharing changes no
 * cell's numbers or checks: no cell changes how the server answers, and each counts its own
 * requests as a difference from what the server had counted when the cell was primed.
 */
final class LoopbackGoogle {
    private static GoogleServer server;

    private LoopbackGoogle() {
    }

    /** Returns the JVM's server, starting it on a free port on first use. */
    static synchronized GoogleServer server() throws IOException {
        if (server == null) {
            GoogleServer started = GoogleServer.start(0);
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "google-server-stop"));
            server = started;
        }
        return server;
    }
}
