package io.github.wscache.http.internal;

import io.github.wscache.core.copy.Copier;
import io.github.wscache.http.JsonRecording;

/**
 * A response body as the cache keeps it, in one representation: the bytes as received, the
 * recorded JSON tokens, or the object bound from them, kept in the form its copier captured
 * and restored for each caller (for a graph without shared references the restore is a tree
 * copy with no identity map). Immutable once stored: nothing hands the stored array or object
 * out.
 */
public final class StoredBody {
    private final byte[] bytes;
    private final JsonRecording events;
    private final Object captured;
    private final Copier<Object> copier;

    private StoredBody(byte[] bytes, JsonRecording events, Object captured,
            Copier<Object> copier) {
        this.bytes = bytes;
        this.events = events;
        this.captured = captured;
        this.copier = copier;
    }

    /** The bytes as received. */
    public static StoredBody bytes(byte[] bytes) {
        return new StoredBody(bytes, null, null, null);
    }

    /** The recorded tokens of a JSON body. */
    public static StoredBody events(JsonRecording events) {
        return new StoredBody(null, events, null, null);
    }

    /** The object bound from a JSON body, captured now by {@code copier}. */
    public static StoredBody bound(Object bound, Copier<Object> copier) {
        return new StoredBody(null, null, copier.capture(bound), copier);
    }

    /** Returns the bytes, or {@code null}; callers must not modify them. */
    public byte[] bytes() {
        return bytes;
    }

    /** Returns the recording, or {@code null}. */
    public JsonRecording events() {
        return events;
    }

    /** Whether this body is a bound object. */
    public boolean isBound() {
        return copier != null;
    }

    /** Returns a new copy of the bound object, the caller's own; only when {@link #isBound}. */
    public Object restoreBound() {
        return copier.restore(captured);
    }

    @Override
    public String toString() {
        return bytes != null ? "bytes[" + bytes.length + "]"
                : events != null ? events.toString()
                : "bound " + (captured == null ? "null" : captured.getClass().getName());
    }
}
