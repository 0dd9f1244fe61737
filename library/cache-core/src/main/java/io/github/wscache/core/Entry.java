package io.github.wscache.core;

import io.github.wscache.core.copy.Copier;
import io.github.wscache.core.policy.OperationPolicy;

/**
 * What the store keeps for one key: the captured value (a copy, serialized bytes, or an immutable
 * {@link CachedResponse}), the copier that hands out fresh objects, the policy it was stored
 * under (so a reload can tell which entries to drop), its weight and its times.
 */
final class Entry {
    final Object captured;
    final Copier<Object> copier;
    final OperationPolicy policy;
    /** The operation name or alias by which the policy was found, to find it again on reload. */
    final String policyName;
    final String statsKey;
    final int weight;
    final long freshUntilNanos;
    final long retainNanos;
    /** When it was stored, on the store's ticker. */
    final long storedNanos;
    /** How old the value was when stored: a message's age on arrival (RFC 9111 §4.2.3). */
    final long initialAgeNanos;
    /** What a surrogate's stored response says ({@link SurrogateRules}), else {@code null}. */
    final SurrogateRules.Facts http;

    Entry(Object captured, Copier<Object> copier, OperationPolicy policy, String policyName,
            String statsKey, int weight, long freshUntilNanos, long retainNanos,
            long storedNanos, long initialAgeNanos, SurrogateRules.Facts http) {
        this.captured = captured;
        this.copier = copier;
        this.policy = policy;
        this.policyName = policyName;
        this.statsKey = statsKey;
        this.weight = weight;
        this.freshUntilNanos = freshUntilNanos;
        this.retainNanos = retainNanos;
        this.storedNanos = storedNanos;
        this.initialAgeNanos = initialAgeNanos;
        this.http = http;
    }

    boolean isFresh(long nowNanos) {
        return nowNanos - freshUntilNanos < 0;
    }

    /** Returns a value owned by the caller. */
    Object materialize() {
        if (copier == null || captured == null) {
            return captured;
        }
        return copier.restore(captured);
    }
}
