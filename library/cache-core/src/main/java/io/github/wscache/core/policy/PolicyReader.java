package io.github.wscache.core.policy;

import io.github.wscache.core.copy.CopierRegistry;
import io.github.wscache.core.copy.CopyStrategy;
import io.github.wscache.core.internal.yaml.Durations;
import io.github.wscache.core.internal.yaml.Sizes;
import io.github.wscache.core.internal.yaml.YamlException;
import io.github.wscache.core.internal.yaml.YamlNode;
import java.io.Reader;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a policy file into rules, rejecting everything that is wrong with the file, line, column,
 * the problem and what to write instead. The file format is documented on the site's
 * "Configuration reference" page; keep both in step.
 */
final class PolicyReader {
    static final Set<String> TOP_KEYS = Set.of("maximumSize", "sharedTier", "defaults",
            "operations");
    static final Set<String> SETTING_KEYS = Set.of("cacheable", "ttl", "key", "value", "readOnly",
            "maxEntrySize", "minUses", "honorHttpHeaders", "sharedAcrossUsers",
            "volatileElements", "identityHeaders");
    static final Set<String> MATCH_KEYS = Set.of("service", "endpoint", "operation");
    static final Set<String> TYPE_KEYS = Set.of("resultType", "parameterTypes");
    /** The keys of {@code sharedTier} written as a mapping. */
    static final Set<String> SHARED_TIER_KEYS = Set.of("uri", "signingKeyFile");
    /** The most entries under {@code operations}; every call may try each of them once. */
    static final int MAXIMUM_ENTRIES = 10_000;

    private final String file;
    private final ClassLoader loader;
    /** The registry a forced {@code value} is checked against for a {@code resultType}. */
    private final CopierRegistry copiers;
    /** The entry being read, so that even an unforeseen failure names a place. */
    private YamlNode current;

    private PolicyReader(String file, ClassLoader loader, CopierRegistry copiers) {
        this.file = file;
        this.loader = loader;
        this.copiers = copiers;
    }

    static Policy.Snapshot read(Reader in, String file, ClassLoader loader,
            CopierRegistry copiers) {
        YamlNode root;
        try {
            root = YamlNode.parse(in, file, "policy", 4);
        } catch (YamlException e) {
            throw located(e);
        }
        PolicyReader reader = new PolicyReader(file, loader, copiers);
        reader.current = root;
        try {
            return reader.document(root);
        } catch (PolicyException e) {
            throw e;
        } catch (YamlException e) {
            throw located(e);
        } catch (RuntimeException | StackOverflowError | LinkageError e) {
            // no check foresaw this value; it is still the policy's fault, so say where (a
            // class it names whose own classes are missing, a value no parser was sized for)
            throw new PolicyException(file, reader.current.line(), reader.current.column(),
                    "this entry cannot be used: " + e, e);
        }
    }

    private static PolicyException located(YamlException e) {
        return new PolicyException(e.file(), e.line(), e.column(), e.problem(), e.getCause());
    }

    private Policy.Snapshot document(YamlNode root) {
        if (root.kind() != YamlNode.Kind.MAP) {
            throw error(root, "a policy must be a mapping with the keys " + sorted(TOP_KEYS)
                    + ", not " + root.describe());
        }
        checkKeys(root, TOP_KEYS, "the top level");
        long maximumSize = Policy.DEFAULT_MAXIMUM_SIZE;
        YamlNode max = root.map().get("maximumSize");
        if (max != null) {
            maximumSize = size(max, "maximumSize");
        }
        SharedTierSetting sharedTier = null;
        YamlNode tier = root.map().get("sharedTier");
        if (tier != null) {
            current = tier;
            sharedTier = sharedTier(tier);
        }
        OperationPolicy defaults = OperationPolicy.notCached();
        YamlNode d = root.map().get("defaults");
        if (d != null) {
            current = d;
            requireMap(d, "defaults");
            checkKeys(d, SETTING_KEYS, "defaults");
            defaults = settings(d, OperationPolicy.notCached().toBuilder(), "defaults")
                    .source(where(d)).build();
        }
        List<Rule> rules = new ArrayList<>();
        YamlNode ops = root.map().get("operations");
        if (ops != null) {
            if (ops.kind() != YamlNode.Kind.LIST) {
                throw error(ops, "'operations' must be a list of entries, each starting with "
                        + "'- operation: name', not " + ops.describe());
            }
            if (ops.list().size() > MAXIMUM_ENTRIES) {
                throw error(ops.list().get(MAXIMUM_ENTRIES), "'operations' has "
                        + ops.list().size() + " entries, more than the limit of "
                        + MAXIMUM_ENTRIES + "; match many operations with one pattern such as "
                        + "'*Search'");
            }
            int i = 0;
            for (YamlNode entry : ops.list()) {
                current = entry;
                rules.add(entry(entry, defaults, "operations[" + i++ + "]"));
            }
        }
        return new Policy.Snapshot(maximumSize, sharedTier, defaults, rules);
    }

