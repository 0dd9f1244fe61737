package io.github.wscache.core.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;
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
            Kryo k = new Kryo();
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

    private static byte[] java(String[] names, Object[] values) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(names);
            out.writeObject(values);
        } catch (IOException e) {
            throw new UncheckedIOException("parameters cannot be serialized: " + e.getMessage(), e);
        }
        return bytes.toByteArray();
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
