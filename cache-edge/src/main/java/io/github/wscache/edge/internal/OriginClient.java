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
 */
public final class OriginClient {
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
        try {
            HttpResponse<byte[]> r = client.sendAsync(b.build(),
                    HttpResponse.BodyHandlers.ofByteArray()).get();
            Map<String, List<String>> h = HeaderRules.newHeaders();
            r.headers().map().forEach((k, v) -> {
                if (!k.startsWith(":")) {
                    h.put(k, List.copyOf(v));
                }
            });
            return new OriginResponse(r.statusCode(), h, r.body() == null ? new byte[0]
                    : r.body());
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            boolean timedOut = c instanceof HttpTimeoutException;
            String what = timedOut ? "timed out after " + timeout.toMillis() + " ms"
                    : "failed: " + c;
            throw new OriginException(method + " " + uri + " " + what,
                    c instanceof IOException ? (IOException) c : new IOException(c), timedOut);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OriginException(method + " " + uri + " interrupted",
                    new IOException(e), false);
        }
    }
}
