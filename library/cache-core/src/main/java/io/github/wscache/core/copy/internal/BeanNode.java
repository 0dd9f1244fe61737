package io.github.wscache.core.copy.internal;

import io.github.wscache.core.internal.PrivateAccess;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.objenesis.Objenesis;
import org.objenesis.ObjenesisStd;
import org.objenesis.instantiator.ObjectInstantiator;

/**
 * Copies a plain object field by field with a plan made once per class: a single method handle
 * {@code (from, ctx)Object} that allocates the copy, records it in the {@link Context} and copies
 * every instance field. The fields are a balanced tree of primitive-specialized field copiers
 * (getter and setter bound once, no boxing), so each copy is one {@code invokeExact}; the
 * virtual machine customizes hot handles, which inlines the allocator and the whole tree. In a
 * tree context, fields and arrays call that handle directly ({@link #treeCopy()}).
 *
 * <p>The allocator is the class's own no-arg constructor when {@link TrivialConstructor} shows
 * that it has no effect (it only stores constants, which the copy overwrites): a plain
 * {@code new}. Otherwise it is an Objenesis instantiator, and no constructor runs; that is a
 * reflective {@code Constructor.newInstance} per object, which the stack profile of the ADB
 * search-result copy showed taking most of its time.
 */
final class BeanNode extends Node {

    private static final Objenesis OBJENESIS = new ObjenesisStd(true);
    private static final MethodType COPY_TYPE =
            MethodType.methodType(void.class, Object.class, Object.class, Context.class);
    private static final MethodHandle COPY_FIELD;
    private static final MethodHandle INSTANTIATE;
    private static final MethodHandle PUT;
    private static final MethodType ALLOCATE_TYPE = MethodType.methodType(Object.class);
    private static final MethodType NODE_TYPE =
            MethodType.methodType(Object.class, Object.class, Context.class);

