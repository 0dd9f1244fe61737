package io.github.wscache.edge;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.AfterEach;

/** A {@link TestOrigin} per test and the edge a test starts in front of it, both closed after. */
abstract class EdgeTestBase {
    final TestOrigin origin;
    EdgeServer edge;

    EdgeTestBase() {
        try {
            origin = new TestOrigin();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts the edge in front of the origin with {@code b}'s other settings. */
    EdgeServer edge(EdgeServer.Builder b) {
        edge = b.origin(origin.uri()).build().start();
        return edge;
    }

    EdgeServer edge() {
        return edge(EdgeServer.builder());
    }

    @AfterEach
    void closeEdgeAndOrigin() {
        if (edge != null) {
            edge.close();
        }
        origin.close();
    }
}
