package io.github.wscache.core.copy.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import com.esotericsoftware.kryo.util.Pool;
import java.util.Map;
import org.objenesis.strategy.StdInstantiatorStrategy;

/**
 * The Kryo instances of one {@link Registry}: Kryo is not thread-safe, so copiers borrow an
 * instance from a pool; the pool is replaced when the registrations change, so a class
 * registered later is known to every instance handed out after.
 */
final class KryoPools {

    private final Registry registry;
    private volatile Pools current = new Pools(-1, null);

    KryoPools(Registry registry) {
        this.registry = registry;
    }

    /** Returns the pool of the current registrations. */
    Pool<Kryo> pool() {
        Pools pools = current;
        int version = registry.version();
        if (pools.version != version) {
            pools = new Pools(version, new Pool<>(true, false, 16) {
                @Override
                protected Kryo create() {
                    return newKryo();
                }
            });
            current = pools;
        }
        return pools.pool;
    }

    private Kryo newKryo() {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(registry.kryoRegistrationRequired());
        kryo.setReferences(true);
        kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(
                new StdInstantiatorStrategy()));
        for (Map.Entry<Class<?>, Integer> entry : registry.kryoClasses().entrySet()) {
            kryo.register(entry.getKey(), entry.getValue());
        }
        return kryo;
    }

    /**
     * The pool of one registration version. A class, not a record: it is reachable from the
     * copied types' {@code ClassValue}s, and heap walkers such as JOL cannot read records' fields.
     */
    private static final class Pools {
        private final int version;
        private final Pool<Kryo> pool;

        Pools(int version, Pool<Kryo> pool) {
            this.version = version;
            this.pool = pool;
        }

        int version() {
            return version;
        }

        Pool<Kryo> pool() {
            return pool;
        }
    }
}
