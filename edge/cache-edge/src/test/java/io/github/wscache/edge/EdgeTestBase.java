package io.github.wscache.edge;

import io.github.wscache.testkit.TestOrigin;
import org.junit.jupiter.api.AfterEach;

/** A {@link TestOrigin} per test and the edge a test starts in front of it, both closed after. */
abstract class EdgeTestBase {
    final TestOrigin origin = TestOrigin.start();
    EdgeServer edge;

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
