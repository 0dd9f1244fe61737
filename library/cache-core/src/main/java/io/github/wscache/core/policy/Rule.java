package io.github.wscache.core.policy;

import java.util.Objects;

/**
 * One policy entry: the operations it matches (service or endpoint, and operation name, each
 * exact or with {@code *} wildcards) and the {@link OperationPolicy} they get. Immutable.
 *
 * <p>{@code *} matches any run of characters, none included; every other character matches
 * itself. Runs of {@code *} count as one (and are kept as one). Matching makes at most one pass
 * over the name per literal part of the pattern: no regular expressions, no backtracking, so no
 * pattern makes a call slow. Service and operation patterns are at most
 * {@value #MAXIMUM_NAME_LENGTH} characters long, endpoint patterns
 * {@value #MAXIMUM_ENDPOINT_LENGTH}.
 *
 * <pre>{@code
 * Rule searches = Rule.of("AmazonSearchService", "*Search",
 *         OperationPolicy.builder().cacheable(true).ttl(Duration.ofHours(1)).build());
 * }</pre>
 */
public final class Rule {
    /** The longest service or operation pattern, in characters. */
    public static final int MAXIMUM_NAME_LENGTH = 1024;

    /** The longest endpoint pattern, in characters. */
    public static final int MAXIMUM_ENDPOINT_LENGTH = 4096;

    private final String service;
    private final String endpoint;
    private final String operation;
    private final OperationPolicy policy;
    private final Glob servicePattern;
    private final Glob endpointPattern;
    private final Glob operationPattern;

    private Rule(String service, String endpoint, String operation, OperationPolicy policy) {
        this.servicePattern = glob(service, "service", MAXIMUM_NAME_LENGTH);
        this.endpointPattern = glob(endpoint, "endpoint", MAXIMUM_ENDPOINT_LENGTH);
        this.operationPattern = glob(operation, "operation", MAXIMUM_NAME_LENGTH);
        this.service = servicePattern.pattern();
        this.endpoint = endpointPattern.pattern();
        this.operation = operationPattern.pattern();
        this.policy = Objects.requireNonNull(policy, "policy");
    }

    /**
     * Returns a rule for {@code operation} of the services whose name matches {@code service}.
     *
     * @throws IllegalArgumentException if a pattern is blank or longer than
     *     {@value #MAXIMUM_NAME_LENGTH} characters
     */
    public static Rule of(String service, String operation, OperationPolicy policy) {
        return new Rule(service, "*", operation, policy);
    }

    /**
     * Returns a rule for {@code operation} at the endpoints whose URL matches {@code endpoint}.
     *
     * @throws IllegalArgumentException if a pattern is blank or too long (see
     *     {@link #MAXIMUM_ENDPOINT_LENGTH})
     */
    public static Rule ofEndpoint(String endpoint, String operation, OperationPolicy policy) {
        return new Rule("*", endpoint, operation, policy);
    }

    static Rule of(String service, String endpoint, String operation, OperationPolicy policy) {
        return new Rule(service, endpoint, operation, policy);
    }

    private static Glob glob(String p, String what, int maximumLength) {
        Objects.requireNonNull(p, what);
        if (p.isBlank()) {
            throw new IllegalArgumentException(what + " pattern must not be blank");
        }
        if (p.length() > maximumLength) {
            throw new IllegalArgumentException(what + " pattern must be at most "
                    + maximumLength + " characters: " + p.length());
        }
        return Glob.of(p);
    }

    /** Returns the service-name pattern ({@code *} when the rule names an endpoint instead). */
    public String service() {
        return service;
    }

    /** Returns the endpoint-URL pattern ({@code *} when the rule names a service instead). */
    public String endpoint() {
        return endpoint;
    }

    /** Returns the operation-name pattern. */
    public String operation() {
        return operation;
    }

    /** Returns the policy operations matched by this rule get. */
    public OperationPolicy policy() {
        return policy;
    }

    /**
     * Returns whether this rule names the given service or endpoint, whatever the operation
     * (a rule with {@code *} for both names every service).
     */
    public boolean appliesTo(String serviceName, String endpointUrl) {
        return ("*".equals(service) || serviceName != null
                        && servicePattern.matches(serviceName))
                && ("*".equals(endpoint) || endpointUrl != null
                        && endpointPattern.matches(endpointUrl));
    }

    /** Returns whether this rule matches the operation of the given service or endpoint. */
    public boolean matches(String serviceName, String endpointUrl, String operationName) {
        return operationPattern.matches(operationName)
                && ("*".equals(service) || serviceName != null
                        && servicePattern.matches(serviceName))
                && ("*".equals(endpoint) || endpointUrl != null
                        && endpointPattern.matches(endpointUrl));
    }

    /**
     * Orders rules by how specific they are: an exact operation name beats a pattern, a longer
     * literal part beats a shorter one, then an exact endpoint, then an exact service.
     */
    long specificity() {
        return score(operation) * 1_000_000L + score(endpoint) * 1_000L + score(service);
    }

    private static long score(String p) {
        if ("*".equals(p)) {
            return 0;
        }
        int literal = p.replace("*", "").length();
        return p.indexOf('*') < 0 ? 500 + Math.min(literal, 400) : 1 + Math.min(literal, 400);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        if (!"*".equals(service)) {
            sb.append("service: ").append(service).append(", ");
        }
        if (!"*".equals(endpoint)) {
            sb.append("endpoint: ").append(endpoint).append(", ");
        }
        return sb.append("operation: ").append(operation).append("} -> ").append(policy)
                .toString();
    }
}
