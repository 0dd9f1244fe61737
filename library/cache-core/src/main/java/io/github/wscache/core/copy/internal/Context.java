package io.github.wscache.core.copy.internal;

import java.lang.invoke.MethodHandle;
import java.util.function.BiFunction;

/**
 * The state of one deep copy: an identity map from originals to copies, so that shared references
 * and cycles keep their shape. Open addressing over two parallel arrays; allocated lazily.
 *
 * <p>A context for a <em>tree</em> keeps no map at all: it is used to copy a graph known to hold
 * no mutable object twice and no cycle (a value the cache captured, which nobody mutates, and
 * whose capture {@linkplain #sawShared() saw no shared object}), where every lookup would miss.
 */
final class Context implements BiFunction<Object, Object, Object> {

    /** Marks an original whose copy is being built and cannot be referenced yet. */
    static final Object IN_PROGRESS = new Object();

    /** Graphs up to this many mutable objects use a linear scan: measured cheaper than hashing. */
    private static final int LINEAR = 32;

    /** Keys at even indexes, their copies at the following odd ones. */
    private Object[] table;
    /** Entries in use: a prefix of the table while linear, a count once hashed. */
    private int size;
    private boolean hashed;
    /** The plans of the registry the copy runs under; {@code null} for graph walks. */
    private final Plans plans;
    /** Whether the graph copied is a tree: no lookups, no records. */
    private final boolean tree;
    /** Whether a lookup found an object already met: the graph is not a tree. */
    private boolean shared;
    /** The node of the last class met: arrays and collections often hold one class only. */
    private Class<?> lastClass;
    private Node lastNode;
    /** The registrations' version when this copy started; stamps {@link Site} entries. */
    private final int version;

    /** A context for a copy under {@code plans}. */
    Context(Plans plans) {
        this(plans, false);
    }

    /** A context for a copy under {@code plans} of a graph that is a tree when {@code tree}. */
    Context(Plans plans, boolean tree) {
        this.plans = plans;
        this.tree = tree;
        this.version = plans == null ? 0 : plans.version();
    }

    /** Returns whether some object was met twice (a shared reference or a cycle). */
    boolean sawShared() {
        return shared;
    }

    /** A context that only {@linkplain #mark marks} objects, for graph walks. */
    Context() {
        this(null);
    }

    /** Copies {@code value} according to its runtime class. */
    Object copy(Object value) {
        if (value == null) {
            return null;
        }
        return node(value.getClass()).copy(value, this);
    }

    /**
     * Copies a field's {@code value} (maybe {@code null}) through {@code site}, a
     * {@link Site} that names the field: the entry point of {@link GeneratedCopy}'s code, which
     * sees this class only as a {@code BiFunction}.
     */
    @Override
    public Object apply(Object value, Object site) {
        if (value == null) {
            return null;
        }
        Site s = (Site) site;
        try {
            return copy(value, s);
        } catch (CopyFailure f) {
            throw f.at(s.step);
        }
    }

    /** Returns whether this context copies a tree, without identity lookups. */
    boolean isTree() {
        return tree;
    }

    /**
     * Copies {@code value}, not {@code null}, according to its runtime class, through a
     * {@code site} (a field, an array class) that remembers the node of the last class it met:
     * a field or an array almost always holds one class, and {@link #node}'s single entry is
     * overwritten as soon as a graph alternates between two classes (an element and its
     * category), which costs a {@code ClassValue} lookup per object.
     */
    Object copy(Object value, Site site) {
        Class<?> type = value.getClass();
        Site.Entry entry = site.entry;
        if (entry == null || entry.type != type || entry.version != version) {
            entry = new Site.Entry(type, plans.node(type), version);
            site.entry = entry;
        }
        if (tree && entry.generated != null) {
            return entry.generated.apply(value, this);
        }
        if (tree && entry.treeCopy != null) {
            try {
                return (Object) entry.treeCopy.invokeExact(value, this);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new CopyFailure(type, "copying a field failed: " + e, e);
            }
        }
        return entry.node.copy(value, this);
    }

