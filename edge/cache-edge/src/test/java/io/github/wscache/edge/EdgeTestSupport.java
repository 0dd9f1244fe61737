package io.github.wscache.edge;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** Sends requests to an edge from tests. */
final class EdgeTestSupport {
    static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1).build();

    private EdgeTestSupport() {
    }

    static HttpResponse<String> get(EdgeServer edge, String path, String... headers) {
        return send(edge, "GET", path, null, headers);
    }

    static HttpResponse<String> send(EdgeServer edge, String method, String path, String body,
            String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + edge.port() + path));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body));
        return send(b, HttpResponse.BodyHandlers.ofString());
    }

    /** GETs {@code path} from the edge's admin port. */
    static HttpResponse<String> admin(EdgeServer edge, String path) {
        return send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + edge.adminPort() + path)),
                HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<byte[]> getBytes(EdgeServer edge, String path, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + edge.port() + path));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return send(b, HttpResponse.BodyHandlers.ofByteArray());
    }

    /** Sends {@code request} with the shared client; failures become unchecked. */
    static <T> HttpResponse<T> send(HttpRequest.Builder request,
            HttpResponse.BodyHandler<T> handler) {
        try {
            return CLIENT.send(request.build(), handler);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
