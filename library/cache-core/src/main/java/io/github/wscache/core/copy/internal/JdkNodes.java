package io.github.wscache.core.copy.internal;

import io.github.wscache.core.copy.CopyStrategy;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.AbstractMap;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Calendar;
import java.util.Collection;
import java.util.Collections;
import java.util.Date;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Copy nodes for JDK classes, which are not open to reflection: collections and maps are rebuilt
 * through their public API, mutable values are copied with their public deep {@code clone()}.
 */
final class JdkNodes {

    /** A node for a JDK class, with the strategy it implements and what it does. */
    record Handler(Node node, CopyStrategy strategy, String description) {
    }

    private static final String COLLECTION =
            "a JDK collection; rebuilt through its public API with each element copied";
    private static final String SORTED = "a sorted JDK collection; rebuilt through its public API"
            + " with each element copied, keeping its comparator (shared, as behaviour)";
    private static final String MAP =
            "a JDK map; rebuilt through its public API with each key and value copied";
    private static final String SORTED_MAP = "a sorted JDK map; rebuilt through its public API"
            + " with each key and value copied, keeping its comparator (shared, as behaviour)";
    private static final String IMMUTABLE = "an immutable JDK collection; shared when all its"
            + " elements are immutable, otherwise rebuilt as an immutable copy";
    private static final String VIEW = "an unmodifiable JDK view; rebuilt as an unmodifiable"
            + " view over a copy of its contents";
    private static final String CLONE = "a mutable JDK value whose public clone() is deep;"
            + " copied with clone()";
    private static final String VALUE = "a mutable JDK value; rebuilt through its public API";

    private static final Map<Class<?>, Handler> HANDLERS = handlers();

    private JdkNodes() {
    }

    /** Returns the handler for the JDK class {@code type}, or {@code null}. */
    static Handler forClass(Class<?> type) {
        Handler handler = HANDLERS.get(type);
        if (handler != null || !TypeRules.isJdk(type)) {
            return handler;
        }
        if (EnumSet.class.isAssignableFrom(type)) {
            return new Handler(new ValueNode(o -> ((EnumSet<?>) o).clone()), CopyStrategy.CLONE,
                    "an EnumSet, whose elements are immutable; copied with clone()");
        }
        if (Calendar.class.isAssignableFrom(type)) {
            return new Handler(cloneNode(Calendar.class), CopyStrategy.CLONE, CLONE);
        }
        if (Date.class.isAssignableFrom(type)) {
            return new Handler(cloneNode(Date.class), CopyStrategy.CLONE, CLONE);
        }
        return null;
    }

