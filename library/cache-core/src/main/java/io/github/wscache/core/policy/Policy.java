package io.github.wscache.core.policy;

import io.github.wscache.core.copy.CopierRegistry;
import io.github.wscache.core.internal.yaml.Sizes;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The caching policy an administrator writes: which operations are cached, for how long, and how
 * their keys and values are represented. Thread-safe; a policy loaded from a file can be
 * {@linkplain #reload() reloaded} and {@linkplain #watch() watched} while caches use it.
 *
 * <p>Each operation gets the {@link OperationPolicy} of the most specific {@link Rule} that matches
 * it (an exact operation name beats a pattern; then an exact endpoint, then an exact service);
 * operations that match no rule get the {@code defaults}, which do not cache unless they say so.
 *
 * <pre>{@code
 * Policy policy = Policy.load(Path.of("wscache.yaml"));   // or Policy.builder()...build()
 * OperationPolicy p = policy.resolve("GoogleSearchService", null, "doGoogleSearch");
 * }</pre>
 *
 * <p>A policy read from text checks, for every entry that names a {@code resultType}, that a
 * forced {@code value} can copy it, under a {@link CopierRegistry}: a new, empty one unless the
 * registry of the cache that will follow the policy is passed, so that the check sees the types
 * the application declared there (a deep {@code clone()}, Kryo classes):
 *
 * <pre>{@code
 * CopierRegistry copiers = CopierRegistry.create().registerDeepClone(Matrix.class);
 * Policy policy = Policy.load(Path.of("wscache.yaml"), copiers);
 * ResponseCache cache = ResponseCache.builder().policy(policy).copiers(copiers).build();
 * }</pre>
 */
public final class Policy {
    /** The store bound when a policy does not set {@code maximumSize}: 64 MB. */
    public static final long DEFAULT_MAXIMUM_SIZE = 64L << 20;

    /** The classpath resource read by {@link #fromClasspath()}. */
    public static final String DEFAULT_RESOURCE = "wscache.yaml";

    private static final Logger LOG = LoggerFactory.getLogger(Policy.class);

    private final Path file;
    private final ClassLoader loader;
    /**
     * The registry a reload checks the {@code resultType}s under, as the first read did; null for
     * a policy that cannot be reloaded.
     */
    private final CopierRegistry copiers;
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private volatile Snapshot snapshot;

    private Policy(Snapshot snapshot, Path file, ClassLoader loader, CopierRegistry copiers) {
        this.snapshot = snapshot;
        this.file = file;
        this.loader = loader;
        this.copiers = copiers;
    }

    /**
     * Loads a policy file; the returned policy can be reloaded from it. Its {@code resultType}s
     * are checked under a new, empty {@link CopierRegistry}.
     *
     * @throws PolicyException if the file is missing or wrong, naming file, line and column
     */
    public static Policy load(Path file) {
        return load(file, CopierRegistry.create());
    }

    /**
     * Loads a policy file, checking its {@code resultType}s under {@code copiers} (the registry of
     * the cache that will follow it), now and at every reload.
     *
     * @throws PolicyException if the file is missing or wrong, naming file, line and column
     */
    public static Policy load(Path file, CopierRegistry copiers) {
        Objects.requireNonNull(copiers, "copiers");
        ClassLoader loader = defaultLoader();
        return new Policy(readFile(file, loader, copiers), file, loader, copiers);
    }

    /**
     * Reads {@code wscache.yaml} from the classpath (a policy that cannot be reloaded).
     *
     * @throws PolicyException if there is no such resource or it is wrong
     */
    public static Policy fromClasspath() {
        return fromClasspath(DEFAULT_RESOURCE, defaultLoader());
    }

    /**
     * Reads a policy resource from the classpath (a policy that cannot be reloaded), checking its
     * {@code resultType}s under a new, empty {@link CopierRegistry}.
     *
     * @throws PolicyException if there is no such resource or it is wrong
     */
    public static Policy fromClasspath(String resource, ClassLoader loader) {
        return fromClasspath(resource, loader, CopierRegistry.create());
    }

    /**
     * Reads a policy resource from the classpath (a policy that cannot be reloaded), checking its
     * {@code resultType}s under {@code copiers} (the registry of the cache that will follow it).
     *
     * @throws PolicyException if there is no such resource or it is wrong
     */
    public static Policy fromClasspath(String resource, ClassLoader loader,
            CopierRegistry copiers) {
        Objects.requireNonNull(copiers, "copiers");
        URL url = loader.getResource(resource);
        if (url == null) {
            throw new PolicyException(resource, 0, 0, "no such resource on the classpath");
        }
        try (InputStream in = url.openStream()) {
            return new Policy(read(new InputStreamReader(in, StandardCharsets.UTF_8), resource,
                    loader, copiers), null, loader, null);
        } catch (IOException e) {
            throw new PolicyException(resource, 0, 0, "cannot read: " + e.getMessage(), e);
        }
    }

    /**
     * Parses policy text; {@code name} is used in error messages. Any text either parses or fails
     * with a {@link PolicyException} naming {@code name}, a line and a column, and never another
     * exception; reading stops at 1 MB or 64 levels of nesting. Its {@code resultType}s are
     * checked under a new, empty {@link CopierRegistry}.
     *
     * @throws PolicyException if the text is wrong or over those limits
     */
    public static Policy parse(String yaml, String name) {
        return parse(yaml, name, CopierRegistry.create());
    }

    /**
     * Parses policy text as {@link #parse(String, String)} does, checking its
     * {@code resultType}s under {@code copiers} (the registry of the cache that will follow it).
     *
     * @throws PolicyException if the text is wrong or over those limits
     */
    public static Policy parse(String yaml, String name, CopierRegistry copiers) {
        Objects.requireNonNull(copiers, "copiers");
        return new Policy(read(new StringReader(yaml), name, defaultLoader(), copiers), null,
                defaultLoader(), null);
    }

    /** Returns a builder for a policy written in code. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns the policy of one operation.
     *
     * @param service the service name, or {@code null} if unknown
     * @param endpoint the endpoint URL, or {@code null} if unknown
     * @param operation the operation name
     */
    public OperationPolicy resolve(String service, String endpoint, String operation) {
        return snapshot.resolve(service, endpoint, operation);
    }

    /**
     * Returns the most specific rule that matches one operation, or empty when none does (the
     * operation then gets the {@linkplain #defaults() defaults}).
     *
     * @param service the service name, or {@code null} if unknown
     * @param endpoint the endpoint URL, or {@code null} if unknown
     * @param operation the operation name
     */
    public Optional<Rule> match(String service, String endpoint, String operation) {
        return Optional.ofNullable(snapshot.match(service, endpoint, operation));
    }

    /** Returns the store bound in estimated retained bytes. */
    public long maximumSize() {
        return snapshot.maximumSize;
    }

    /**
     * Returns the second cache level the JVMs of a farm share ({@code sharedTier:}), if the
     * policy names one. A cache built from this policy opens it when cache-redis is on the class
     * path; it is read when the cache is built, and a reload that changes it is logged and takes
     * effect only for caches built after it.
     */
    public Optional<SharedTierSetting> sharedTier() {
        return Optional.ofNullable(snapshot.sharedTier);
    }

    /** Returns the policy of operations no rule matches. */
    public OperationPolicy defaults() {
        return snapshot.defaults;
    }

    /** Returns the rules in force, most specific first. */
    public List<Rule> rules() {
        return snapshot.rules;
    }

    /** Returns the file this policy was loaded from, if it can be reloaded. */
    public Optional<Path> file() {
        return Optional.ofNullable(file);
    }

    /**
     * Reads the file again. On success the new rules are in force when this method returns and
     * change listeners have run; on failure the previous rules stay in force and the result says
     * why (the failure is also logged).
     */
    public ReloadResult reload() {
        if (file == null) {
            return ReloadResult.failed(new PolicyException(null, 0, 0,
                    "this policy was not loaded from a file and cannot be reloaded"));
        }
        Snapshot next;
        try {
            next = readFile(file, loader, copiers);
        } catch (PolicyException e) {
            LOG.warn("policy reload failed, the previous policy stays in force: {}",
                    e.getMessage());
            return ReloadResult.failed(e);
        }
        boolean changed = !next.sameRules(snapshot);
        if (!Objects.equals(next.sharedTier, snapshot.sharedTier)) {
            LOG.warn("the policy's sharedTier changed from {} to {}: caches already built keep the"
                    + " tier they were built with; restart the JVM to use the new one",
                    snapshot.sharedTier, next.sharedTier);
        }
        snapshot = next;
        if (changed) {
            notifyListeners();
        }
        LOG.info("policy reloaded from {} ({} rules{})", file, next.rules.size(),
                changed ? "" : ", unchanged");
        return ReloadResult.succeeded(changed);
    }

    /**
     * Replaces the rules with those of {@code other} (for run-time changes made in code, e.g. a
     * dashboard switching an operation's representation) and runs the change listeners. The
     * {@linkplain #sharedTier() shared tier} stays this policy's: it is read when a cache is built.
     */
    public void replaceWith(Policy other) {
        Snapshot next = new Snapshot(other.snapshot.maximumSize, snapshot.sharedTier,
                other.snapshot.defaults, other.snapshot.rules);
        boolean changed = !next.sameRules(snapshot);
        snapshot = next;
        if (changed) {
            notifyListeners();
        }
    }

    /** Runs every change listener; one that throws is logged and does not stop the others. */
    private void notifyListeners() {
        for (Runnable l : listeners) {
            try {
                l.run();
            } catch (RuntimeException e) {
                LOG.error("a policy change listener failed", e);
            }
        }
    }

    /**
     * Starts watching the policy file and reloads it when it changes. Close the returned watcher
     * to stop.
     *
     * @throws IllegalStateException if this policy was not loaded from a file
     */
    public PolicyWatcher watch() {
        if (file == null) {
            throw new IllegalStateException("only a policy loaded from a file can be watched");
        }
        try {
            return new PolicyWatcher(this, file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot watch " + file, e);
        }
    }

    /** Registers a listener run after every reload that changed the rules. */
    public void addChangeListener(Runnable listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** Removes a listener added by {@link #addChangeListener(Runnable)}. */
    public void removeChangeListener(Runnable listener) {
        listeners.remove(listener);
    }

    @Override
    public String toString() {
        return "Policy{maximumSize=" + Sizes.format(snapshot.maximumSize)
                + (snapshot.sharedTier == null ? "" : ", sharedTier=" + snapshot.sharedTier)
                + ", defaults="
                + snapshot.defaults + ", rules=" + snapshot.rules + "}";
    }

    private static ClassLoader defaultLoader() {
        ClassLoader l = Thread.currentThread().getContextClassLoader();
        return l != null ? l : Policy.class.getClassLoader();
    }

    private static Snapshot readFile(Path file, ClassLoader loader, CopierRegistry copiers) {
        String name = file.getFileName() == null ? file.toString() : file.toString();
        if (!Files.isRegularFile(file)) {
            throw new PolicyException(name, 0, 0, "no such policy file; create it or pass "
                    + "-Dwscache.policy=/path/to/wscache.yaml");
        }
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(r, name, loader, copiers);
        } catch (IOException e) {
            throw new PolicyException(name, 0, 0, "cannot read: " + e.getMessage(), e);
        }
    }

    private static Snapshot read(Reader r, String name, ClassLoader loader,
            CopierRegistry copiers) {
        return PolicyReader.read(r, name, loader, copiers);
    }

    /** The rules in force at one time; immutable. */
    static final class Snapshot {
        private static final int MAX_MEMO = 10_000;

        final long maximumSize;
        /** The farm's tier, or null; not part of {@link #sameRules}: it is read at build. */
        final SharedTierSetting sharedTier;
        final OperationPolicy defaults;
        final List<Rule> rules;
        private static final Object NO_RULE = new Object();
        private final ConcurrentHashMap<Names, Object> memo = new ConcurrentHashMap<>();

        /**
         * A call's names, the key of the memo: hashed from the strings' own cached hashes, so a
         * lookup neither copies nor rehashes them (this runs on every call, hit or miss).
         */
        private record Names(String service, String endpoint, String operation) {
        }

        Snapshot(long maximumSize, SharedTierSetting sharedTier, OperationPolicy defaults,
                List<Rule> rules) {
            this.maximumSize = maximumSize;
            this.sharedTier = sharedTier;
            this.defaults = defaults;
            List<Rule> sorted = new ArrayList<>(rules);
            sorted.sort(Comparator.comparingLong(Rule::specificity).reversed());
            this.rules = Collections.unmodifiableList(sorted);
        }

        OperationPolicy resolve(String service, String endpoint, String operation) {
            Rule r = match(service, endpoint, operation);
            return r == null ? defaults : r.policy();
        }

        Rule match(String service, String endpoint, String operation) {
            Objects.requireNonNull(operation, "operation");
            Names k = new Names(service, endpoint, operation);
            Object m = memo.get(k);
            if (m != null) {
                return m == NO_RULE ? null : (Rule) m;
            }
            Rule found = null;
            for (Rule r : rules) {
                if (r.matches(service, endpoint, operation)) {
                    found = r;
                    break;
                }
            }
            if (memo.size() < MAX_MEMO) {
                memo.put(k, found == null ? NO_RULE : found);
            }
            return found;
        }

        boolean sameRules(Snapshot other) {
            if (maximumSize != other.maximumSize || !defaults.equals(other.defaults)
                    || rules.size() != other.rules.size()) {
                return false;
            }
            for (int i = 0; i < rules.size(); i++) {
                Rule a = rules.get(i);
                Rule b = other.rules.get(i);
                if (!a.service().equals(b.service()) || !a.endpoint().equals(b.endpoint())
                        || !a.operation().equals(b.operation()) || !a.policy().equals(b.policy())) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * Builds a {@link Policy} in code, equivalent to a policy file. Not thread-safe.
     *
     * <pre>{@code
     * Policy policy = Policy.builder()
     *         .maximumSize(64L << 20)
     *         .rule(Rule.of("GoogleSearchService", "*",
     *                 OperationPolicy.builder().cacheable(true).ttl(Duration.ofHours(1)).build()))
     *         .build();
     * }</pre>
     */
    public static final class Builder {
        private long maximumSize = DEFAULT_MAXIMUM_SIZE;
        private boolean maximumSizeSet;
        private SharedTierSetting sharedTier;
        private OperationPolicy defaults = OperationPolicy.notCached();
        private boolean defaultsSet;
        private final List<Rule> rules = new ArrayList<>();

        private Builder() {
        }

        /**
         * Sets the store bound in estimated retained bytes.
         *
         * @throws IllegalArgumentException if not positive
         * @throws IllegalStateException if already set
         */
        public Builder maximumSize(long bytes) {
            if (maximumSizeSet) {
                throw new IllegalStateException("maximum size was already set to " + maximumSize);
            }
            if (bytes <= 0) {
                throw new IllegalArgumentException("maximum size must be positive: " + bytes);
            }
            this.maximumSize = bytes;
            this.maximumSizeSet = true;
            return this;
        }

        /**
         * Names the second cache level the JVMs of a farm share, {@code redis://host:port} or
         * {@code redis-cluster://host:port,host:port,...}, as {@code sharedTier:} does in a
         * file.
         *
         * @throws IllegalArgumentException if it is not of that form
         * @throws IllegalStateException if already set
         */
        public Builder sharedTier(String uri) {
            requireNoSharedTier();
            this.sharedTier = SharedTierSetting.of(uri, null);
            return this;
        }

        /**
         * Names the second cache level the JVMs of a farm share, as {@link #sharedTier(String)}
         * does, and the file holding the farm's signing key, as {@code sharedTier:} with
         * {@code uri:} and {@code signingKeyFile:} does in a file: the tier signs every entry
         * with the key and refuses entries not signed with it. The file is read when a cache is
         * built from the policy (its first line, at least 16 bytes, is the key).
         *
         * @throws IllegalArgumentException if {@code uri} is not of that form
         * @throws IllegalStateException if already set
         */
        public Builder sharedTier(String uri, Path signingKeyFile) {
            requireNoSharedTier();
            Objects.requireNonNull(signingKeyFile, "signingKeyFile");
            this.sharedTier = SharedTierSetting.of(uri, signingKeyFile);
            return this;
        }

        private void requireNoSharedTier() {
            if (sharedTier != null) {
                throw new IllegalStateException("sharedTier was already set to " + sharedTier);
            }
        }

        /**
         * Sets the policy of operations no rule matches.
         *
         * @throws IllegalStateException if already set
         */
        public Builder defaults(OperationPolicy defaults) {
            if (defaultsSet) {
                throw new IllegalStateException("defaults were already set");
            }
            this.defaults = Objects.requireNonNull(defaults, "defaults");
            this.defaultsSet = true;
            return this;
        }

        /** Adds a rule for an operation name or pattern of any service. */
        public Builder operation(String operation, OperationPolicy policy) {
            return rule(Rule.of("*", operation, policy));
        }

        /** Adds a rule. */
        public Builder rule(Rule rule) {
            rules.add(Objects.requireNonNull(rule, "rule"));
            return this;
        }

        /** Returns the policy (one that cannot be reloaded from a file). */
        public Policy build() {
            return new Policy(new Snapshot(maximumSize, sharedTier, defaults, rules), null,
                    defaultLoader(), null);
        }
    }
}
