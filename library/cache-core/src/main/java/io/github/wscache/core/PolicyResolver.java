package io.github.wscache.core;

import io.github.wscache.core.internal.NearestName;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.policy.Rule;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the policy entry of a call: the most specific entry naming its operation, else one
 * naming one of its aliases in order, else the defaults. Remembers which entries have matched
 * and the operation names seen per service, so that an entry that matches nothing while its
 * service is called is reported once, with the nearest name seen: a policy that matches nothing
 * is the silent failure an administrator cannot see otherwise. Thread-safe.
 */
final class PolicyResolver {
    private static final int MAX_SEEN = 1_000;

    private final Policy policy;
    private final ConcurrentHashMap<Rule, Boolean> matched = new ConcurrentHashMap<>();
    private final Set<Rule> warned = ConcurrentHashMap.newKeySet();
    private final ConcurrentHashMap<String, Set<String>> seen = new ConcurrentHashMap<>();

    PolicyResolver(Policy policy) {
        this.policy = policy;
    }

    /**
     * Returns the policy in force for a call: looked up once per call, also when an integration
     * asked for it before building the full invocation ({@link Invocation.Resolution}).
     */
    OperationPolicy policyFor(Invocation inv) {
        List<Rule> rules = policy.rules();
        Object[] found = inv.resolution.found;
        if (found != null && found[0] == rules) {
            return (OperationPolicy) found[1];
        }
        Rule r = ruleFor(inv);
        OperationPolicy p = r == null ? policy.defaults() : r.policy();
        inv.resolution.found = new Object[] {rules, p};
        return p;
    }

    private Rule ruleFor(Invocation inv) {
        String service = inv.service();
        String endpoint = inv.endpoint();
        Rule r = policy.match(service, endpoint, inv.operation()).orElse(null);
        if (r == null) {
            for (String alias : inv.aliasArray()) {
                r = policy.match(service, endpoint, alias).orElse(null);
                if (r != null) {
                    break;
                }
            }
        }
        if (r != null) {
            if (!matched.containsKey(r)) {
                matched.put(r, Boolean.TRUE);
            }
        } else {
            noticeUnmatched(inv);
        }
        return r;
    }

    /** Returns the name (the operation's or an alias) by which an entry matched the call. */
    String policyName(Invocation inv) {
        if (inv.aliasArray().length == 0
                || policy.match(inv.service(), inv.endpoint(), inv.operation()).isPresent()) {
            return inv.operation();
        }
        for (String alias : inv.aliasArray()) {
            if (policy.match(inv.service(), inv.endpoint(), alias).isPresent()) {
                return alias;
            }
        }
        return inv.operation();
    }

    private void noticeUnmatched(Invocation inv) {
        String target = inv.service() != null ? inv.service()
                : inv.endpoint() != null ? inv.endpoint() : "";
        Set<String> names = seen.get(target);
        if (names == null) {
            if (seen.size() >= MAX_SEEN) {
                return;
            }
            names = seen.computeIfAbsent(target, t -> ConcurrentHashMap.newKeySet());
        }
        if (names.size() < MAX_SEEN) {
            names.add(inv.operation());
        }
        for (Rule r : policy.rules()) {
            if (!matched.containsKey(r) && r.policy().cacheable()
                    && r.appliesTo(inv.service(), inv.endpoint()) && warned.add(r)) {
                String near = NearestName.of(r.operation(), names);
                Stats.LOG.warn("wscache: policy entry {}{} has matched no call, while calls to "
                        + "{} were seen for {}{}", r.policy().source().map(s -> s + " ")
                                .orElse(""), "(operation: " + r.operation() + ")",
                        target.isEmpty() ? "a service" : target, new TreeSet<>(names),
                        near == null ? "" : "; did you mean operation: " + near + "?");
            }
        }
    }

    /** Returns the entries reported as matching nothing, that still have matched nothing. */
    List<Rule> unmatchedEntries() {
        List<Rule> out = new ArrayList<>();
        for (Rule r : policy.rules()) {
            if (warned.contains(r) && !matched.containsKey(r)) {
                out.add(r);
            }
        }
        return out;
    }

    /** Forgets what matched: the rules are new after a reload. */
    void policyChanged() {
        matched.clear();
        warned.clear();
    }
}
