package io.github.wscache.core.copy.internal;

import io.github.wscache.core.copy.CopyStrategy;
import io.github.wscache.core.copy.Copier;
import io.github.wscache.core.copy.UncopyableTypeException;
import io.github.wscache.core.internal.PrivateAccess;
import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Set;

/**
 * The per-class copy plans and the strategy selection of one {@link Registry}, behind
 * {@link io.github.wscache.core.copy.CopierRegistry}. A plan is computed once per class and
 * memoized in a {@link ClassValue} of this instance; a registration bumps the registry's
 * {@link Registry#version()} and plans of older versions are recomputed on next use. Applications
 * use it through {@link io.github.wscache.core.copy.CopierRegistry}.
 *
 * <pre>{@code
 * Copier<Quote> copier = registry.plans().forType(Quote.class); // what forType does
 * }</pre>
 */
public final class Plans {

    private static final String NONE_SUFFIX =
            "; it cannot be copied safely; the cache keeps the events representation for it";

    private final Registry registry;

    private final ClassValue<Plan> plans = new ClassValue<>() {
        @Override
        protected Plan computeValue(Class<?> type) {
            return build(type);
        }
    };

    private final ClassValue<Memo> auto = new ClassValue<>() {
        @Override
        protected Memo computeValue(Class<?> type) {
            return autoCopier(type);
        }
    };

    private final ThreadLocal<Set<Class<?>>> building = ThreadLocal.withInitial(HashSet::new);

    Plans(Registry registry) {
        this.registry = registry;
    }

    /** Returns the version of the registrations the plans are made under. */
    int version() {
        return registry.version();
    }

    /** Returns the plan of {@code type} for the current registrations. */
    Plan plan(Class<?> type) {
        Plan plan = plans.get(type);
        if (plan.version != registry.version()) {
            plans.remove(type);
            plan = plans.get(type);
        }
        return plan;
    }

    /** Returns the node copying objects of exactly {@code type} by automatic selection. */
    Node node(Class<?> type) {
        return plan(type).node;
    }

    /** Returns the node for a root of class {@code type} under a forced strategy. */
    Node nodeFor(CopyStrategy strategy, Class<?> type) {
        Plan plan = plan(type);
        if (strategy == CopyStrategy.REFLECTION) {
            return plan.reflective != null ? plan.reflective : new Node.Refuse(plan.reflectiveWhy);
        }
        if (strategy == CopyStrategy.CLONE) {
            return plan.clone != null ? plan.clone
                    : new Node.Refuse("clone requires a public deep clone(); " + plan.cloneWhy);
        }
        return plan.node;
    }

    /** See {@link io.github.wscache.core.copy.CopierRegistry#forType(Class)}. */
    @SuppressWarnings("unchecked") // AUTO maps each class to a copier of that class
    public <T> Copier<T> forType(Class<T> type) {
        Memo memo = auto.get(type);
        if (memo.version != registry.version()) {
            auto.remove(type);
            memo = auto.get(type);
        }
        if (memo.copier == null) {
            throw new UncopyableTypeException(type, memo.explanation);
        }
        return (Copier<T>) memo.copier;
    }

    /** See {@link io.github.wscache.core.copy.CopierRegistry#of(CopyStrategy, Class)}. */
    public <T> Copier<T> of(CopyStrategy strategy, Class<T> type) {
        Plan plan = plan(type);
        switch (strategy) {
            case REFERENCE:
                if (plan.mutableWhy != null) {
                    throw new IllegalArgumentException("value: reference requires an immutable"
                            + " or read-only type; " + plan.mutableWhy
                            + " — register it with "
                            + registry.how("registerReadOnly") + " or copy it");
                }
                return ReferenceCopier.instance();
            case CLONE:
                if (plan.clone == null) {
                    throw new IllegalArgumentException("value: clone requires a public deep"
                            + " clone(); " + plan.cloneWhy);
                }
                return new GraphCopier<>(this, type, CopyStrategy.CLONE, plan.clone, true);
            case REFLECTION:
                if (plan.reflective == null) {
                    throw new IllegalArgumentException("value: reflection cannot copy "
                            + type.getTypeName() + "; " + plan.reflectiveWhy);
                }
                return new GraphCopier<>(this, type, CopyStrategy.REFLECTION, plan.reflective,
                        true);
            default:
                return serialization(type, plan);
        }
    }

