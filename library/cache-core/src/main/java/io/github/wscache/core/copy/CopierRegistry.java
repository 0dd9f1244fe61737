package io.github.wscache.core.copy;

import io.github.wscache.core.copy.internal.Plans;
import io.github.wscache.core.copy.internal.ReferenceCopier;
import io.github.wscache.core.copy.internal.Registry;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.ValueRepresentation;
import java.util.Objects;

/**
 * What an application declares about its types — read-only types, deep {@code clone()}s,
 * custom copiers, Kryo classes — and the copiers chosen under those declarations: for each type,
 * once per class, the cheapest {@link Copier} that never shares a mutable object with the
 * original (paper 001, §6): {@link CopyStrategy#REFERENCE}, then {@link CopyStrategy#CLONE},
 * {@link CopyStrategy#REFLECTION} and {@link CopyStrategy#SERIALIZATION}.
 *
 * <p>Every cache has a registry of its own: the one given with
 * {@code ResponseCache.builder().copiers(registry)}, else a new, empty one
 * ({@code cache.copiers()} returns either). Its declarations reach that cache only, and two
 * caches (or two tests) in one JVM cannot change each other's copies; there is no process-wide
 * registry.
 *
 * <pre>{@code
 * CopierRegistry copiers = CopierRegistry.create()
 *         .registerReadOnly(CountryTable.class)
 *         .registerDeepClone(Matrix.class)
 *         .registerKryo(Point.class, ArrayList.class);
 * ResponseCache cache = ResponseCache.builder().policy(policy).copiers(copiers).build();
 * Copier<GoogleSearchResult> copier = copiers.forType(GoogleSearchResult.class);
 * GoogleSearchResult mine = copier.copy(cached);
 * log.info(copiers.explain(GoogleSearchResult.class));
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
 * <p>Registrations should happen before the first copy of the types involved; each one
 * invalidates the plans this registry memoized (and no other registry's). Thread-safe.
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
public final class CopierRegistry {

    private final Registry registry;
    private final Plans plans;

    private CopierRegistry(Registry registry) {
        this.registry = registry;
        this.plans = registry.plans();
    }

    /**
     * Returns a new registry without declarations: copiers chosen from the types alone.
     *
     * <pre>{@code
     * CopierRegistry copiers = CopierRegistry.create().registerReadOnly(Catalog.class);
     * }</pre>
     *
     * @return an empty registry
     */
    public static CopierRegistry create() {
        return new CopierRegistry(new Registry());
    }

    /**
     * Returns the automatically selected copier for {@code type}, memoized per class.
     *
     * <pre>{@code
     * Copier<Quote> copier = registry.forType(Quote.class);
     * }</pre>
     *
     * @param type the declared type of the values to copy
     * @param <T> the type
     * @return the cheapest safe copier
     * @throws UncopyableTypeException if nothing can copy the type safely; the message is the
     *     explanation
     */
    public <T> Copier<T> forType(Class<T> type) {
        return plans.forType(Objects.requireNonNull(type, "type"));
    }

    /**
     * Returns a copier with a forced strategy.
     *
     * <pre>{@code
     * Copier<Quote> copier = registry.of(CopyStrategy.SERIALIZATION, Quote.class);
     * }</pre>
     *
     * @param strategy the strategy to use
     * @param type the type of the values to copy
     * @param <T> the type
     * @return a copier implementing {@code strategy}
     * @throws IllegalArgumentException naming the reason if {@code strategy} cannot copy
     *     {@code type} safely
     */
    public <T> Copier<T> of(CopyStrategy strategy, Class<T> type) {
        return plans.of(Objects.requireNonNull(strategy, "strategy"),
                Objects.requireNonNull(type, "type"));
    }

    /**
     * Chooses the copier that keeps results of type {@code type} under an operation's policy:
     * shared as they are when the policy says {@code readOnly} (or {@code value: reference} and
     * the type is immutable); the strategy the policy forces when it can copy the type safely,
     * else the automatic choice with a {@linkplain CopierChoice#warning() warning}; the automatic
     * choice otherwise; none, with the reason, when nothing can copy the type safely (such
     * results are kept at the message level or not at all). This is the one choice wscache
     * makes, for its caches and for integrations that report it.
     *
     * <pre>{@code
     * CopierChoice<Quote> c = registry.choose(operationPolicy, Quote.class);
     * }</pre>
     *
     * @param policy the operation's policy
     * @param type the runtime (or declared) result type
     * @param <T> the type
     * @return the choice, never {@code null}
     */
    public <T> CopierChoice<T> choose(OperationPolicy policy, Class<T> type) {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(type, "type");
        if (policy.readOnly()) {
            return new CopierChoice<>(ReferenceCopier.instance(), "REFERENCE: readOnly: true, the"
                    + " cached object is shared without copying", null);
        }
        if (policy.value() == ValueRepresentation.REFERENCE && isImmutable(type)) {
            return new CopierChoice<>(ReferenceCopier.instance(), "REFERENCE: value: reference,"
                    + " and " + type.getName() + " is immutable", null);
        }
        String warning = null;
        CopyStrategy forced = policy.value().copyStrategy().orElse(null);
        if (forced != null) {
            try {
                return new CopierChoice<>(of(forced, type), forced + ": as the policy says "
                        + "(value: " + policy.value().yamlName() + "); the automatic choice "
                        + "would be " + explain(type), null);
            } catch (IllegalArgumentException e) {
                warning = "value: " + policy.value().yamlName()
                        + policy.source().map(s -> " (" + s + ")").orElse("")
                        + " cannot copy " + type.getName() + " safely (" + e.getMessage()
                        + "); using the automatic choice instead";
            }
        }
        if (!isCopyable(type)) {
            return new CopierChoice<>(null, "result type " + type.getName()
                    + " cannot be copied safely: " + explain(type), warning);
        }
        String why = warning == null ? explain(type)
                : "fallback to automatic choice, because " + warning + "; " + explain(type);
        return new CopierChoice<>(forType(type), why, warning);
    }

    /**
     * Returns whether {@link #forType(Class)} can give a copier for {@code type}.
     *
     * <pre>{@code
     * if (!registry.isCopyable(type)) { keepEvents(); }
     * }</pre>
     *
     * @param type the type
     * @return {@code false} when forType would throw {@link UncopyableTypeException}
     */
    public boolean isCopyable(Class<?> type) {
        return plans.isCopyable(Objects.requireNonNull(type, "type"));
    }

    /**
     * Returns whether {@code type} is genuinely immutable, so that forType picks
     * {@link CopyStrategy#REFERENCE} for it; read-only registrations do not count.
     *
     * <pre>{@code
     * registry.isImmutable(String.class); // true
     * }</pre>
     *
     * @param type the type
     * @return whether values of the type can be shared because nobody can mutate them
     */
    public boolean isImmutable(Class<?> type) {
        return plans.isImmutable(Objects.requireNonNull(type, "type"));
    }

    /**
     * Explains which strategy {@link #forType(Class)} picks for {@code type} and why, for logs
     * and documentation.
     *
     * <pre>{@code
     * registry.explain(Thread.class); // "NONE: java.lang.Thread is a thread, ..."
     * }</pre>
     *
     * @param type the type
     * @return "STRATEGY: type is ...; how", or "NONE: ..." when it cannot be copied
     */
    public String explain(Class<?> type) {
        return plans.explain(Objects.requireNonNull(type, "type"));
    }

    /**
     * Returns a {@link CopyStrategy#REFERENCE} copier for a type the caching policy declares
     * read-only ({@code readOnly: true}), without registering it: {@link #forType(Class)} still
     * copies the type.
     *
     * <pre>{@code
     * Copier<Catalog> copier = registry.readOnly(Catalog.class);
     * }</pre>
     *
     * @param type the read-only type
     * @param <T> the type
     * @return a copier that returns its argument
     */
    public <T> Copier<T> readOnly(Class<T> type) {
        Objects.requireNonNull(type, "type");
        return ReferenceCopier.instance();
    }

    /**
     * Declares {@code type} read-only: its values are shared, never copied. Register before the
     * first copy of any type that holds it.
     *
     * <pre>{@code
     * registry.registerReadOnly(CountryTable.class);
     * }</pre>
     *
     * @param type a type nobody mutates
     * @return this registry
     */
    public CopierRegistry registerReadOnly(Class<?> type) {
        registry.addReadOnly(type);
        return this;
    }

    /**
     * Declares that the public {@code clone()} of {@code type} is a deep copy, so that
     * {@link CopyStrategy#CLONE} may use it.
     *
     * <pre>{@code
     * registry.registerDeepClone(Matrix.class);
     * }</pre>
     *
     * @param type a type with a public deep {@code clone()}
     * @return this registry
     */
    public CopierRegistry registerDeepClone(Class<?> type) {
        registry.addDeepClone(type);
        return this;
    }

    /**
     * Registers a custom copier for exactly {@code type}; forType returns it, and graphs holding
     * values of the type use it.
     *
     * <pre>{@code
     * registry.register(Money.class, new MoneyCopier());
     * }</pre>
     *
     * @param type the type
     * @param copier its copier
     * @param <T> the type
     * @return this registry
     */
    public <T> CopierRegistry register(Class<T> type, Copier<T> copier) {
        registry.addCopier(type, copier);
        return this;
    }

    /**
     * Sets whether the Kryo serialization of non-Serializable types requires every class to be
     * registered with {@link #registerKryo(Class[])} (the default, {@code true}).
     *
     * <pre>{@code
     * registry.kryoRegistrationRequired(false);
     * }</pre>
     *
     * @param required whether registration is required
     * @return this registry
     */
    public CopierRegistry kryoRegistrationRequired(boolean required) {
        registry.setKryoRegistrationRequired(required);
        return this;
    }

    /**
     * Registers classes with Kryo, for the serialization strategy of non-Serializable types.
     * Ids are assigned in registration order.
     *
     * <pre>{@code
     * registry.registerKryo(Point.class, ArrayList.class);
     * }</pre>
     *
     * @param types the classes Kryo may write
     * @return this registry
     */
    public CopierRegistry registerKryo(Class<?>... types) {
        registry.addKryoClasses(types);
        return this;
    }

    @Override
    public String toString() {
        return "CopierRegistry@" + Integer.toHexString(System.identityHashCode(this));
    }
}
