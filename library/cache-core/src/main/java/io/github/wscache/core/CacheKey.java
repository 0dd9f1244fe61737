package io.github.wscache.core;

import io.github.wscache.core.internal.KeyBytes;
import java.util.Objects;

/**
 * The key of one cache entry: endpoint, operation, the caller-identity partition and the
 * parameter part derived by the operation's key strategy. Equality is by content; the hash code
 * is computed once. Immutable and thread-safe.
 *
 * <p>Keys are made by the cache; applications see them only in events and diagnostics.
 *
 * <pre>{@code
 * cache.addListener(event -> log.debug("{} {}", event.type(), event.key()));
 * }</pre>
 */
public final class CacheKey {
    private final String service;
    private final String endpoint;
    private final String operation;
    private final long identityHigh;
    private final long identityLow;
    private final Object parameters;
    private final String vary;
    /** Variants that only this JVM's values depend on: in equality, not in the shared form. */
    private final String localVary;
    /** The variant of a response that varies ({@code Vary}), selected by request fields. */
    private final String variant;
    private final boolean messageLevel;
    private final int hash;

    CacheKey(String service, String endpoint, String operation, long identityHigh,
            long identityLow, Object parameters, String vary, boolean messageLevel) {
        this(service, endpoint, operation, identityHigh, identityLow, parameters, vary, null,
                messageLevel);
    }

    CacheKey(String service, String endpoint, String operation, long identityHigh,
            long identityLow, Object parameters, String vary, String localVary,
            boolean messageLevel) {
        this(service, endpoint, operation, identityHigh, identityLow, parameters, vary,
                localVary, null, messageLevel);
    }

    private CacheKey(String service, String endpoint, String operation, long identityHigh,
            long identityLow, Object parameters, String vary, String localVary, String variant,
            boolean messageLevel) {
        this.localVary = localVary;
        this.variant = variant;
        this.service = service;
        this.endpoint = endpoint;
        this.operation = operation;
        this.identityHigh = identityHigh;
        this.identityLow = identityLow;
        this.parameters = parameters;
        this.vary = vary;
        this.messageLevel = messageLevel;
        int h = operation.hashCode() + (messageLevel ? 1 : 0);
        h = 31 * h + Objects.hashCode(endpoint);
        h = 31 * h + Objects.hashCode(service);
        h = 31 * h + Long.hashCode(identityLow);
        h = 31 * h + Objects.hashCode(parameters);
        h = 31 * h + Objects.hashCode(vary);
        h = 31 * h + Objects.hashCode(localVary);
        h = 31 * h + Objects.hashCode(variant);
        this.hash = h;
    }

    /** Returns the key of one variant of this key's response ({@code Vary}). */
    CacheKey withVariant(String selected) {
        return new CacheKey(service, endpoint, operation, identityHigh, identityLow, parameters,
                vary, localVary, Objects.requireNonNull(selected, "selected"), messageLevel);
    }

    /** Returns the key without its variant: where a response that varies keeps its marker. */
    CacheKey primary() {
        return variant == null ? this : new CacheKey(service, endpoint, operation, identityHigh,
                identityLow, parameters, vary, localVary, null, messageLevel);
    }

    /** Returns whether this key names one variant of a response that varies. */
    boolean isVariant() {
        return variant != null;
    }

    /** Returns the service name, or {@code null}. */
    public String service() {
        return service;
    }

    /** Returns the endpoint URL, or {@code null}. */
    public String endpoint() {
        return endpoint;
    }

    /** Returns the operation name. */
    public String operation() {
        return operation;
    }

    /** Returns whether this key names a message (transport level) rather than objects. */
    public boolean isMessageLevel() {
        return messageLevel;
    }

    /** Returns whether this key belongs to one caller identity (not shared across users). */
    public boolean isPartitioned() {
        return identityHigh != 0 || identityLow != 0;
    }

    /**
     * Returns the stable byte form of this key for a shared tier, or {@code null} when a
     * parameter value has none ({@link KeyBytes}).
     */
    byte[] sharedForm(byte[] policy) {
        String selecting = variant == null ? vary
                : (vary == null ? "" : vary) + "\u0001vary\n" + variant;
        return KeyBytes.of(service, endpoint, operation, messageLevel, identityHigh, identityLow,
                parameters, selecting, policy);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof CacheKey)) {
            return false;
        }
        CacheKey k = (CacheKey) o;
        return hash == k.hash && messageLevel == k.messageLevel
                && identityHigh == k.identityHigh && identityLow == k.identityLow
                && operation.equals(k.operation) && Objects.equals(endpoint, k.endpoint)
                && Objects.equals(service, k.service) && Objects.equals(parameters, k.parameters)
                && Objects.equals(vary, k.vary) && Objects.equals(localVary, k.localVary)
                && Objects.equals(variant, k.variant);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return (service == null ? "" : service + "/") + operation
                + (isPartitioned() ? String.format("@%08x", (int) identityLow) : "")
                + "#" + Integer.toHexString(hash);
    }
}
