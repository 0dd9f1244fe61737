package io.github.wscache.core.copy.internal;

import io.github.wscache.core.copy.CopyException;

/**
 * Raised inside a copy when an object cannot be copied; collects the field path while it
 * unwinds and becomes a {@link CopyException} at the root.
 */
final class CopyFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Class<?> offending;
    private final String reason;
    private String path = "";

    CopyFailure(Class<?> offending, String reason, Throwable cause) {
        super(reason, cause, false, false);
        this.offending = offending;
        this.reason = reason;
    }

    /** Prepends one step (".field", "[3]") to the path and returns this failure. */
    CopyFailure at(String step) {
        path = step + path;
        return this;
    }

    /** Turns this failure into the public exception, naming the class and the field path. */
    CopyException toException(Class<?> root) {
        String rootName = root.getSimpleName().isEmpty() ? root.getTypeName()
                : root.getSimpleName();
        return new CopyException("cannot copy " + offending.getTypeName() + " at " + rootName + path
                + ": " + reason, getCause());
    }
}
