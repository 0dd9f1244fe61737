package io.github.wscache.http;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;

/**
 * A {@link HttpResponse.BodyHandler} that binds a JSON body to a Java type with the
 * application's Jackson {@link ObjectReader}. Made by {@link JsonBodyHandlers}. On any
 * {@code HttpClient} it reads the body's bytes and binds them; on a {@link CachingHttpClient}
 * it also tells the cache what the caller wants, so that a hit is served from the cheapest
 * representation the policy allows: the bound object copied for this caller (records and
 * immutable types shared), a replay of the recorded tokens, or the bytes bound again.
 * Immutable and thread-safe.
 *
 * <pre>{@code
 * HttpResponse<Item> r = client.send(request, JsonBodyHandlers.of(mapper, Item.class));
 * Item item = r.body();
 * }</pre>
 *
 * @param <T> the bound type
 */
public final class JsonBodyHandler<T> implements HttpResponse.BodyHandler<T> {
    /**
     * Numbers of the reader configurations and injectable values seen, so that objects bound
     * under one are never handed to a reader of another; dropped with them.
     */
    private static final Map<Object, Long> BINDINGS = new WeakHashMap<>();
    private static long bindings;

    private final ObjectReader reader;
    private final JavaType type;
    /** What an object-level entry varies on across the farm: the bound type (made once). */
    private final String objectsVary;
    /**
     * What it varies on in this JVM only: how the reader binds (made once): its configuration
     * (mapper, view, features, root name) and its injectable values.
     */
    private final String mapperVary;

    JsonBodyHandler(ObjectReader reader, JavaType type) {
        this.reader = Objects.requireNonNull(reader, "reader");
        this.type = Objects.requireNonNull(type, "type");
        this.objectsVary = "objects " + type.toCanonical();
        // a reader's configuration is an immutable object: every reader of one mapper shares
        // it until one is made with another view, feature or root name (then a new one)
        this.mapperVary = "@" + number(reader.getConfig()) + "/"
                + (reader.getInjectableValues() == null ? 0
                        : number(reader.getInjectableValues()));
    }

    private static synchronized long number(Object binding) {
        return BINDINGS.computeIfAbsent(binding, b -> ++bindings);
    }

    /** The body's vary value of an object-level call: {@code "objects "} and the type. */
    String objectsVary() {
        return objectsVary;
    }

    /**
     * The local vary value of an object-level call: which reader configuration and injectable
     * values bound it.
     */
    String mapperVary() {
        return mapperVary;
    }

    /**
     * Binds the body's bytes; a body that is not valid JSON for the type completes the body
     * with an {@link UncheckedIOException} (the client then throws an {@code IOException}),
     * whatever the status.
     */
    @Override
    public HttpResponse.BodySubscriber<T> apply(HttpResponse.ResponseInfo info) {
        return HttpResponse.BodySubscribers.mapping(HttpResponse.BodySubscribers.ofByteArray(),
                bytes -> {
                    try {
                        return read(bytes);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
    }

    /** Binds a JSON document's bytes. */
    public T read(byte[] json) throws IOException {
        return reader.readValue(json);
    }

    /** Binds a recorded JSON document, replaying its tokens into the reader. */
    public T read(JsonRecording recording) throws IOException {
        return reader.readValue(recording.newParser(reader));
    }

    /** Returns the reader this handler binds with (configured for {@link #type()}). */
    public ObjectReader reader() {
        return reader;
    }

    /** Returns the type this handler binds to. */
    public JavaType type() {
        return type;
    }

    @Override
    public String toString() {
        return "JsonBodyHandler{" + type + "}";
    }
}
