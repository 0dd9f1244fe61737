package io.github.wscache.core.copy.internal;

import io.github.wscache.core.copy.Copier;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the application declared about its types, for one
 * {@link io.github.wscache.core.copy.CopierRegistry}: read-only types, types with a deep
 * {@code clone()}, custom copiers and the Kryo settings, and the copy {@link Plans} made under
 * them. Every change bumps this registry's version, which invalidates its memoized plans (and
 * only its own). Applications use it through {@link io.github.wscache.core.copy.CopierRegistry}.
 *
 * <pre>{@code
 * Registry registry = new Registry();
 * registry.addReadOnly(CountryTable.class); // what CopierRegistry.registerReadOnly does
 * Copier<Quote> copier = registry.plans().forType(Quote.class);
 * }</pre>
 */
public final class Registry {

    private final Set<Class<?>> readOnly = ConcurrentHashMap.newKeySet();
    private final Set<Class<?>> deepClone = ConcurrentHashMap.newKeySet();
    private final Map<Class<?>, Copier<?>> custom = new ConcurrentHashMap<>();
    private final Map<Class<?>, Integer> kryoClasses = new ConcurrentHashMap<>();
    /** Kryo ids start after the ids Kryo gives its own default registrations. */
    private final AtomicInteger nextKryoId = new AtomicInteger(100);
    private final AtomicInteger version = new AtomicInteger();
    private volatile boolean kryoRegistrationRequired = true;
    private final Plans plans = new Plans(this);
    private final KryoPools kryoPools = new KryoPools(this);

    /** Creates an empty registry. */
    public Registry() {
    }

    /** Returns the copy plans made under these registrations. */
    public Plans plans() {
        return plans;
    }

    /** Returns the version of the registrations; it changes whenever one is added. */
    public int version() {
        return version.get();
    }

    /** Declares {@code type} read-only. */
    public void addReadOnly(Class<?> type) {
        readOnly.add(Objects.requireNonNull(type, "type"));
        version.incrementAndGet();
    }

    /** Declares that the public {@code clone()} of {@code type} is deep. */
    public void addDeepClone(Class<?> type) {
        deepClone.add(Objects.requireNonNull(type, "type"));
        version.incrementAndGet();
    }

    /** Registers a custom copier for exactly {@code type}. */
    public <T> void addCopier(Class<T> type, Copier<T> copier) {
        custom.put(Objects.requireNonNull(type, "type"), Objects.requireNonNull(copier, "copier"));
        version.incrementAndGet();
    }

    /** Registers classes with the Kryo instances used by the serialization strategy. */
    public void addKryoClasses(Class<?>... types) {
        for (Class<?> type : types) {
            kryoClasses.computeIfAbsent(Objects.requireNonNull(type, "type"),
                    k -> nextKryoId.getAndIncrement());
        }
        version.incrementAndGet();
    }

    /** Sets whether Kryo requires registration of every class it writes. */
    public void setKryoRegistrationRequired(boolean required) {
        kryoRegistrationRequired = required;
        version.incrementAndGet();
    }

    /**
     * Names the registration method an application calls, for error messages: for example
     * {@code CopierRegistry.registerReadOnly}.
     *
     * @param method the method's name
     */
    String how(String method) {
        return "CopierRegistry." + method;
    }

    boolean isReadOnly(Class<?> type) {
        return readOnly.contains(type);
    }

    boolean isDeepClone(Class<?> type) {
        return deepClone.contains(type);
    }

    Copier<?> customCopier(Class<?> type) {
        return custom.get(type);
    }

    boolean kryoRegistrationRequired() {
        return kryoRegistrationRequired;
    }

    Map<Class<?>, Integer> kryoClasses() {
        return Map.copyOf(kryoClasses);
    }

    boolean isKryoRegistered(Class<?> type) {
        return kryoClasses.containsKey(type);
    }

    KryoPools kryoPools() {
        return kryoPools;
    }
}
