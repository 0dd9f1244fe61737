package io.github.wscache.portal;

import io.github.wscache.core.copy.CopierChoice;
import io.github.wscache.core.copy.CopierRegistry;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.policy.Rule;
import io.github.wscache.core.policy.ValueRepresentation;
import io.github.wscache.google.stub.GoogleSearchServiceStub;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The representations a user can pick per operation ("none" and the policy's {@code value}s),
 * how a policy is rebuilt with another one, and what the cache will really do with the
 * operation's result type (the library's rules, explained).
 */
public final class Representations {
    /** The service name the generated stub reports (the WSDL service). */
    public static final String SERVICE = "GoogleSearchService";

    /** The operations the portal calls, with the result type of the packed stub's method. */
    public static final Map<String, Class<?>> OPERATIONS = Map.of(
            "doGoogleSearch", GoogleSearchServiceStub.DoGoogleSearchResponse.class,
            "doSpellingSuggestion", GoogleSearchServiceStub.DoSpellingSuggestionResponse.class,
            "doGetCachedPage", GoogleSearchServiceStub.DoGetCachedPageResponse.class);

    /** Operation names in display order. */
    public static final List<String> OPERATION_ORDER =
            List.of("doGoogleSearch", "doSpellingSuggestion", "doGetCachedPage");

    /** The choices, in the paper's order (Table 3) plus {@code auto} and {@code none}. */
    public static final List<String> CHOICES = List.of("xml", "events", "serialization",
            "reflection", "clone", "reference", "auto", "none");

    private Representations() {
    }

    /** Returns the representation name in force for an operation policy ("none" if uncached). */
    public static String nameOf(OperationPolicy p) {
        return p.cacheable() ? p.value().yamlName() : "none";
    }

    /**
     * Returns {@code policy}'s rules with the rule of {@code operation} (of this service, any
     * endpoint) replaced by one with the representation {@code choice}; other settings (ttl, key,
     * sizes) are kept. {@code reference} also says {@code readOnly: true}: the portal only reads
     * results, so sharing one object between requests is safe here.
     *
     * @throws IllegalArgumentException for an unknown choice
     */
    public static Policy with(Policy policy, String operation, String choice) {
        String c = choice.toLowerCase(Locale.ROOT);
        if (!CHOICES.contains(c)) {
            throw new IllegalArgumentException("unknown representation " + choice
                    + "; one of " + CHOICES);
        }
        OperationPolicy current = policy.resolve(SERVICE, null, operation);
        OperationPolicy.Builder b = current.toBuilder();
        if ("none".equals(c)) {
            b.cacheable(false);
        } else {
            ValueRepresentation v = ValueRepresentation.valueOf(c.toUpperCase(Locale.ROOT));
            b.cacheable(true).value(v).readOnly(v == ValueRepresentation.REFERENCE);
            if (current.ttl().isZero() || current.ttl().isNegative()) {
                b.ttl(Duration.ofHours(1));
            }
        }
        Policy.Builder next = Policy.builder().maximumSize(policy.maximumSize())
                .defaults(policy.defaults());
        List<Rule> kept = new ArrayList<>();
        for (Rule r : policy.rules()) {
            boolean same = r.operation().equals(operation) && "*".equals(r.endpoint())
                    && ("*".equals(r.service()) || SERVICE.equals(r.service()));
            if (!same) {
                kept.add(r);
            }
        }
        next.rule(Rule.of(SERVICE, operation, b.build()));
        kept.forEach(next::rule);
        return next.build();
    }

    /**
     * Says what the cache does with {@code operation}'s results under {@code p}, following the
     * library's rules: message level for {@code events}/{@code xml}; a forced copy strategy when
     * it can copy the type safely, else the automatic choice; the message level when the type
     * cannot be copied at all.
     *
     * @return a one-line "strategy: reason"
     */
    public static String strategy(CopierRegistry copiers, OperationPolicy p,
            Class<?> resultType) {
        if (!p.cacheable()) {
            return "none: not cached, every call goes to the back-end";
        }
        if (p.value().isMessageLevel()) {
            return p.value().yamlName().toUpperCase(Locale.ROOT) + ": message level (caching "
                    + "transport sender), the stub deserializes every hit";
        }
        CopierChoice<?> choice = copiers.choose(p, resultType);
        if (choice.copier().isEmpty()) {
            return "EVENTS (message level): the object level cannot copy the result; "
                    + choice.reason();
        }
        return choice.reason();
    }
}
