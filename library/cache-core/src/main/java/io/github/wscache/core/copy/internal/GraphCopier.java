package io.github.wscache.core.copy.internal;

import io.github.wscache.core.copy.CopyStrategy;
import io.github.wscache.core.copy.Copier;

/**
 * Copies an object graph with per-class nodes: the root with the node of the chosen strategy,
 * everything below it according to its runtime class. One identity map per call keeps shared
 * references and cycles.
 *
 * @param <T> the type copied
 */
final class GraphCopier<T> implements Copier<T> {

    private final Plans plans;
    private final Class<T> type;
    private final CopyStrategy strategy;
    private final Node root;
    private final boolean forced;

    /**
     * @param forced whether {@code strategy} was forced: then a root of a subclass is copied with
     *     that strategy too; otherwise it gets the automatic selection of its own class
     */
    GraphCopier(Plans plans, Class<T> type, CopyStrategy strategy, Node root, boolean forced) {
        this.plans = plans;
        this.type = type;
        this.strategy = strategy;
        this.root = root;
        this.forced = forced;
    }

    @Override
    public T copy(T original) {
        return original == null ? null : copy(original, new Context(plans));
    }

    @SuppressWarnings("unchecked") // every node returns an object of the original's class
    private T copy(T original, Context ctx) {
        if (original == null) {
            return null;
        }
        Class<?> runtime = original.getClass();
        Node node = runtime == type ? root
                : forced ? plans.nodeFor(strategy, runtime) : plans.node(runtime);
        try {
            return (T) node.copy(original, ctx);
        } catch (CopyFailure f) {
            throw f.toException(runtime);
        }
    }

    /** A captured value whose graph is a tree: no mutable object twice, no cycle. */
    private static final class Tree {
        final Object value;

        Tree(Object value) {
            this.value = value;
        }
    }

    /**
     * Keeps a copy, marked as a {@link Tree} when copying met no object twice: nobody mutates
     * what the cache keeps, so it stays a tree, and {@link #restore} then copies it without an
     * identity map.
     */
    @Override
    public Object capture(T original) {
        if (original == null) {
            return null;
        }
        Context ctx = new Context(plans);
        T copy = copy(original, ctx);
        return ctx.sawShared() ? copy : new Tree(copy);
    }

    @Override
    @SuppressWarnings("unchecked") // capture keeps a T, bare or in a Tree
    public T restore(Object captured) {
        if (captured instanceof Tree) {
            return copy((T) ((Tree) captured).value, new Context(plans, true));
        }
        return copy((T) captured);
    }

    @Override
    public CopyStrategy strategy() {
        return strategy;
    }

    @Override
    public String toString() {
        return strategy + " copier of " + type.getTypeName();
    }
}
