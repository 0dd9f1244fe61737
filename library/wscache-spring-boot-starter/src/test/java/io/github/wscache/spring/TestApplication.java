package io.github.wscache.spring;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;

/**
 * The application the tests start: nothing but Boot's auto-configuration (web MVC, Actuator,
 * RestClient and this starter), and what the tests share to drive it over HTTP.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
class TestApplication {
    /** A plain JDK client: the tests' own calls to the application, never cached. */
    static final HttpClient PLAIN = HttpClient.newHttpClient();

    /** A policy that caches every GET under {@code base} for 60 s, HTTP headers first. */
    static String policy(URI base, String ttl) {
        return "operations:\n"
                + "  - endpoint: '" + base + "*'\n"
                + "    operation: GET\n"
                + "    ttl: " + ttl + "\n"
                + "    honorHttpHeaders: true\n";
    }

    static Path write(Path file, String text) {
        try {
            return Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static HttpResponse<String> send(String method, URI uri) {
        try {
            return PLAIN.send(HttpRequest.newBuilder(uri)
                    .method(method, HttpRequest.BodyPublishers.noBody())
                    .header("Content-Type", "application/json").build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
