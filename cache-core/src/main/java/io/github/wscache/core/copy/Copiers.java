package io.github.wscache.core.copy;

import io.github.wscache.core.copy.internal.ReferenceCopier;
import io.github.wscache.core.policy.OperationPolicy;
import java.util.Objects;

/**
 * Chooses, once per class, the cheapest {@link Copier} that never shares a mutable object with
 * the original (paper 001, §6): {@link CopyStrategy#REFERENCE}, then {@link CopyStrategy#CLONE},
 * {@link CopyStrategy#REFLECTION} and {@link CopyStrategy#SERIALIZATION}.
 *
 * <pre>{@code
 * Copier<GoogleSearchResult> copier = Copiers.forType(GoogleSearchResult.class);
 * GoogleSearchResult mine = copier.copy(cached);
 * log.info(Copiers.explain(GoogleSearchResult.class));
 * // REFLECTION: com.x.GoogleSearchResult is a mutable bean (11 fields); copied field by field...
 * }</pre>
 *
 * <table>
 * <caption>Which strategy a type gets, and why</caption>
 * <tr><th>Type</th><th>Strategy</th><th>Why</th></tr>
 * <tr><td>primitives, boxes, {@code String}, enums, {@code Class}, exactly {@code BigInteger}
 *     and {@code BigDecimal}, {@code java.time} values, {@code UUID}, {@code URI}, {@code URL},
 *     {@code Locale}, empty JDK collections</td>
 *     <td>REFERENCE</td><td>immutable JDK values; shared, never copied</td></tr>
 * <tr><td>records and final classes whose fields are all final and immutable</td>
 *     <td>REFERENCE</td><td>immutable by construction</td></tr>
 * <tr><td>types declared with {@link #registerReadOnly(Class)} or {@link #readOnly(Class)}</td>
 *     <td>REFERENCE</td><td>the application promises nobody mutates them</td></tr>
 * <tr><td>types declared with {@link #registerDeepClone(Class)}</td>
 *     <td>CLONE</td><td>their public {@code clone()} is deep</td></tr>
 * <tr><td>{@code Cloneable} classes with a public {@code clone()} whose fields are all
 *     immutable</td><td>CLONE</td><td>a shallow clone shares only immutables</td></tr>
 * <tr><td>{@code Date}, {@code java.sql} dates, {@code Calendar}, {@code BitSet},
 *     {@code EnumSet}</td><td>CLONE</td><td>JDK values whose public clone() is deep</td></tr>
 * <tr><td>beans and plain objects, with any constructors, private and final fields</td>
 *     <td>REFLECTION</td><td>field by field with a precomputed plan of method handles;
 *     no constructor runs (Objenesis)</td></tr>
 * <tr><td>records with mutable components</td><td>REFLECTION</td>
 *     <td>rebuilt through the canonical constructor</td></tr>
 * <tr><td>arrays</td><td>REFLECTION</td><td>primitive arrays and arrays of immutables by
 *     {@code clone()}, others element by element</td></tr>
 * <tr><td>JDK collections and maps, {@code List.of} and friends, unmodifiable views,
 *     {@code Arrays.asList}, {@code Optional}, atomics, string builders</td><td>REFLECTION</td>
 *     <td>rebuilt through their public API (comparators and insertion order kept)</td></tr>
 * <tr><td>interfaces, abstract classes, {@code Object}</td><td>REFLECTION</td>
 *     <td>each value is copied according to its runtime class</td></tr>
 * <tr><td>Serializable JDK classes without a handler (and application subclasses of them),
 *     not open to reflection</td><td>SERIALIZATION</td><td>Java serialization</td></tr>
 * <tr><td>threads, streams, sockets, class loaders, locks, executors, lambdas, proxies, and
 *     types holding one in a field</td><td>none</td><td>{@link UncopyableTypeException}; the
 *     cache keeps the events representation</td></tr>
 * </table>
 *
 * <p>The same table, generated from {@link #explain(Class)} over the test fixtures, is written to
 * {@code target/copy-strategies.md} by the tests.
 *
 * <p>The static methods here read and write the {@linkplain CopierRegistry#defaultRegistry()
 * default registry}, which no cache copies under: every cache has a {@link CopierRegistry} of its
 * own (the one it was built with, else a new one), and registrations for a cache go to that
 * registry ({@code cache.copiers()}). Registrations should happen before the first copy of the
 * types involved; each one invalidates the plans of that registry.
 *
 * <p>Known limits: access order of an access-ordered {@code LinkedHashMap} is not kept;
 * comparators of sorted collections are shared (they are behaviour, not data); an unmodifiable
 * view is rebuilt over a fresh backing collection, so aliasing between a view and its backing
 * collection is not kept; a cycle that runs through a record or an immutable collection cannot be
 * rebuilt and raises {@link CopyException}; as with any deep copy, a hash-based set or map whose
 * elements reach back to the set itself is filled while those elements are still being copied;
 * a {@code PriorityQueue} keeps its elements and comparator, not necessarily its internal order;
 * the serialization strategy accepts a type when its class is Serializable, and reports a
 * non-serializable object met at copy time (such as {@code List.of(...).subList(...)}) with
 * {@link CopyException}.
 */
public final class Copiers {

    private static final CopierRegistry DEFAULT = CopierRegistry.defaultRegistry();

    private Copiers() {
    }

    /**
     * Returns the automatically selected copier for {@code type}, memoized per class.
     *
     * <pre>{@code
     * Copier<Quote> copier = Copiers.forType(Quote.class);
     * }</pre>
     *
     * @param type the declared type of the values to copy
     * @param <T> the type
     * @return the cheapest safe copier
     * @throws UncopyableTypeException if nothing can copy the type safely; the message is the
     *     explanation
     */
    public static <T> Copier<T> forType(Class<T> type) {
        return DEFAULT.forType(type);
    }

