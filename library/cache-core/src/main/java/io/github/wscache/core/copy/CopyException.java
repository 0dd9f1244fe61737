package io.github.wscache.core.copy;

/**
 * Thrown by {@link Copier#copy(Object)} when the object graph met at copy time holds an object
 * that cannot be copied safely, for example a field declared {@code Object} that holds a
 * {@link Thread}. The message names the offending class and the field path from the root.
 *
 * <pre>{@code
 * try {
 *     copier.copy(value);
 * } catch (CopyException e) {
 *     // "cannot copy java.lang.Thread at Holder.payload: a thread ..."
 * }
 * }</pre>
 */
public class CopyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what could not be copied, and where
     * @param cause the underlying failure, or {@code null}
     */
    public CopyException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * Creates the exception.
     *
     * @param message what could not be copied, and where
     */
    public CopyException(String message) {
        super(message);
    }
}
