package io.github.wscache.edge.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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
    private final ExecutorService pool = Executors.newCachedThreadPool();
    private ServerSocket server;
    private OriginClient client;

    @BeforeEach
    void start() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        pool.execute(this::serve);
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
    private void serve() {
        while (!server.isClosed()) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException e) {
                return;
            }
            pool.execute(() -> connection(s));
        }
    }

    private void connection(Socket s) {
        try (s) {
            InputStream in = s.getInputStream();
            String head = head(in);
            if (head == null) {
                return;
            }
            requests.incrementAndGet();
            in.readNBytes(contentLength(head));
            OutputStream out = s.getOutputStream();
            out.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            if (head(in) != null) {
                dropped.incrementAndGet();
            }
        } catch (IOException e) {
            // closed
        }
    }

    private static String head(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0) {
            b.write(c);
            String s = b.toString(StandardCharsets.US_ASCII);
            if (s.endsWith("\r\n\r\n")) {
                return s;
            }
        }
        return null;
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                return Integer.parseInt(line.substring(15).trim());
            }
        }
        return 0;
    }

    private OriginResponse send(String method) {
        return client.send(method, URI.create("http://127.0.0.1:" + server.getLocalPort() + "/r"),
                Map.of("X-Test", List.of("1")), "body".getBytes(StandardCharsets.UTF_8),
                Duration.ofSeconds(10));
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
}