    /**
     * Reads {@code sharedTier}: an address ({@code sharedTier: redis://host:port}), or a mapping
     * of {@code uri} (the address) and {@code signingKeyFile} (optional). The key file is only
     * named here; it is read when a cache is built.
     */
    private SharedTierSetting sharedTier(YamlNode n) {
        if (n.kind() == YamlNode.Kind.MAP) {
            checkKeys(n, SHARED_TIER_KEYS, "sharedTier");
            YamlNode uri = n.map().get("uri");
            if (uri == null) {
                throw error(n, "'sharedTier' has no 'uri'; write the address of the farm's Redis"
                        + " under it, e.g. 'uri: redis://10.0.0.5:6379'");
            }
            current = uri;
            address(uri, "uri");
            Path signingKeyFile = null;
            YamlNode keyFile = n.map().get("signingKeyFile");
            if (keyFile != null) {
                current = keyFile;
                signingKeyFile = keyFile(keyFile);
            }
            return SharedTierSetting.read(uri.text(), signingKeyFile, file, uri.line(),
                    uri.column());
        }
        if (n.kind() != YamlNode.Kind.STRING || n.text().isBlank()) {
            throw error(n, "'sharedTier' must be the address of the farm's Redis, "
                    + SharedTierSetting.FORM + ", or a mapping of 'uri' (the address) and"
                    + " 'signingKeyFile', not " + n.describe());
        }
        address(n, "sharedTier");
        return SharedTierSetting.read(n.text(), null, file, n.line(), n.column());
    }

    /** Checks the address of the farm's Redis written under {@code key}. */
    private void address(YamlNode n, String key) {
        if (n.kind() != YamlNode.Kind.STRING || n.text().isBlank()) {
            throw error(n, "'" + key + "' must be the address of the farm's Redis, "
                    + SharedTierSetting.FORM + ", not " + n.describe());
        }
        String problem = SharedTierSetting.problem(n.text());
        if (problem != null) {
            throw error(n, "'" + key + "' must be " + SharedTierSetting.FORM + ", not "
                    + n.describe() + ": " + problem);
        }
    }

    /** Reads {@code signingKeyFile}: an absolute path (the file is not read here). */
    private Path keyFile(YamlNode n) {
        String form = "the absolute path of the file that holds the farm's signing key, e.g."
                + " /etc/wscache/farm.key";
        if (n.kind() != YamlNode.Kind.STRING || n.text().isBlank()) {
            throw error(n, "'signingKeyFile' must be " + form + ", not " + n.describe());
        }
        Path path;
        try {
            path = Path.of(n.text());
        } catch (InvalidPathException e) {
            throw error(n, "'signingKeyFile' must be " + form + ", not " + n.describe() + ": "
                    + e.getReason());
        }
        if (!path.isAbsolute()) {
            throw error(n, "'signingKeyFile' must be " + form + ", not " + n.describe()
                    + ": a relative path would depend on the directory the JVM starts in");
        }
        return path;
    }

    private Rule entry(YamlNode e, OperationPolicy defaults, String where) {
        requireMap(e, where);
        Set<String> allowed = new LinkedHashSet<>(SETTING_KEYS);
        allowed.addAll(MATCH_KEYS);
        allowed.addAll(TYPE_KEYS);
        checkKeys(e, allowed, where);
        Map<String, YamlNode> m = e.map();
        YamlNode op = m.get("operation");
        if (op == null) {
            throw error(e, where + " has no 'operation'; write 'operation: name' (or a pattern "
                    + "such as '*Search', or '*' for every operation)");
        }
        if (m.containsKey("service") && m.containsKey("endpoint")) {
            throw error(m.get("endpoint"), where + " names both 'service' and 'endpoint'; "
                    + "match by one of them");
        }
        String operation = pattern(op, "operation", Rule.MAXIMUM_NAME_LENGTH);
        String service = m.containsKey("service")
                ? pattern(m.get("service"), "service", Rule.MAXIMUM_NAME_LENGTH) : "*";
        String endpoint = m.containsKey("endpoint")
                ? pattern(m.get("endpoint"), "endpoint", Rule.MAXIMUM_ENDPOINT_LENGTH) : "*";
        OperationPolicy.Builder b = defaults.toBuilder().cacheable(true);
        settings(e, b, where);
        OperationPolicy policy = b.source(where(e)).build();
        checkCombination(e, policy, where);
        checkTypes(e, policy, where);
        return Rule.of(service, endpoint, operation, policy);
    }

