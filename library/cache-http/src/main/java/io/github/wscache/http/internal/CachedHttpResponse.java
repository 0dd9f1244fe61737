package io.github.wscache.http.internal;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import java.util.function.Supplier;
import javax.net.ssl.SSLSession;

/**
 * The response a caching client returns for every call: the status, the headers (with
 * {@code Cache-Status}) and the body the application's handler made, and what the cache did.
 *
 * @param <T> the body type
 */
public final class CachedHttpResponse<T> implements HttpResponse<T> {
    private final int status;
    private final HttpRequest request;
    private final Supplier<HttpHeaders> headers;
    private final T body;
    private final Optional<SSLSession> ssl;
    private final URI uri;
    private final HttpClient.Version version;
    private final Object cacheStatus;

    /** Makes a response; {@code cacheStatus} is the public {@code CacheStatus}. */
    public CachedHttpResponse(int status, HttpRequest request, HttpHeaders headers, T body,
            Optional<SSLSession> ssl, URI uri, HttpClient.Version version, Object cacheStatus) {
        this(status, request, new Lazy(() -> headers), body, ssl, uri, version, cacheStatus);
    }

    /**
     * Makes a response whose headers are made the first time they are asked for (a caller that
     * takes only the body, as a bound object, never pays for them).
     */
    public CachedHttpResponse(int status, HttpRequest request, Lazy headers, T body,
            Optional<SSLSession> ssl, URI uri, HttpClient.Version version, Object cacheStatus) {
        this.status = status;
        this.request = request;
        this.headers = headers;
        this.body = body;
        this.ssl = ssl;
        this.uri = uri;
        this.version = version;
        this.cacheStatus = cacheStatus;
    }

    /** Returns the public {@code CacheStatus} of this response. */
    public Object cacheStatus() {
        return cacheStatus;
    }

    @Override
    public int statusCode() {
        return status;
    }

    @Override
    public HttpRequest request() {
        return request;
    }

    @Override
    public Optional<HttpResponse<T>> previousResponse() {
        return Optional.empty();
    }

    @Override
    public HttpHeaders headers() {
        return headers.get();
    }

    /**
     * Headers made once, on first use, by any thread (an {@link HttpHeaders} is immutable: two
     * threads that race make equal ones, and one is kept).
     */
    public static final class Lazy implements Supplier<HttpHeaders> {
        private final Supplier<HttpHeaders> make;
        private volatile HttpHeaders made;

        /** Headers {@code make} makes when first asked for. */
        public Lazy(Supplier<HttpHeaders> make) {
            this.make = make;
        }

        @Override
        public HttpHeaders get() {
            HttpHeaders h = made;
            if (h == null) {
                h = make.get();
                made = h;
            }
            return h;
        }
    }

    @Override
    public T body() {
        return body;
    }

    @Override
    public Optional<SSLSession> sslSession() {
        return ssl;
    }

    @Override
    public URI uri() {
        return uri;
    }

    @Override
    public HttpClient.Version version() {
        return version;
    }

    @Override
    public String toString() {
        return "(" + request.method() + " " + uri + ") " + status + " " + cacheStatus;
    }
}
