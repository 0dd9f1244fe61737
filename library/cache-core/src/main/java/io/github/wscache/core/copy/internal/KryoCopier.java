package io.github.wscache.core.copy.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.Pool;
import io.github.wscache.core.copy.CopyException;

/**
 * The serialization strategy for types that are not {@link java.io.Serializable}: Kryo 5 bytes.
 * Kryo instances are not thread-safe and come from a pool of the registry, rebuilt when its
 * registrations change.
 * References are on, so shared objects and cycles keep their shape. Registration is required
 * unless {@code CopierRegistry.kryoRegistrationRequired(false)}.
 *
 * <pre>{@code
 * Registry registry = new Registry();
 * registry.addKryoClasses(Point.class, ArrayList.class); // what CopierRegistry.registerKryo does
 * Copier<Point> copier = new KryoCopier<>(Point.class, registry);
 * Point mine = copier.restore(copier.capture(point));
 * }</pre>
 *
 * @param <T> the type copied
 */
public final class KryoCopier<T> extends SerializingCopier<T> {

    private final KryoPools pools;

    /**
     * Creates the copier.
     *
     * @param type the type copied
     * @param registry the registrations (Kryo classes, whether registration is required)
     */
    public KryoCopier(Class<T> type, Registry registry) {
        super(type);
        this.pools = registry.kryoPools();
    }

    @Override
    public Object capture(T original) {
        if (original == null) {
            return null;
        }
        Pool<Kryo> pool = pools.pool();
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
        Pool<Kryo> pool = pools.pool();
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
}