    private OperationPolicy.Builder settings(YamlNode node, OperationPolicy.Builder b,
            String where) {
        Map<String, YamlNode> m = node.map();
        if (m.containsKey("cacheable")) {
            b.cacheable(bool(m.get("cacheable"), "cacheable"));
        }
        if (m.containsKey("ttl")) {
            b.ttl(duration(m.get("ttl"), "ttl"));
        }
        if (m.containsKey("key")) {
            YamlNode k = m.get("key");
            KeyStrategy key = k.kind() == YamlNode.Kind.STRING ? KeyStrategy.fromYaml(k.text())
                    : null;
            if (key == null) {
                throw error(k, "'key' must be one of auto, toString, serialized, xml, not "
                        + k.describe());
            }
            b.key(key);
        }
        if (m.containsKey("value")) {
            YamlNode v = m.get("value");
            ValueRepresentation value = v.kind() == YamlNode.Kind.STRING
                    ? ValueRepresentation.fromYaml(v.text()) : null;
            if (value == null) {
                throw error(v, "'value' must be one of auto, reference, clone, reflection, "
                        + "serialization, events, bytes (or xml), not " + v.describe());
            }
            b.value(value);
        }
        if (m.containsKey("readOnly")) {
            b.readOnly(bool(m.get("readOnly"), "readOnly"));
        }
        if (m.containsKey("maxEntrySize")) {
            b.maxEntrySize(size(m.get("maxEntrySize"), "maxEntrySize"));
        }
        if (m.containsKey("minUses")) {
            b.minUses(minUses(m.get("minUses")));
        }
        if (m.containsKey("honorHttpHeaders")) {
            YamlNode h = m.get("honorHttpHeaders");
            if (h.kind() == YamlNode.Kind.STRING && h.text().equals("only")) {
                b.httpHeadersOnly(true);
            } else if (h.kind() == YamlNode.Kind.BOOLEAN) {
                b.honorHttpHeaders(h.bool());
            } else {
                throw error(h, "'honorHttpHeaders' must be true, false or only, not "
                        + h.describe());
            }
        }
        if (m.containsKey("sharedAcrossUsers")) {
            b.sharedAcrossUsers(bool(m.get("sharedAcrossUsers"), "sharedAcrossUsers"));
        }
        if (m.containsKey("volatileElements")) {
            b.volatileElements(names(m.get("volatileElements"), "volatileElements"));
        }
        if (m.containsKey("identityHeaders")) {
            b.identityHeaders(names(m.get("identityHeaders"), "identityHeaders"));
        }
        return b;
    }

    private void checkCombination(YamlNode e, OperationPolicy p, String where) {
        Map<String, YamlNode> m = e.map();
        if (p.readOnly() && m.containsKey("value")) {
            ValueRepresentation v = p.value();
            if (v == ValueRepresentation.CLONE || v == ValueRepresentation.REFLECTION
                    || v == ValueRepresentation.SERIALIZATION) {
                throw error(m.get("value"), where + " says readOnly: true, which shares results "
                        + "without copying, and value: " + v.yamlName() + ", which copies them; "
                        + "remove one of the two");
            }
        }
    }

    private void checkTypes(YamlNode e, OperationPolicy p, String where) {
        Map<String, YamlNode> m = e.map();
        if (m.containsKey("parameterTypes")) {
            YamlNode types = m.get("parameterTypes");
            if (types.kind() != YamlNode.Kind.LIST) {
                throw error(types, "'parameterTypes' must be a list of class names, not "
                        + types.describe());
            }
            for (YamlNode t : types.list()) {
                Class<?> c = type(t, "parameterTypes");
                if (p.key() == KeyStrategy.TO_STRING && !TypeChecks.overridesToString(c)) {
                    YamlNode at = m.containsKey("key") ? m.get("key") : t;
                    throw error(at, where + " uses key: toString, but parameter type "
                            + c.getName() + " does not override toString(), so equal requests "
                            + "would get different keys; write key: serialized (or auto)");
                }
            }
        }
        if (m.containsKey("resultType")) {
            YamlNode t = m.get("resultType");
            Class<?> c = type(t, "resultType");
            CopyStrategy forced = p.value().copyStrategy().orElse(null);
            if (forced != null && !p.readOnly()) {
                try {
                    copiers.of(forced, c);
                } catch (IllegalArgumentException ex) {
                    YamlNode at = m.containsKey("value") ? m.get("value") : t;
                    throw error(at, where + " uses value: " + p.value().yamlName()
                            + ", which cannot copy " + c.getName() + " safely: "
                            + ex.getMessage() + "; write value: "
                            + TypeChecks.suggestion(c, copiers) + " instead");
                }
            }
        }
    }

