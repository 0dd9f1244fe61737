package io.github.wscache.edge.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The edge's connections to an {@code https} origin: TLS over the NIO channel the pooled
 * connections are checked through. A JDK TLS server with a certificate made by the JDK's
 * {@code keytool} for 127.0.0.1, trusted through the default {@code SSLContext} (which the
 * client uses) for the duration of this class.
 */
class OriginClientTlsTest {
    private static final char[] PASSWORD = "changeit".toCharArray();
    @TempDir
    static Path dir;
    private static SSLContext before;
    private static SSLContext context;

    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private SSLServerSocket server;
    private volatile boolean closeAfterEachAnswer;
    private OriginClient client;

    @BeforeAll
    static void certificate() throws Exception {
        Path store = dir.resolve("origin.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin",
                "keytool").toString(), "-genkeypair", "-alias", "origin", "-keyalg", "EC",
                "-groupname", "secp256r1", "-dname", "CN=127.0.0.1", "-ext",
                "SAN=ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12", "-keystore",
                store.toString(), "-storepass", new String(PASSWORD))
                .redirectErrorStream(true).start();
        String out = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(keytool.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(keytool.exitValue()).as(out).isZero();
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(store)) {
            keys.load(in, PASSWORD);
        }
        KeyManagerFactory km = KeyManagerFactory.getInstance(
                KeyManagerFactory.getDefaultAlgorithm());
        km.init(keys, PASSWORD);
        TrustManagerFactory tm = TrustManagerFactory.getInstance(
                TrustManagerFactory.getDefaultAlgorithm());
        tm.init(keys);
        context = SSLContext.getInstance("TLS");
        context.init(km.getKeyManagers(), tm.getTrustManagers(), null);
        before = SSLContext.getDefault();
        SSLContext.setDefault(context);
    }

    @AfterAll
    static void restore() {
        SSLContext.setDefault(before);
    }

    @BeforeEach
    void start() throws IOException {
        server = (SSLServerSocket) context.getServerSocketFactory().createServerSocket(0, 50,
                InetAddress.getLoopbackAddress());
        threads.execute(() -> {
            while (!server.isClosed()) {
                try {
                    Socket s = server.accept();
                    connections.incrementAndGet();
                    threads.execute(() -> serve(s));
                } catch (IOException e) {
                    return;
                }
            }
        });
        client = new OriginClient(threads);
    }

    @AfterEach
    void stop() throws IOException {
        client.close();
        server.close();
        threads.shutdownNow();
    }

    /** Answers each request on the connection with a 200, closing after it when asked to. */
    private void serve(Socket s) {
        try (s) {
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(),
                    StandardCharsets.US_ASCII));
            OutputStream out = s.getOutputStream();
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                while (!line.isEmpty()) {
                    line = in.readLine();
                }
                requests.incrementAndGet();
                out.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
                if (closeAfterEachAnswer) {
                    return; // closing an SSLSocket sends close_notify, unasked
                }
            }
        } catch (IOException e) {
            // the client went away
        }
    }

    private OriginResponse get() {
        return client.send("GET", URI.create("https://127.0.0.1:" + server.getLocalPort() + "/r"),
                Map.of("Accept", List.of("*/*")), null, Duration.ofSeconds(10));
    }

    @Test
    void requestsToAnHttpsOrigin_reuseOneConnection() {
        for (int i = 0; i < 5; i++) {
            OriginResponse r = get();
            assertThat(r.status()).isEqualTo(200);
            assertThat(new String(r.body(), StandardCharsets.US_ASCII)).isEqualTo("ok");
        }
        assertThat(requests).hasValue(5);
        assertThat(connections).as("one TLS connection, kept alive").hasValue(1);
    }

    @Test
    void afterTheOriginClosesAnHttpsConnection_theNextRequestGoesOnANewOne() {
        closeAfterEachAnswer = true;
        for (int i = 0; i < 3; i++) {
            assertThat(get().status()).isEqualTo(200);
        }
        assertThat(requests).hasValue(3);
        assertThat(connections).hasValue(3);
    }
}