    static {
        try {
            COPY_FIELD = MethodHandles.lookup().findStatic(BeanNode.class, "copyField",
                    MethodType.methodType(Object.class, Object.class, Context.class,
                            String.class, Context.Site.class));
            INSTANTIATE = MethodHandles.publicLookup().findVirtual(ObjectInstantiator.class,
                    "newInstance", ALLOCATE_TYPE);
            PUT = MethodHandles.lookup().findVirtual(Context.class, "put",
                    MethodType.methodType(void.class, Object.class, Object.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * A handle {@code (from, ctx)Object}: allocates, records the copy in the context, copies every
     * field, returns the copy. One handle, so that one {@code invokeExact} per object reaches the
     * allocation and the field copies, and the allocator is a constant the JIT can inline.
     */
    private final MethodHandle copy;
    /** {@link GeneratedCopy}'s code for trees of this class, or {@code null}. */
    private final BiFunction<Object, Object, Object> generated;
    private final boolean constructs;
    private final int fieldCount;

    private BeanNode(MethodHandle copy, BiFunction<Object, Object, Object> generated,
            boolean constructs, int fieldCount) {
        this.copy = copy;
        this.generated = generated;
        this.constructs = constructs;
        this.fieldCount = fieldCount;
    }

    /** Returns the number of instance fields the plan copies. */
    int fieldCount() {
        return fieldCount;
    }

    @Override
    Object copy(Object original, Context ctx) {
        if (generated != null && ctx.isTree()) {
            return generated.apply(original, ctx);
        }
        Object seen = ctx.get(original);
        if (seen != null) {
            return seen;
        }
        try {
            return (Object) copy.invokeExact(original, ctx);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new CopyFailure(original.getClass(), "copying a field failed: " + e, e);
        }
    }

    @Override
    MethodHandle treeCopy() {
        return copy;
    }

    @Override
    BiFunction<Object, Object, Object> generated() {
        return generated;
    }

    /** Returns whether trees of this class are copied by generated code. */
    boolean isGenerated() {
        return generated != null;
    }

    /** Copies the value of a field that may hold a mutable object; names the field on failure. */
    private static Object copyField(Object value, Context ctx, String step, Context.Site site) {
        if (value == null) {
            return null;
        }
        try {
            return ctx.copy(value, site);
        } catch (CopyFailure f) {
            throw f.at(step);
        }
    }

    /**
     * Builds the plan for {@code type}, an application class open to this library.
     *
     * @throws ReflectiveOperationException or a {@link RuntimeException} such as
     *     {@code InaccessibleObjectException} when a field cannot be reached
     */
    static BeanNode build(Class<?> type, Registry registry)
            throws ReflectiveOperationException {
        List<MethodHandle> fields = new ArrayList<>();
        for (Class<?> k = type; k != null && k != Object.class; k = k.getSuperclass()) {
            MethodHandles.Lookup lookup = null;
            for (Field field : k.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers())) {
                    continue;
                }
                if (lookup == null) {
                    lookup = PrivateAccess.lookupIn(k);
                }
                fields.add(fieldCopier(lookup, field, registry));
            }
        }
        MethodHandle plan = fields.isEmpty() ? MethodHandles.empty(COPY_TYPE)
                : combine(fields, 0, fields.size());
        return new BeanNode(node(allocator(type), plan), GeneratedCopy.forClass(type, registry),
                constructs(type), fields.size());
    }

    /**
     * Returns {@code (from, ctx) -> { to = allocate(); ctx.put(from, to); plan(from, to, ctx);
     * return to; }}.
     */
    private static MethodHandle node(MethodHandle allocate, MethodHandle plan) {
        MethodType body = MethodType.methodType(void.class, Object.class, Object.class,
                Context.class);
        // (to, from, ctx)void: record, then copy the fields
        MethodHandle fill = MethodHandles.foldArguments(
                MethodHandles.permuteArguments(plan, body, 1, 0, 2),
                MethodHandles.permuteArguments(PUT, body, 2, 1, 0));
        // (to, from, ctx)Object: fill, then return to
        MethodHandle filled = MethodHandles.foldArguments(
                MethodHandles.dropArguments(MethodHandles.identity(Object.class), 1,
                        Object.class, Context.class), fill);
        // (from, ctx)Object: allocate to first
        MethodHandle node = MethodHandles.foldArguments(filled, allocate);
        assert node.type().equals(NODE_TYPE) : node.type();
        return node;
    }

    /** Returns whether copies are allocated with the class's own (trivial) constructor. */
    boolean usesConstructor() {
        return constructs;
    }

    private static MethodHandle allocator(Class<?> type) throws ReflectiveOperationException {
        if (constructs(type)) {
            return PrivateAccess.lookupIn(type)
                    .findConstructor(type, MethodType.methodType(void.class))
                    .asType(ALLOCATE_TYPE);
        }
        return INSTANTIATE.bindTo(OBJENESIS.getInstantiatorOf(type));
    }

    private static boolean constructs(Class<?> type) {
        return TrivialConstructor.isTrivial(type);
    }

    /** Runs the copiers in {@code [from, to)} in order, as a tree of depth log2(n). */
    private static MethodHandle combine(List<MethodHandle> fields, int from, int to) {
        if (to - from == 1) {
            return fields.get(from);
        }
        int middle = (from + to) >>> 1;
        return MethodHandles.foldArguments(combine(fields, middle, to),
                combine(fields, from, middle));
    }

    /** Returns a handle {@code (from, to, ctx)void} copying one field. */
    private static MethodHandle fieldCopier(MethodHandles.Lookup lookup, Field field,
            Registry registry)
            throws IllegalAccessException {
        if (Modifier.isFinal(field.getModifiers())) {
            field.setAccessible(true);
        }
        Class<?> type = field.getType();
        MethodHandle getter = lookup.unreflectGetter(field);
        MethodHandle setter = lookup.unreflectSetter(field)
                .asType(MethodType.methodType(void.class, Object.class, type));
        MethodHandle copier;
        if (type.isPrimitive() || TypeRules.mutableReason(type, registry) == null) {
            // (to, from) -> setter(to, getter(from))
            copier = MethodHandles.filterArguments(setter, 1,
                    getter.asType(MethodType.methodType(type, Object.class)));
            return MethodHandles.permuteArguments(copier, COPY_TYPE, 1, 0);
        }
        MethodHandle value = MethodHandles.insertArguments(COPY_FIELD, 2,
                "." + field.getName(), new Context.Site())
                .asType(MethodType.methodType(type, Object.class, Context.class));
        value = MethodHandles.filterArguments(value, 0,
                getter.asType(MethodType.methodType(Object.class, Object.class)));
        // (to, from, ctx) -> setter(to, copyField(getter(from), ctx))
        copier = MethodHandles.collectArguments(setter, 1, value);
        return MethodHandles.permuteArguments(copier, COPY_TYPE, 1, 0, 2);
    }
}
