package io.github.wscache.petshop.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The emulated browser's time limit against a real HTTP server on loopback: a form post answered
 * with a redirect (as every post of the Pet Shop is) must not leave a timer behind that closes
 * the browser's connection under a later request.
 */
class UserAgentTest {

    private static final Duration LIMIT = Duration.ofMillis(500);

    private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();
    private final CountDownLatch release = new CountDownLatch(1);
    private HttpServer server;
    private URI base;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.createContext("/", this::handle);
        server.start();
        base = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    @AfterEach
    void stop() {
        release.countDown();
        server.stop(0);
    }

    private void handle(HttpExchange ex) throws IOException {
        clientPorts.add(ex.getRemoteAddress().getPort());
        ex.getRequestBody().readAllBytes();
        String path = ex.getRequestURI().getPath();
        if (path.equals("/form")) {
            ex.getResponseHeaders().add("Location", "/page");
            ex.sendResponseHeaders(303, -1);
        } else if (path.equals("/never")) {
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            ex.sendResponseHeaders(204, -1);
        } else {
            byte[] body = "<p>page</p>".getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
        }
        ex.close();
    }

    @Test
    void postsAnsweredWithARedirect_keepTheConnectionPastTheTimeLimit() throws Exception {
        UserAgent agent = new UserAgent(base, LIMIT);
        long until = System.nanoTime() + 4 * LIMIT.toNanos();
        int posts = 0;
        while (System.nanoTime() < until) {
            // every post is redirected; with the limit set as the request's own timeout, JDK 17
            // closed the connection under the post in flight when the first post's timer fired
            UserAgent.Page p = agent.post("/form", Map.of("n", Integer.toString(posts)));
            assertThat(p.status()).isEqualTo(200);
            assertThat(p.uri().getPath()).isEqualTo("/page");
            posts++;
        }
        assertThat(posts).isGreaterThan(10);
        assertThat(clientPorts).as("connections the server saw").hasSize(1);
    }

    @Test
    void aRequestWithoutResponse_failsAfterTheTimeLimit() {
        UserAgent agent = new UserAgent(base, LIMIT);
        assertThatThrownBy(() -> agent.get("/never"))
                .isInstanceOf(HttpTimeoutException.class)
                .hasMessageContaining("GET " + base.resolve("never"));
    }
}