    @SuppressWarnings("unchecked") // collections of unknown element types are filled with Objects
    private static Map<Class<?>, Handler> handlers() {
        Map<Class<?>, Handler> map = new HashMap<>();
        collection(map, ArrayList.class, o -> new ArrayList<>(o.size()), ArrayList::new,
                COLLECTION);
        collection(map, LinkedList.class, o -> new LinkedList<>(), LinkedList::new, COLLECTION);
        collection(map, Vector.class, o -> new Vector<>(Math.max(1, o.size())), COLLECTION);
        collection(map, ArrayDeque.class, o -> new ArrayDeque<>(o.size()), ArrayDeque::new,
                COLLECTION);
        collection(map, HashSet.class, o -> new HashSet<>(capacity(o.size())), HashSet::new,
                COLLECTION);
        collection(map, LinkedHashSet.class, o -> new LinkedHashSet<>(capacity(o.size())),
                LinkedHashSet::new, COLLECTION);
        collection(map, CopyOnWriteArrayList.class, o -> new CopyOnWriteArrayList<>(),
                COLLECTION);
        collection(map, CopyOnWriteArraySet.class, o -> new CopyOnWriteArraySet<>(), COLLECTION);
        collection(map, ConcurrentLinkedQueue.class, o -> new ConcurrentLinkedQueue<>(),
                COLLECTION);
        collection(map, ConcurrentLinkedDeque.class, o -> new ConcurrentLinkedDeque<>(),
                COLLECTION);
        collection(map, TreeSet.class,
                o -> new TreeSet<>(((SortedSet<Object>) o).comparator()), SORTED);
        collection(map, ConcurrentSkipListSet.class,
                o -> new ConcurrentSkipListSet<>(((SortedSet<Object>) o).comparator()), SORTED);
        collection(map, PriorityQueue.class, o -> new PriorityQueue<>(Math.max(1, o.size()),
                ((PriorityQueue<Object>) o).comparator()), SORTED);
        mapNode(map, HashMap.class, o -> new HashMap<>(capacity(o.size())), MAP);
        mapNode(map, LinkedHashMap.class, o -> new LinkedHashMap<>(capacity(o.size())),
                "a JDK map; rebuilt through its public API with each key and value copied,"
                        + " in insertion order (access order is not kept)");
        mapNode(map, Hashtable.class, o -> new Hashtable<>(capacity(o.size())), MAP);
        mapNode(map, ConcurrentHashMap.class, o -> new ConcurrentHashMap<>(capacity(o.size())),
                MAP);
        mapNode(map, IdentityHashMap.class, o -> new IdentityHashMap<>(o.size()), MAP);
        mapNode(map, TreeMap.class,
                o -> new TreeMap<>(((SortedMap<Object, Object>) o).comparator()), SORTED_MAP);
        mapNode(map, ConcurrentSkipListMap.class, o -> new ConcurrentSkipListMap<>(
                ((SortedMap<Object, Object>) o).comparator()), SORTED_MAP);
        map.put(EnumMap.class, new Handler(new EnumMapNode(), CopyStrategy.REFLECTION,
                "an EnumMap; rebuilt through its public API with each value copied"));

        for (Object sample : List.of(List.of(), List.of(1), List.of(1, 2, 3),
                List.of(1, 2, 3).subList(0, 2), Set.of(), Set.of(1), Set.of(1, 2, 3),
                Map.of(), Map.of(1, 1), Map.of(1, 1, 2, 2))) {
            map.put(sample.getClass(), new Handler(new ImmutableNode(sample instanceof List
                    ? 0 : sample instanceof Set ? 1 : 2), CopyStrategy.REFLECTION, IMMUTABLE));
        }
        Map<Object, Object> sortedMap = new TreeMap<>();
        NavigableSet<Object> sortedSet = new TreeSet<>();
        view(map, Collections.unmodifiableCollection(new ArrayList<>()),
                o -> new ArrayList<>(), Collections::unmodifiableCollection);
        view(map, Collections.unmodifiableList(new ArrayList<>()), o -> new ArrayList<>(),
                c -> Collections.unmodifiableList((List<Object>) c));
        view(map, Collections.unmodifiableList(new LinkedList<>()), o -> new ArrayList<>(),
                c -> Collections.unmodifiableList((List<Object>) c));
        view(map, Collections.unmodifiableSet(new HashSet<>()), o -> new LinkedHashSet<>(),
                c -> Collections.unmodifiableSet((Set<Object>) c));
        view(map, Collections.unmodifiableSortedSet(sortedSet),
                o -> new TreeSet<>(((SortedSet<Object>) o).comparator()),
                c -> Collections.unmodifiableSortedSet((SortedSet<Object>) c));
        view(map, Collections.unmodifiableNavigableSet(sortedSet),
                o -> new TreeSet<>(((SortedSet<Object>) o).comparator()),
                c -> Collections.unmodifiableNavigableSet((NavigableSet<Object>) c));
        viewMap(map, Collections.unmodifiableMap(new HashMap<>()), o -> new LinkedHashMap<>(),
                Collections::unmodifiableMap);
        viewMap(map, Collections.unmodifiableSortedMap((SortedMap<Object, Object>) sortedMap),
                o -> new TreeMap<>(((SortedMap<Object, Object>) o).comparator()),
                m -> Collections.unmodifiableSortedMap((SortedMap<Object, Object>) m));
        viewMap(map, Collections.unmodifiableNavigableMap(
                (NavigableMap<Object, Object>) sortedMap),
                o -> new TreeMap<>(((SortedMap<Object, Object>) o).comparator()),
                m -> Collections.unmodifiableNavigableMap((NavigableMap<Object, Object>) m));
        map.put(Arrays.asList().getClass(), new Handler(new ArraysAsListNode(),
                CopyStrategy.REFLECTION, "a fixed-size list view of an array (Arrays.asList);"
                        + " rebuilt over a copy of the array"));
        String singleton = "an immutable singleton JDK collection; shared when its element is"
                + " immutable, otherwise rebuilt around a copy";
        map.put(Collections.singletonList(1).getClass(), new Handler(new SingletonNode(0),
                CopyStrategy.REFLECTION, singleton));
        map.put(Collections.singleton(1).getClass(), new Handler(new SingletonNode(1),
                CopyStrategy.REFLECTION, singleton));
        map.put(Collections.singletonMap(1, 1).getClass(), new Handler(new SingletonNode(2),
                CopyStrategy.REFLECTION, singleton));

        map.put(Optional.class, new Handler(new OptionalNode(), CopyStrategy.REFLECTION,
                "an Optional; shared when empty or holding an immutable value, otherwise rebuilt"
                        + " around a copy"));
        map.put(Date.class, new Handler(cloneNode(Date.class), CopyStrategy.CLONE, CLONE));
        map.put(java.sql.Date.class, new Handler(cloneNode(Date.class), CopyStrategy.CLONE,
                CLONE));
        map.put(java.sql.Time.class, new Handler(cloneNode(Date.class), CopyStrategy.CLONE,
                CLONE));
        map.put(java.sql.Timestamp.class, new Handler(cloneNode(Date.class), CopyStrategy.CLONE,
                CLONE));
        map.put(BitSet.class, new Handler(cloneNode(BitSet.class), CopyStrategy.CLONE, CLONE));
        map.put(StringBuilder.class, new Handler(new ValueNode(
                o -> new StringBuilder((StringBuilder) o)), CopyStrategy.REFLECTION, VALUE));
        map.put(StringBuffer.class, new Handler(new ValueNode(
                o -> new StringBuffer((StringBuffer) o)), CopyStrategy.REFLECTION, VALUE));
        map.put(AtomicInteger.class, new Handler(new ValueNode(
                o -> new AtomicInteger(((AtomicInteger) o).get())), CopyStrategy.REFLECTION,
                VALUE));
        map.put(AtomicLong.class, new Handler(new ValueNode(
                o -> new AtomicLong(((AtomicLong) o).get())), CopyStrategy.REFLECTION, VALUE));
        map.put(AtomicBoolean.class, new Handler(new ValueNode(
                o -> new AtomicBoolean(((AtomicBoolean) o).get())), CopyStrategy.REFLECTION,
                VALUE));
        map.put(AtomicReference.class, new Handler(new AtomicReferenceNode(),
                CopyStrategy.REFLECTION, VALUE + " with its value copied"));
        map.put(Object.class, new Handler(new ValueNode(o -> new Object()),
                CopyStrategy.REFLECTION, "a plain object without state; copied as a new one"));
        return Collections.unmodifiableMap(map);
    }

