package io.github.wscache.axis;

import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.google.GoogleServer;
import io.github.wscache.testkit.ManualClock;
import java.io.IOException;
import java.time.Duration;
import org.apache.axis2.AxisFault;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import static org.assertj.core.api.Assertions.assertThat;

/** One fixture server and one shared client context per test class. */
final class Google implements AutoCloseable {
    final GoogleServer server;
    final ConfigurationContext context;

    private Google(GoogleServer server, ConfigurationContext context) {
        this.server = server;
        this.context = context;
    }

    static Google start() throws IOException {
        GoogleServer server = GoogleServer.start(0);
        ConfigurationContext context =
                ConfigurationContextFactory.createConfigurationContextFromFileSystem(null, null);
        return new Google(server, context);
    }

    /** Resets counts, delay, REST caching, response headers and failures between tests. */
    void reset() {
        server.resetCounts();
        server.service().setDelay(Duration.ZERO);
        server.setRestCaching(null);
        server.setConditionalStatus(304);
        server.setResponseHeader("Cache-Control", null);
        server.failNext(0, 503);
    }

    /** Installs a new cache with {@code yaml} and a test clock into the shared context. */
    ResponseCache install(String yaml, ManualClock clock) {
        ResponseCache cache = ResponseCache.builder().policy(Policy.parse(yaml, "test.yaml"))
                .clock(clock).build();
        return WsCache.install(context, cache);
    }

    /** Stops both and checks that no server thread outlives them. */
    @Override
    public void close() throws AxisFault {
        server.close();
        context.terminate();
        assertThat(Thread.getAllStackTraces().keySet()).filteredOn(Thread::isAlive)
                .extracting(Thread::getName)
                .noneMatch(name -> name.startsWith("http-nio-") || name.startsWith("Catalina"));
    }
}
