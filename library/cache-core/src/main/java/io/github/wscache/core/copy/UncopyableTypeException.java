package io.github.wscache.core.copy;

/**
 * Thrown when no strategy can copy a type without sharing a mutable object with the original.
 *
 * <p>The message is the explanation {@link CopierRegistry#explain(Class)} gives for the type:
 *
 * <pre>{@code
 * try {
 *     registry.forType(Thread.class);
 * } catch (UncopyableTypeException e) {
 *     log.info(e.getMessage()); // "NONE: java.lang.Thread is a thread; ..."
 * }
 * }</pre>
 */
public class UncopyableTypeException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** The type that cannot be copied. */
    private final transient Class<?> type;

    /**
     * Creates the exception.
     *
     * @param type the type that cannot be copied
     * @param explanation why, as {@link CopierRegistry#explain(Class)} tells it
     */
    public UncopyableTypeException(Class<?> type, String explanation) {
        super(explanation);
        this.type = type;
    }

    /** Returns the type that cannot be copied. */
    public Class<?> type() {
        return type;
    }
}
