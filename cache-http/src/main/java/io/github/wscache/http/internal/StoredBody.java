package io.github.wscache.http.internal;

import io.github.wscache.http.JsonRecording;

/**
 * A response body as the cache keeps it, in one representation: the bytes as received, the
 * recorded JSON tokens, or the object bound from them (copied per caller by the copier chosen
 * for its type). Immutable once stored: nothing hands the stored array or object out.
 */
public final class StoredBody {
    private final byte[] bytes;
    private final JsonRecording events;
    private final Object bound;

    private StoredBody(byte[] bytes, JsonRecording events, Object bound) {
        this.bytes = bytes;
        this.events = events;
        this.bound = bound;
    }

    /** The bytes as received. */
    public static StoredBody bytes(byte[] bytes) {
        return new StoredBody(bytes, null, null);
    }

    /** The recorded tokens of a JSON body. */
    public static StoredBody events(JsonRecording events) {
        return new StoredBody(null, events, null);
    }

    /** The object bound from a JSON body. */
    public static StoredBody bound(Object bound) {
        return new StoredBody(null, null, bound);
    }

    /** Returns the bytes, or {@code null}; callers must not modify them. */
    public byte[] bytes() {
        return bytes;
    }

    /** Returns the recording, or {@code null}. */
    public JsonRecording events() {
        return events;
    }

    /** Returns the stored bound object, or {@code null}; callers must copy it. */
    public Object bound() {
        return bound;
    }

    @Override
    public String toString() {
        return bytes != null ? "bytes[" + bytes.length + "]"
                : events != null ? events.toString() : "bound " + bound.getClass().getName();
    }
}
