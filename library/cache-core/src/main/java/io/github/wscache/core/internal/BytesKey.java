package io.github.wscache.core.internal;

import java.util.Arrays;

/** A key part made of bytes compared by content (serialized parameters, canonical XML). */
public final class BytesKey {
    private final byte[] bytes;
    private final int hash;

    public BytesKey(byte[] bytes) {
        this.bytes = bytes;
        this.hash = Arrays.hashCode(bytes);
    }

    /** Returns the number of bytes, for weighing. */
    public int length() {
        return bytes.length;
    }

    /**
     * Returns the bytes themselves, not a copy, for the stable byte form of a key ({@link
     * KeyBytes}), which only reads them.
     */
    byte[] bytes() {
        return bytes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BytesKey && hash == ((BytesKey) o).hash
                && Arrays.equals(bytes, ((BytesKey) o).bytes);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return "bytes[" + bytes.length + "]";
    }
}
