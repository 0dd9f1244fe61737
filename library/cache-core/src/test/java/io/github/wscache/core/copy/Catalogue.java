package io.github.wscache.core.copy;

import io.github.wscache.core.copy.fixtures.DirectoryCategory;
import io.github.wscache.core.copy.fixtures.Fixtures;
import io.github.wscache.core.copy.fixtures.GoogleSearchResult;
import java.util.ArrayList;
import java.util.Date;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The fixture catalogue: each type, a factory, the strategy forType must pick and the strategies
 * of() accepts.
 */
final class Catalogue {

    private static final Set<CopyStrategy> COPYING =
            EnumSet.of(CopyStrategy.REFLECTION, CopyStrategy.SERIALIZATION);
    private static final Set<CopyStrategy> ALL_BUT_CLONE =
            EnumSet.of(CopyStrategy.REFERENCE, CopyStrategy.REFLECTION,
                    CopyStrategy.SERIALIZATION);
    private static final Set<CopyStrategy> ALL_BUT_REFERENCE =
            EnumSet.of(CopyStrategy.CLONE, CopyStrategy.REFLECTION, CopyStrategy.SERIALIZATION);

    private Catalogue() {
    }

    /** One fixture type. */
    record Entry(String name, Class<?> type, Supplier<Object> factory, CopyStrategy auto,
            Set<CopyStrategy> accepted) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** Returns a new registry holding the registrations the catalogue relies on. */
    static CopierRegistry copiers() {
        return CopierRegistry.create().registerDeepClone(Fixtures.Polygon.class)
                .registerKryo(Fixtures.KryoOnly.class, ArrayList.class);
    }

    /** The fixtures, whose strategies are those {@link #copiers()} picks. */
    static List<Entry> entries() {
        return List.of(
                entry("GoogleSearchResult", GoogleSearchResult.class,
                        () -> GoogleSearchResult.sample("web services"),
                        CopyStrategy.REFLECTION, COPYING),
                entry("bean without no-arg constructor", Fixtures.NoDefaultConstructor.class,
                        Fixtures.NoDefaultConstructor::sample, CopyStrategy.REFLECTION, COPYING),
                entry("private final fields", Fixtures.Account.class, Fixtures.Account::sample,
                        CopyStrategy.REFLECTION, COPYING),
                entry("inheritance and mutual references", Fixtures.Dog.class,
                        Fixtures.Dog::sample, CopyStrategy.REFLECTION, COPYING),
                entry("every primitive kind", Fixtures.Primitives.class,
                        Fixtures.Primitives::sample, CopyStrategy.REFLECTION, COPYING),
                entry("multi-dimensional arrays", Fixtures.Matrix.class, Fixtures.Matrix::sample,
                        CopyStrategy.REFLECTION, COPYING),
                entry("every JDK collection", Fixtures.Collections1.class,
                        Fixtures.Collections1::sample, CopyStrategy.REFLECTION, COPYING),
                entry("more collections, views and self-references", Fixtures.Collections2.class,
                        Fixtures.Collections2::sample, CopyStrategy.REFLECTION, COPYING),
                entry("mutable JDK values", Fixtures.Values.class, Fixtures.Values::sample,
                        CopyStrategy.REFLECTION, COPYING),
                entry("optionals", Fixtures.Optionals.class, Fixtures.Optionals::sample,
                        CopyStrategy.REFLECTION, EnumSet.of(CopyStrategy.REFLECTION)),
                entry("immutable record", Fixtures.Money.class, Fixtures.Money::sample,
                        CopyStrategy.REFERENCE, ALL_BUT_CLONE),
                entry("record with mutable components", Fixtures.Basket.class,
                        Fixtures.Basket::sample, CopyStrategy.REFLECTION, COPYING),
                entry("immutable final class", Fixtures.Version.class, Fixtures.Version::sample,
                        CopyStrategy.REFERENCE, ALL_BUT_CLONE),
                entry("registered deep clone", Fixtures.Polygon.class, Fixtures.Polygon::sample,
                        CopyStrategy.CLONE, ALL_BUT_REFERENCE),
                entry("shallow clone over mutable fields", Fixtures.ShallowClone.class,
                        Fixtures.ShallowClone::sample, CopyStrategy.REFLECTION, COPYING),
                entry("cloneable over immutable fields", Fixtures.Coordinates.class,
                        Fixtures.Coordinates::sample, CopyStrategy.CLONE, ALL_BUT_REFERENCE),
                entry("graph with cycles and shared references", Fixtures.GraphNode.class,
                        Fixtures.GraphNode::sample, CopyStrategy.REFLECTION, COPYING),
                entry("not Serializable (kryo)", Fixtures.KryoOnly.class,
                        Fixtures.KryoOnly::sample, CopyStrategy.REFLECTION, COPYING),
                entry("int[][]", int[][].class, () -> new int[][] {{1, 2}, {3}},
                        CopyStrategy.REFLECTION, COPYING),
                entry("ArrayList of beans", ArrayList.class,
                        () -> new ArrayList<>(List.of(new DirectoryCategory("a", "b"))),
                        CopyStrategy.REFLECTION, COPYING),
                entry("java.util.Date", Date.class, () -> new Date(1_000L),
                        CopyStrategy.CLONE, ALL_BUT_REFERENCE),
                entry("String", String.class, () -> "text", CopyStrategy.REFERENCE,
                        ALL_BUT_CLONE));
    }

    @SuppressWarnings("unchecked") // each factory makes instances of its type
    private static <T> Entry entry(String name, Class<T> type, Supplier<? extends T> factory,
            CopyStrategy auto, Set<CopyStrategy> accepted) {
        return new Entry(name, type, (Supplier<Object>) factory, auto, accepted);
    }
}
