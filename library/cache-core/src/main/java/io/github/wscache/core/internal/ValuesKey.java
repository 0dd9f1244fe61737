package io.github.wscache.core.internal;

import java.util.Arrays;

/**
 * A structural key part: the parameter values themselves (immutable values with value equality,
 * or the field values of flat beans), compared with {@code equals}. The array is kept, not
 * copied: callers hand over one that nothing changes afterwards.
 */
public final class ValuesKey {
    private final Object[] values;
    private final int hash;

    public ValuesKey(Object[] values) {
        this.values = values;
        this.hash = Arrays.hashCode(values);
    }

    /** Returns the number of values. */
    public int size() {
        return values.length;
    }

    /** Returns one value (for the stable byte form of a key, {@link KeyBytes}). */
    public Object get(int index) {
        return values[index];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ValuesKey && hash == ((ValuesKey) o).hash
                && Arrays.equals(values, ((ValuesKey) o).values);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return Arrays.toString(values);
    }
}
