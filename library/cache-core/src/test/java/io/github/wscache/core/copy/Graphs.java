package io.github.wscache.core.copy;

import io.github.wscache.core.copy.internal.TypeRules;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.net.URL;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Calendar;
import java.util.Collection;
import java.util.Date;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.Random;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Test helpers that look at object graphs independently of the copiers: structural deep
 * equality that also checks the aliasing shape, the set of mutable objects two graphs share, and
 * a mutator that changes a graph everywhere it can.
 */
final class Graphs {

    private Graphs() {
    }

    /** Returns whether {@code o} is an immutable leaf that a copy may share with its original. */
    static boolean isLeaf(Object o) {
        if (o == null || o instanceof String || o instanceof Number && isJdk(o.getClass())
                && !(o instanceof AtomicInteger || o instanceof AtomicLong)
                || o instanceof Boolean || o instanceof Character || o instanceof Enum
                || o instanceof Class || o instanceof UUID || o instanceof URI
                || o instanceof URL || o instanceof Locale) {
            return true;
        }
        Class<?> type = o.getClass();
        if (o instanceof BigInteger || o instanceof BigDecimal) {
            return type == BigInteger.class || type == BigDecimal.class;
        }
        if (type.getPackageName().equals("java.time")) {
            return true;
        }
        String name = type.getName();
        if (name.startsWith("java.util.ImmutableCollections")
                || name.startsWith("java.util.Collections$Singleton")
                || name.startsWith("java.util.Collections$Empty")) {
            for (Object element : contents(o)) {
                if (!isLeaf(element)) {
                    return false;
                }
            }
            return true;
        }
        if (o instanceof Optional) {
            return isLeaf(((Optional<?>) o).orElse(null));
        }
        return !isJdk(type) && !type.isArray() && TypeRules.isImmutable(type);
    }

    private static boolean isJdk(Class<?> type) {
        return type.getName().startsWith("java.");
    }

    /** Asserts that {@code copy} equals {@code original} by structure, with the same aliasing. */
    static void assertDeepEquals(Object original, Object copy) {
        new Comparison().compare(original, copy, "root");
    }

    /** Returns the mutable objects reachable from both graphs (should be empty for a copy). */
    static List<Object> sharedMutables(Object original, Object copy) {
        Map<Object, Boolean> mine = new IdentityHashMap<>();
        for (Object o : reachable(original)) {
            mine.put(o, Boolean.TRUE);
        }
        List<Object> shared = new ArrayList<>();
        for (Object o : reachable(copy)) {
            if (mine.containsKey(o)) {
                shared.add(o);
            }
        }
        return shared;
    }

    /** Returns every non-leaf object reachable from {@code root}. */
    static List<Object> reachable(Object root) {
        Map<Object, Boolean> seen = new IdentityHashMap<>();
        List<Object> order = new ArrayList<>();
        Deque<Object> pending = new ArrayDeque<>();
        if (root != null) {
            pending.push(root);
        }
        while (!pending.isEmpty()) {
            Object o = pending.pop();
            if (isLeaf(o) || seen.put(o, Boolean.TRUE) != null) {
                continue;
            }
            order.add(o);
            for (Object child : children(o)) {
                if (child != null) {
                    pending.push(child);
                }
            }
        }
        return order;
    }

    private static List<Object> children(Object o) {
        Class<?> type = o.getClass();
        if (type.isArray()) {
            if (type.getComponentType().isPrimitive()) {
                return List.of();
            }
            return java.util.Arrays.asList((Object[]) o);
        }
        if (o instanceof Collection || o instanceof Map || o instanceof Optional
                || o instanceof AtomicReference) {
            return contents(o);
        }
        if (isJdk(type)) {
            return List.of();
        }
        List<Object> values = new ArrayList<>();
        for (Field field : fields(type)) {
            values.add(read(field, o));
        }
        return values;
    }

    private static List<Object> contents(Object o) {
        List<Object> values = new ArrayList<>();
        if (o instanceof Map) {
            for (Map.Entry<?, ?> e : ((Map<?, ?>) o).entrySet()) {
                values.add(e.getKey());
                values.add(e.getValue());
            }
        } else if (o instanceof Collection) {
            values.addAll((Collection<?>) o);
        } else if (o instanceof Optional) {
            values.add(((Optional<?>) o).orElse(null));
        } else if (o instanceof AtomicReference) {
            values.add(((AtomicReference<?>) o).get());
        }
        return values;
    }

