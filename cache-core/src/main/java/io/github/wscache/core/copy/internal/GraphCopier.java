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
    @SuppressWarnings("unchecked") // every node returns an object of the original's class
    public T copy(T original) {
        if (original == null) {
            return null;
        }
        Class<?> runtime = original.getClass();
        Node node = runtime == type ? root
                : forced ? plans.nodeFor(strategy, runtime) : plans.node(runtime);
        try {
            return (T) node.copy(original, new Context(plans));
        } catch (CopyFailure f) {
            throw f.toException(runtime);
        }
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
