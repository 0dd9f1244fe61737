package io.github.wscache.core.copy.internal;

import io.github.wscache.core.copy.Copier;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the application declared about its types: read-only types, types with a deep
 * {@code clone()}, custom copiers and the Kryo settings. Every change bumps a global version that
 * invalidates all memoized copy plans. Applications use it through
 * {@link io.github.wscache.core.copy.Copiers}.
 *
 * <pre>{@code
 * Registry.addReadOnly(CountryTable.class); // what Copiers.registerReadOnly does
 * }</pre>
 */
public final class Registry {

    private static final Set<Class<?>> READ_ONLY = ConcurrentHashMap.newKeySet();
    private static final Set<Class<?>> DEEP_CLONE = ConcurrentHashMap.newKeySet();
    private static final Map<Class<?>, Copier<?>> CUSTOM = new ConcurrentHashMap<>();
    private static final Map<Class<?>, Integer> KRYO_CLASSES = new ConcurrentHashMap<>();
    /** Kryo ids start after the ids Kryo gives its own default registrations. */
    private static final AtomicInteger NEXT_KRYO_ID = new AtomicInteger(100);
    private static final AtomicInteger VERSION = new AtomicInteger();
    private static volatile boolean kryoRegistrationRequired = true;

    private Registry() {
    }

    /** Returns the version of the registrations; it changes whenever one is added. */
    public static int version() {
        return VERSION.get();
    }

    /** Declares {@code type} read-only. */
    public static void addReadOnly(Class<?> type) {
        READ_ONLY.add(Objects.requireNonNull(type, "type"));
        VERSION.incrementAndGet();
    }

    /** Declares that the public {@code clone()} of {@code type} is deep. */
    public static void addDeepClone(Class<?> type) {
        DEEP_CLONE.add(Objects.requireNonNull(type, "type"));
        VERSION.incrementAndGet();
    }

    /** Registers a custom copier for exactly {@code type}. */
    public static <T> void addCopier(Class<T> type, Copier<T> copier) {
        CUSTOM.put(Objects.requireNonNull(type, "type"), Objects.requireNonNull(copier, "copier"));
        VERSION.incrementAndGet();
    }

    /** Registers classes with the Kryo instances used by the serialization strategy. */
    public static void addKryoClasses(Class<?>... types) {
        for (Class<?> type : types) {
            KRYO_CLASSES.computeIfAbsent(Objects.requireNonNull(type, "type"),
                    k -> NEXT_KRYO_ID.getAndIncrement());
        }
        VERSION.incrementAndGet();
    }

    /** Sets whether Kryo requires registration of every class it writes. */
    public static void setKryoRegistrationRequired(boolean required) {
        kryoRegistrationRequired = required;
        VERSION.incrementAndGet();
    }

    static boolean isReadOnly(Class<?> type) {
        return READ_ONLY.contains(type);
    }

    static boolean isDeepClone(Class<?> type) {
        return DEEP_CLONE.contains(type);
    }

    static Copier<?> customCopier(Class<?> type) {
        return CUSTOM.get(type);
    }

    static boolean kryoRegistrationRequired() {
        return kryoRegistrationRequired;
    }

    static Map<Class<?>, Integer> kryoClasses() {
        return Map.copyOf(KRYO_CLASSES);
    }

    static boolean isKryoRegistered(Class<?> type) {
        return KRYO_CLASSES.containsKey(type);
    }
}
