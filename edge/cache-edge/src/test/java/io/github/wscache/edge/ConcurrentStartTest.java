package io.github.wscache.edge;

import static io.github.wscache.edge.EdgeTestSupport.get;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.wscache.testkit.TestOrigin;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.junit.jupiter.api.Test;

/**
 * Several Tomcats in one JVM (an application with two sites, an application's own Tomcat beside
 * an edge, tests run in parallel): started at once, each edge starts and serves; none takes
 * another's place in the MBeanServer, where Tomcat registers its components under its engine's
 * name, nor removes another's objects when it stops.
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

    @Test
    void anApplicationsOwnTomcat_keepsItsManagedObjects_whileAnEdgeStartsAndStops()
            throws Exception {
        MBeanServer mbeans = ManagementFactory.getPlatformMBeanServer();
        ObjectName applications = new ObjectName("Tomcat:*");
        Path baseDir = Files.createTempDirectory("application-tomcat");
        Tomcat application = new Tomcat();
        application.setBaseDir(baseDir.toString());
        application.setSilent(true);
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        application.setConnector(connector);
        application.addContext("", null);
        application.start();
        try (TestOrigin origin = TestOrigin.start()) {
            Set<ObjectName> before = mbeans.queryNames(applications, null);
            assertThat(before).contains(new ObjectName("Tomcat:type=Engine"),
                    new ObjectName("Tomcat:type=Host,host=localhost"));

            EdgeServer edge = EdgeServer.builder().origin(origin.uri()).adminPort(0).build()
                    .start();
            try {
                assertThat(mbeans.queryNames(applications, null))
                        .as("the application's objects while an edge runs")
                        .isEqualTo(before);
                assertThat(mbeans.queryNames(new ObjectName("*:type=Engine"), null))
                        .as("the edge's engines, each under a domain of its own")
                        .anyMatch(n -> n.getDomain().matches("wscache-edge-\\d+"))
                        .anyMatch(n -> n.getDomain().matches("wscache-edge-admin-\\d+"));
            } finally {
                edge.close();
            }

            assertThat(mbeans.queryNames(applications, null))
                    .as("the application's objects after the edge stopped")
                    .isEqualTo(before);
        } finally {
            application.stop();
            application.destroy();
            try (Stream<Path> files = Files.walk(baseDir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
