package io.github.wscache.benchmarks;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;
import io.github.wscache.benchmarks.fixtures.Operation;
import io.github.wscache.benchmarks.fixtures.Payloads;
import io.github.wscache.core.Invocation;
import io.github.wscache.core.KeyProbe;
import io.github.wscache.core.internal.BytesKey;
import io.github.wscache.core.policy.KeyStrategy;

/**
 * How a cache key is derived from a request (paper 001, Table 6). Every method returns a whole
 * {@code CacheKey} (service, endpoint, operation and parameter part, hash computed), so the rows
 * differ only in the parameter part. Rows marked "bean" take the ADB request bean as the one
 * parameter instead of the plain parameter list of Table 5.
 */
public enum KeyMethod {
    /** wscache {@code key: xml}: the request bean serialized to XML, then canonicalized. */
    XML_MESSAGE("XML message (serialize + canonicalize)", KeyStrategy.XML, false),
    /** wscache {@code key: serialized} on the parameters: Java serialization bytes. */
    JAVA_SERIALIZATION("Java serialization", KeyStrategy.SERIALIZED, false),
    /** Outside: Kryo bytes of the parameter names and values (not a wscache strategy). */
    KRYO("Kryo bytes", null, false),
    /** wscache {@code key: toString}: names and {@code toString()} values concatenated. */
    TO_STRING("toString method", KeyStrategy.TO_STRING, false),
    /** wscache {@code key: auto}: the values themselves (immutable values). */
    AUTO("wscache auto key", KeyStrategy.AUTO, false),
    /** wscache {@code key: serialized} on the ADB bean (not Serializable: Kryo bytes). */
    BEAN_SERIALIZED("bean: serialized (Kryo)", KeyStrategy.SERIALIZED, true),
    /** wscache {@code key: auto} on the ADB bean: a flat bean, kept as its field values. */
    BEAN_AUTO("bean: wscache auto key", KeyStrategy.AUTO, true);

    private final String title;
    private final KeyStrategy strategy;
    private final boolean bean;

    KeyMethod(String title, KeyStrategy strategy, boolean bean) {
        this.title = title;
        this.strategy = strategy;
        this.bean = bean;
    }

    /** Returns the row title of the report. */
    public String title() {
        return title;
    }

    /** Returns the invocation this method derives its key from. */
    public Invocation invocation(Operation op) {
        return bean ? Payloads.beanInvocation(op) : Payloads.parameterInvocation(op);
    }

    /** Returns the key derivation for {@code op}; confined to one thread. */
    public Hit prepare(Operation op) {
        Invocation inv = invocation(op);
        if (strategy != null) {
            KeyProbe probe = new KeyProbe(strategy);
            return () -> probe.key(inv);
        }
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(false);
        kryo.setReferences(true);
        String[] names = new String[inv.parameterCount()];
        Object[] values = new Object[inv.parameterCount()];
        for (int i = 0; i < names.length; i++) {
            names[i] = inv.parameterName(i);
            values[i] = inv.parameter(i);
        }
        return () -> {
            try (Output out = new Output(256, -1)) {
                kryo.writeClassAndObject(out, names);
                kryo.writeClassAndObject(out, values);
                return KeyProbe.withParameters(inv, new BytesKey(out.toBytes()));
            }
        };
    }
}