    static List<Field> fields(Class<?> type) {
        List<Field> fields = new ArrayList<>();
        for (Class<?> k = type; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field field : k.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers())) {
                    field.setAccessible(true);
                    fields.add(field);
                }
            }
        }
        return fields;
    }

    private static Object read(Field field, Object o) {
        try {
            return field.get(o);
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    /** Structural comparison that pairs objects one to one. */
    private static final class Comparison {
        private final Map<Object, Object> pairs = new IdentityHashMap<>();
        private final Map<Object, Object> reverse = new IdentityHashMap<>();

        void compare(Object a, Object b, String path) {
            if (a == null || b == null) {
                check(a == b, path, "one side is null: " + a + " vs " + b);
                return;
            }
            check(sameKind(a.getClass(), b.getClass()), path,
                    "class " + a.getClass().getName() + " vs " + b.getClass().getName());
            if (isLeaf(a) && isJdk(a.getClass())) {
                check(a.equals(b), path, a + " vs " + b);
                return;
            }
            if (!isLeaf(a)) {
                Object paired = pairs.get(a);
                if (paired != null) {
                    check(paired == b, path, "aliasing not preserved");
                    return;
                }
                check(!reverse.containsKey(b), path, "one copy stands for two originals");
                pairs.put(a, b);
                reverse.put(b, a);
            }
            Class<?> type = a.getClass();
            if (type == Object.class) {
                return;
            }
            if (type.isArray()) {
                int length = Array.getLength(a);
                check(length == Array.getLength(b), path, "array length");
                for (int i = 0; i < length; i++) {
                    compare(Array.get(a, i), Array.get(b, i), path + "[" + i + "]");
                }
            } else if (a instanceof Map) {
                compareMaps((Map<?, ?>) a, (Map<?, ?>) b, path);
            } else if (a instanceof Collection) {
                compareCollections((Collection<?>) a, (Collection<?>) b, path);
            } else if (a instanceof Optional || a instanceof AtomicReference) {
                compare(contents(a).get(0), contents(b).get(0), path + ".value");
            } else if (a instanceof AtomicInteger || a instanceof AtomicLong
                    || a instanceof StringBuffer
                    || a instanceof AtomicBoolean || a instanceof StringBuilder) {
                check(a.toString().equals(b.toString()), path, a + " vs " + b);
            } else if (isJdk(type)) {
                check(a.equals(b), path, a + " vs " + b);
            } else {
                for (Field field : fields(type)) {
                    compare(read(field, a), read(field, b), path + "." + field.getName());
                }
            }
        }

        private void compareMaps(Map<?, ?> a, Map<?, ?> b, String path) {
            check(a.size() == b.size(), path, "map size " + a.size() + " vs " + b.size());
            boolean leafKeys = a.keySet().stream().allMatch(Graphs::isLeaf);
            if (a instanceof LinkedHashMap || a instanceof SortedMap || !leafKeys) {
                check(new ArrayList<>(keysOrNull(a, leafKeys)).equals(keysOrNull(b, leafKeys)),
                        path, "key order " + a.keySet() + " vs " + b.keySet());
            }
            if (leafKeys) {
                // an identity map's leaf keys may be equal copies after a serialization
                Map<?, ?> lookup = b instanceof IdentityHashMap ? new HashMap<>(b) : b;
                for (Map.Entry<?, ?> entry : a.entrySet()) {
                    check(lookup.containsKey(entry.getKey()), path,
                            "missing key " + entry.getKey());
                    compare(entry.getValue(), lookup.get(entry.getKey()),
                            path + "[" + entry.getKey() + "]");
                }
            } else {
                Iterator<? extends Map.Entry<?, ?>> right = b.entrySet().iterator();
                int i = 0;
                for (Map.Entry<?, ?> entry : a.entrySet()) {
                    Map.Entry<?, ?> other = right.next();
                    compare(entry.getKey(), other.getKey(), path + ".<key " + i + ">");
                    compare(entry.getValue(), other.getValue(), path + "[" + i++ + "]");
                }
            }
        }

        private static List<Object> keysOrNull(Map<?, ?> map, boolean leafKeys) {
            return leafKeys ? new ArrayList<>(map.keySet()) : List.of();
        }

        private void compareCollections(Collection<?> a, Collection<?> b, String path) {
            check(a.size() == b.size(), path, "size " + a.size() + " vs " + b.size());
            boolean ordered = a instanceof List || a instanceof SortedSet
                    || a instanceof LinkedHashSet || a instanceof Queue;
            if (!ordered && a.stream().allMatch(Graphs::isLeaf)) {
                check(a.equals(b), path, a + " vs " + b);
                return;
            }
            Iterator<?> right = b.iterator();
            int i = 0;
            for (Object element : a) {
                compare(element, right.next(), path + "[" + i++ + "]");
            }
        }

        private static boolean sameKind(Class<?> a, Class<?> b) {
            if (a == b) {
                return true;
            }
            boolean views = a.getName().startsWith("java.util.")
                    && b.getName().startsWith("java.util.");
            return views && (List.class.isAssignableFrom(a) && List.class.isAssignableFrom(b)
                    || Set.class.isAssignableFrom(a) && Set.class.isAssignableFrom(b)
                    || Map.class.isAssignableFrom(a) && Map.class.isAssignableFrom(b)
                    || Collection.class.isAssignableFrom(a)
                            && Collection.class.isAssignableFrom(b));
        }

        private static void check(boolean ok, String path, String what) {
            if (!ok) {
                throw new AssertionError(path + ": " + what);
            }
        }
    }

    /** Mutates every mutable object reachable from {@code root}, as a careless caller would. */
    static void mutateEverywhere(Object root, Random random) {
        for (Object o : reachable(root)) {
            mutate(o, random);
        }
    }

    @SuppressWarnings("unchecked") // mutations put whatever fits
    private static void mutate(Object o, Random random) {
        Class<?> type = o.getClass();
        try {
            if (type.isArray()) {
                mutateArray(o);
            } else if (o instanceof Map) {
                ((Map<Object, Object>) o).clear();
            } else if (o instanceof Collection) {
                ((Collection<Object>) o).clear();
            } else if (o instanceof Date) {
                ((Date) o).setTime(((Date) o).getTime() + 1);
            } else if (o instanceof Calendar) {
                ((Calendar) o).add(Calendar.DAY_OF_MONTH, 1);
            } else if (o instanceof BitSet) {
                ((BitSet) o).flip(0);
            } else if (o instanceof AtomicInteger) {
                ((AtomicInteger) o).incrementAndGet();
            } else if (o instanceof StringBuilder) {
                ((StringBuilder) o).append('!');
            } else if (o instanceof AtomicReference) {
                ((AtomicReference<Object>) o).set(null);
            } else if (!isJdk(type) && !type.isRecord()) {
                for (Field field : fields(type)) {
                    mutateField(o, field, random);
                }
            }
        } catch (UnsupportedOperationException expected) {
            // immutable or unmodifiable: fine
        }
    }

    private static void mutateArray(Object array) {
        int length = Array.getLength(array);
        if (length == 0) {
            return;
        }
        Class<?> component = array.getClass().getComponentType();
        if (component == int.class) {
            ((int[]) array)[0]++;
        } else if (component == long.class) {
            ((long[]) array)[0]++;
        } else if (component == double.class) {
            ((double[]) array)[0]++;
        } else if (!component.isPrimitive()) {
            ((Object[]) array)[0] = null;
        }
    }

    private static void mutateField(Object o, Field field, Random random) {
        Class<?> type = field.getType();
        try {
            Object value = field.get(o);
            if (type == int.class) {
                field.setInt(o, field.getInt(o) + 1);
            } else if (type == boolean.class) {
                field.setBoolean(o, !field.getBoolean(o));
            } else if (type == double.class) {
                field.setDouble(o, field.getDouble(o) + 1);
            } else if (type == long.class) {
                field.setLong(o, field.getLong(o) + 1);
            } else if (type == char.class) {
                field.setChar(o, (char) (field.getChar(o) + 1));
            } else if (type == String.class) {
                field.set(o, value + "!");
            } else if (!type.isPrimitive() && random.nextInt(4) == 0) {
                field.set(o, null);
            }
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }
}