    /** See {@link io.github.wscache.core.copy.CopierRegistry#explain(Class)}. */
    public String explain(Class<?> type) {
        return plan(type).explanation;
    }

    /** See {@link io.github.wscache.core.copy.CopierRegistry#isImmutable(Class)}. */
    public boolean isImmutable(Class<?> type) {
        return registry.customCopier(type) == null && TypeRules.isImmutable(type);
    }

    /** See {@link io.github.wscache.core.copy.CopierRegistry#isCopyable(Class)}. */
    public boolean isCopyable(Class<?> type) {
        return plan(type).strategy != null;
    }

    private <T> Copier<T> serialization(Class<T> type, Plan plan) {
        if (plan.denied != null) {
            throw new IllegalArgumentException("value: serialization cannot copy "
                    + type.getTypeName() + "; " + type.getTypeName() + " is " + plan.denied);
        }
        if (Serializable.class.isAssignableFrom(type)) {
            return new JavaSerializationCopier<>(type);
        }
        if (registry.kryoRegistrationRequired() && !registry.isKryoRegistered(type)) {
            throw new IllegalArgumentException("value: serialization cannot copy "
                    + type.getTypeName() + ", which is not Serializable and not registered with"
                    + " kryo — call " + registry.how("registerKryo") + " or "
                    + registry.how("kryoRegistrationRequired")
                    + "(false)");
        }
        return new KryoCopier<>(type, registry);
    }

    private Memo autoCopier(Class<?> type) {
        Plan plan = plan(type);
        if (plan.strategy == null) {
            return new Memo(plan.version, null, plan.explanation);
        }
        Copier<?> copier;
        if (plan.custom != null) {
            copier = plan.custom;
        } else if (plan.strategy == CopyStrategy.REFERENCE) {
            copier = ReferenceCopier.instance();
        } else if (plan.strategy == CopyStrategy.SERIALIZATION) {
            copier = plan.serial;
        } else {
            copier = new GraphCopier<>(this, type, plan.strategy, plan.node, false);
        }
        return new Memo(plan.version, copier, plan.explanation);
    }

    /**
     * A memoized copier (or refusal) and the registration version it was made for. A class, not
     * a record: it is reachable from a {@code ClassValue}, and heap walkers such as JOL cannot
     * read records' fields.
     */
    private static final class Memo {
        final int version;
        final Copier<?> copier;
        final String explanation;

        Memo(int version, Copier<?> copier, String explanation) {
            this.version = version;
            this.copier = copier;
            this.explanation = explanation;
        }
    }

    private Plan build(Class<?> type) {
        Set<Class<?>> classes = building.get();
        classes.add(type);
        try {
            return new Builder(type).build();
        } finally {
            classes.remove(type);
        }
    }

    /** Everything known about copying one class. */
    static final class Plan {
        int version;
        CopyStrategy strategy;
        String explanation;
        Node node;
        Node reflective;
        String reflectiveWhy;
        Node clone;
        String cloneWhy;
        String mutableWhy;
        String denied;
        Copier<?> custom;
        Copier<?> serial;
    }

    /** Computes a {@link Plan}. */
    private final class Builder {
        private final Class<?> type;
        private final String name;
        private final Plan plan = new Plan();
        private String reflectiveDescription;
        private boolean inaccessible;

        Builder(Class<?> type) {
            this.type = type;
            this.name = type.getTypeName();
        }

        Plan build() {
            plan.version = registry.version();
            try {
                plan.mutableWhy = TypeRules.mutableReason(type, registry);
                plan.denied = type.isPrimitive() ? null : TypeRules.denyReason(type);
                JdkNodes.Handler handler = type.isPrimitive() ? null : JdkNodes.forClass(type);
                reflective(handler);
                cloneable(handler);
                select(handler);
            } catch (LinkageError e) {
                // a field type is missing from the class path: nothing can copy the type
                plan.mutableWhy = name + " cannot be loaded completely (" + e + ")";
                plan.reflectiveWhy = plan.mutableWhy;
                plan.cloneWhy = plan.mutableWhy;
                plan.reflective = null;
                plan.clone = null;
                plan.custom = null;
                plan.serial = null;
                refuse(plan.mutableWhy);
            }
            return plan;
        }

