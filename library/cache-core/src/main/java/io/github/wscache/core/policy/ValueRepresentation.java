package io.github.wscache.core.policy;

import io.github.wscache.core.copy.CopyStrategy;
import java.util.Locale;
import java.util.Optional;

/**
 * How a cached response is kept and handed back on a hit (paper 001, Table 3).
 *
 * <p>{@link #XML} and {@link #EVENTS} are message-level representations (the integration
 * re-parses bytes or replays recorded parse events into the deserializer); the others keep
 * application objects and differ in how each caller gets its own copy.
 *
 * <pre>{@code
 * OperationPolicy p = OperationPolicy.builder().cacheable(true)
 *         .value(ValueRepresentation.REFLECTION).build();
 * }</pre>
 */
public enum ValueRepresentation {
    /** Application objects copied by the strategy picked from the runtime type. */
    AUTO("auto", false, null),
    /** Application objects shared as they are: immutable or declared read-only. */
    REFERENCE("reference", false, CopyStrategy.REFERENCE),
    /** Application objects copied by their public deep {@code clone()}. */
    CLONE("clone", false, CopyStrategy.CLONE),
    /** Application objects deep-copied field by field. */
    REFLECTION("reflection", false, CopyStrategy.REFLECTION),
    /** Application objects kept as serialized bytes and deserialized per hit. */
    SERIALIZATION("serialization", false, CopyStrategy.SERIALIZATION),
    /** The response's parse events, recorded once and replayed per hit. */
    EVENTS("events", true, null),
    /**
     * The response's bytes as the service sent them, parsed again on every hit: XML for SOAP,
     * JSON for cache-http. Written {@code bytes} in a policy; {@code xml} is the same and stays
     * accepted.
     */
    XML("xml", true, null);

    private final String yamlName;
    private final boolean messageLevel;
    private final CopyStrategy copyStrategy;

    ValueRepresentation(String yamlName, boolean messageLevel, CopyStrategy copyStrategy) {
        this.yamlName = yamlName;
        this.messageLevel = messageLevel;
        this.copyStrategy = copyStrategy;
    }

    /** Returns the copy strategy this representation forces, if it forces one. */
    public Optional<CopyStrategy> copyStrategy() {
        return Optional.ofNullable(copyStrategy);
    }

    /** Returns the spelling used in policy files, e.g. {@code serialization}. */
    public String yamlName() {
        return yamlName;
    }

    /** Returns whether this representation keeps the message rather than application objects. */
    public boolean isMessageLevel() {
        return messageLevel;
    }

    static ValueRepresentation fromYaml(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.equals("bytes")) {
            return XML;
        }
        for (ValueRepresentation v : values()) {
            if (v.yamlName.equals(n)) {
                return v;
            }
        }
        return null;
    }
}
