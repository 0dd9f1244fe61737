package io.github.wscache.redis.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.function.Consumer;

/**
 * Kryo values as a hostile writer forges them for a tier's entries: classes by the numbers
 * every node gives them ({@link KryoForm#JDK}, after Kryo's own), with lengths the bytes after
 * them do not hold, or nested deeper than a reader goes. Each is the Kryo value only, without
 * the fingerprint of the list or the entry's header. Public, for the tier's tests in the other
 * package.
 *
 * <pre>{@code
 * byte[] value = ForgedKryo.string(Integer.MAX_VALUE - 1);   // states 2^31 - 2 characters
 * }</pre>
 */
public final class ForgedKryo {
    private ForgedKryo() {
    }

    /** A {@code String} of UTF-8 that states {@code chars} characters and holds one. */
    public static byte[] string(int chars) {
        return forge(String.class, "x", out -> {
            out.writeVarIntFlag(true, chars + 1, true); // UTF-8; 0 is null, 1 empty
            out.writeByte('x');
        });
    }

    /**
     * An array of {@code arrayType} that states {@code length} elements and holds one byte of
     * them, a zero (a null, a false, or the first byte of a number).
     */
    public static byte[] array(Class<?> arrayType, int length) {
        return forge(arrayType, Array.newInstance(arrayType.getComponentType(), 0), out -> {
            out.writeVarInt(length + 1, true); // 0 is null
            out.writeByte(0);
        });
    }

    /** A collection of {@code type} that states {@code size} elements and holds one, a null. */
    public static byte[] collection(Class<?> type, int size) {
        return forge(type, newInstance(type), out -> {
            out.writeVarIntFlag(false, size + 1, true); // elements of any class; 0 is null
            out.writeByte(0); // a null element: no class
        });
    }

    /**
     * {@code depth} {@code ArrayList}s, each the first element of the one around it and each
     * stating {@code size} elements, then the innermost's other {@code size - 1} elements, nulls.
     */
    public static byte[] nestedLists(int depth, int size) {
        // one level: its class, its reference marker, "size elements of any class"; its first
        // element is the next level
        byte[] level = forge(ArrayList.class, new ArrayList<>(),
                out -> out.writeVarIntFlag(false, size + 1, true));
        ByteArrayOutputStream nested = new ByteArrayOutputStream(depth * level.length + size);
        for (int i = 0; i < depth; i++) {
            nested.writeBytes(level);
        }
        for (int i = 0; i < size; i++) {
            nested.write(0); // a null element: no class
        }
        return nested.toByteArray();
    }

    private static Object newInstance(Class<?> type) {
        try {
            return type.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("no public constructor without arguments: " + type,
                    e);
        }
    }

    /**
     * Writes {@code instance} with its class's number and marker as a node would, and then
     * {@code body} in place of what its serializer writes.
     */
    private static byte[] forge(Class<?> type, Object instance, Consumer<Output> body) {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(true);
        kryo.setReferences(true);
        for (Class<?> c : KryoForm.JDK) {
            kryo.register(c);
        }
        kryo.register(type, new Forger(body)); // registered again: its number stays
        try (Output out = new Output(64, -1)) {
            kryo.writeClassAndObject(out, instance);
            return out.toBytes();
        }
    }

    /** Writes what it is told to, whatever the object. */
    private static final class Forger extends Serializer<Object> {
        private final Consumer<Output> body;

        Forger(Consumer<Output> body) {
            this.body = body;
        }

        @Override
        public void write(Kryo kryo, Output output, Object object) {
            body.accept(output);
        }

        @Override
        public Object read(Kryo kryo, Input input, Class<?> type) {
            throw new UnsupportedOperationException("a forger only writes");
        }
    }
}
