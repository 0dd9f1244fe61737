package io.github.wscache.core.policy;

import java.util.Locale;

/**
 * How a cache key is derived from a request's parameters (paper 001, Table 2).
 *
 * <pre>{@code
 * OperationPolicy p = OperationPolicy.builder().cacheable(true).key(KeyStrategy.XML).build();
 * }</pre>
 */
public enum KeyStrategy {
    /** The cheapest valid strategy for the parameter types: structural for immutables. */
    AUTO("auto"),
    /** Parameter names and {@code toString()} values; only for types that override it. */
    TO_STRING("toString"),
    /** Java-serialization or Kryo bytes of the parameters, compared by content. */
    SERIALIZED("serialized"),
    /** The request payload's XML in canonical form, volatile elements removed. */
    XML("xml");

    private final String yamlName;

    KeyStrategy(String yamlName) {
        this.yamlName = yamlName;
    }

    /** Returns the spelling used in policy files, e.g. {@code toString}. */
    public String yamlName() {
        return yamlName;
    }

    /**
     * Returns the constant spelled {@code name} in a policy file (case-insensitive), or
     * {@code null} when there is none.
     */
    static KeyStrategy fromYaml(String name) {
        for (KeyStrategy k : values()) {
            if (k.yamlName.toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                return k;
            }
        }
        return null;
    }
}