    private Class<?> type(YamlNode t, String key) {
        if (t.kind() != YamlNode.Kind.STRING) {
            throw error(t, "'" + key + "' must name classes, not " + t.describe());
        }
        Class<?> c = TypeChecks.load(t.text(), loader);
        if (c == null) {
            throw error(t, "class " + t.text() + " named in '" + key + "' is not on the "
                    + "classpath; write its fully qualified name, e.g. com.example.SearchResult");
        }
        return c;
    }

    private String pattern(YamlNode n, String key, int maximumLength) {
        if (n.kind() != YamlNode.Kind.STRING || n.text().isBlank()) {
            throw error(n, "'" + key + "' must be a name or a pattern with '*', not "
                    + (n.text().length() > maximumLength ? "a text of " + n.text().length()
                            + " characters" : n.describe()));
        }
        if (n.text().length() > maximumLength) {
            throw error(n, "'" + key + "' must be at most " + maximumLength + " characters, not "
                    + n.text().length() + "; write a shorter name or a pattern with '*'");
        }
        return n.text();
    }

    private boolean bool(YamlNode n, String key) {
        if (n.kind() != YamlNode.Kind.BOOLEAN) {
            throw error(n, "'" + key + "' must be true or false, not " + n.describe());
        }
        return n.bool();
    }

    private Duration duration(YamlNode n, String key) {
        Duration d = n.kind() == YamlNode.Kind.STRING ? Durations.parse(n.text()) : null;
        if (d == null) {
            throw error(n, "'" + key + "' must be a duration such as 30s, 5m, 1h or PT1H, not "
                    + n.describe());
        }
        if (d.isNegative() || d.isZero()) {
            throw error(n, "'" + key + "' must be positive, not " + n.describe()
                    + "; to keep an operation out of the cache write cacheable: false");
        }
        if (d.compareTo(OperationPolicy.MAXIMUM_TTL) > 0) {
            String max = Durations.format(OperationPolicy.MAXIMUM_TTL);
            throw error(n, "'" + key + "' must be at most " + max + " (about ten years), not "
                    + n.describe() + "; write " + max + " or less");
        }
        return d;
    }

    private long size(YamlNode n, String key) {
        long s = n.kind() == YamlNode.Kind.STRING || n.kind() == YamlNode.Kind.NUMBER
                ? Sizes.parse(n.text()) : -1;
        if (s == Sizes.TOO_LARGE) {
            throw error(n, "'" + key + "' must be at most " + Long.MAX_VALUE + " bytes ("
                    + (Long.MAX_VALUE >> 30) + "GB), not " + n.describe()
                    + "; write a smaller size such as 64MB");
        }
        if (s < 0) {
            throw error(n, "'" + key + "' must be a size such as 65536, 512KB or 64MB, not "
                    + n.describe());
        }
        if (s == 0) {
            throw error(n, "'" + key + "' must be positive, not " + n.describe());
        }
        return s;
    }

    private int minUses(YamlNode n) {
        String t = n.kind() == YamlNode.Kind.NUMBER ? n.text() : null;
        int uses = t != null && t.length() <= 3 && t.chars().allMatch(Character::isDigit)
                ? Integer.parseInt(t) : -1;
        if (uses < 1 || uses > OperationPolicy.MAXIMUM_MIN_USES) {
            throw error(n, "'minUses' must be a whole number from 1 to "
                    + OperationPolicy.MAXIMUM_MIN_USES + ", not " + n.describe() + "; write "
                    + "minUses: 2 to keep a response only when its request comes a second time");
        }
        return uses;
    }

    private Set<String> names(YamlNode n, String key) {
        if (n.kind() != YamlNode.Kind.LIST) {
            throw error(n, "'" + key + "' must be a list of element names such as "
                    + "[MessageID, '{http://example.com/ns}nonce'], not " + n.describe());
        }
        Set<String> names = new LinkedHashSet<>();
        for (YamlNode item : n.list()) {
            if (item.kind() != YamlNode.Kind.STRING || item.text().isBlank()) {
                throw error(item, "'" + key + "' entries must be element names, not "
                        + item.describe());
            }
            names.add(item.text());
        }
        return names;
    }

    private void requireMap(YamlNode n, String where) {
        if (n.kind() != YamlNode.Kind.MAP) {
            throw error(n, where + " must be a mapping of keys to values, not " + n.describe());
        }
    }

    private void checkKeys(YamlNode n, Set<String> allowed, String where) {
        n.checkKeys(file, allowed, where);
    }

    private static String sorted(Set<String> keys) {
        List<String> l = new ArrayList<>(keys);
        l.sort(String.CASE_INSENSITIVE_ORDER);
        return String.join(", ", l);
    }

    private String where(YamlNode n) {
        return file + ":" + n.line() + ":" + n.column();
    }

    private PolicyException error(YamlNode at, String problem) {
        return new PolicyException(file, at.line(), at.column(), problem);
    }
}
