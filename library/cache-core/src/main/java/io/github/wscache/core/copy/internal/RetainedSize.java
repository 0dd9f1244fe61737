package io.github.wscache.core.copy.internal;

import io.github.wscache.core.internal.PrivateAccess;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Estimates the heap retained by an object graph, to weigh cache entries. Assumes a 64-bit
 * virtual machine with compressed references: 12-byte object headers, 4-byte references, objects
 * aligned to 8 bytes, 16-byte array headers ({@code byte[]} counts exactly {@code 16 + length}).
 * Shared objects count once, with one exception: a {@code String} or primitive array reached
 * through a field, an array or a collection element counts at each reference, without being
 * looked up in the walk's identity set. Such leaves hold no references, so they cannot close a
 * cycle; they are most of a parsed result's objects, all new, and marking each cost the virtual
 * machine an identity hash to install (most of an estimate's time); a leaf shared by several
 * fields is overcounted, which errs towards evicting sooner. Map keys, often one vocabulary
 * shared by many maps (JSON field names), still count once. Enum constants and classes count
 * nothing (they outlive the graph). JDK collections are walked through their public API with a
 * per-element overhead; other JDK objects count their shallow size only.
 *
 * <pre>{@code
 * long bytes = RetainedSize.estimate(result); // a few microseconds for a GoogleSearchResult
 * }</pre>
 */
public final class RetainedSize {

    private static final MethodHandle[] NO_GETTERS = new MethodHandle[0];

    private static final ClassValue<Layout> LAYOUTS = new ClassValue<>() {
        @Override
        protected Layout computeValue(Class<?> type) {
            return Layout.of(type);
        }
    };

    private RetainedSize() {
    }

    /**
     * Returns the estimated retained size of the graph under {@code root}, in bytes.
     *
     * @param root the root object; {@code null} weighs 0
     * @return the estimate
     */
    public static long estimate(Object root) {
        if (root == null) {
            return 0;
        }
        long leaf = leaf(root);
        if (leaf >= 0) {
            return leaf;
        }
        Context seen = new Context();
        ArrayDeque<Object> pending = new ArrayDeque<>();
        pending.push(root);
        long total = 0;
        while (!pending.isEmpty()) {
            Object object = pending.pop();
            if (!seen.mark(object)) {
                continue;
            }
            total += visit(object, pending);
        }
        return total;
    }

    /**
     * Returns the size of a leaf (a {@code String} or a primitive array: no references below
     * it), or {@code -1} for anything else.
     */
    private static long leaf(Object object) {
        if (object instanceof String) {
            return 24 + 16 + ((String) object).length();
        }
        if (object instanceof byte[]) {
            return 16 + ((byte[]) object).length;
        }
        Class<?> type = object.getClass();
        if (type.isArray() && type.getComponentType().isPrimitive()) {
            int length = Array.getLength(object);
            return align(16 + (long) length * primitiveSize(type.getComponentType()));
        }
        return -1;
    }

    private static long visit(Object object, ArrayDeque<Object> pending) {
        Class<?> type = object.getClass();
        if (object instanceof String || object instanceof byte[]) {
            return leaf(object); // a map key: marked, so counted once
        }
        if (type.isArray()) { // an Object[], or a primitive array as a map key
            return array(object, pending);
        }
        if (object instanceof Enum || object instanceof Class) {
            return 0;
        }
        Layout layout = LAYOUTS.get(type);
        long size = layout.shallow;
        if (object instanceof Collection) {
            Collection<?> collection = (Collection<?>) object;
            size += 16 + (long) collection.size() * layout.perElement;
            for (Object element : collection) {
                size += push(pending, element);
            }
        } else if (object instanceof Map) {
            Map<?, ?> map = (Map<?, ?>) object;
            size += 16 + (long) map.size() * layout.perElement;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                Object key = entry.getKey();
                if (key != null) {
                    pending.push(key); // marked when popped: a shared key counts once
                }
                size += push(pending, entry.getValue());
            }
        } else if (object instanceof Optional) {
            size += push(pending, ((Optional<?>) object).orElse(null));
        } else if (object instanceof AtomicReference) {
            size += push(pending, ((AtomicReference<?>) object).get());
        } else {
            for (MethodHandle getter : layout.getters) {
                try {
                    size += push(pending, (Object) getter.invokeExact(object));
                } catch (RuntimeException | Error e) {
                    throw e;
                } catch (Throwable e) {
                    throw new IllegalStateException("reading a field of " + type.getName(), e);
                }
            }
        }
        return size;
    }

    private static long array(Object array, ArrayDeque<Object> pending) {
        if (array instanceof Object[]) {
            Object[] elements = (Object[]) array;
            long size = align(16 + 4L * elements.length);
            for (Object element : elements) {
                size += push(pending, element);
            }
            return size;
        }
        return leaf(array); // a primitive array met as a map key
    }

    /**
     * Returns the size of {@code value} if it is a leaf, counted here at this reference;
     * otherwise pushes it to be marked and walked (0).
     */
    private static long push(ArrayDeque<Object> pending, Object value) {
        if (value == null) {
            return 0;
        }
        long leaf = leaf(value);
        if (leaf >= 0) {
            return leaf;
        }
        pending.push(value);
        return 0;
    }

    private static long align(long size) {
        return (size + 7) & ~7L;
    }

    private static int primitiveSize(Class<?> type) {
        if (type == long.class || type == double.class) {
            return 8;
        }
        if (type == int.class || type == float.class) {
            return 4;
        }
        if (type == short.class || type == char.class) {
            return 2;
        }
        return 1;
    }

    /** Shallow size and reference-field getters of one class. */
    private static final class Layout {
        final long shallow;
        final int perElement;
        final MethodHandle[] getters;

        private Layout(long shallow, int perElement, MethodHandle[] getters) {
            this.shallow = shallow;
            this.perElement = perElement;
            this.getters = getters;
        }

        static Layout of(Class<?> type) {
            long size = 12;
            List<Field> references = new ArrayList<>();
            for (Class<?> k = type; k != null; k = k.getSuperclass()) {
                for (Field field : k.getDeclaredFields()) {
                    if (Modifier.isStatic(field.getModifiers())) {
                        continue;
                    }
                    Class<?> fieldType = field.getType();
                    size += fieldType.isPrimitive() ? primitiveSize(fieldType) : 4;
                    if (!fieldType.isPrimitive()) {
                        references.add(field);
                    }
                }
            }
            return new Layout(align(size), perElement(type), getters(type, references));
        }

        /** Bytes per element of the internal structure of a JDK collection or map. */
        private static int perElement(Class<?> type) {
            String name = type.getSimpleName();
            if (name.contains("Linked") && !name.contains("Hash")) {
                return 24;
            }
            if (name.contains("Tree") || name.contains("Skip")) {
                return 40;
            }
            if (name.contains("Hash") || name.contains("Set") || Map.class.isAssignableFrom(type)) {
                return 36;
            }
            return 4;
        }

        private static MethodHandle[] getters(Class<?> type, List<Field> references) {
            if (references.isEmpty() || TypeRules.isJdk(type)) {
                return NO_GETTERS;
            }
            List<MethodHandle> getters = new ArrayList<>(references.size());
            for (Field field : references) {
                Class<?> owner = field.getDeclaringClass();
                if (TypeRules.isJdk(owner) || !TypeRules.isOpen(owner)) {
                    continue;
                }
                try {
                    getters.add(PrivateAccess.lookupIn(owner)
                            .unreflectGetter(field)
                            .asType(MethodType.methodType(Object.class, Object.class)));
                } catch (ReflectiveOperationException | RuntimeException e) {
                    // not reachable: the field counts in the shallow size only
                }
            }
            return getters.toArray(NO_GETTERS);
        }
    }
}
