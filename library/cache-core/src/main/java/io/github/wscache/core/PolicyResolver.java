package io.github.wscache.core;

import io.github.wscache.core.internal.NearestName;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.policy.Rule;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Finds the policy entry of a call: the most specific entry naming its operation, else one
 * naming one of its aliases in order, else the defaults. Also reports an entry that can never
 * match, once, with the name it most likely meant: a policy that matches nothing is the silent
 * failure an administrator cannot see otherwise. Thread-safe.
 *
 * <p>Which entries are reported: when an integration {@linkplain #declare declared} the full
 * operation list of a service (cache-axis does, from the stub's service), an entry naming that
 * service exactly is judged against the list as soon as both are known, whether it is called
 * or not: reported when it names none of the service's operations (compared up to case and
 * punctuation, as generated names differ from WSDL names that way). An entry for an operation
 * that is merely not called yet is never reported. Without a list (a plain client, a wildcard
 * service pattern), an entry is reported only when a call that matched no entry carries a name
 * near it: a misspelling seen in the traffic.
 */
final class PolicyResolver {
    private static final int MAX_SERVICES = 1_000;

    private final Policy policy;
    private final ConcurrentHashMap<Rule, Boolean> matched = new ConcurrentHashMap<>();
    private final Set<Rule> warned = ConcurrentHashMap.newKeySet();
    /** Declared operation names per service, as given and normalised. */
    private final Map<String, Set<String>> declared = new ConcurrentHashMap<>();

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

    /**
     * Takes the full list of a service's operation names (every name a call of it may carry),
     * once per service: {@code names} is asked for only the first time, so an integration may
     * call this on every call. The entries naming the service are judged against it now.
     */
    void declare(String service, Supplier<? extends Collection<String>> names) {
        if (service == null || declared.containsKey(service)
                || declared.size() >= MAX_SERVICES) {
            return;
        }
        Set<String> all = new LinkedHashSet<>();
        try {
            for (String n : names.get()) {
                if (n != null && !n.isEmpty()) {
                    all.add(n);
                }
            }
        } catch (RuntimeException e) {
            // the integration could not list them: the service stays judged by its traffic
            Stats.LOG.debug("wscache: the operations of {} could not be listed", service, e);
            declared.putIfAbsent(service, Set.of());
            return;
        }
        if (all.isEmpty()) {
            declared.putIfAbsent(service, Set.of()); // nothing to judge by: not asked again
            return;
        }
        if (declared.putIfAbsent(service, Collections.unmodifiableSet(all)) != null) {
            return;
        }
        judge(service, all);
    }

    /** Reports the entries naming {@code service} exactly that name none of its operations. */
    private void judge(String service, Set<String> names) {
        // one name per operation, the first given (an integration gives the wire's name first)
        Map<String, String> byNormal = new LinkedHashMap<>();
        names.forEach(n -> byNormal.putIfAbsent(normal(n), n));
        Set<String> normal = byNormal.keySet();
        Collection<String> shown = byNormal.values();
        for (Rule r : policy.rules()) {
            if (!r.service().equals(service) || !"*".equals(r.endpoint())
                    || namesOneOf(r, service, names, normal) || !warned.add(r)) {
                continue;
            }
            String near = NearestName.of(r.operation(), byNormal.values());
            Stats.LOG.warn("wscache: policy entry {}(operation: {}) names no operation of {},"
                    + " which has {}{}", r.policy().source().map(s -> s + " ").orElse(""),
                    r.operation(), service, shown, near == null ? ""
                            : "; did you mean operation: " + near + "?");
        }
    }

    private static boolean namesOneOf(Rule r, String service, Set<String> names,
            Set<String> normal) {
        for (String n : names) {
            if (r.matches(service, null, n)) {
                return true;
            }
        }
        return r.operation().indexOf('*') < 0 && normal.contains(normal(r.operation()));
    }

    /** A name up to case and punctuation ({@code get-item} ~ {@code getItem}). */
    private static String normal(String name) {
        StringBuilder sb = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                sb.append(c);
            }
        }
        return sb.toString().toLowerCase(Locale.ROOT);
    }

    /**
     * A call matched no entry: reports an entry it applies to, not judged against a declared
     * list, whose operation name is near the call's (a misspelling seen in the traffic).
     */
    private void noticeUnmatched(Invocation inv) {
        String service = inv.service();
        String name = inv.operation();
        Set<String> ofService = service == null ? null : declared.get(service);
        if (ofService != null && ofService.isEmpty()) {
            ofService = null; // could not be listed
        }
        for (Rule r : policy.rules()) {
            if (matched.containsKey(r) || warned.contains(r)
                    || r.operation().indexOf('*') >= 0
                    || ofService != null && r.service().equals(service)
                    || !r.appliesTo(service, inv.endpoint())
                    || !misspells(r.operation(), inv) || !warned.add(r)) {
                continue;
            }
            Stats.LOG.warn("wscache: policy entry {}(operation: {}) has matched no call, while "
                    + "a call to {} of {} matched no entry; did you mean operation: {}?",
                    r.policy().source().map(s -> s + " ").orElse(""), r.operation(), name,
                    service != null ? service : inv.endpoint() != null ? inv.endpoint()
                            : "a service", name);
        }
    }

    /**
     * Whether {@code entry} is one or two edits away from a name of the call (case aside): a
     * stricter test than a did-you-mean, because here the entry may simply not be called yet.
     */
    private static boolean misspells(String entry, Invocation inv) {
        String e = entry.toLowerCase(Locale.ROOT);
        List<String> names = new ArrayList<>(List.of(inv.aliasArray()));
        names.add(inv.operation());
        for (String n : names) {
            if (n.length() > 256 || e.length() > 256) {
                continue;
            }
            int d = NearestName.distance(e, n.toLowerCase(Locale.ROOT));
            if (d > 0 && d <= Math.min(2, Math.max(1, e.length() / 4))) {
                return true;
            }
        }
        return false;
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

    /** Forgets what matched: the rules are new after a reload; judges them again. */
    void policyChanged() {
        matched.clear();
        warned.clear();
        declared.forEach((service, names) -> {
            if (!names.isEmpty()) {
                judge(service, names);
            }
        });
    }
}
