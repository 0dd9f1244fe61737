package io.github.wscache.core.policy;

import io.github.wscache.core.internal.yaml.Durations;
import io.github.wscache.core.internal.yaml.Sizes;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The caching rules in force for one operation: whether its responses are cached, for how long,
 * how keys and values are represented. Immutable and thread-safe.
 *
 * <p>Two policies are {@linkplain #equals(Object) equal} when their settings are equal, whatever
 * file line they came from; a policy reload keeps the entries of operations whose settings are
 * equal before and after.
 *
 * <pre>{@code
 * OperationPolicy search = OperationPolicy.builder()
 *         .cacheable(true)
 *         .ttl(Duration.ofHours(1))
 *         .key(KeyStrategy.AUTO)
 *         .value(ValueRepresentation.AUTO)
 *         .build();
 * }</pre>
 */
public final class OperationPolicy {

    /** The WS-Addressing 1.0 namespace. */
    static final String WSA = "http://www.w3.org/2005/08/addressing";
    /** The WS-Addressing 2004/08 (member submission) namespace. */
    static final String WSA_2004 = "http://schemas.xmlsoap.org/ws/2004/08/addressing";
    /** The WS-Security utility namespace ({@code wsu}). */
    static final String WSU = "http://docs.oasis-open.org/wss/2004/01/"
            + "oasis-200401-wss-wssecurity-utility-1.0.xsd";
    /** The WS-Security extension namespace ({@code wsse}). */
    static final String WSSE = "http://docs.oasis-open.org/wss/2004/01/"
            + "oasis-200401-wss-wssecurity-secext-1.0.xsd";

    /**
     * Elements left out of XML keys unless a policy says otherwise: WS-Addressing
     * {@code MessageID}, WS-Security utility {@code Timestamp}, {@code Created} and
     * {@code Expires}, and WS-Security {@code Nonce}, each in its own namespace only; an element
     * of the same local name in the request body (say an {@code Expires} date the service is
     * asked about) stays in the key.
     */
    public static final Set<String> DEFAULT_VOLATILE_ELEMENTS = Set.of(
            "{" + WSA + "}MessageID", "{" + WSA_2004 + "}MessageID",
            "{" + WSU + "}Timestamp", "{" + WSU + "}Created", "{" + WSU + "}Expires",
            "{" + WSSE + "}Nonce");

    /**
     * The longest {@linkplain #ttl() TTL}: 3650 days, about ten years. Longer ones are rejected
     * (expiry is kept in nanoseconds, which overflow after 292 years; and a response that must not
     * change for ten years is better served without a cache in front).
     */
    public static final Duration MAXIMUM_TTL = Duration.ofDays(3650);

    /**
     * The largest {@linkplain #minUses() minUses}: the cache counts how often a key was asked for
     * in four bits per counter.
     */
    public static final int MAXIMUM_MIN_USES = 15;

    private static final OperationPolicy NOT_CACHED = builder().build();

    private final boolean cacheable;
    private final Duration ttl;
    private final KeyStrategy key;
    private final ValueRepresentation value;
    private final boolean readOnly;
    private final long maxEntrySize;
    private final int minUses;
    private final boolean honorHttpHeaders;
    private final boolean httpHeadersOnly;
    private final boolean sharedAcrossUsers;
    private final Set<String> volatileElements;
    private final Set<String> identityHeaders;
    private final String source;
    /** {@link #hashCode}, computed once: the policy is a key of the shared tier's memo. */
    private final int hash;

    private OperationPolicy(Builder b) {
        this.cacheable = b.cacheable;
        this.ttl = b.ttl;
        this.key = b.key;
        this.value = b.value;
        this.readOnly = b.readOnly;
        this.maxEntrySize = b.maxEntrySize;
        this.minUses = b.minUses;
        this.honorHttpHeaders = b.honorHttpHeaders;
        this.httpHeadersOnly = b.httpHeadersOnly;
        this.sharedAcrossUsers = b.sharedAcrossUsers;
        this.volatileElements =
                Collections.unmodifiableSet(new LinkedHashSet<>(b.volatileElements));
        this.identityHeaders =
                Collections.unmodifiableSet(new LinkedHashSet<>(b.identityHeaders));
        this.source = b.source;
        this.hash = Objects.hash(cacheable, ttl, key, value, readOnly, maxEntrySize, minUses,
                honorHttpHeaders, httpHeadersOnly, sharedAcrossUsers, volatileElements,
                identityHeaders);
    }

    /** Returns a builder with the defaults: not cacheable, one hour, automatic key and value. */
    public static Builder builder() {
        return new Builder();
    }

    /** Returns the policy of operations that nothing names: not cached. */
    public static OperationPolicy notCached() {
        return NOT_CACHED;
    }

    /** Returns a builder that starts from this policy's settings. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.cacheable = cacheable;
        b.ttl = ttl;
        b.key = key;
        b.value = value;
        b.readOnly = readOnly;
        b.maxEntrySize = maxEntrySize;
        b.minUses = minUses;
        b.honorHttpHeaders = honorHttpHeaders;
        b.httpHeadersOnly = httpHeadersOnly;
        b.sharedAcrossUsers = sharedAcrossUsers;
        b.volatileElements = new LinkedHashSet<>(volatileElements);
        b.identityHeaders = new LinkedHashSet<>(identityHeaders);
        b.source = source;
        return b;
    }

    /** Returns whether responses of this operation are cached at all. */
    public boolean cacheable() {
        return cacheable;
    }

    /**
     * Returns how long a response stays fresh (unless HTTP headers say otherwise); with
     * {@link #httpHeadersOnly()}, only how long an entry with a validator is kept past its
     * freshness to be revalidated.
     */
    public Duration ttl() {
        return ttl;
    }

    /** Returns how keys are derived from the request. */
    public KeyStrategy key() {
        return key;
    }

    /** Returns how responses are kept and handed back. */
    public ValueRepresentation value() {
        return value;
    }

    /** Returns whether the application promised never to mutate results of this operation. */
    public boolean readOnly() {
        return readOnly;
    }

    /** Returns the largest entry kept, in estimated retained bytes. */
    public long maxEntrySize() {
        return maxEntrySize;
    }

    /**
     * Returns whether the server's {@code Cache-Control}/{@code Expires} override the TTL
     * ({@code honorHttpHeaders: true}, or {@code only}).
     */
    public boolean honorHttpHeaders() {
        return honorHttpHeaders;
    }

    /**
     * Returns whether the server's headers alone decide freshness ({@code honorHttpHeaders:
     * only}): a response that says nothing about its freshness is not given the TTL but RFC
     * 9111's heuristic lifetime (§4.2.2: a tenth of the time since its {@code Last-Modified},
     * at most a day) or none at all, in which case it is stored only to be revalidated on every
     * use (it has an {@code ETag} or {@code Last-Modified}) or not stored. The TTL then only
     * bounds how long a stale entry is kept to be revalidated: one more freshness lifetime, at
     * least the TTL. Implies {@link #honorHttpHeaders()}.
     */
    public boolean httpHeadersOnly() {
        return httpHeadersOnly;
    }

    /** Returns whether responses may be shared between callers with different credentials. */
    public boolean sharedAcrossUsers() {
        return sharedAcrossUsers;
    }

    /**
     * Returns the elements left out of XML keys: local names (any namespace) or
     * {@code {namespace}local} names.
     */
    public Set<String> volatileElements() {
        return volatileElements;
    }

    /**
     * Returns the SOAP header elements that carry the caller's identity (local names, any
     * namespace, or {@code {namespace}local} names): integrations partition keys by their
     * content, as they do by {@code Authorization}. Empty by default.
     */
    public Set<String> identityHeaders() {
        return identityHeaders;
    }

    /**
     * Returns how many times a key must be asked for before its response is kept (1: the first
     * response is kept). With 2 or more, a response to a key the cache has seen fewer times is
     * passed through untouched: not recorded, copied or stored, so that requests that are never
     * repeated cost no more than without the cache (as nginx's {@code proxy_cache_min_uses}).
     * The counts are approximate and age: a count-min sketch of 4-bit counters per cache, halved
     * after every few hundred thousand misses; an estimate is never below the true count within
     * one period, so the response to the {@code minUses}-th request for a key is kept (a
     * collision may keep one earlier, never later).
     */
    public int minUses() {
        return minUses;
    }

    /** Returns where this policy was written ({@code file:line:column}), if it came from a file. */
    public Optional<String> source() {
        return Optional.ofNullable(source);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof OperationPolicy)) {
            return false;
        }
        OperationPolicy p = (OperationPolicy) o;
        return cacheable == p.cacheable && ttl.equals(p.ttl) && key == p.key && value == p.value
                && readOnly == p.readOnly && maxEntrySize == p.maxEntrySize
                && minUses == p.minUses
                && honorHttpHeaders == p.honorHttpHeaders
                && httpHeadersOnly == p.httpHeadersOnly
                && sharedAcrossUsers == p.sharedAcrossUsers
                && volatileElements.equals(p.volatileElements)
                && identityHeaders.equals(p.identityHeaders);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return "{cacheable: " + cacheable + ", ttl: " + Durations.format(ttl)
                + ", key: " + key.yamlName() + ", value: " + value.yamlName()
                + ", readOnly: " + readOnly
                + ", maxEntrySize: " + (maxEntrySize == Long.MAX_VALUE ? "unlimited"
                        : Sizes.format(maxEntrySize))
                + (minUses == 1 ? "" : ", minUses: " + minUses)
                + ", honorHttpHeaders: " + (httpHeadersOnly ? "only" : honorHttpHeaders)
                + ", sharedAcrossUsers: " + sharedAcrossUsers + "}";
    }

    /**
     * Builds an {@link OperationPolicy}; every setter validates its argument at once. Not
     * thread-safe.
     */
    public static final class Builder {
        private boolean cacheable;
        private Duration ttl = Duration.ofHours(1);
        private KeyStrategy key = KeyStrategy.AUTO;
        private ValueRepresentation value = ValueRepresentation.AUTO;
        private boolean readOnly;
        private long maxEntrySize = Long.MAX_VALUE;
        private int minUses = 1;
        private boolean honorHttpHeaders;
        private boolean httpHeadersOnly;
        private boolean sharedAcrossUsers;
        private Set<String> volatileElements = new LinkedHashSet<>(DEFAULT_VOLATILE_ELEMENTS);
        private Set<String> identityHeaders = new LinkedHashSet<>();
        private String source;

        private Builder() {
        }

        /** Sets whether responses are cached. */
        public Builder cacheable(boolean cacheable) {
            this.cacheable = cacheable;
            return this;
        }

        /**
         * Sets how long a response stays fresh.
         *
         * @throws IllegalArgumentException if {@code ttl} is zero, negative or longer than
         *     {@link #MAXIMUM_TTL}
         */
        public Builder ttl(Duration ttl) {
            Objects.requireNonNull(ttl, "ttl");
            if (ttl.isNegative() || ttl.isZero()) {
                throw new IllegalArgumentException("ttl must be positive: " + ttl);
            }
            if (ttl.compareTo(MAXIMUM_TTL) > 0) {
                throw new IllegalArgumentException("ttl must be at most "
                        + MAXIMUM_TTL.toDays() + " days: " + ttl);
            }
            this.ttl = ttl;
            return this;
        }

        /** Sets the key strategy. */
        public Builder key(KeyStrategy key) {
            this.key = Objects.requireNonNull(key, "key");
            return this;
        }

        /** Sets the value representation. */
        public Builder value(ValueRepresentation value) {
            this.value = Objects.requireNonNull(value, "value");
            return this;
        }

        /** Declares that the application never mutates results: they are shared, not copied. */
        public Builder readOnly(boolean readOnly) {
            this.readOnly = readOnly;
            return this;
        }

        /**
         * Sets the largest entry kept, in estimated retained bytes.
         *
         * @throws IllegalArgumentException if {@code bytes} is not positive
         */
        public Builder maxEntrySize(long bytes) {
            if (bytes <= 0) {
                throw new IllegalArgumentException("maxEntrySize must be positive: " + bytes);
            }
            this.maxEntrySize = bytes;
            return this;
        }

        /**
         * Sets how many times a key must be asked for before its response is kept
         * ({@link OperationPolicy#minUses()}); 1, the default, keeps the first response.
         *
         * @throws IllegalArgumentException if {@code uses} is not between 1 and
         *     {@link #MAXIMUM_MIN_USES}
         */
        public Builder minUses(int uses) {
            if (uses < 1 || uses > MAXIMUM_MIN_USES) {
                throw new IllegalArgumentException("minUses must be between 1 and "
                        + MAXIMUM_MIN_USES + ": " + uses);
            }
            this.minUses = uses;
            return this;
        }

        /**
         * Lets the server's {@code Cache-Control}/{@code Expires} decide freshness, the TTL
         * standing in when they say nothing ({@code true}); {@code false} also turns
         * {@link #httpHeadersOnly} off.
         */
        public Builder honorHttpHeaders(boolean honor) {
            this.honorHttpHeaders = honor;
            this.httpHeadersOnly = false;
            return this;
        }

        /**
         * Lets the server's headers alone decide freshness
         * ({@link OperationPolicy#httpHeadersOnly()}, {@code honorHttpHeaders: only});
         * {@code true} also turns {@link #honorHttpHeaders} on, {@code false} leaves it as it is.
         */
        public Builder httpHeadersOnly(boolean only) {
            this.httpHeadersOnly = only;
            this.honorHttpHeaders |= only;
            return this;
        }

        /** Lets callers with different credentials share responses. */
        public Builder sharedAcrossUsers(boolean shared) {
            this.sharedAcrossUsers = shared;
            return this;
        }

        /** Replaces the elements left out of XML keys. */
        public Builder volatileElements(Set<String> names) {
            Objects.requireNonNull(names, "volatileElements");
            for (String n : names) {
                if (n == null || n.isBlank()) {
                    throw new IllegalArgumentException(
                            "volatile element names must not be blank: " + names);
                }
            }
            this.volatileElements = new LinkedHashSet<>(names);
            return this;
        }

        /**
         * Sets the SOAP header elements whose content identifies the caller.
         *
         * @throws IllegalArgumentException if a name is blank
         */
        public Builder identityHeaders(Set<String> names) {
            Objects.requireNonNull(names, "identityHeaders");
            for (String n : names) {
                if (n == null || n.isBlank()) {
                    throw new IllegalArgumentException(
                            "identity header names must not be blank: " + names);
                }
            }
            this.identityHeaders = new LinkedHashSet<>(names);
            return this;
        }

        Builder source(String source) {
            this.source = source;
            return this;
        }

        /** Returns the policy. */
        public OperationPolicy build() {
            return new OperationPolicy(this);
        }
    }
}
