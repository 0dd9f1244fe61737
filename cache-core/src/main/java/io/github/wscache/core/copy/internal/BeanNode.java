package io.github.wscache.core.copy.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.objenesis.Objenesis;
import org.objenesis.ObjenesisStd;
import org.objenesis.instantiator.ObjectInstantiator;

/**
 * Copies a plain object field by field with a plan made once per class: an Objenesis
 * instantiator (no constructor runs) and one primitive-specialized copier per instance field,
 * built from method handles bound once and invoked with {@code invokeExact}.
 */
final class BeanNode extends Node {

    private static final Objenesis OBJENESIS = new ObjenesisStd(true);

    private final ObjectInstantiator<?> instantiator;
    private final FieldCopier[] fields;

    private BeanNode(ObjectInstantiator<?> instantiator, FieldCopier[] fields) {
        this.instantiator = instantiator;
        this.fields = fields;
    }

    /** Returns the number of instance fields the plan copies. */
    int fieldCount() {
        return fields.length;
    }

    @Override
    Object copy(Object original, Context ctx) {
        Object seen = ctx.get(original);
        if (seen != null) {
            return seen;
        }
        Object copy = instantiator.newInstance();
        ctx.put(original, copy);
        FieldCopier[] plan = fields;
        int i = 0;
        try {
            for (; i < plan.length; i++) {
                plan[i].copy(original, copy, ctx);
            }
        } catch (CopyFailure f) {
            throw f.at("." + plan[i].name);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new CopyFailure(original.getClass(), "field '" + plan[i].name + "': " + e, e);
        }
        return copy;
    }

