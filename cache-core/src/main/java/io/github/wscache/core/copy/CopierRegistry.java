package io.github.wscache.core.copy;

import io.github.wscache.core.copy.internal.Plans;
import io.github.wscache.core.copy.internal.ReferenceCopier;
import io.github.wscache.core.copy.internal.Registry;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.ValueRepresentation;
import java.util.Objects;

/**
 * What an application declares about its types — read-only types, deep {@code clone()}s,
 * custom copiers, Kryo classes — and the copiers chosen under those declarations. Give one to a
 * cache with {@code ResponseCache.builder().copiers(registry)}: its declarations then reach that
 * cache only, and two caches (or two tests) in one JVM cannot change each other's copies. A cache
 * built without one gets a new, empty registry of its own ({@code cache.copiers()}); the
 * {@linkplain #defaultRegistry() default registry} behind the static methods of {@link Copiers}
 * reaches no cache.
 *
 * <pre>{@code
 * CopierRegistry copiers = CopierRegistry.create()
 *         .registerReadOnly(CountryTable.class)
 *         .registerDeepClone(Matrix.class)
 *         .registerKryo(Point.class, ArrayList.class);
 * ResponseCache cache = ResponseCache.builder().policy(policy).copiers(copiers).build();
 * Copier<GoogleSearchResult> copier = copiers.forType(GoogleSearchResult.class);
 * }</pre>
 *
 * <p>Which strategy a type gets, and why, is the table in {@link Copiers}. Registrations should
 * happen before the first copy of the types involved; each one invalidates the plans this
 * registry memoized (and no other registry's). Thread-safe.
 */
public final class CopierRegistry {

    private static final CopierRegistry DEFAULT = new CopierRegistry(Registry.defaultInstance());

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
        return new CopierRegistry(new Registry(false));
    }

    /**
     * Returns the registry the static methods of {@link Copiers} use; no cache copies under it.
     *
     * <pre>{@code
     * CopierRegistry.defaultRegistry().explain(Quote.class);
     * }</pre>
     *
     * @return the default registry
     */
    public static CopierRegistry defaultRegistry() {
        return DEFAULT;
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
     * Declares {@code type} read-only: its values are shared, never copied.
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
        return this == DEFAULT ? "CopierRegistry(default)" : "CopierRegistry@"
                + Integer.toHexString(System.identityHashCode(this));
    }
}
