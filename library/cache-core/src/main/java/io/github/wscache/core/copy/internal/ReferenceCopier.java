package io.github.wscache.core.copy.internal;

import io.github.wscache.core.copy.CopyStrategy;
import io.github.wscache.core.copy.Copier;

/**
 * The reference strategy: no copy, for immutable or read-only types.
 *
 * <pre>{@code
 * Copier<String> copier = ReferenceCopier.instance();
 * assert copier.copy(s) == s;
 * }</pre>
 *
 * @param <T> the type "copied"
 */
public final class ReferenceCopier<T> implements Copier<T> {

    private static final ReferenceCopier<Object> INSTANCE = new ReferenceCopier<>();

    private ReferenceCopier() {
    }

    /** Returns the shared instance. */
    @SuppressWarnings("unchecked") // stateless; the same instance serves every type
    public static <T> ReferenceCopier<T> instance() {
        return (ReferenceCopier<T>) INSTANCE;
    }

    @Override
    public T copy(T original) {
        return original;
    }

    @Override
    public CopyStrategy strategy() {
        return CopyStrategy.REFERENCE;
    }
}
