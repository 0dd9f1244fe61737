package io.github.wscache.core.copy.internal;

import java.io.File;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;
import java.lang.ref.Reference;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.DatagramSocket;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.URL;
import java.nio.channels.Channel;
import java.nio.channels.Selector;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Collections;
import java.util.Currency;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.Phaser;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.AbstractOwnableSynchronizer;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.regex.Pattern;

/**
 * Class-level rules: which types are immutable, which can never be copied, which are JDK types
 * and which packages are open to this library. Facts of the types alone, the same under every
 * registry; {@link #isImmutable(Class)} is public for the key derivation of cache-core.
 */
public final class TypeRules {

    /** JDK classes that are immutable values: exactly these classes, never their subclasses. */
    private static final Set<Class<?>> IMMUTABLE_JDK = Set.of(Boolean.class, Byte.class,
            Character.class, Short.class, Integer.class, Long.class, Float.class, Double.class,
            Void.class, String.class, Class.class, BigInteger.class, BigDecimal.class, UUID.class,
            URI.class, URL.class, Locale.class, Pattern.class, Currency.class, File.class,
            OptionalInt.class, OptionalLong.class, OptionalDouble.class, LocalDate.class,
            LocalTime.class, LocalDateTime.class, OffsetDateTime.class, OffsetTime.class,
            ZonedDateTime.class, Instant.class, Duration.class, Period.class, Year.class,
            YearMonth.class, MonthDay.class);

    /** Empty JDK collections: immutable whatever their element type. */
    private static final Set<Class<?>> EMPTY_JDK = Set.copyOf(List.of(
            Collections.emptyList().getClass(),
            Collections.emptySet().getClass(), Collections.emptyMap().getClass(),
            Collections.emptySortedSet().getClass(), Collections.emptySortedMap().getClass(),
            Collections.emptyNavigableSet().getClass(),
            Collections.emptyNavigableMap().getClass(), Collections.emptyIterator().getClass()));

    /** Types that have identity or external state; nothing may copy them. */
    private static final Map<Class<?>, String> DENIED = denied();

