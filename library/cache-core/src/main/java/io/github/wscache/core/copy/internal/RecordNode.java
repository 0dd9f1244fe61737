package io.github.wscache.core.copy.internal;

import io.github.wscache.core.internal.PrivateAccess;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.util.function.BiFunction;

/**
 * Rebuilds a record through its canonical constructor, each component copied: in a tree
 * context by {@link GeneratedCopy}'s code for the record when it could be generated, else (and
 * always when an identity map is needed) through method handles.
 */
final class RecordNode extends Node {

    private final MethodHandle[] getters;
    private final String[] names;
    private final boolean[] share;
    private final MethodHandle constructor;
    /** Generated code for trees of this record, or {@code null}. */
    private final BiFunction<Object, Object, Object> generated;

    private RecordNode(MethodHandle[] getters, String[] names, boolean[] share,
            MethodHandle constructor, BiFunction<Object, Object, Object> generated) {
        this.getters = getters;
        this.names = names;
        this.share = share;
        this.constructor = constructor;
        this.generated = generated;
    }

    static RecordNode build(Class<?> type, Registry registry)
            throws ReflectiveOperationException {
        MethodHandles.Lookup lookup = PrivateAccess.lookupIn(type);
        RecordComponent[] components = type.getRecordComponents();
        MethodHandle[] getters = new MethodHandle[components.length];
        String[] names = new String[components.length];
        boolean[] share = new boolean[components.length];
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            names[i] = components[i].getName();
            getters[i] = lookup.findGetter(type, names[i], types[i])
                    .asType(MethodType.methodType(Object.class, Object.class));
            share[i] = TypeRules.mutableReason(types[i], registry) == null;
        }
        MethodHandle constructor = lookup.findConstructor(type,
                MethodType.methodType(void.class, types))
                .asSpreader(Object[].class, components.length)
                .asType(MethodType.methodType(Object.class, Object[].class));
        return new RecordNode(getters, names, share, constructor,
                GeneratedCopy.forRecord(type, registry));
    }

    @Override
    BiFunction<Object, Object, Object> generated() {
        return generated;
    }

    /** Returns whether trees of this record are copied by generated code. */
    boolean isGenerated() {
        return generated != null;
    }

    @Override
    Object copy(Object original, Context ctx) {
        if (generated != null && ctx.isTree()) {
            return generated.apply(original, ctx);
        }
        Object seen = ctx.get(original);
        if (seen == Context.IN_PROGRESS) {
            throw new CopyFailure(original.getClass(),
                    "a cycle runs through this record, which can only be built once its"
                            + " components are copied", null);
        }
        if (seen != null) {
            return seen;
        }
        ctx.put(original, Context.IN_PROGRESS);
        Object[] args = new Object[getters.length];
        int i = 0;
        Object copy;
        try {
            for (; i < getters.length; i++) {
                Object value = (Object) getters[i].invokeExact(original);
                args[i] = share[i] ? value : ctx.copy(value);
            }
            copy = (Object) constructor.invokeExact(args);
        } catch (CopyFailure f) {
            throw i < names.length ? f.at("." + names[i]) : f;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new CopyFailure(original.getClass(), "the canonical constructor failed: " + e, e);
        }
        ctx.replace(original, copy);
        return copy;
    }
}
