package io.github.wscache.axis.internal;

import io.github.wscache.core.internal.NearestName;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.policy.Rule;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a policy does to the operations of some WSDL files: the entry each operation gets, the
 * entries that match no operation (with the nearest operation names), and the entries that match
 * an operation only by its generated Java name.
 *
 * <p>Design: matching must agree with cache-axis at run time, which calls
 * {@code policy.resolve(service, endpoint, operation)} with the WSDL service name, the endpoint
 * address and the operation name as the WSDL writes it, and falls back to the generated stub's
 * Java name ({@code keywordSearch}) only when no entry matches the WSDL name. Each rule is asked
 * with {@link Rule#matches}, in {@link Policy#rules()} order (most specific first), as
 * {@code resolve} does.
 *
 * <p>A WSDL operation is reported once per service: ports of the same operation (SOAP 1.1, SOAP
 * 1.2, HTTP) share a row when the same entry matches all of them, which is always the case unless
 * an entry names an {@code endpoint}; otherwise each port gets a row that shows its address.
 */
public final class PolicyCoverage {
    /**
     * One line of the table.
     *
     * @param service the WSDL service name
     * @param operation the WSDL operation name
     * @param endpoint the port's address when ports of the operation resolve differently, else
     *     {@code null}
     * @param entry the entry that matched, or {@code null} when the operation gets the defaults
     * @param policy what the operation gets
     * @param javaName whether the entry matched the generated Java name only
     * @param oneWay whether the operation has no response, so is never cached
     */
    public record Row(String service, String operation, String endpoint, Rule entry,
            OperationPolicy policy, boolean javaName, boolean oneWay) {
        /** Returns whether responses of the operation are cached. */
        public boolean cached() {
            return policy.cacheable() && !oneWay;
        }
    }

    /**
     * What one operation of one port gets.
     *
     * @param operation the operation
     * @param entry the entry that matched, or {@code null} when the operation gets the defaults
     * @param policy what the operation gets
     * @param javaName whether the entry matched the generated Java name only
     */
    public record Port(WsdlOperation operation, Rule entry, OperationPolicy policy,
            boolean javaName) {
    }

    /**
     * An entry that matches no operation.
     *
     * @param entry the entry
     * @param hint what is near: "did you mean KeywordSearch?" or where the operation is
     */
    public record Unmatched(Rule entry, String hint) {
    }

    /**
     * An entry that matches an operation only by its generated Java name.
     *
     * @param entry the entry
     * @param operation the operation whose Java name it matches
     */
    public record JavaNameMatch(Rule entry, WsdlOperation operation) {
    }

    private static final int MAX_SUGGESTIONS = 3;
    private static final int MAX_LISTED = 12;

    private final List<Row> rows;
    private final List<Port> ports;
    private final List<Unmatched> unmatched;
    private final List<JavaNameMatch> javaNameMatches;

    private PolicyCoverage(List<Row> rows, List<Port> ports, List<Unmatched> unmatched,
            List<JavaNameMatch> javaNameMatches) {
        this.rows = List.copyOf(rows);
        this.ports = List.copyOf(ports);
        this.unmatched = List.copyOf(unmatched);
        this.javaNameMatches = List.copyOf(javaNameMatches);
    }

    /** Returns what {@code policy} does to {@code operations}. */
    public static PolicyCoverage of(Policy policy, List<WsdlOperation> operations) {
        return new Matcher(policy).cover(operations);
    }

    /** Returns one row per service and operation (per port where ports differ), sorted. */
    public List<Row> rows() {
        return rows;
    }

    /** Returns the entries that match no operation, in policy order. */
    public List<Unmatched> unmatched() {
        return unmatched;
    }

    /** Returns the entries that match an operation only by its Java name. */
    public List<JavaNameMatch> javaNameMatches() {
        return javaNameMatches;
    }

    /** Returns one line per port and operation, in WSDL order. */
    public List<Port> ports() {
        return ports;
    }

    /** Returns an entry as a policy file writes it: {@code service: S, operation: O}. */
    public static String describe(Rule r) {
        StringBuilder sb = new StringBuilder();
        if (!"*".equals(r.service())) {
            sb.append("service: ").append(r.service()).append(", ");
        }
        if (!"*".equals(r.endpoint())) {
            sb.append("endpoint: ").append(r.endpoint()).append(", ");
        }
        return sb.append("operation: ").append(r.operation()).toString();
    }

    /** Returns the edit distance of two strings, ignoring case (Levenshtein). */
    static int distance(String a, String b) {
        return NearestName.distance(a.toLowerCase(Locale.ROOT), b.toLowerCase(Locale.ROOT));
    }

    private record Match(Rule rule, boolean javaName) {
    }

    private static final class Matcher {
        private final Policy policy;

        Matcher(Policy policy) {
            this.policy = policy;
        }

        boolean matches(Rule r, WsdlOperation op, String name) {
            return r.matches(op.service(), op.endpoint(), name);
        }

        Match match(WsdlOperation op) {
            for (Rule r : policy.rules()) {
                if (matches(r, op, op.name())) {
                    return new Match(r, false);
                }
            }
            if (!op.javaName().equals(op.name())) {
                for (Rule r : policy.rules()) {
                    if (matches(r, op, op.javaName())) {
                        return new Match(r, true);
                    }
                }
            }
            return null;
        }

        PolicyCoverage cover(List<WsdlOperation> operations) {
            Map<List<String>, List<WsdlOperation>> byOperation = new LinkedHashMap<>();
            for (WsdlOperation op : operations) {
                byOperation.computeIfAbsent(List.of(op.service(), op.name()),
                        k -> new ArrayList<>()).add(op);
            }
            List<Row> rows = new ArrayList<>();
            List<Port> portRows = new ArrayList<>();
            Map<WsdlOperation, Port> byPort = new IdentityHashMap<>();
            for (WsdlOperation op : operations) {
                Match m = match(op);
                Port p = new Port(op, m == null ? null : m.rule,
                        m == null ? policy.defaults() : m.rule.policy(), m != null && m.javaName);
                portRows.add(p);
                byPort.put(op, p);
            }
            for (List<WsdlOperation> ports : byOperation.values()) {
                Map<WsdlOperation, Match> matches = new LinkedHashMap<>();
                for (WsdlOperation op : ports) {
                    Port p = byPort.get(op);
                    matches.put(op, p.entry() == null ? null : new Match(p.entry(), p.javaName()));
                }
                boolean same = matches.values().stream().distinct().count() == 1;
                Set<String> endpoints = new LinkedHashSet<>();
                for (Map.Entry<WsdlOperation, Match> e : matches.entrySet()) {
                    WsdlOperation op = e.getKey();
                    if (same || endpoints.add(String.valueOf(op.endpoint()))) {
                        Match m = e.getValue();
                        rows.add(new Row(op.service(), op.name(),
                                same ? null : String.valueOf(op.endpoint()),
                                m == null ? null : m.rule,
                                m == null ? policy.defaults() : m.rule.policy(),
                                m != null && m.javaName, op.oneWay()));
                    }
                    if (same) {
                        break;
                    }
                }
            }
            rows.sort(Comparator.comparing((Row r) -> r.service().toLowerCase(Locale.ROOT))
                    .thenComparing(r -> r.operation().toLowerCase(Locale.ROOT))
                    .thenComparing(r -> Objects.toString(r.endpoint(), "")));

            List<Unmatched> unmatched = new ArrayList<>();
            List<JavaNameMatch> javaNames = new ArrayList<>();
            for (Rule r : policy.rules()) {
                boolean any = false;
                Set<List<String>> javaOnly = new LinkedHashSet<>();
                for (WsdlOperation op : operations) {
                    if (matches(r, op, op.name())) {
                        any = true;
                    } else if (matches(r, op, op.javaName())) {
                        any = true;
                        if (javaOnly.add(List.of(op.service(), op.name()))) {
                            javaNames.add(new JavaNameMatch(r, op));
                        }
                    }
                }
                if (!any) {
                    unmatched.add(new Unmatched(r, hint(r, operations)));
                }
            }
            unmatched.sort(Comparator.comparingLong(u -> fileOrder(u.entry())));
            javaNames.sort(Comparator.comparingLong(j -> fileOrder(j.entry())));
            return new PolicyCoverage(rows, portRows, unmatched, javaNames);
        }

        /** Says why a rule matches nothing: its service or endpoint, or a misspelt operation. */
        private String hint(Rule r, List<WsdlOperation> operations) {
            if (operations.isEmpty()) {
                return "the WSDL files declare no operation";
            }
            Rule anyService = Rule.of("*", r.operation(), r.policy());
            Set<String> servicesOfOp = new TreeSet<>();
            Set<String> endpointsOfOp = new TreeSet<>();
            Set<String> namesHere = new TreeSet<>();
            Set<String> allNames = new TreeSet<>();
            for (WsdlOperation op : operations) {
                allNames.add(op.name());
                if (anyService.matches(op.service(), op.endpoint(), op.name())) {
                    servicesOfOp.add(op.service());
                    endpointsOfOp.add(String.valueOf(op.endpoint()));
                }
                if (r.appliesTo(op.service(), op.endpoint())) {
                    namesHere.add(op.name());
                }
            }
            if (!servicesOfOp.isEmpty()) {
                if (!"*".equals(r.endpoint())) {
                    return "operation " + r.operation() + " is at "
                            + String.join(", ", endpointsOfOp);
                }
                return "operation " + r.operation() + " is in "
                        + (servicesOfOp.size() == 1 ? "service " : "services ")
                        + String.join(", ", servicesOfOp) + ", not " + r.service();
            }
            String wanted = r.operation().replace("*", "");
            Set<String> candidates = namesHere.isEmpty() ? allNames : namesHere;
            String suggestion = didYouMean(wanted, candidates);
            if (!suggestion.isEmpty()) {
                return suggestion.substring(2);
            }
            return "no operation is named like it" + (candidates.size() > MAX_LISTED ? ""
                    : "; the operations are " + String.join(", ", candidates));
        }

        private static String didYouMean(String wrong, Set<String> candidates) {
            int best = Integer.MAX_VALUE;
            List<String> nearest = new ArrayList<>();
            for (String c : candidates) {
                int d = distance(wrong, c);
                if (d < best) {
                    best = d;
                    nearest.clear();
                }
                if (d == best && nearest.size() < MAX_SUGGESTIONS) {
                    nearest.add(c);
                }
            }
            if (nearest.isEmpty() || best > Math.max(3, wrong.length() / 3)) {
                return "";
            }
            return "; did you mean " + String.join(" or ", nearest) + "?";
        }
    }

    /** Orders entries as the policy file writes them (by {@code :line:column}). */
    private static long fileOrder(Rule r) {
        String[] parts = r.policy().source().orElse("").split(":");
        if (parts.length < 3) {
            return Long.MAX_VALUE;
        }
        try {
            return Long.parseLong(parts[parts.length - 2]) * 100_000L
                    + Long.parseLong(parts[parts.length - 1]);
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    /** Returns where an entry was written, {@code file:line:column}, or how it reads. */
    public static String source(Rule r) {
        return r.policy().source().orElse(describe(r));
    }
}
