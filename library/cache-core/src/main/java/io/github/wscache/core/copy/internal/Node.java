package io.github.wscache.core.copy.internal;

import io.github.wscache.core.copy.Copier;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.BiFunction;

/** Copies objects of one runtime class, recording the copy in the {@link Context}. */
abstract class Node {

    /**
     * Copies {@code original}, which is not {@code null} and whose class this node was made for.
     */
    abstract Object copy(Object original, Context ctx);

    /**
     * Returns a handle {@code (original, ctx)Object} that copies an object of this node's class
     * in a {@linkplain Context tree} context (no identity lookup), or {@code null} when the node
     * has none and {@link #copy} is called.
     */
    MethodHandle treeCopy() {
        return null;
    }

    /**
     * Returns generated code {@code (original, ctx) -> copy} for objects of this node's class in
     * a tree context, or {@code null}.
     */
    BiFunction<Object, Object, Object> generated() {
        return null;
    }

    /** Returns whether this node returns the original itself (immutable or read-only). */
    boolean shares() {
        return false;
    }

    /** Shares the original: immutable or read-only values. */
    static final class Share extends Node {
        static final Share INSTANCE = new Share();

        @Override
        Object copy(Object original, Context ctx) {
            return original;
        }

        @Override
        boolean shares() {
            return true;
        }
    }

    /** Refuses to copy: the class cannot be copied safely. */
    static final class Refuse extends Node {
        private final String reason;

        Refuse(String reason) {
            this.reason = reason;
        }

        @Override
        Object copy(Object original, Context ctx) {
            throw new CopyFailure(original.getClass(), reason, null);
        }
    }

    /** Calls a public {@code clone()} known to be safe (deep, or shallow over immutables). */
    static final class Clone extends Node {
        private static final MethodHandle CHECKED;

        static {
            try {
                CHECKED = MethodHandles.lookup().findStatic(Clone.class, "checked",
                        MethodType.methodType(Object.class, Object.class, Object.class));
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private final MethodHandle clone;
        /** {@code (original, ctx)Object}: clone() and its checks, for trees. */
        private final MethodHandle treeCopy;

        /** @param clone a handle of type {@code (Object)Object} */
        Clone(MethodHandle clone) {
            this.clone = clone;
            this.treeCopy = MethodHandles.foldArguments(
                    MethodHandles.dropArguments(CHECKED, 2, Context.class), clone);
        }

        @Override
        MethodHandle treeCopy() {
            return treeCopy;
        }

        @Override
        Object copy(Object original, Context ctx) {
            Object seen = ctx.get(original);
            if (seen != null) {
                return seen;
            }
            Object copy;
            try {
                copy = (Object) clone.invokeExact(original);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new CopyFailure(original.getClass(), "clone() failed: " + e, e);
            }
            checked(copy, original);
            ctx.put(original, copy);
            return copy;
        }

        /** Returns {@code copy} if it is a new object of the original's class. */
        private static Object checked(Object copy, Object original) {
            if (copy == original || copy == null || copy.getClass() != original.getClass()) {
                throw new CopyFailure(original.getClass(),
                        "clone() returned the original, null or an object of another class", null);
            }
            return copy;
        }
    }

    /** Delegates to a whole-object copier: a registered one, or Java serialization. */
    static final class Delegate extends Node {
        private final Copier<Object> copier;

        @SuppressWarnings("unchecked") // the plan pairs each copier with objects of its type
        Delegate(Copier<?> copier) {
            this.copier = (Copier<Object>) copier;
        }

        @Override
        Object copy(Object original, Context ctx) {
            Object seen = ctx.get(original);
            if (seen != null) {
                return seen;
            }
            Object copy = copier.copy(original);
            ctx.put(original, copy);
            return copy;
        }
    }

    /** Arrays: primitive ones and arrays of immutables by clone(), others element by element. */
    static final class Array extends Node {
        private final boolean deep;
        /** The elements' class: an array of a class almost always holds that class. */
        private final Context.Site site = new Context.Site();

        Array(boolean deep) {
            this.deep = deep;
        }

        @Override
        Object copy(Object original, Context ctx) {
            Object seen = ctx.get(original);
            if (seen != null) {
                return seen;
            }
            if (!(original instanceof Object[])) {
                Object copy = clonePrimitive(original);
                ctx.put(original, copy);
                return copy;
            }
            Object[] source = (Object[]) original;
            Object[] copy = source.clone();
            ctx.put(original, copy);
            if (deep) {
                for (int i = 0; i < source.length; i++) {
                    Object element = source[i];
                    if (element != null) {
                        try {
                            copy[i] = ctx.copy(element, site);
                        } catch (CopyFailure f) {
                            throw f.at("[" + i + "]");
                        }
                    }
                }
            }
            return copy;
        }

        private static Object clonePrimitive(Object array) {
            if (array instanceof int[]) {
                return ((int[]) array).clone();
            } else if (array instanceof byte[]) {
                return ((byte[]) array).clone();
            } else if (array instanceof long[]) {
                return ((long[]) array).clone();
            } else if (array instanceof double[]) {
                return ((double[]) array).clone();
            } else if (array instanceof char[]) {
                return ((char[]) array).clone();
            } else if (array instanceof boolean[]) {
                return ((boolean[]) array).clone();
            } else if (array instanceof float[]) {
                return ((float[]) array).clone();
            } else {
                return ((short[]) array).clone();
            }
        }
    }
}