    /** The initial capacity a hash map or set of {@code size} entries needs (as theirs). */
    private static int capacity(int size) {
        return (int) Math.ceil(size / 0.75);
    }

    private static void collection(Map<Class<?>, Handler> map, Class<?> type,
            Function<Collection<?>, Collection<Object>> factory, String description) {
        collection(map, type, factory, null, description);
    }

    /** @param bulk the class's copy constructor, used when every element is immutable */
    private static void collection(Map<Class<?>, Handler> map, Class<?> type,
            Function<Collection<?>, Collection<Object>> factory,
            Function<Collection<?>, Collection<Object>> bulk, String description) {
        map.put(type, new Handler(new CollectionNode(factory, Function.identity(), bulk),
                CopyStrategy.REFLECTION, description));
    }

    private static void view(Map<Class<?>, Handler> map, Object sample,
            Function<Collection<?>, Collection<Object>> factory,
            Function<Collection<Object>, Collection<Object>> wrapper) {
        map.put(sample.getClass(), new Handler(new CollectionNode(factory, wrapper, null),
                CopyStrategy.REFLECTION, VIEW));
    }

    private static void mapNode(Map<Class<?>, Handler> map, Class<?> type,
            Function<Map<?, ?>, Map<Object, Object>> factory, String description) {
        map.put(type, new Handler(new MapNode(factory, Function.identity()),
                CopyStrategy.REFLECTION, description));
    }

    private static void viewMap(Map<Class<?>, Handler> map, Object sample,
            Function<Map<?, ?>, Map<Object, Object>> factory,
            Function<Map<Object, Object>, Map<Object, Object>> wrapper) {
        map.put(sample.getClass(), new Handler(new MapNode(factory, wrapper),
                CopyStrategy.REFLECTION, VIEW));
    }