        private void select(JdkNodes.Handler handler) {
            Copier<?> custom = registry.customCopier(type);
            if (custom != null) {
                plan.custom = custom;
                plan.node = new Node.Delegate(custom);
                choose(custom.strategy(), name + " has a copier registered by the application ("
                        + custom.getClass().getName() + ")");
            } else if (plan.mutableWhy == null) {
                plan.node = Node.Share.INSTANCE;
                String kind;
                if (type.isPrimitive() || TypeRules.isImmutable(type)) {
                    kind = "is " + TypeRules.immutableKind(type);
                } else if (registry.isReadOnly(type)) {
                    kind = "is declared read-only by the application";
                } else {
                    kind = "is immutable once the types declared read-only are counted";
                }
                choose(CopyStrategy.REFERENCE, name + " " + kind + "; shared, never copied");
            } else if (plan.denied != null) {
                refuse(name + " is " + plan.denied);
            } else if (registry.isDeepClone(type) && plan.clone != null) {
                plan.node = plan.clone;
                choose(CopyStrategy.CLONE, name + " declares a deep public clone() (registered by"
                        + " the application); copied with clone()");
            } else if (handler != null) {
                plan.node = handler.node();
                choose(handler.strategy(), name + " is " + handler.description());
            } else if (plan.clone != null) {
                plan.node = plan.clone;
                int count = TypeRules.instanceFieldCount(type);
                choose(CopyStrategy.CLONE, name + " is Cloneable and "
                        + (count == 1 ? "its field is" : "its " + count + " fields are all")
                        + " immutable; a shallow clone() is a safe copy");
            } else if (plan.reflective != null) {
                plan.node = plan.reflective;
                choose(CopyStrategy.REFLECTION, name + " is " + reflectiveDescription);
            } else if (inaccessible && Serializable.class.isAssignableFrom(type)) {
                plan.serial = new JavaSerializationCopier<>(type);
                plan.node = new Node.Delegate(plan.serial);
                choose(CopyStrategy.SERIALIZATION, plan.reflectiveWhy
                        + "; copied through Java serialization");
            } else {
                refuse(plan.reflectiveWhy + (inaccessible ? ", and it is not Serializable" : ""));
            }
        }

        private void choose(CopyStrategy strategy, String why) {
            plan.strategy = strategy;
            plan.explanation = strategy + ": " + why;
        }

        private void refuse(String why) {
            plan.strategy = null;
            plan.node = new Node.Refuse(why.startsWith(name + " ")
                    ? "it" + why.substring(name.length()) : why);
            plan.explanation = "NONE: " + why + NONE_SUFFIX;
        }

        private void reflective(JdkNodes.Handler handler) {
            if (plan.denied != null) {
                plan.reflectiveWhy = name + " is " + plan.denied;
            } else if (plan.mutableWhy == null) {
                plan.reflective = Node.Share.INSTANCE;
            } else if (handler != null) {
                plan.reflective = handler.node();
            } else if (type.isArray()) {
                array();
            } else if (type.isInterface()) {
                plan.reflective = new Node.Refuse("an interface has no instances");
                reflectiveDescription = "an interface; each value is copied according to its"
                        + " runtime class";
            } else if (TypeRules.isJdk(type) || !TypeRules.isOpen(type)) {
                inaccessible = true;
                plan.reflectiveWhy = name + (TypeRules.isJdk(type)
                        ? " is a JDK class that is not open to reflection"
                        : " is in a package that is not open to wscache");
            } else {
                application();
            }
        }

        private void array() {
            Class<?> element = type;
            while (element.isArray()) {
                element = element.getComponentType();
            }
            String denied = element.isPrimitive() ? null : TypeRules.denyReason(element);
            if (denied != null) {
                plan.reflectiveWhy = name + " is an array whose elements are " + denied;
                return;
            }
            boolean deep = TypeRules.mutableReason(type.getComponentType(), registry) != null;
            plan.reflective = new Node.Array(deep);
            if (type.getComponentType().isPrimitive()) {
                reflectiveDescription = "a primitive array; copied with clone()";
            } else if (!deep) {
                reflectiveDescription = "an array of immutable elements; copied with clone()";
            } else {
                reflectiveDescription = "an array; copied element by element, each according"
                        + " to its runtime class";
            }
        }

