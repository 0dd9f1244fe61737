package io.github.wscache.core.policy;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One policy entry: the operations it matches (service or endpoint, and operation name, each
 * exact or with {@code *} wildcards) and the {@link OperationPolicy} they get. Immutable.
 *
 * <pre>{@code
 * Rule searches = Rule.of("AmazonSearchService", "*Search",
 *         OperationPolicy.builder().cacheable(true).ttl(Duration.ofHours(1)).build());
 * }</pre>
 */
public final class Rule {
    private final String service;
    private final String endpoint;
    private final String operation;
    private final OperationPolicy policy;
    private final Pattern servicePattern;
    private final Pattern endpointPattern;
    private final Pattern operationPattern;

    private Rule(String service, String endpoint, String operation, OperationPolicy policy) {
        this.service = requirePattern(service, "service");
        this.endpoint = requirePattern(endpoint, "endpoint");
        this.operation = requirePattern(operation, "operation");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.servicePattern = glob(this.service);
        this.endpointPattern = glob(this.endpoint);
        this.operationPattern = glob(this.operation);
    }

    /** Returns a rule for {@code operation} of the services whose name matches {@code service}. */
    public static Rule of(String service, String operation, OperationPolicy policy) {
        return new Rule(service, "*", operation, policy);
    }

    /** Returns a rule for {@code operation} at the endpoints whose URL matches {@code endpoint}. */
    public static Rule ofEndpoint(String endpoint, String operation, OperationPolicy policy) {
        return new Rule("*", endpoint, operation, policy);
    }

    static Rule of(String service, String endpoint, String operation, OperationPolicy policy) {
        return new Rule(service, endpoint, operation, policy);
    }

    private static String requirePattern(String p, String what) {
        Objects.requireNonNull(p, what);
        if (p.isBlank()) {
            throw new IllegalArgumentException(what + " pattern must not be blank");
        }
        return p;
    }

    private static Pattern glob(String p) {
        String[] parts = p.split("\\*", -1);
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            if (i > 0) {
                re.append(".*");
            }
            if (!parts[i].isEmpty()) {
                re.append(Pattern.quote(parts[i]));
            }
        }
        return Pattern.compile(re.toString());
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
                        && servicePattern.matcher(serviceName).matches())
                && ("*".equals(endpoint) || endpointUrl != null
                        && endpointPattern.matcher(endpointUrl).matches());
    }

    /** Returns whether this rule matches the operation of the given service or endpoint. */
    public boolean matches(String serviceName, String endpointUrl, String operationName) {
        return operationPattern.matcher(operationName).matches()
                && ("*".equals(service) || serviceName != null
                        && servicePattern.matcher(serviceName).matches())
                && ("*".equals(endpoint) || endpointUrl != null
                        && endpointPattern.matcher(endpointUrl).matches());
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
