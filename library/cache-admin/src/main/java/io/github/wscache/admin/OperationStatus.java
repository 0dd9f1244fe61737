package io.github.wscache.admin;

import io.github.wscache.core.CacheStats;
import io.github.wscache.core.policy.OperationPolicy;
import java.util.Objects;
import java.util.Optional;

/**
 * What an administrator sees of one operation at one moment: the policy in force and where it
 * was written, its statistics, and, when the integration declared the operation's result type,
 * the copier chosen for it and why. Immutable.
 *
 * <pre>{@code
 * for (OperationStatus s : admin.operations()) {
 *     System.out.println(s.operation() + " " + s.policy() + " " + s.source().orElse("defaults"));
 * }
 * }</pre>
 */
public final class OperationStatus {
    private final String operation;
    private final OperationPolicy policy;
    private final CacheStats stats;
    private final Class<?> resultType;
    private final String copier;

    OperationStatus(String operation, OperationPolicy policy, CacheStats stats,
            Class<?> resultType, String copier) {
        this.operation = Objects.requireNonNull(operation, "operation");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.stats = Objects.requireNonNull(stats, "stats");
        this.resultType = resultType;
        this.copier = copier;
    }

    /** Returns the operation name. */
    public String operation() {
        return operation;
    }

    /** Returns the policy in force for the operation. */
    public OperationPolicy policy() {
        return policy;
    }

    /**
     * Returns where the policy in force was written ({@code file:line:column}), or empty when the
     * operation gets the defaults or a policy made in code.
     */
    public Optional<String> source() {
        return policy.source();
    }

    /** Returns the operation's statistics. */
    public CacheStats stats() {
        return stats;
    }

    /** Returns the result type the integration declared, if it did. */
    public Optional<Class<?>> resultType() {
        return Optional.ofNullable(resultType);
    }

    /**
     * Returns the copier chosen for the declared result type and why (as
     * {@code CopierRegistry.choose} says it), or why none is used: operations cached at the
     * message level keep bytes or recorded events, not objects.
     */
    public Optional<String> copier() {
        return Optional.ofNullable(copier);
    }

    @Override
    public String toString() {
        return operation + " " + policy + source().map(s -> " (" + s + ")").orElse("") + " "
                + stats;
    }
}