    private static final ClassValue<String> GENUINE = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> type) {
            String reason = whyMutable(type, null, new HashSet<>());
            return reason == null ? "" : reason;
        }
    };

    private TypeRules() {
    }

    private static Map<Class<?>, String> denied() {
        Map<Class<?>, String> map = new LinkedHashMap<>();
        map.put(Thread.class, "a thread, an object with identity and native state");
        map.put(ThreadGroup.class, "a thread group");
        map.put(ClassLoader.class, "a class loader");
        String stream = "an i/o stream bound to an external resource";
        map.put(InputStream.class, stream);
        map.put(OutputStream.class, stream);
        map.put(Reader.class, stream);
        map.put(Writer.class, stream);
        String channel = "a network or i/o channel bound to an external resource";
        map.put(Socket.class, channel);
        map.put(ServerSocket.class, channel);
        map.put(DatagramSocket.class, channel);
        map.put(Channel.class, channel);
        map.put(Selector.class, channel);
        map.put(Process.class, "an operating-system process handle");
        String lock = "a lock or synchronizer, whose identity is its meaning";
        for (Class<?> type : List.of(Lock.class, ReadWriteLock.class, Condition.class,
                Semaphore.class, CountDownLatch.class, CyclicBarrier.class, Phaser.class,
                AbstractOwnableSynchronizer.class)) {
            map.put(type, lock);
        }
        map.put(Executor.class, "an executor, which owns threads");
        map.put(Future.class, "a handle on a running task");
        map.put(Reference.class, "a reference object managed by the garbage collector");
        map.put(AccessibleObject.class, "a reflection object");
        map.put(Runtime.class, "the runtime of the virtual machine");
        return Collections.unmodifiableMap(map);
    }

    /**
     * Returns why nothing may copy {@code type} (a noun phrase), or {@code null} when it is not
     * denied outright.
     */
    static String denyReason(Class<?> type) {
        if (type.isHidden() || type.isSynthetic() && type.getName().contains("$$Lambda")) {
            return "a lambda or hidden class, whose captured state is not reachable";
        }
        if (Proxy.isProxyClass(type)) {
            return "a dynamic proxy, whose behaviour lives in its invocation handler";
        }
        for (Map.Entry<Class<?>, String> entry : DENIED.entrySet()) {
            if (entry.getKey().isAssignableFrom(type)) {
                return entry.getValue();
            }
        }
        if (isActivationHandle(type)) {
            return "a data handler or data source (an attachment), which may read its bytes "
                    + "from a stream, file or URL on demand";
        }
        return null;
    }

    /**
     * Returns whether {@code type} is or extends a Jakarta/Javax Activation handle, matched by
     * name because cache-core does not depend on the Activation API.
     */
    private static boolean isActivationHandle(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            if (ACTIVATION.contains(c.getName())) {
                return true;
            }
            for (Class<?> i : c.getInterfaces()) {
                if (ACTIVATION.contains(i.getName())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static final Set<String> ACTIVATION = Set.of("jakarta.activation.DataHandler",
            "javax.activation.DataHandler", "jakarta.activation.DataSource",
            "javax.activation.DataSource");

    /** Returns whether {@code type} comes from a JDK module. */
    static boolean isJdk(Class<?> type) {
        Module module = type.getModule();
        if (!module.isNamed()) {
            return false;
        }
        String name = module.getName();
        return name.startsWith("java.") || name.startsWith("jdk.");
    }

    /** Returns whether the package of {@code type} is open to this library. */
    static boolean isOpen(Class<?> type) {
        Class<?> element = type;
        while (element.isArray()) {
            element = element.getComponentType();
        }
        if (element.isPrimitive()) {
            return true;
        }
        return element.getModule().isOpen(element.getPackageName(), TypeRules.class.getModule());
    }

    /** Returns whether {@code type} is genuinely immutable (registrations do not count). */
    public static boolean isImmutable(Class<?> type) {
        return GENUINE.get(type).isEmpty();
    }

    /**
     * Returns why {@code type} is not immutable, or {@code null} when it is. The read-only
     * registrations of {@code registry} count as immutable; with {@code null}, none do.
     */
    static String mutableReason(Class<?> type, Registry registry) {
        if (registry == null) {
            String reason = GENUINE.get(type);
            return reason.isEmpty() ? null : reason;
        }
        return whyMutable(type, registry, new HashSet<>());
    }

    /** Returns what kind of immutable type {@code type} is, for explanations. */
    static String immutableKind(Class<?> type) {
        if (type.isPrimitive()) {
            return "a primitive value";
        }
        if (IMMUTABLE_JDK.contains(type) || ZoneId.class.isAssignableFrom(type)) {
            return "an immutable JDK value";
        }
        if (EMPTY_JDK.contains(type)) {
            return "an immutable empty JDK collection";
        }
        if (Enum.class.isAssignableFrom(type)) {
            return "an enum";
        }
        if (type.isRecord()) {
            return "a record whose components are all immutable";
        }
        if (instanceFieldCount(type) == 0) {
            return "a final class without instance fields";
        }
        return "a final class whose fields are all final and immutable";
    }

    /** Counts the instance fields of {@code type} and its superclasses. */
    static int instanceFieldCount(Class<?> type) {
        int count = 0;
        for (Class<?> k = type; k != null; k = k.getSuperclass()) {
            for (Field field : k.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers())) {
                    count++;
                }
            }
        }
        return count;
    }

    private static String whyMutable(Class<?> type, Registry registry, Set<Class<?>> visiting) {
        if (type.isPrimitive() || IMMUTABLE_JDK.contains(type) || EMPTY_JDK.contains(type)
                || Enum.class.isAssignableFrom(type)) {
            return null;
        }
        if (registry != null && registry.isReadOnly(type)) {
            return null;
        }
        String name = type.getTypeName();
        if (ZoneId.class.isAssignableFrom(type) && isJdk(type)) {
            return null;
        }
        if (type.isArray()) {
            return name + " is an array";
        }
        if (type.isInterface()) {
            return name + " is an interface, so its implementations may be mutable";
        }
        if (isJdk(type)) {
            return name + " is not a known immutable JDK type";
        }
        if (!Modifier.isFinal(type.getModifiers())) {
            return name + " is not final, so its subclasses may be mutable";
        }
        if (denyReason(type) != null) {
            return name + " is " + denyReason(type);
        }
        if (!visiting.add(type)) {
            return null;
        }
        for (Class<?> k = type; k != null; k = k.getSuperclass()) {
            for (Field field : k.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers())) {
                    continue;
                }
                if (!Modifier.isFinal(field.getModifiers())) {
                    return name + " has non-final field '" + field.getName() + "'";
                }
                if (whyMutable(field.getType(), registry, visiting) != null) {
                    return name + " has mutable field '" + field.getName() + "' ("
                            + field.getType().getTypeName() + ")";
                }
            }
        }
        return null;
    }
}