    /**
     * The memory of one place that holds references: the node of the last runtime class met
     * there, valid for one version of the registrations. Entries are immutable and replaced
     * whole, so threads that race on a site see one consistent entry or another.
     */
    static final class Site {
        /** The path step named when a copy through this site fails, for generated code. */
        final String step;
        Entry entry;

        Site() {
            this(null);
        }

        Site(String step) {
            this.step = step;
        }

        static final class Entry {
            final Class<?> type;
            final Node node;
            /** The node's {@link Node#treeCopy()}: in a tree, called without a virtual call. */
            final MethodHandle treeCopy;
            /** The node's {@link Node#generated()} code for trees, or {@code null}. */
            final BiFunction<Object, Object, Object> generated;
            final int version;

            Entry(Class<?> type, Node node, int version) {
                this.type = type;
                this.node = node;
                this.treeCopy = node.treeCopy();
                this.generated = node.generated();
                this.version = version;
            }
        }
    }

    /** Returns the node copying objects of exactly {@code type} in this copy. */
    Node node(Class<?> type) {
        if (type == lastClass) {
            return lastNode;
        }
        Node node = plans.node(type);
        lastClass = type;
        lastNode = node;
        return node;
    }

    /** Returns the copy already made of {@code original}, or {@code null}. */
    Object get(Object original) {
        Object[] tab = table;
        if (tab == null) {
            return null;
        }
        if (!hashed) {
            for (int i = 0, end = size * 2; i < end; i += 2) {
                if (tab[i] == original) {
                    shared = true;
                    return tab[i + 1];
                }
            }
            return null;
        }
        int mask = tab.length - 2;
        int i = hash(original) & mask;
        while (true) {
            Object key = tab[i];
            if (key == original) {
                shared = true;
                return tab[i + 1];
            }
            if (key == null) {
                return null;
            }
            i = (i + 2) & mask;
        }
    }

    /** Records the copy of {@code original}, which {@link #get} just reported absent. */
    void put(Object original, Object copy) {
        if (tree) {
            return;
        }
        Object[] tab = table;
        if (tab == null) {
            tab = new Object[LINEAR * 2];
            table = tab;
        }
        if (!hashed) {
            int end = size * 2;
            if (end < tab.length) {
                tab[end] = original;
                tab[end + 1] = copy;
                size++;
                return;
            }
            rehash(LINEAR * 8);
            tab = table;
        }
        insert(tab, original, copy);
    }

    /** Replaces the copy recorded for {@code original} (after {@link #IN_PROGRESS}). */
    void replace(Object original, Object copy) {
        if (tree) {
            return;
        }
        Object[] tab = table;
        if (!hashed) {
            for (int i = 0, end = size * 2; i < end; i += 2) {
                if (tab[i] == original) {
                    tab[i + 1] = copy;
                    return;
                }
            }
        }
        insert(tab, original, copy);
    }

    private void insert(Object[] tab, Object original, Object copy) {
        int mask = tab.length - 2;
        int i = hash(original) & mask;
        while (true) {
            Object key = tab[i];
            if (key == original) {
                tab[i + 1] = copy;
                return;
            }
            if (key == null) {
                tab[i] = original;
                tab[i + 1] = copy;
                if (++size * 4 > tab.length) {
                    rehash(tab.length * 2);
                }
                return;
            }
            i = (i + 2) & mask;
        }
    }

    /** Returns whether {@code original} was seen, recording it if not (for graph walks). */
    boolean mark(Object original) {
        if (get(original) != null) {
            return false;
        }
        put(original, Boolean.TRUE);
        return true;
    }

    private void rehash(int length) {
        Object[] old = table;
        table = new Object[length];
        hashed = true;
        size = 0;
        for (int i = 0; i < old.length; i += 2) {
            if (old[i] != null) {
                insert(table, old[i], old[i + 1]);
            }
        }
    }

    /** Returns an even index from the identity hash code. */
    private static int hash(Object o) {
        int h = System.identityHashCode(o);
        return (h ^ (h >>> 16)) << 1;
    }
}