    /**
     * Builds the plan for {@code type}, an application class open to this library.
     *
     * @throws ReflectiveOperationException or a {@link RuntimeException} such as
     *     {@code InaccessibleObjectException} when a field cannot be reached
     */
    static BeanNode build(Class<?> type) throws ReflectiveOperationException {
        List<FieldCopier> copiers = new ArrayList<>();
        for (Class<?> k = type; k != null && k != Object.class; k = k.getSuperclass()) {
            MethodHandles.Lookup lookup = null;
            for (Field field : k.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers())) {
                    continue;
                }
                if (lookup == null) {
                    lookup = MethodHandles.privateLookupIn(k, MethodHandles.lookup());
                }
                copiers.add(fieldCopier(lookup, field));
            }
        }
        return new BeanNode(OBJENESIS.getInstantiatorOf(type),
                copiers.toArray(new FieldCopier[0]));
    }

    private static FieldCopier fieldCopier(MethodHandles.Lookup lookup, Field field)
            throws IllegalAccessException {
        if (Modifier.isFinal(field.getModifiers())) {
            field.setAccessible(true);
        }
        MethodHandle getter = lookup.unreflectGetter(field);
        MethodHandle setter = lookup.unreflectSetter(field);
        Class<?> type = field.getType();
        String name = field.getName();
        if (type.isPrimitive()) {
            MethodHandle get = getter.asType(MethodType.methodType(type, Object.class));
            MethodHandle set = setter.asType(
                    MethodType.methodType(void.class, Object.class, type));
            return primitive(name, type, get, set);
        }
        MethodHandle get = getter.asType(MethodType.methodType(Object.class, Object.class));
        MethodHandle set = setter.asType(
                MethodType.methodType(void.class, Object.class, Object.class));
        if (TypeRules.mutableReason(type, true) == null) {
            return new ShareField(name, get, set);
        }
        return new DeepField(name, get, set);
    }

    private static FieldCopier primitive(String name, Class<?> type, MethodHandle get,
            MethodHandle set) {
        if (type == int.class) {
            return new IntField(name, get, set);
        } else if (type == long.class) {
            return new LongField(name, get, set);
        } else if (type == boolean.class) {
            return new BooleanField(name, get, set);
        } else if (type == double.class) {
            return new DoubleField(name, get, set);
        } else if (type == float.class) {
            return new FloatField(name, get, set);
        } else if (type == byte.class) {
            return new ByteField(name, get, set);
        } else if (type == short.class) {
            return new ShortField(name, get, set);
        } else {
            return new CharField(name, get, set);
        }
    }

    /** Copies one field from the original to the copy. */
    abstract static class FieldCopier {
        final String name;
        final MethodHandle get;
        final MethodHandle set;

        FieldCopier(String name, MethodHandle get, MethodHandle set) {
            this.name = name;
            this.get = get;
            this.set = set;
        }

        abstract void copy(Object from, Object to, Context ctx) throws Throwable;
    }

    /** A reference to an immutable or read-only type: copied by reference, never visited. */
    static final class ShareField extends FieldCopier {
        ShareField(String name, MethodHandle get, MethodHandle set) {
            super(name, get, set);
        }

        @Override
        void copy(Object from, Object to, Context ctx) throws Throwable {
            set.invokeExact(to, (Object) get.invokeExact(from));
        }
    }

    /** A reference to a possibly mutable object: copied according to its runtime class. */
    static final class DeepField extends FieldCopier {
        DeepField(String name, MethodHandle get, MethodHandle set) {
            super(name, get, set);
        }

        @Override
        void copy(Object from, Object to, Context ctx) throws Throwable {
            Object value = (Object) get.invokeExact(from);
            if (value != null) {
                set.invokeExact(to, ctx.copy(value));
            }
        }
    }

    static final class IntField extends FieldCopier {
        IntField(String name, MethodHandle get, MethodHandle set) {
            super(name, get, set);
        }

        @Override
        void copy(Object from, Object to, Context ctx) throws Throwable {
            set.invokeExact(to, (int) get.invokeExact(from));
        }
    }

    static final class LongField extends FieldCopier {
        LongField(String name, MethodHandle get, MethodHandle set) {
            super(name, get, set);
        }

        @Override
        void copy(Object from, Object to, Context ctx) throws Throwable {
            set.invokeExact(to, (long) get.invokeExact(from));
        }
    }

    static final class BooleanField extends FieldCopier {
        BooleanField(String name, MethodHandle get, MethodHandle set) {
            super(name, get, set);
        }

        @Override
        void copy(Object from, Object to, Context ctx) throws Throwable {
            set.invokeExact(to, (boolean) get.invokeExact(from));
        }
    }

    static final class DoubleField extends FieldCopier {
        DoubleField(String name, MethodHandle get, MethodHandle set) {
            super(name, get, set);
        }

        @Override
        void copy(Object from, Object to, Context ctx) throws Throwable {
            set.invokeExact(to, (double) get.invokeExact(from));
        }
    }

    static final class FloatField extends FieldCopier {
        FloatField(String name, MethodHandle get, MethodHandle set) {
            super(name, get, set);
        }

        @Override
        void copy(Object from, Object to, Context ctx) throws Throwable {
            set.invokeExact(to, (float) get.invokeExact(from));
        }
    }

    static final class ByteField extends FieldCopier {
        ByteField(String name, MethodHandle get, MethodHandle set) {
            super(name, get, set);
        }

        @Override
        void copy(Object from, Object to, Context ctx) throws Throwable {
            set.invokeExact(to, (byte) get.invokeExact(from));
        }
    }

    static final class ShortField extends FieldCopier {
        ShortField(String name, MethodHandle get, MethodHandle set) {
            super(name, get, set);
        }

        @Override
        void copy(Object from, Object to, Context ctx) throws Throwable {
            set.invokeExact(to, (short) get.invokeExact(from));
        }
    }

    static final class CharField extends FieldCopier {
        CharField(String name, MethodHandle get, MethodHandle set) {
            super(name, get, set);
        }

        @Override
        void copy(Object from, Object to, Context ctx) throws Throwable {
            set.invokeExact(to, (char) get.invokeExact(from));
        }
    }
}
