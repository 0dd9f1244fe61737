package io.github.wscache.edge.internal;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;

/**
 * Sends requests to the origin with the JDK {@link HttpClient} (HTTP/1.1, asynchronous sends,
 * no redirects followed: a redirect goes back to the client as it is). Thread-safe.
 *
 * <p>A pooled connection the origin has closed meanwhile (its keep-alive timeout passed) fails
 * the request sent on it before any byte of an answer comes back. An idempotent request (RFC
 * 9110 §9.2.2: GET, HEAD, PUT, DELETE, OPTIONS, TRACE) is then sent again, at most
 * {@value #RETRIES} more times (the pool may hold more such connections); any other request is
 * never sent twice, since its bytes may have reached the origin, and its failure is the
 * client's 502. A connection refused or a timeout is not retried.
 */
public final class OriginClient {
    /** How many more times an idempotent request is sent after a closed pooled connection. */
    static final int RETRIES = 2;
    private static final java.util.Set<String> IDEMPOTENT = java.util.Set.of("GET", "HEAD",
            "PUT", "DELETE", "OPTIONS", "TRACE");
    private final HttpClient client;

    /** Creates a client whose asynchronous work runs on {@code executor}. */
    public OriginClient(Executor executor) {
        this(executor, Duration.ofSeconds(10));
    }

    /**
     * Creates a client whose asynchronous work runs on {@code executor} and which gives up
     * connecting to the origin after {@code connectTimeout}.
     */
    public OriginClient(Executor executor, Duration connectTimeout) {
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(connectTimeout)
                .executor(executor)
                .build();
    }

    /**
     * Sends one request and waits for the whole response.
     *
     * @param headers end-to-end request fields ({@link HeaderRules#towardOrigin})
     * @param body the request body, or {@code null} for none
     * @throws OriginException when the origin cannot be reached or does not answer in time
     */
    public OriginResponse send(String method, URI uri, Map<String, List<String>> headers,
            byte[] body, Duration timeout) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).timeout(timeout);
        for (Map.Entry<String, List<String>> e : headers.entrySet()) {
            for (String v : e.getValue()) {
                b.header(e.getKey(), v);
            }
        }
        b.method(method, body == null || body.length == 0
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofByteArray(body));
        HttpRequest request = b.build();
        int retries = IDEMPOTENT.contains(method) ? RETRIES : 0;
        while (true) {
            try {
                return send(request);
            } catch (ExecutionException e) {
                if (retries-- > 0 && closedBeforeAnswer(e.getCause())) {
                    continue;
                }
                throw failure(method, uri, timeout, e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new OriginException(method + " " + uri + " interrupted",
                        new IOException(e), false);
            }
        }
    }

    /**
     * Whether a send failed on a connection that was closed before an answer came: an I/O
     * failure that is neither a timeout nor a refused connection.
     */
    private static boolean closedBeforeAnswer(Throwable c) {
        return c instanceof IOException && !(c instanceof HttpTimeoutException)
                && !(c instanceof java.net.ConnectException);
    }

    private static OriginException failure(String method, URI uri, Duration timeout,
            Throwable c) {
        boolean timedOut = c instanceof HttpTimeoutException;
        String what = timedOut ? "timed out after " + timeout.toMillis() + " ms"
                : "failed: " + c;
        return new OriginException(method + " " + uri + " " + what,
                c instanceof IOException ? (IOException) c : new IOException(c), timedOut);
    }

    private OriginResponse send(HttpRequest request)
            throws ExecutionException, InterruptedException {
        HttpResponse<byte[]> r = client.sendAsync(request,
                HttpResponse.BodyHandlers.ofByteArray()).get();
        Map<String, List<String>> h = HeaderRules.newHeaders();
        r.headers().map().forEach((k, v) -> {
            if (!k.startsWith(":")) {
                h.put(k, List.copyOf(v));
            }
        });
        return new OriginResponse(r.statusCode(), h, r.body() == null ? new byte[0]
                : r.body());
    }
}
