package io.github.wscache.http.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Hands stored bytes to an application's {@link HttpResponse.BodySubscriber} as the client
 * would hand it a body from the network: {@code onSubscribe}, then, on demand, one
 * {@code onNext} with a read-only buffer over the bytes (never the stored array itself), then
 * {@code onComplete}. The body is then whatever the subscriber completes with, as on the
 * network; a subscriber that fails completes exceptionally and the call throws an
 * {@code IOException}, as the JDK client does.
 */
public final class BodyFeed {
    private BodyFeed() {
    }

    /** Returns the body {@code handler} makes of {@code bytes} for a response {@code info}. */
    public static <T> T deliver(HttpResponse.BodyHandler<T> handler,
            HttpResponse.ResponseInfo info, byte[] bytes) throws IOException {
        HttpResponse.BodySubscriber<T> s = handler.apply(info);
        AtomicBoolean done = new AtomicBoolean();
        s.onSubscribe(new Flow.Subscription() {
            @Override
            public void request(long n) {
                if (n <= 0) {
                    if (done.compareAndSet(false, true)) {
                        s.onError(new IllegalArgumentException("non-positive request: " + n));
                    }
                } else if (done.compareAndSet(false, true)) {
                    if (bytes.length > 0) {
                        s.onNext(List.of(ByteBuffer.wrap(bytes).asReadOnlyBuffer()));
                    }
                    s.onComplete();
                }
            }

            @Override
            public void cancel() {
                done.set(true);
            }
        });
        try {
            return s.getBody().toCompletableFuture().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the body handler completed", e);
        } catch (ExecutionException | CompletionException e) {
            Throwable c = e.getCause() == null ? e : e.getCause();
            if (c instanceof UncheckedIOException) {
                throw ((UncheckedIOException) c).getCause();
            }
            if (c instanceof IOException) {
                throw (IOException) c;
            }
            throw new IOException(c.getMessage(), c);
        }
    }

    /** The status, headers and version the application's handler is shown. */
    public record Info(int statusCode, java.net.http.HttpHeaders headers,
            java.net.http.HttpClient.Version version) implements HttpResponse.ResponseInfo {
    }
}
