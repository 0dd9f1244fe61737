package io.github.wscache.edge;

import static io.github.wscache.edge.EdgeTestSupport.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testkit.TestOrigin;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Several edges in one JVM (an application with two sites, tests run in parallel): started at
 * once, each starts and serves; none takes another's place in Tomcat's registry of managed
 * objects.
 */
class ConcurrentStartTest {

    @Test
    void fourEdgesStartedAtOnce_inOneJvm_allStartAndServe() throws Exception {
        int n = 4;
        List<EdgeServer> edges = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try (TestOrigin origin = TestOrigin.start()) {
            origin.route("/p", "page").header("Cache-Control", "max-age=60");
            CountDownLatch ready = new CountDownLatch(n);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<EdgeServer>> started = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                started.add(pool.submit(() -> {
                    EdgeServer.Builder b = EdgeServer.builder().origin(origin.uri());
                    ready.countDown();
                    go.await();
                    return b.build().start();
                }));
            }
            ready.await();
            go.countDown();
            for (Future<EdgeServer> f : started) {
                edges.add(f.get());
            }
            for (EdgeServer e : edges) {
                assertThat(get(e, "/p").body()).isEqualTo("page");
            }
        } finally {
            edges.forEach(EdgeServer::close);
            pool.shutdownNow();
        }
    }
}
