package io.github.wscache.edge.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.wscache.testkit.RawHttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A pooled connection the origin closed after its answer (a keep-alive that ran out, without
 * {@code Connection: close}): the next request on it fails before any answer. Idempotent
 * requests are sent again on another connection; a POST is never sent twice.
 */
class OriginClientTest {
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger dropped = new AtomicInteger();
    /** The connections that had their answer (a connection's stream is the same per request). */
    private final Set<OutputStream> answered = ConcurrentHashMap.newKeySet();
    private final ExecutorService pool = Executors.newCachedThreadPool();
    /** When set, each connection's first request waits until this many have arrived. */
    private volatile CountDownLatch together;
    private RawHttpServer server;
    private OriginClient client;

    @BeforeEach
    void start() throws IOException {
        server = RawHttpServer.start();
        server.keepAlive(true);
        server.reply(this::answerOnce);
        client = new OriginClient(pool);
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
        pool.shutdownNow();
    }

    /**
     * Answers the first request of each connection with a keep-alive 200, and closes the
     * connection when a second request arrives on it, without answering: the origin's
     * keep-alive ran out just as the edge reused the connection.
     */
    private void answerOnce(OutputStream out, CountDownLatch gone)
            throws IOException {
        if (!answered.add(out)) {
            dropped.incrementAndGet();
            throw new SocketException("keep-alive ran out: closed without an answer");
        }
        requests.incrementAndGet();
        CountDownLatch all = together;
        if (all != null) {
            all.countDown();
            try {
                all.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        out.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
                .getBytes(StandardCharsets.US_ASCII));
    }

    private OriginResponse send(String method) {
        return client.send(method, server.uri("/r"), Map.of("X-Test", List.of("1")),
                "body".getBytes(StandardCharsets.UTF_8), Duration.ofSeconds(10));
    }

    @Test
    void anIdempotentRequest_onAConnectionTheOriginClosed_isSentAgain() {
        assertThat(send("PUT").status()).isEqualTo(200);
        assertThat(send("PUT").status()).as("the second PUT, first sent on the closed one")
                .isEqualTo(200);
        assertThat(send("DELETE").status()).isEqualTo(200);
        assertThat(requests).as("answered").hasValue(3);
        assertThat(dropped).as("sent on a connection the origin closed").hasValue(2);
    }

    @Test
    void aPost_onAConnectionTheOriginClosed_isNeverSentTwice() {
        assertThat(send("POST").status()).isEqualTo(200);

        assertThatThrownBy(() -> send("POST")).isInstanceOf(OriginException.class);
        assertThat(requests).as("the origin answered the first POST only").hasValue(1);
        assertThat(dropped).hasValue(1);
    }

    @Test
    void aGet_afterThePoolsConnectionsAllRanOut_goesOutOnANewOne() throws Exception {
        // five requests at once leave five pooled connections, which the origin then closes
        together = new CountDownLatch(5);
        List<Future<OriginResponse>> first = new ArrayList<>();
        ExecutorService callers = Executors.newFixedThreadPool(5);
        try {
            for (int i = 0; i < 5; i++) {
                first.add(callers.submit(() -> send("GET")));
            }
            for (var f : first) {
                assertThat(f.get().status()).isEqualTo(200);
            }
        } finally {
            callers.shutdownNow();
        }
        together = null;

        assertThat(send("GET").status()).isEqualTo(200);
        assertThat(dropped).as("only the first pooled connection is tried").hasValue(1);
        assertThat(requests).hasValue(6);
    }

    @Test
    void aPooledConnection_thatReceivedAnUnaskedResponse_isNotReused() throws Exception {
        // the origin answers, then times the idle connection out with a 408 and closes it, as
        // some servers do: that 408 must not become the answer to the next request
        CountDownLatch answerRead = new CountDownLatch(1);
        CountDownLatch unaskedSent = new CountDownLatch(1);
        AtomicInteger connections = new AtomicInteger();
        server.reply((out, gone) -> {
            if (!answered.add(out)) {
                throw new SocketException("closed after the 408");
            }
            connections.incrementAndGet();
            out.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            if (connections.get() == 1) {
                answerRead.await(10, TimeUnit.SECONDS);
                out.write(("HTTP/1.1 408 Request Timeout\r\nContent-Length: 0\r\n"
                        + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                unaskedSent.countDown();
                throw new SocketException("idle connection timed out");
            }
        });
        assertThat(send("GET").status()).isEqualTo(200);
        answerRead.countDown();
        assertThat(unaskedSent.await(10, TimeUnit.SECONDS)).isTrue();

        OriginResponse second = send("POST");

        assertThat(second.status()).as("the answer to the POST, not the 408").isEqualTo(200);
        assertThat(connections).as("the POST went out on a new connection").hasValue(2);
    }

    @Test
    void aPooledConnection_afterABodyLongerThanItsContentLength_isNotReused() {
        // found by the http-tests/cache-tests suite, one of whose origins does this: the rest of
        // the body arrives with the answer, and was read as the start of the next one (a 502)
        AtomicInteger connections = new AtomicInteger();
        server.reply((out, gone) -> {
            if (answered.add(out)) {
                connections.incrementAndGet();
            }
            out.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok, and more than that"
                    .getBytes(StandardCharsets.US_ASCII));
        });
        assertThat(new String(send("GET").body(), StandardCharsets.US_ASCII)).isEqualTo("ok");

        OriginResponse second = send("POST");

        assertThat(second.status()).isEqualTo(200);
        assertThat(new String(second.body(), StandardCharsets.US_ASCII)).isEqualTo("ok");
        assertThat(connections).as("the POST went out on a new connection").hasValue(2);
    }
}