    private static Node cloneNode(Class<?> type) {
        try {
            MethodHandle clone = MethodHandles.publicLookup()
                    .findVirtual(type, "clone", MethodType.methodType(Object.class))
                    .asType(MethodType.methodType(Object.class, Object.class));
            return new Node.Clone(clone);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("no public clone() in " + type.getName(), e);
        }
    }

    /** Copies an element, adding the step to the path on failure. */
    private static Object element(Context ctx, Object element, String step) {
        try {
            return ctx.copy(element);
        } catch (CopyFailure f) {
            throw f.at(step);
        }
    }

    /*
     * An element at an index, a map key, a map value, copied by the node of its class (looked
     * up by the caller, or here): the step is written only when the copy fails (formatting it
     * for every element would cost more than the copy).
     */
    private static Object elementAt(Context ctx, Object element, int index) {
        return elementAt(ctx, ctx.node(element.getClass()), element, index);
    }

    private static Object elementAt(Context ctx, Node node, Object element, int index) {
        try {
            return node.copy(element, ctx);
        } catch (CopyFailure f) {
            throw f.at("[" + index + "]");
        }
    }

    private static Object keyOf(Context ctx, Node node, Object key) {
        try {
            return node.copy(key, ctx);
        } catch (CopyFailure f) {
            throw f.at(".<key " + key + ">");
        }
    }

    private static Object valueAt(Context ctx, Node node, Object value, Object key) {
        try {
            return node.copy(value, ctx);
        } catch (CopyFailure f) {
            throw f.at("[" + key + "]");
        }
    }

    private static Object keyOf(Context ctx, Object key) {
        return keyOf(ctx, ctx.node(key.getClass()), key);
    }

    private static Object valueAt(Context ctx, Object value, Object key) {
        return valueAt(ctx, ctx.node(value.getClass()), value, key);
    }

    /**
     * Rebuilds a collection: empty copy first (so cycles resolve), then each element. When every
     * element is immutable and the class has a copy constructor ({@code bulk}), the copy is that
     * constructor over the original: for a list one array copy instead of an add per element.
     * The node of each element class is looked up once per run of equal classes, and an
     * immutable element is taken as it is, without a call through its node.
     */
    static final class CollectionNode extends Node {
        private final Function<Collection<?>, Collection<Object>> factory;
        private final Function<Collection<Object>, Collection<Object>> wrapper;
        private final Function<Collection<?>, Collection<Object>> bulk;

        CollectionNode(Function<Collection<?>, Collection<Object>> factory,
                Function<Collection<Object>, Collection<Object>> wrapper,
                Function<Collection<?>, Collection<Object>> bulk) {
            this.factory = factory;
            this.wrapper = wrapper;
            this.bulk = bulk;
        }

        @Override
        Object copy(Object original, Context ctx) {
            Object seen = ctx.get(original);
            if (seen != null) {
                return seen;
            }
            Collection<?> source = (Collection<?>) original;
            if (bulk != null && allShared(source, ctx)) {
                Collection<Object> result = wrapper.apply(bulk.apply(source));
                ctx.put(original, result);
                return result;
            }
            Collection<Object> target = factory.apply(source);
            Collection<Object> result = wrapper.apply(target);
            ctx.put(original, result);
            int i = 0;
            Class<?> lastType = null;
            Node lastNode = null;
            boolean lastShares = false;
            for (Object element : source) {
                Object copy = element;
                if (element != null) {
                    Class<?> type = element.getClass();
                    if (type != lastType) {
                        lastType = type;
                        lastNode = ctx.node(type);
                        lastShares = lastNode.shares();
                    }
                    if (!lastShares) {
                        copy = elementAt(ctx, lastNode, element, i);
                    }
                }
                target.add(copy);
                i++;
            }
            return result;
        }

        /** Returns whether every element is {@code null} or shared as it is. */
        private static boolean allShared(Collection<?> source, Context ctx) {
            Class<?> lastType = null;
            for (Object element : source) {
                if (element != null && element.getClass() != lastType) {
                    lastType = element.getClass();
                    if (!ctx.node(lastType).shares()) {
                        return false;
                    }
                }
            }
            return true;
        }
    }

    /**
     * Rebuilds a map: empty copy first, then each key and value; immutable keys and values are
     * taken as they are, the node of a class looked up once per run of equal classes (a copy
     * constructor over an all-immutable map measured no faster: it puts entry by entry too).
     */
    static final class MapNode extends Node {
        private final Function<Map<?, ?>, Map<Object, Object>> factory;
        private final Function<Map<Object, Object>, Map<Object, Object>> wrapper;

