package io.github.wscache.core.copy.internal;

/**
 * The state of one deep copy: an identity map from originals to copies, so that shared references
 * and cycles keep their shape. Open addressing over two parallel arrays; allocated lazily.
 */
final class Context {

    /** Marks an original whose copy is being built and cannot be referenced yet. */
    static final Object IN_PROGRESS = new Object();

    private Object[] keys;
    private Object[] values;
    private int size;

    /** Copies {@code value} according to its runtime class. */
    Object copy(Object value) {
        if (value == null) {
            return null;
        }
        return Plans.node(value.getClass()).copy(value, this);
    }

    /** Returns the copy already made of {@code original}, or {@code null}. */
    Object get(Object original) {
        if (keys == null) {
            return null;
        }
        int mask = keys.length - 1;
        int i = hash(original) & mask;
        while (true) {
            Object key = keys[i];
            if (key == original) {
                return values[i];
            }
            if (key == null) {
                return null;
            }
            i = (i + 1) & mask;
        }
    }

    /** Records (or replaces) the copy of {@code original}. */
    void put(Object original, Object copy) {
        if (keys == null) {
            keys = new Object[32];
            values = new Object[32];
        }
        int mask = keys.length - 1;
        int i = hash(original) & mask;
        while (true) {
            Object key = keys[i];
            if (key == original) {
                values[i] = copy;
                return;
            }
            if (key == null) {
                keys[i] = original;
                values[i] = copy;
                if (++size * 2 > keys.length) {
                    grow();
                }
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /** Returns whether {@code original} was seen, recording it if not (for graph walks). */
    boolean mark(Object original) {
        if (get(original) != null) {
            return false;
        }
        put(original, Boolean.TRUE);
        return true;
    }

    private void grow() {
        Object[] oldKeys = keys;
        Object[] oldValues = values;
        keys = new Object[oldKeys.length * 2];
        values = new Object[oldKeys.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }

    private static int hash(Object o) {
        int h = System.identityHashCode(o);
        return h ^ (h >>> 16);
    }
}
