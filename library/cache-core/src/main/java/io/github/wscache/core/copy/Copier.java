package io.github.wscache.core.copy;

/**
 * Produces deep copies of objects of one type, so that a caller that mutates what the cache
 * returned never changes what the next caller gets.
 *
 * <p>A cache keeps a value in the form returned by {@link #capture(Object)} and hands every caller
 * the result of {@link #restore(Object)}. For the in-memory strategies both are {@link #copy};
 * the serialization strategy keeps bytes. Implementations are immutable and thread-safe.
 *
 * <pre>{@code
 * Copier<GoogleSearchResult> copier = registry.forType(GoogleSearchResult.class);
 * GoogleSearchResult mine = copier.copy(shared); // mutate freely
 * }</pre>
 *
 * @param <T> the type of the objects this copier copies
 */
public interface Copier<T> {

    /**
     * Returns a deep copy of {@code original}: equal to it, sharing no mutable object with it and
     * with the same aliasing shape (shared references and cycles are preserved).
     *
     * @param original the object to copy; {@code null} is copied to {@code null}
     * @return the copy, or {@code original} itself for {@link CopyStrategy#REFERENCE}
     */
    T copy(T original);

    /** Returns the strategy this copier implements. */
    CopyStrategy strategy();

    /**
     * Returns the form in which a cache should keep {@code original}: by default a copy taken now,
     * so that later mutations of {@code original} by its owner cannot reach the cache.
     *
     * @param original the object to keep
     * @return an opaque representation to pass to {@link #restore(Object)}
     */
    default Object capture(T original) {
        return copy(original);
    }

    /**
     * Returns a fresh object, owned by the caller, from a representation made by
     * {@link #capture(Object)}.
     *
     * @param captured a value returned by {@link #capture(Object)} of this copier
     * @return a new object the caller may mutate
     */
    @SuppressWarnings("unchecked")
    default T restore(Object captured) {
        return copy((T) captured);
    }
}
