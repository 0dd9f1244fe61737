package io.github.wscache.core.copy.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import com.esotericsoftware.kryo.util.Pool;
import io.github.wscache.core.copy.CopyException;
import java.util.Map;
import org.objenesis.strategy.StdInstantiatorStrategy;

/**
 * The serialization strategy for types that are not {@link java.io.Serializable}: Kryo 5 bytes.
 * Kryo instances are not thread-safe and come from a pool rebuilt when the registrations change.
 * References are on, so shared objects and cycles keep their shape. Registration is required
 * unless {@code Copiers.kryoRegistrationRequired(false)}.
 *
 * <pre>{@code
 * Copiers.registerKryo(Point.class, ArrayList.class);
 * Copier<Point> copier = new KryoCopier<>(Point.class);
 * Point mine = copier.restore(copier.capture(point));
 * }</pre>
 *
 * @param <T> the type copied
 */
public final class KryoCopier<T> extends SerializingCopier<T> {

    private static volatile Pools pools = new Pools(-1, null);


    /**
     * Creates the copier.
     *
     * @param type the type copied
     */
    public KryoCopier(Class<T> type) {
        super(type);
    }

    @Override
    public Object capture(T original) {
        if (original == null) {
            return null;
        }
        Pool<Kryo> pool = pool();
        Kryo kryo = pool.obtain();
        try {
            kryo.setClassLoader(loader);
            Output output = new Output(256, -1);
            kryo.writeClassAndObject(output, original);
            return output.toBytes();
        } catch (RuntimeException e) {
            throw new CopyException("cannot copy " + original.getClass().getTypeName()
                    + " through kryo: " + e.getMessage(), e);
        } finally {
            pool.free(kryo);
        }
    }

    @Override
    public T restore(Object captured) {
        if (captured == null) {
            return null;
        }
        if (!(captured instanceof byte[])) {
            throw new IllegalArgumentException("captured: expected the byte[] made by capture(),"
                    + " got " + captured.getClass().getTypeName());
        }
        Pool<Kryo> pool = pool();
        Kryo kryo = pool.obtain();
        try {
            kryo.setClassLoader(loader);
            return type.cast(kryo.readClassAndObject(new Input((byte[]) captured)));
        } catch (RuntimeException e) {
            throw new CopyException("cannot restore " + type.getTypeName() + " from kryo: "
                    + e.getMessage(), e);
        } finally {
            pool.free(kryo);
        }
    }

    private static Pool<Kryo> pool() {
        Pools current = pools;
        int version = Registry.version();
        if (current.version != version) {
            current = new Pools(version, new Pool<>(true, false, 16) {
                @Override
                protected Kryo create() {
                    return newKryo();
                }
            });
            pools = current;
        }
        return current.pool;
    }

    private static Kryo newKryo() {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(Registry.kryoRegistrationRequired());
        kryo.setReferences(true);
        kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(
                new StdInstantiatorStrategy()));
        for (Map.Entry<Class<?>, Integer> entry : Registry.kryoClasses().entrySet()) {
            kryo.register(entry.getKey(), entry.getValue());
        }
        return kryo;
    }

    /** The pool of one registration version. */
    private record Pools(int version, Pool<Kryo> pool) {
    }
}