        MapNode(Function<Map<?, ?>, Map<Object, Object>> factory,
                Function<Map<Object, Object>, Map<Object, Object>> wrapper) {
            this.factory = factory;
            this.wrapper = wrapper;
        }

        @Override
        Object copy(Object original, Context ctx) {
            Object seen = ctx.get(original);
            if (seen != null) {
                return seen;
            }
            Map<?, ?> source = (Map<?, ?>) original;
            Map<Object, Object> target = factory.apply(source);
            Map<Object, Object> result = wrapper.apply(target);
            ctx.put(original, result);
            Class<?> keyType = null;
            Node keyNode = null;
            boolean keyShares = false;
            Class<?> valueType = null;
            Node valueNode = null;
            boolean valueShares = false;
            for (Map.Entry<?, ?> entry : source.entrySet()) {
                Object key = entry.getKey();
                Object value = entry.getValue();
                Object keyCopy = key;
                if (key != null) {
                    if (key.getClass() != keyType) {
                        keyType = key.getClass();
                        keyNode = ctx.node(keyType);
                        keyShares = keyNode.shares();
                    }
                    if (!keyShares) {
                        keyCopy = keyOf(ctx, keyNode, key);
                    }
                }
                Object valueCopy = value;
                if (value != null) {
                    if (value.getClass() != valueType) {
                        valueType = value.getClass();
                        valueNode = ctx.node(valueType);
                        valueShares = valueNode.shares();
                    }
                    if (!valueShares) {
                        valueCopy = valueAt(ctx, valueNode, value, key);
                    }
                }
                target.put(keyCopy, valueCopy);
            }
            return result;
        }
    }

    /** EnumMap: keys are enum constants; the values are copied. */
    static final class EnumMapNode extends Node {
        @Override
        @SuppressWarnings({"unchecked", "rawtypes"}) // the key type is the original's
        Object copy(Object original, Context ctx) {
            Object seen = ctx.get(original);
            if (seen != null) {
                return seen;
            }
            EnumMap<?, Object> copy = new EnumMap((EnumMap) original);
            ctx.put(original, copy);
            for (Map.Entry<?, Object> entry : copy.entrySet()) {
                Object value = entry.getValue();
                if (value != null) {
                    entry.setValue(valueAt(ctx, value, entry.getKey()));
                }
            }
            return copy;
        }
    }

    /** List.of, Set.of, Map.of: shared when all contents are immutable, else rebuilt. */
    static final class ImmutableNode extends Node {
        private final int kind;

        ImmutableNode(int kind) {
            this.kind = kind;
        }

        @Override
        Object copy(Object original, Context ctx) {
            Object seen = ctx.get(original);
            if (seen == Context.IN_PROGRESS) {
                throw new CopyFailure(original.getClass(), "a cycle runs through this immutable"
                        + " collection, which can only be built once its elements are copied",
                        null);
            }
            if (seen != null) {
                return seen;
            }
            if (allShared(original, ctx)) {
                return original;
            }
            ctx.put(original, Context.IN_PROGRESS);
            Object copy;
            if (kind == 2) {
                Map<?, ?> source = (Map<?, ?>) original;
                @SuppressWarnings({"unchecked", "rawtypes"}) // generic array creation
                Map.Entry<Object, Object>[] entries = new Map.Entry[source.size()];
                int i = 0;
                for (Map.Entry<?, ?> entry : source.entrySet()) {
                    Object key = entry.getKey();
                    entries[i++] = new AbstractMap.SimpleImmutableEntry<>(
                            keyOf(ctx, key),
                            valueAt(ctx, entry.getValue(), key));
                }
                copy = Map.ofEntries(entries);
            } else {
                Object[] elements = ((Collection<?>) original).toArray();
                boolean nulls = false;
                for (int i = 0; i < elements.length; i++) {
                    if (elements[i] == null) {
                        nulls = true;
                    } else {
                        elements[i] = elementAt(ctx, elements[i], i);
                    }
                }
                if (kind == 1) {
                    copy = Set.of(elements);
                } else {
                    copy = nulls ? Arrays.stream(elements).toList() : List.of(elements);
                }
            }
            ctx.replace(original, copy);
            return copy;
        }

