package io.github.wscache.core.internal;

import io.github.wscache.core.copy.internal.TypeRules;
import java.lang.reflect.Modifier;

/**
 * Which parameter values {@code key: auto} keys by their value, and the key part of each: an
 * immutable value with value equality (strings, boxed primitives, enums, {@code BigDecimal},
 * records of such, ...) is its own part; a flat bean (every field such a value) is keyed by its
 * class name and field values ({@link FlatBean}); a {@code byte[]} by a copy of its bytes. Any
 * other value has no part here ({@link #NOT_BY_VALUE}): the engine then keys the call's
 * parameters by their serialized bytes, and an integration that has another form of the call
 * (cache-jaxws: the request's XML) keeps using that. The classification of a class is made
 * once. Thread-safe.
 */
public final class ValueKinds {
    /** What {@link #part} returns for a value that is not keyed by its value. */
    public static final Object NOT_BY_VALUE = new Object();

    private enum Kind { VALUE, FLAT, BYTES, OTHER }

    private static final class Classification {
        final Kind kind;
        final FlatBean flat;

        Classification(Kind kind, FlatBean flat) {
            this.kind = kind;
            this.flat = flat;
        }
    }

    private static final ClassValue<Classification> KINDS = new ClassValue<>() {
        @Override
        protected Classification computeValue(Class<?> type) {
            return classify(type);
        }
    };

    private ValueKinds() {
    }

    /**
     * Returns the key part of a non-null parameter value, or {@link #NOT_BY_VALUE} when its
     * class is not keyed by value.
     */
    public static Object part(Object v) {
        Classification c = KINDS.get(v.getClass());
        switch (c.kind) {
            case VALUE:
                return v;
            case FLAT:
                return c.flat.keyOf(v);
            case BYTES:
                return new BytesKey(((byte[]) v).clone());
            default:
                return NOT_BY_VALUE;
        }
    }

    /** Returns whether a value is null or has a key part of its own ({@link #part}). */
    public static boolean byValue(Object v) {
        return v == null || KINDS.get(v.getClass()).kind != Kind.OTHER;
    }

    private static Classification classify(Class<?> type) {
        if (type == byte[].class) {
            return new Classification(Kind.BYTES, null);
        }
        if (isValue(type)) {
            return new Classification(Kind.VALUE, null);
        }
        FlatBean flat = FlatBean.plan(type, ValueKinds::isValueField);
        if (flat != null) {
            return new Classification(Kind.FLAT, flat);
        }
        return new Classification(Kind.OTHER, null);
    }

    private static boolean isValue(Class<?> type) {
        if (type.isEnum() || type.isArray()) {
            return type.isEnum();
        }
        // the type's own immutability: a key never depends on a cache's copier registrations
        if (!TypeRules.isImmutable(type)) {
            return false;
        }
        try {
            return type.getMethod("equals", Object.class).getDeclaringClass() != Object.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private static boolean isValueField(Class<?> declared) {
        return (Modifier.isFinal(declared.getModifiers()) || declared.isEnum())
                && isValue(declared);
    }
}
