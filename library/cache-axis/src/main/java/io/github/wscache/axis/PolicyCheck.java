package io.github.wscache.axis;

import io.github.wscache.axis.internal.PolicyCoverage;
import io.github.wscache.axis.internal.WsdlException;
import io.github.wscache.axis.internal.WsdlOperation;
import io.github.wscache.axis.internal.WsdlOperations;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.Policy;
import io.github.wscache.core.policy.PolicyException;
import io.github.wscache.core.policy.Rule;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks a policy against WSDL files, for administrators: prints every WSDL operation with what
 * the policy does to it (cached or not, TTL, key, value, and the entry that matched, as
 * {@code file:line:column}), then the entries that match no operation, with the nearest
 * operation names. Operations are matched as cache-axis matches them at run time: by WSDL service
 * name, port address and operation name as the WSDL writes it.
 *
 * <pre>{@code
 * java -cp <cache-axis class path> io.github.wscache.axis.PolicyCheck wscache.yaml \
 *     --wsdl Store.wsdl [--wsdl Other.wsdl] [--format text|tsv]
 * }</pre>
 *
 * <p>Exit status: {@value #OK} when every entry matches an operation by its WSDL name;
 * {@value #WARNINGS} when an entry matches no operation, or matches one only by the generated
 * Java name ({@code keywordSearch} for {@code KeywordSearch}); {@value #ERROR} when the policy or
 * a WSDL file cannot be read, or the arguments are wrong. Stateless; {@link #run} may be called
 * from several threads.
 */
public final class PolicyCheck {
    /** Exit status: the policy and the WSDL files agree. */
    public static final int OK = 0;
    /** Exit status: entries that match no operation, or only by a Java name. */
    public static final int WARNINGS = 1;
    /** Exit status: the policy or a WSDL file cannot be read, or the arguments are wrong. */
    public static final int ERROR = 2;

    private static final String USAGE = "usage: PolicyCheck [check] <wscache.yaml> --wsdl <file>"
            + " [--wsdl <file> ...] [--format text|tsv]";

    private PolicyCheck() {
    }

    /**
     * Runs the check and exits with its status.
     *
     * @param args {@code [check] <wscache.yaml> --wsdl <file> [--wsdl <file> ...]
     *     [--format text|tsv]}
     */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs the check, printing the report to {@code out} and errors to {@code err}.
     *
     * @return {@link #OK}, {@link #WARNINGS} or {@link #ERROR}
     */
    static int run(String[] args, PrintStream out, PrintStream err) {
        Path policyFile = null;
        List<Path> wsdls = new ArrayList<>();
        boolean tsv = false;
        int i = args.length > 0 && "check".equals(args[0]) ? 1 : 0;
        for (; i < args.length; i++) {
            String a = args[i];
            if ("-h".equals(a) || "--help".equals(a)) {
                out.println(USAGE);
                return OK;
            } else if ("--wsdl".equals(a) || "--format".equals(a)) {
                if (i + 1 == args.length) {
                    err.println(a + " needs a value");
                    err.println(USAGE);
                    return ERROR;
                }
                String v = args[++i];
                if ("--wsdl".equals(a)) {
                    wsdls.add(Path.of(v));
                } else if ("tsv".equals(v) || "text".equals(v)) {
                    tsv = "tsv".equals(v);
                } else {
                    err.println("--format must be text or tsv, not " + v);
                    return ERROR;
                }
            } else if (a.startsWith("-") || policyFile != null) {
                err.println("unexpected argument: " + a);
                err.println(USAGE);
                return ERROR;
            } else {
                policyFile = Path.of(a);
            }
        }
        if (policyFile == null || wsdls.isEmpty()) {
            err.println(policyFile == null ? "no policy file given" : "no --wsdl file given");
            err.println(USAGE);
            return ERROR;
        }
        Policy policy;
        try {
            policy = Policy.load(policyFile);
        } catch (PolicyException e) {
            err.println(e.getMessage());
            return ERROR;
        }
        List<WsdlOperation> operations;
        try {
            operations = WsdlOperations.read(wsdls);
        } catch (WsdlException e) {
            err.println(e.getMessage());
            return ERROR;
        }
        PolicyCoverage coverage = PolicyCoverage.of(policy, operations);
        if (tsv) {
            printTsv(policy, coverage, out);
            printFindings(coverage, err);
        } else {
            printText(policyFile, wsdls, policy, operations, coverage, out);
        }
        return coverage.unmatched().isEmpty() && coverage.javaNameMatches().isEmpty() ? OK
                : WARNINGS;
    }

    private static void printText(Path policyFile, List<Path> wsdls, Policy policy,
            List<WsdlOperation> operations, PolicyCoverage coverage, PrintStream out) {
        out.println("policy " + policyFile + " against " + String.join(", ",
                wsdls.stream().map(Path::toString).toList()));
        out.println();
        boolean byEndpoint = coverage.rows().stream().anyMatch(r -> r.endpoint() != null);
        List<String[]> table = new ArrayList<>();
        table.add(byEndpoint
                ? new String[] {"service", "operation", "cached", "ttl", "key", "value", "entry",
                    "endpoint"}
                : new String[] {"service", "operation", "cached", "ttl", "key", "value", "entry"});
        int cached = 0;
        for (PolicyCoverage.Row r : coverage.rows()) {
            String[] cells = settings(r.policy(), r.oneWay(), entry(policy, r.entry(),
                    r.javaName()));
            String[] line = new String[table.get(0).length];
            line[0] = r.service();
            line[1] = r.operation();
            System.arraycopy(cells, 0, line, 2, cells.length);
            if (byEndpoint) {
                line[7] = r.endpoint() == null ? "(all ports)" : r.endpoint();
            }
            table.add(line);
            cached += r.cached() ? 1 : 0;
        }
        printTable(table, out);
        out.println();
        if (coverage.unmatched().isEmpty()) {
            out.println("entries that match no operation: none");
        } else {
            out.println("entries that match no operation:");
            for (PolicyCoverage.Unmatched u : coverage.unmatched()) {
                out.println("  " + unmatched(u));
            }
        }
        if (!coverage.javaNameMatches().isEmpty()) {
            out.println();
            out.println("warnings:");
            for (PolicyCoverage.JavaNameMatch j : coverage.javaNameMatches()) {
                out.println("  " + javaName(j));
            }
        }
        out.println();
        int warnings = coverage.unmatched().size() + coverage.javaNameMatches().size();
        out.println(coverage.rows().size() + " operations (" + operations.size()
                + " port operations): " + cached + " cached, " + (coverage.rows().size() - cached)
                + " not cached; " + policy.rules().size()
                + (policy.rules().size() == 1 ? " entry, " : " entries, ")
                + coverage.unmatched().size() + " matching no operation; " + warnings
                + (warnings == 1 ? " warning" : " warnings"));
    }

    private static void printTsv(Policy policy, PolicyCoverage coverage, PrintStream out) {
        out.println(String.join("\t", "service", "port", "protocol", "endpoint", "operation",
                "soapAction", "style", "cached", "ttl", "key", "value", "entry"));
        for (PolicyCoverage.Port p : coverage.ports()) {
            WsdlOperation op = p.operation();
            List<String> line = new ArrayList<>(List.of(op.service(), op.port(), op.protocol(),
                    String.valueOf(op.endpoint()), op.name(), op.soapAction(), op.style()));
            line.addAll(List.of(settings(p.policy(), op.oneWay(),
                    entry(policy, p.entry(), p.javaName()))));
            out.println(String.join("\t", line));
        }
    }

    private static void printFindings(PolicyCoverage coverage, PrintStream err) {
        for (PolicyCoverage.Unmatched u : coverage.unmatched()) {
            err.println("warning: " + unmatched(u));
        }
        for (PolicyCoverage.JavaNameMatch j : coverage.javaNameMatches()) {
            err.println("warning: " + javaName(j));
        }
    }

    private static String unmatched(PolicyCoverage.Unmatched u) {
        return PolicyCoverage.source(u.entry()) + ": entry '" + PolicyCoverage.describe(u.entry())
                + "' matches no operation; " + u.hint();
    }

    private static String javaName(PolicyCoverage.JavaNameMatch j) {
        WsdlOperation op = j.operation();
        return PolicyCoverage.source(j.entry()) + ": entry '" + PolicyCoverage.describe(j.entry())
                + "' matches " + op.javaName() + ", the generated Java name of WSDL operation "
                + op.name() + " (service " + op.service() + "); write operation: " + op.name();
    }

    /** Returns cached, ttl, key, value and entry cells. */
    private static String[] settings(OperationPolicy p, boolean oneWay, String entry) {
        if (oneWay) {
            return new String[] {"no (one-way)", "-", "-", "-", entry};
        }
        if (!p.cacheable()) {
            return new String[] {"no", "-", "-", "-", entry};
        }
        return new String[] {"yes", format(p.ttl()), p.key().yamlName(), p.value().yamlName(),
            entry};
    }

    private static String entry(Policy policy, Rule r, boolean javaName) {
        if (r == null) {
            return policy.defaults().source().map(s -> "defaults " + s).orElse("(no entry)");
        }
        return PolicyCoverage.source(r) + (javaName ? " (by Java name)" : "");
    }

    private static String format(Duration d) {
        long ms = d.toMillis();
        long[] units = {86_400_000L, 3_600_000L, 60_000L, 1000L};
        String[] names = {"d", "h", "m", "s"};
        for (int i = 0; i < units.length; i++) {
            if (ms % units[i] == 0) {
                return ms / units[i] + names[i];
            }
        }
        return ms + "ms";
    }

    private static void printTable(List<String[]> table, PrintStream out) {
        int[] widths = new int[table.get(0).length];
        for (String[] line : table) {
            for (int c = 0; c < line.length; c++) {
                widths[c] = Math.max(widths[c], line[c].length());
            }
        }
        for (String[] line : table) {
            StringBuilder sb = new StringBuilder();
            for (int c = 0; c < line.length; c++) {
                sb.append(line[c]);
                if (c < line.length - 1) {
                    sb.append(" ".repeat(widths[c] - line[c].length() + 2));
                }
            }
            out.println(sb);
        }
    }
}
