package io.github.wscache.core.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.MapReferenceResolver;
import com.esotericsoftware.kryo.util.Pool;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;

/**
 * Serialized bytes of request parameters for {@code key: serialized}: Java serialization when
 * every parameter is {@link Serializable}, else Kryo (unregistered classes allowed, since key
 * bytes are only compared, never read back). Thread-safe: Kryo instances come from a pool.
 */
public final class ParameterBytes {
    private static final Pool<Kryo> KRYO = new Pool<>(true, false, 16) {
        @Override
        protected Kryo create() {
            // references keep cycles finite; strings are written in full every time, so that the
            // bytes do not depend on which parameters share one String instance
            Kryo k = new Kryo(new MapReferenceResolver() {
                @Override
                @SuppressWarnings("rawtypes") // Kryo's signature
                public boolean useReferences(Class type) {
                    return type != String.class && super.useReferences(type);
                }
            });
            k.setRegistrationRequired(false);
            k.setReferences(true);
            return k;
        }
    };

    private ParameterBytes() {
    }

    /** Returns the bytes of {@code names} and {@code values} together. */
    public static byte[] of(String[] names, Object[] values) {
        boolean serializable = true;
        for (Object v : values) {
            if (v != null && !(v instanceof Serializable)) {
                serializable = false;
                break;
            }
        }
        return serializable ? java(names, values) : kryo(names, values);
    }

    /**
     * Each parameter in a stream of its own: Java serialization writes a second occurrence of an
     * object as a back-reference to the first, so one stream for all parameters would give the
     * same request other bytes when two parameters happen to share one String instance (found by
     * a property test). Within one parameter's object graph, sharing is part of its shape.
     */
    private static byte[] java(String[] names, Object[] values) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try {
            for (int i = 0; i < values.length; i++) {
                writeJava(bytes, names[i]);
                writeJava(bytes, values[i]);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("parameters cannot be serialized: " + e.getMessage(), e);
        }
        return bytes.toByteArray();
    }

    private static void writeJava(ByteArrayOutputStream bytes, Object value) throws IOException {
        ByteArrayOutputStream one = new ByteArrayOutputStream(64);
        try (ObjectOutputStream out = new ObjectOutputStream(one)) {
            out.writeObject(value);
        }
        int n = one.size();
        bytes.write(n >>> 24);
        bytes.write(n >>> 16);
        bytes.write(n >>> 8);
        bytes.write(n);
        one.writeTo(bytes);
    }

    private static byte[] kryo(String[] names, Object[] values) {
        Kryo kryo = KRYO.obtain();
        try (Output out = new Output(256, -1)) {
            kryo.writeClassAndObject(out, names);
            kryo.writeClassAndObject(out, values);
            return out.toBytes();
        } finally {
            KRYO.free(kryo);
        }
    }
}
