package io.github.wscache.redis.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Registration;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import com.esotericsoftware.kryo.util.Pool;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.objenesis.strategy.StdInstantiatorStrategy;

/**
 * The Kryo byte form of shared application objects, with registration required: a class is
 * written by its registration number, and a reader instantiates only the classes registered,
 * so nothing outside the list is ever created from Redis, whatever is written there. The
 * numbers come from the order of the list, so every node of a farm must register the same
 * classes in the same order; each entry carries a fingerprint of the list (8 bytes of SHA-256
 * over the class names in order), and a node with another list rejects it instead of misreading
 * it. References are tracked, so shared references and cycles survive. Nesting is limited to
 * {@link ValueCodec#MAX_DEPTH} levels, writing and reading, and a reader refuses a length the
 * entry's bytes cannot hold before it allocates for it ({@link KryoBounds}): a forged entry is
 * rejected, never an error in the caller's call. Thread-safe (a pool of Kryo instances).
 */
final class KryoForm {
    /** Registered before the application's classes, in this order, on every node. */
    static final List<Class<?>> JDK = List.of(Object[].class, String[].class, byte[].class,
            char[].class, short[].class, int[].class, long[].class, float[].class,
            double[].class, boolean[].class, ArrayList.class, LinkedList.class, HashMap.class,
            LinkedHashMap.class, TreeMap.class, HashSet.class, LinkedHashSet.class,
            TreeSet.class, BigDecimal.class, BigInteger.class, Date.class);
    static final int FINGERPRINT = 8;

    private final List<Class<?>> classes;
    private final byte[] fingerprint;
    private final Pool<Kryo> pool;

    KryoForm(List<Class<?>> applicationClasses) {
        List<Class<?>> all = new ArrayList<>(JDK);
        all.addAll(applicationClasses);
        this.classes = List.copyOf(all);
        this.fingerprint = fingerprint(classes);
        this.pool = new Pool<>(true, false, 16) {
            @Override
            protected Kryo create() {
                return newKryo();
            }
        };
    }

    private Kryo newKryo() {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(true);
        kryo.setReferences(true);
        kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(
                new StdInstantiatorStrategy()));
        // a reader recurses once a level: a forged entry nested without end would overflow
        // the caller's stack; a writer refuses what no reader would read
        kryo.setMaxDepth(ValueCodec.MAX_DEPTH);
        for (Class<?> c : classes) {
            Registration r = kryo.register(c);
            r.setSerializer(KryoBounds.claiming(r.getSerializer()));
        }
        return kryo;
    }

    private static byte[] fingerprint(List<Class<?>> classes) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (Class<?> c : classes) {
                sha.update(c.getName().getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
            }
            return Arrays.copyOf(sha.digest(), FINGERPRINT);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by the Java platform", e);
        }
    }

    /**
     * Returns the fingerprint and the object's Kryo bytes.
     *
     * @throws ValueCodec.NotShareable if the object holds a class that is not registered
     */
    byte[] write(Object value) throws ValueCodec.NotShareable {
        Kryo kryo = pool.obtain();
        try (Output out = new Output(512, -1)) {
            out.writeBytes(fingerprint);
            kryo.writeClassAndObject(out, value);
            return out.toBytes();
        } catch (KryoException | IllegalArgumentException e) {
            String why = firstLine(e);
            throw new ValueCodec.NotShareable(why.startsWith("Max depth exceeded")
                    ? "nested deeper than " + ValueCodec.MAX_DEPTH + " levels in Kryo's form"
                    + " (no node reads deeper)"
                    : "not in the Kryo registrations (RedisTier.Builder.kryoClasses): " + why);
        } finally {
            kryo.reset();
            pool.free(kryo);
        }
    }

    /**
     * Reads what {@link #write} wrote.
     *
     * @throws ValueCodec.Rejected if the entry was written with another list of classes, or
     *     names a class that is not registered, or is damaged
     */
    Object read(byte[] bytes) throws ValueCodec.Rejected {
        if (bytes.length < FINGERPRINT
                || !MessageDigest.isEqual(Arrays.copyOf(bytes, FINGERPRINT), fingerprint)) {
            throw new ValueCodec.Rejected("a Kryo entry written with another list of registered"
                    + " classes (every node must give kryoClasses the same classes in the same"
                    + " order)", null);
        }
        Kryo kryo = pool.obtain();
        boolean reusable = true;
        try (Input in = new KryoBounds.BoundedInput(bytes, FINGERPRINT,
                bytes.length - FINGERPRINT)) {
            Object value;
            try {
                value = kryo.readClassAndObject(in);
            } catch (OutOfMemoryError | StackOverflowError e) {
                // A backstop, not the defence: the depth limit and the lengths claimed against
                // the entry's bytes (KryoBounds) keep what a read allocates, and how deep it
                // recurses, to what the entry justifies, for the classes registered here and for
                // the arrays and plain collections an application registers. Kryo's serializers
                // of other JDK classes an application may register (PriorityQueue, List.of's)
                // size what they make from a length unchecked, and a caller's stack may be
                // nearly used up. Caught around this one read only: what it allocated is
                // garbage once it unwinds, and the caller loads as for any rejected entry.
                reusable = false; // its state may be half unwound: not back into the pool
                throw new ValueCodec.Rejected("a Kryo entry that needs more than a reader"
                        + " gives it: " + e, null);
            }
            if (in.position() != bytes.length) {
                throw new ValueCodec.Rejected((bytes.length - in.position())
                        + " bytes after the Kryo value", null);
            }
            return value;
        } catch (KryoException | IllegalArgumentException | IndexOutOfBoundsException
                | NegativeArraySizeException e) {
            throw new ValueCodec.Rejected("unreadable Kryo entry: " + firstLine(e), e);
        } finally {
            if (reusable) {
                kryo.reset();
                pool.free(kryo);
            }
        }
    }

    private static String firstLine(Throwable e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
