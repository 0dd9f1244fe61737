package io.github.wscache.core.copy;

/**
 * How a {@link Copier} produces an object that shares no mutable state with its original.
 *
 * <p>The constants are listed in the order the automatic selection tries them (paper 001, §6):
 * the cheapest strategy that is safe for a type wins.
 */
public enum CopyStrategy {
    /** No copy: the object is immutable, or the application declared it read-only. */
    REFERENCE,
    /** The type's own public deep {@code clone()}. */
    CLONE,
    /** A field-by-field deep copy driven by a precomputed per-class copy plan. */
    REFLECTION,
    /** A round trip through Java serialization or Kryo. */
    SERIALIZATION
}