    /**
     * Chooses the copier that keeps results of type {@code type} under an operation's policy:
     * shared as they are when the policy says {@code readOnly} (or {@code value: reference} and
     * the type is immutable); the strategy the policy forces when it can copy the type safely,
     * else the automatic choice with a {@linkplain CopierChoice#warning() warning}; the automatic
     * choice otherwise; none, with the reason, when nothing can copy the type safely (such
     * results are kept at the message level or not at all).
     *
     * <pre>{@code
     * CopierChoice<Quote> c = Copiers.choose(operationPolicy, Quote.class);
     * }</pre>
     *
     * @param policy the operation's policy
     * @param type the runtime (or declared) result type
     * @param <T> the type
     * @return the choice, never {@code null}
     */
    public static <T> CopierChoice<T> choose(OperationPolicy policy, Class<T> type) {
        return DEFAULT.choose(policy, type);
    }

    /**
     * Returns a copier with a forced strategy.
     *
     * <pre>{@code
     * Copier<Quote> copier = Copiers.of(CopyStrategy.SERIALIZATION, Quote.class);
     * }</pre>
     *
     * @param strategy the strategy to use
     * @param type the type of the values to copy
     * @param <T> the type
     * @return a copier implementing {@code strategy}
     * @throws IllegalArgumentException naming the reason if {@code strategy} cannot copy
     *     {@code type} safely
     */
    public static <T> Copier<T> of(CopyStrategy strategy, Class<T> type) {
        return DEFAULT.of(strategy, type);
    }

    /**
     * Returns whether {@link #forType(Class)} can give a copier for {@code type}.
     *
     * <pre>{@code
     * if (!Copiers.isCopyable(type)) { keepEvents(); }
     * }</pre>
     *
     * @param type the type
     * @return {@code false} when forType would throw {@link UncopyableTypeException}
     */
    public static boolean isCopyable(Class<?> type) {
        return DEFAULT.isCopyable(type);
    }

    /**
     * Returns whether {@code type} is genuinely immutable, so that forType picks
     * {@link CopyStrategy#REFERENCE} for it; read-only registrations do not count.
     *
     * <pre>{@code
     * Copiers.isImmutable(String.class); // true
     * }</pre>
     *
     * @param type the type
     * @return whether values of the type can be shared because nobody can mutate them
     */
    public static boolean isImmutable(Class<?> type) {
        return DEFAULT.isImmutable(type);
    }

    /**
     * Explains which strategy {@link #forType(Class)} picks for {@code type} and why, for logs
     * and documentation.
     *
     * <pre>{@code
     * Copiers.explain(Thread.class);
     * // "NONE: java.lang.Thread is a thread, ...; it cannot be copied safely; the cache keeps
     * // the events representation for it"
     * }</pre>
     *
     * @param type the type
     * @return "STRATEGY: type is ...; how", or "NONE: ..." when it cannot be copied
     */
    public static String explain(Class<?> type) {
        return DEFAULT.explain(type);
    }

    /**
     * Returns a {@link CopyStrategy#REFERENCE} copier for a type the caching policy declares
     * read-only ({@code readOnly: true}), without a global registration.
     *
     * <pre>{@code
     * Copier<Catalog> copier = Copiers.readOnly(Catalog.class);
     * }</pre>
     *
     * @param type the read-only type
     * @param <T> the type
     * @return a copier that returns its argument
     */
    public static <T> Copier<T> readOnly(Class<T> type) {
        Objects.requireNonNull(type, "type");
        return ReferenceCopier.instance();
    }

    /**
     * Declares {@code type} read-only: its values are shared, never copied. Register before the
     * first copy of any type that holds it.
     *
     * <pre>{@code
     * Copiers.registerReadOnly(CountryTable.class);
     * }</pre>
     *
     * @param type a type nobody mutates
     */
    public static void registerReadOnly(Class<?> type) {
        DEFAULT.registerReadOnly(type);
    }

    /**
     * Declares that the public {@code clone()} of {@code type} is a deep copy, so that
     * {@link CopyStrategy#CLONE} may use it.
     *
     * <pre>{@code
     * Copiers.registerDeepClone(Matrix.class);
     * }</pre>
     *
     * @param type a type with a public deep {@code clone()}
     */
    public static void registerDeepClone(Class<?> type) {
        DEFAULT.registerDeepClone(type);
    }

    /**
     * Registers a custom copier for exactly {@code type}; forType returns it, and graphs holding
     * values of the type use it.
     *
     * <pre>{@code
     * Copiers.register(Money.class, new MoneyCopier());
     * }</pre>
     *
     * @param type the type
     * @param copier its copier
     * @param <T> the type
     */
    public static <T> void register(Class<T> type, Copier<T> copier) {
        DEFAULT.register(type, copier);
    }

    /**
     * Sets whether the Kryo serialization of non-Serializable types requires every class to be
     * registered with {@link #registerKryo(Class[])} (the default, {@code true}). Configure before
     * the first copy.
     *
     * <pre>{@code
     * Copiers.kryoRegistrationRequired(false);
     * }</pre>
     *
     * @param required whether registration is required
     */
    public static void kryoRegistrationRequired(boolean required) {
        DEFAULT.kryoRegistrationRequired(required);
    }

    /**
     * Registers classes with Kryo, for the serialization strategy of non-Serializable types.
     * Ids are assigned in registration order.
     *
     * <pre>{@code
     * Copiers.registerKryo(Point.class, ArrayList.class);
     * }</pre>
     *
     * @param types the classes Kryo may write
     */
    public static void registerKryo(Class<?>... types) {
        DEFAULT.registerKryo(types);
    }
}