        private boolean allShared(Object original, Context ctx) {
            Collection<?> values = kind == 2 ? ((Map<?, ?>) original).entrySet()
                    : (Collection<?>) original;
            for (Object value : values) {
                if (value instanceof Map.Entry) {
                    Map.Entry<?, ?> entry = (Map.Entry<?, ?>) value;
                    if (!shared(entry.getKey(), ctx) || !shared(entry.getValue(), ctx)) {
                        return false;
                    }
                } else if (!shared(value, ctx)) {
                    return false;
                }
            }
            return true;
        }

        private static boolean shared(Object value, Context ctx) {
            return value == null || ctx.node(value.getClass()).shares();
        }
    }

    /** Collections.singletonList, singleton, singletonMap. */
    static final class SingletonNode extends Node {
        private final int kind;

        SingletonNode(int kind) {
            this.kind = kind;
        }

        @Override
        Object copy(Object original, Context ctx) {
            Object seen = ctx.get(original);
            if (seen == Context.IN_PROGRESS) {
                throw new CopyFailure(original.getClass(), "a cycle runs through this immutable"
                        + " collection, which can only be built once its element is copied",
                        null);
            }
            if (seen != null) {
                return seen;
            }
            ctx.put(original, Context.IN_PROGRESS);
            Object copy;
            if (kind == 2) {
                Map.Entry<?, ?> entry = ((Map<?, ?>) original).entrySet().iterator().next();
                Object key = entry.getKey();
                copy = Collections.singletonMap(
                        key == null ? null : keyOf(ctx, key),
                        entry.getValue() == null ? null
                                : valueAt(ctx, entry.getValue(), key));
            } else {
                Object value = ((Collection<?>) original).iterator().next();
                Object element = value == null ? null : element(ctx, value, "[0]");
                copy = kind == 0 ? Collections.singletonList(element)
                        : Collections.singleton(element);
            }
            ctx.replace(original, copy);
            return copy;
        }
    }

    /** Arrays.asList: a list view over a fresh array filled with copies. */
    static final class ArraysAsListNode extends Node {
        @Override
        Object copy(Object original, Context ctx) {
            Object seen = ctx.get(original);
            if (seen != null) {
                return seen;
            }
            List<?> source = (List<?>) original;
            Object[] elements = new Object[source.size()];
            List<Object> copy = Arrays.asList(elements);
            ctx.put(original, copy);
            for (int i = 0; i < elements.length; i++) {
                Object value = source.get(i);
                elements[i] = value == null ? null : elementAt(ctx, value, i);
            }
            return copy;
        }
    }

    /** Optional: shared when empty or holding an immutable, else rebuilt around a copy. */
    static final class OptionalNode extends Node {
        @Override
        Object copy(Object original, Context ctx) {
            Optional<?> optional = (Optional<?>) original;
            if (optional.isEmpty()) {
                return original;
            }
            Object seen = ctx.get(original);
            if (seen == Context.IN_PROGRESS) {
                throw new CopyFailure(original.getClass(), "a cycle runs through this Optional,"
                        + " which can only be built once its value is copied", null);
            }
            if (seen != null) {
                return seen;
            }
            Object value = optional.get();
            if (ctx.node(value.getClass()).shares()) {
                return original;
            }
            ctx.put(original, Context.IN_PROGRESS);
            Object copy = Optional.of(element(ctx, value, ".value"));
            ctx.replace(original, copy);
            return copy;
        }
    }

    /** AtomicReference: a new reference to a copy of the value. */
    static final class AtomicReferenceNode extends Node {
        @Override
        @SuppressWarnings("unchecked") // holds whatever the original holds
        Object copy(Object original, Context ctx) {
            Object seen = ctx.get(original);
            if (seen != null) {
                return seen;
            }
            AtomicReference<Object> copy = new AtomicReference<>();
            ctx.put(original, copy);
            Object value = ((AtomicReference<Object>) original).get();
            copy.set(value == null ? null : element(ctx, value, ".value"));
            return copy;
        }
    }

    /** A value without references to copy, rebuilt by a function. */
    static final class ValueNode extends Node {
        private final Function<Object, Object> copier;

        ValueNode(Function<Object, Object> copier) {
            this.copier = copier;
        }

        @Override
        Object copy(Object original, Context ctx) {
            Object seen = ctx.get(original);
            if (seen != null) {
                return seen;
            }
            Object copy = copier.apply(original);
            ctx.put(original, copy);
            return copy;
        }
    }
}
