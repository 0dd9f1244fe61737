package io.github.wscache.redis.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.CollectionSerializer;
import com.esotericsoftware.kryo.serializers.DefaultArraySerializers.BooleanArraySerializer;
import com.esotericsoftware.kryo.serializers.DefaultArraySerializers.ObjectArraySerializer;
import com.esotericsoftware.kryo.serializers.DefaultArraySerializers.StringArraySerializer;
import java.util.Collection;

/**
 * What keeps a forged Kryo entry from costing its reader more than its bytes. Kryo allocates a
 * string, an array or a collection from the length an entry states, before it reads a single
 * element, so a few bytes stating 2^31 elements would take gigabytes, or throw an
 * {@code OutOfMemoryError} into the caller's call. Every such length is claimed here first,
 * against the bytes: each element of a string, an array or a collection takes at least one byte
 * of the entry (a character, a value, a null or reference marker, a class number) that no other
 * element takes, so a length is refused, with a {@link KryoException} (the entry is rejected),
 * when it is more than the bytes left after it, or than the entry's bytes not claimed yet by the
 * lengths before it (lists nested in lists could each claim the bytes left at once). What a
 * reader allocates is thus a few times the entry's size at most.
 *
 * <p>Legitimate entries always fit, but for one case: Kryo writes a collection of nulls only as
 * its length and no byte per element, so one longer than the bytes after it is refused (a miss,
 * never a wrong value). Maps need no claim: they allocate nothing from their length, and each
 * entry read takes bytes.
 */
final class KryoBounds {
    private KryoBounds() {
    }

    /**
     * Returns the serializer to register in place of {@code own}, the one Kryo made for a
     * class: {@code own} itself, or, for an array or a collection Kryo allocates for from a
     * length, one that claims the length first.
     */
    static Serializer<?> claiming(Serializer<?> own) {
        if (own instanceof ObjectArraySerializer objects) {
            return new ClaimedArray<>(objects);
        } else if (own instanceof StringArraySerializer strings) {
            return new ClaimedArray<>(strings);
        } else if (own instanceof BooleanArraySerializer booleans) {
            return new ClaimedArray<>(booleans);
        } else if (own.getClass() == CollectionSerializer.class) {
            // Kryo's serializer of a collection with none of its own (TreeSet's and the others
            // make theirs differently), as Kryo makes it: it sizes the collection from the length
            return new ClaimedCollection();
        }
        return own;
    }

    /**
     * The input of one entry's read: refuses, before Kryo allocates for it, a length of a
     * string or of an array of primitives that the entry's bytes cannot hold (see
     * {@link KryoBounds}).
     */
    static final class BoundedInput extends Input {
        /** The entry's bytes not claimed yet by a length. */
        private long unclaimed;

        /** Reads the {@code count} bytes of {@code bytes} from {@code offset}. */
        BoundedInput(byte[] bytes, int offset, int count) {
            super(bytes, offset, count);
            this.unclaimed = count;
        }

        /**
         * Claims {@code length} elements of {@code what}, one byte each at least.
         *
         * @throws KryoException if the bytes cannot hold them
         */
        void claim(long length, String what) {
            long left = limit - position;
            if (length < 0 || length > left) {
                throw new KryoException("a length of " + length + " (" + what + ") where "
                        + left + " bytes are left");
            }
            if (length > unclaimed) {
                throw new KryoException("a length of " + length + " (" + what + ") where "
                        + unclaimed + " of the entry's bytes are not claimed by other lengths");
            }
            unclaimed -= length;
        }

        /**
         * Claims the length Kryo writes first, as a variable-length int one more than the
         * length (0 for null), without reading it.
         */
        void claimStatedLength(String what) {
            int start = position;
            int stated = readVarInt(true);
            position = start;
            if (stated != 0) {
                claim(stated - 1L, what);
            }
        }

        @Override
        public String readString() {
            claimCharacters();
            return super.readString();
        }

        @Override
        public StringBuilder readStringBuilder() {
            claimCharacters();
            return super.readStringBuilder();
        }

        /** Claims the characters of the string that follows, if it states how many. */
        private void claimCharacters() {
            if (!readVarIntFlag()) {
                return; // ASCII: no length, read up to the byte that ends it
            }
            int start = position;
            int stated = readVarIntFlag(true); // 0 null, 1 empty, else characters + 1
            position = start;
            if (stated != 0) {
                claim(stated - 1L, "a string's characters");
            }
        }

        @Override
        public byte[] readBytes(int length) {
            claim(length, "bytes");
            return super.readBytes(length);
        }

        @Override
        public char[] readChars(int length) {
            claim(length, "a char[]");
            return super.readChars(length);
        }

        @Override
        public short[] readShorts(int length) {
            claim(length, "a short[]");
            return super.readShorts(length);
        }

        @Override
        public int[] readInts(int length) {
            claim(length, "an int[]");
            return super.readInts(length);
        }

        @Override
        public int[] readInts(int length, boolean optimizePositive) {
            if (varEncoding) {
                claim(length, "an int[]");
            } // else Input reads them with readInts(int), which claims them
            return super.readInts(length, optimizePositive);
        }

        @Override
        public long[] readLongs(int length) {
            claim(length, "a long[]");
            return super.readLongs(length);
        }

        @Override
        public long[] readLongs(int length, boolean optimizePositive) {
            if (varEncoding) {
                claim(length, "a long[]");
            } // else Input reads them with readLongs(int), which claims them
            return super.readLongs(length, optimizePositive);
        }

        @Override
        public float[] readFloats(int length) {
            claim(length, "a float[]");
            return super.readFloats(length);
        }

        @Override
        public double[] readDoubles(int length) {
            claim(length, "a double[]");
            return super.readDoubles(length);
        }

        @Override
        public boolean[] readBooleans(int length) {
            claim(length, "a boolean[]");
            return super.readBooleans(length);
        }
    }

    /** An array serializer that allocates from the length it reads first: claimed first. */
    private static final class ClaimedArray<T> extends Serializer<T> {
        /** Kryo's serializer of the array. */
        private final Serializer<T> own;

        ClaimedArray(Serializer<T> own) {
            super(own.getAcceptsNull(), own.isImmutable());
            this.own = own;
        }

        @Override
        public void write(Kryo kryo, Output output, T array) {
            own.write(kryo, output, array);
        }

        @Override
        public T read(Kryo kryo, Input input, Class<? extends T> type) {
            ((BoundedInput) input).claimStatedLength("an array's elements");
            return own.read(kryo, input, type);
        }

        @Override
        public T copy(Kryo kryo, T original) {
            return own.copy(kryo, original);
        }
    }

    /** Kryo's collection serializer, with the length it makes a collection for claimed. */
    @SuppressWarnings("rawtypes") // Kryo's CollectionSerializer<T extends Collection>
    private static final class ClaimedCollection extends CollectionSerializer<Collection> {
        @Override
        protected Collection create(Kryo kryo, Input input, Class<? extends Collection> type,
                int size) {
            ((BoundedInput) input).claim(size, "a collection's elements");
            return super.create(kryo, input, type, size);
        }
    }
}