        private void application() {
            for (Class<?> k = type.getSuperclass(); k != null && k != Object.class;
                    k = k.getSuperclass()) {
                if ((TypeRules.isJdk(k) || !TypeRules.isOpen(k))
                        && TypeRules.instanceFieldCount(k) > 0) {
                    inaccessible = true;
                    plan.reflectiveWhy = name + " extends " + k.getTypeName()
                            + ", a JDK class that is not open to reflection";
                    return;
                }
            }
            String problem = fieldProblem();
            if (problem != null) {
                plan.reflectiveWhy = problem;
                return;
            }
            if (Modifier.isAbstract(type.getModifiers())) {
                plan.reflective = new Node.Refuse("an abstract class has no instances");
                reflectiveDescription = "an abstract class; each value is copied according to"
                        + " its runtime class";
                return;
            }
            try {
                if (type.isRecord()) {
                    plan.reflective = RecordNode.build(type, registry);
                    reflectiveDescription = "a record with mutable components ("
                            + type.getRecordComponents().length + " components); rebuilt through"
                            + " its canonical constructor with each component copied";
                } else {
                    BeanNode bean = BeanNode.build(type, registry);
                    plan.reflective = bean;
                    int count = bean.fieldCount();
                    reflectiveDescription = "a mutable bean (" + count
                            + (count == 1 ? " field" : " fields")
                            + "); copied field by field with a precomputed plan";
                }
            } catch (ReflectiveOperationException | RuntimeException e) {
                // InaccessibleObjectException, SecurityException, Objenesis failures: not copyable
                inaccessible = true;
                plan.reflectiveWhy = name + " cannot be reached by reflection (" + e + ")";
            }
        }

        private String fieldProblem() {
            for (Class<?> k = type; k != null; k = k.getSuperclass()) {
                for (Field field : k.getDeclaredFields()) {
                    if (Modifier.isStatic(field.getModifiers())) {
                        continue;
                    }
                    String problem = typeProblem(field.getType());
                    if (problem != null) {
                        return name + " has field '" + field.getName() + "' ("
                                + field.getType().getTypeName() + "), " + problem;
                    }
                }
            }
            return null;
        }

        private String typeProblem(Class<?> fieldType) {
            Class<?> element = fieldType;
            while (element.isArray()) {
                element = element.getComponentType();
            }
            if (element.isPrimitive()) {
                return null;
            }
            String denied = TypeRules.denyReason(element);
            if (denied != null) {
                return (element == fieldType ? "which is " : "whose elements are ") + denied;
            }
            if (element.isInterface() || element == Object.class
                    || building.get().contains(element)) {
                return null;
            }
            Plan plan = plan(element);
            if (plan.strategy == null) {
                return "which cannot be copied: " + plan.explanation.substring("NONE: ".length(),
                        plan.explanation.length() - NONE_SUFFIX.length());
            }
            return null;
        }

        private void cloneable(JdkNodes.Handler handler) {
            if (plan.denied != null) {
                plan.cloneWhy = name + " is " + plan.denied;
                return;
            }
            if (handler != null && handler.strategy() == CopyStrategy.CLONE) {
                plan.clone = handler.node();
                return;
            }
            MethodHandle clone = Cloneable.class.isAssignableFrom(type) ? publicClone() : null;
            if (clone == null) {
                plan.cloneWhy = name + " has no public clone() — use reflection";
                return;
            }
            if (registry.isDeepClone(type)) {
                plan.clone = new Node.Clone(clone);
                return;
            }
            for (Class<?> k = type; k != null; k = k.getSuperclass()) {
                for (Field field : k.getDeclaredFields()) {
                    if (!Modifier.isStatic(field.getModifiers())
                            && TypeRules.mutableReason(field.getType(), registry) != null) {
                        plan.cloneWhy = name + " has mutable field '" + field.getName() + "' ("
                                + field.getType().getTypeName() + ") — register it with "
                                + registry.how("registerDeepClone")
                                + " or use reflection";
                        return;
                    }
                }
            }
            plan.clone = new Node.Clone(clone);
        }

        private MethodHandle publicClone() {
            try {
                Method method = type.getMethod("clone");
                MethodHandles.Lookup lookup = TypeRules.isOpen(type)
                        ? PrivateAccess.lookupIn(type)
                        : MethodHandles.publicLookup();
                return lookup.unreflect(method)
                        .asType(MethodType.methodType(Object.class, Object.class));
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null;
            }
        }
    }
}
