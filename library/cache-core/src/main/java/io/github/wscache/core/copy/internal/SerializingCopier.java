package io.github.wscache.core.copy.internal;

import io.github.wscache.core.copy.CopyStrategy;
import io.github.wscache.core.copy.Copier;

/**
 * The part the serialization copiers share: a cache keeps the bytes {@link #capture} makes, every
 * caller gets the object {@link #restore} rebuilds, and classes are resolved with the loader of
 * the copied type.
 *
 * <pre>{@code
 * Copier<Point> copier = new KryoCopier<>(Point.class, registry); // or JavaSerializationCopier
 * byte[] kept = (byte[]) copier.capture(point);
 * Point mine = copier.restore(kept);
 * }</pre>
 *
 * @param <T> the type copied
 */
public abstract class SerializingCopier<T> implements Copier<T> {
    /** The type copied. */
    protected final Class<T> type;
    /** The loader that resolves classes on restore. */
    protected final ClassLoader loader;

    /** Remembers the type and its loader (the library's own for JDK types). */
    protected SerializingCopier(Class<T> type) {
        this.type = type;
        ClassLoader own = type.getClassLoader();
        this.loader = own != null ? own : SerializingCopier.class.getClassLoader();
    }

    @Override
    public final T copy(T original) {
        return original == null ? null : restore(capture(original));
    }

    @Override
    public final CopyStrategy strategy() {
        return CopyStrategy.SERIALIZATION;
    }
}
