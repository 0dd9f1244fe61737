package io.github.wscache.admin;

import io.github.wscache.admin.internal.MXBean;
import io.github.wscache.admin.internal.Texts;
import io.github.wscache.core.CacheStats;
import io.github.wscache.core.ResponseCache;
import io.github.wscache.core.copy.CopierChoice;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.PolicyException;
import io.github.wscache.core.policy.PolicyWatcher;
import io.github.wscache.core.policy.ReloadResult;
import io.github.wscache.core.policy.Rule;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.StandardMBean;

/**
 * Management of one {@link ResponseCache} for administrators: the policy in force per operation
 * and the file it came from, statistics per operation, the copier chosen per declared result
 * type and why, and the last failed reload of the policy file (when, where the file is wrong and
 * what to write) until a reload succeeds; and the changes an administrator makes (reload the
 * policy file now, invalidate
 * one operation or all), each recorded with who, what and when in the
 * {@linkplain #auditLog() audit log} and in the SLF4J logger {@value #AUDIT_LOGGER} at INFO.
 * The same is offered over JMX ({@link #registerMBean}, operable from {@code jconsole}) and HTTP
 * ({@link AdminServlet}). The audit log, the servlet and the JMX registration are those of
 * {@link AuditedAdmin}, which administers any {@link AdministeredCache} (cache-edge's edge cache
 * too); this class supplies a {@code ResponseCache} to it. Thread-safe.
 *
 * <pre>{@code
 * CacheAdmin admin = CacheAdmin.builder("portal", cache)
 *         .service("GoogleSearchService")
 *         .resultType("doGoogleSearch", GoogleSearchResult.class)
 *         .watcher(watcher)          // the policy's watcher: its failed reloads are shown too
 *         .build();
 * admin.registerMBean(ManagementFactory.getPlatformMBeanServer());
 * tomcat.addServlet(ctx, "wscache-admin", new AdminServlet(admin)); // mapped to /admin/*
 * admin.invalidate("doGoogleSearch", "alice");   // logged: alice invalidate doGoogleSearch
 * }</pre>
 */
public final class CacheAdmin implements AutoCloseable {
    /** The logger every change is written to. */
    public static final String AUDIT_LOGGER = AuditedAdmin.AUDIT_LOGGER;
    /** The JMX domain of the MXBeans: {@code io.github.wscache:type=ResponseCache,name=...}. */
    public static final String JMX_DOMAIN = AuditedAdmin.JMX_DOMAIN;

    /** How the page shows the totals that are not counts. */
    private static final Map<String, AdminView.Format> TOTAL_FORMATS = Map.of(
            "hitRatio", AdminView.Format.PERCENT,
            "loadTimeNanos", AdminView.Format.NANOS,
            "meanLoadNanos", AdminView.Format.NANOS,
            "weightedSize", AdminView.Format.BYTES);

    private final String name;
    private final ResponseCache cache;
    private final String service;
    private final String endpoint;
    private final Map<String, Class<?>> resultTypes;
    private final PolicyWatcher watcher;
    private final AuditedAdmin audited;
    /** The result of the last reload made through this admin, or null. */
    private volatile ReloadResult lastReload;

    private CacheAdmin(Builder b) {
        this.name = b.name;
        this.cache = b.cache;
        this.service = b.service;
        this.endpoint = b.endpoint;
        this.resultTypes = Map.copyOf(b.resultTypes);
        this.watcher = b.watcher;
        this.audited = b.audit.build(new Administered());
    }

    /** The generic administration of this cache: audit log, servlet, JMX registrations. */
    AuditedAdmin audited() {
        return audited;
    }

    /**
     * Returns a builder.
     *
     * @param name the cache's name in JMX, on the admin page and in the audit log
     * @param cache the cache
     */
    public static Builder builder(String name, ResponseCache cache) {
        return new Builder(name, cache);
    }

    /** Returns the cache's name. */
    public String name() {
        return name;
    }

    /** Returns the cache. */
    public ResponseCache cache() {
        return cache;
    }

    /** Returns the policy file, when the policy can be reloaded from one. */
    public Optional<Path> policyFile() {
        return cache.policy().file();
    }

    /**
     * Returns the last reload of the policy file, if it failed and no reload has succeeded
     * since: reloads made through this admin (the page's Reload button, JMX) and those of the
     * {@linkplain Builder#watcher watcher}, whichever came last. Its
     * {@link ReloadResult#error()} says where the file is wrong, {@link ReloadResult#at()} when.
     */
    public Optional<ReloadResult> lastReloadFailure() {
        ReloadResult mine = lastReload;
        ReloadResult watched = watcher == null ? null : watcher.lastResult();
        ReloadResult last = mine == null ? watched : watched == null ? mine
                : watched.at().isAfter(mine.at()) ? watched : mine;
        return last == null || last.succeeded() ? Optional.empty() : Optional.of(last);
    }

    /**
     * A failed reload as JSON-ready values: {@code time} (ISO-8601), {@code file}, {@code line},
     * {@code column} (0 when the problem has no single place), {@code location}
     * ({@code file:line:column}) and {@code message} (what is wrong and what to write).
     */
    static Map<String, Object> failureMap(ReloadResult r) {
        PolicyException e = r.error().orElseThrow();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("time", r.at().toString());
        m.put("file", e.file().orElse(null));
        m.put("line", e.line());
        m.put("column", e.column());
        m.put("location", e.file().map(f -> e.line() > 0 ? f + ":" + e.line() + ":" + e.column()
                : f).orElse(null));
        m.put("message", e.getMessage());
        return m;
    }

    /** Returns the counters of the whole cache. */
    public CacheStats stats() {
        return cache.stats();
    }

    /**
     * Returns the operations an administrator can act on, sorted: those the cache has seen, those
     * named exactly by a rule for this admin's service or endpoint, and those with a declared
     * result type.
     */
    public List<OperationStatus> operations() {
        Set<String> names = new TreeSet<>(cache.operations());
        names.addAll(resultTypes.keySet());
        for (Rule r : cache.policy().rules()) {
            if (r.operation().indexOf('*') < 0 && r.appliesTo(service, endpoint)) {
                names.add(r.operation());
            }
        }
        List<OperationStatus> out = new ArrayList<>(names.size());
        for (String op : names) {
            out.add(status(op));
        }
        return out;
    }

    /**
     * Returns one operation's status.
     *
     * @throws IllegalArgumentException if {@code operation} is blank
     */
    public OperationStatus status(String operation) {
        String op = checkOperation(operation);
        OperationPolicy p = cache.policy().resolve(service, endpoint, op);
        Class<?> type = resultTypes.get(op);
        return new OperationStatus(op, p, cache.stats(op), type, copier(p, type));
    }

    private String copier(OperationPolicy p, Class<?> type) {
        if (!p.cacheable()) {
            return "none: the operation is not cacheable";
        }
        if (p.value().isMessageLevel()) {
            return "none: value: " + p.value().yamlName() + " is cached at the message level"
                    + " (no objects are copied)";
        }
        if (type == null) {
            return null;
        }
        CopierChoice<?> c = cache.copiers().choose(p, type);
        return c.reason() + c.warning().map(w -> " (warning: " + w + ")").orElse("");
    }

    /**
     * Reads the policy file again now; the result says whether the new rules are in force or why
     * the previous ones stay.
     *
     * @param who the administrator, for the audit log
     */
    public ReloadResult reload(String who) {
        return audited.reload(who);
    }

    /**
     * Removes every entry of {@code operation}.
     *
     * @param who the administrator, for the audit log
     * @return the number of entries removed
     * @throws IllegalArgumentException if {@code operation} is blank
     */
    public long invalidate(String operation, String who) {
        return audited.invalidate(checkOperation(operation), who);
    }

    /**
     * Removes every entry of the cache.
     *
     * @param who the administrator, for the audit log
     * @return the number of entries removed
     */
    public long invalidateAll(String who) {
        return audited.invalidateAll(who);
    }

    /** Returns the most recent changes, oldest first: {@code when who what: result}. */
    public List<String> auditLog() {
        return audited.auditLog();
    }

    /**
     * Registers this cache's MXBean as {@code io.github.wscache:type=ResponseCache,name=<name>}
     * (see {@link ResponseCacheMXBean}); {@link #close()} unregisters it.
     *
     * @param server usually {@link ManagementFactory#getPlatformMBeanServer()}
     * @return the name it was registered under
     * @throws JMException if a bean of that name is already registered
     */
    public ObjectName registerMBean(MBeanServer server) throws JMException {
        ObjectName on = objectName(name);
        server.registerMBean(new StandardMBean(new MXBean(this), ResponseCacheMXBean.class,
                true), on);
        audited.register(server, on);
        return on;
    }

    /**
     * Returns the JMX name of a cache's MXBean.
     *
     * @throws IllegalArgumentException if {@code cacheName} cannot be quoted into a name
     */
    public static ObjectName objectName(String cacheName) {
        try {
            return new ObjectName(JMX_DOMAIN + ":type=ResponseCache,name="
                    + ObjectName.quote(cacheName));
        } catch (JMException e) {
            throw new IllegalArgumentException("cache name cannot be a JMX name: " + cacheName, e);
        }
    }

    /** Unregisters the MXBeans this admin registered; the cache is left as it is. */
    @Override
    public void close() {
        audited.close();
    }

    private static String checkOperation(String operation) {
        if (operation == null || operation.isBlank()) {
            throw new IllegalArgumentException("operation must not be blank: " + operation);
        }
        return operation;
    }

    /**
     * Returns statistics as JSON-ready values, named as the admin endpoint's {@code state.json}
     * names them (other endpoints, such as the Spring Boot starter's, show the same).
     *
     * <pre>{@code
     * Map<String, Object> json = CacheAdmin.statsMap(cache.stats("GetItem"));
     * }</pre>
     */
    public static Map<String, Object> statsMap(CacheStats s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("hits", s.hits());
        m.put("misses", s.misses());
        m.put("hitRatio", s.hitRatio());
        m.put("stores", s.stores());
        m.put("bypasses", s.bypasses());
        m.put("revalidations", s.revalidations());
        m.put("notAdmitted", s.notAdmitted());
        m.put("errors", s.errors());
        m.put("evictions", s.evictions());
        m.put("expirations", s.expirations());
        m.put("loads", s.loads());
        m.put("loadTimeNanos", s.loadTimeNanos());
        m.put("meanLoadNanos", s.loads() == 0 ? 0 : s.loadTimeNanos() / s.loads());
        m.put("entryCount", s.entryCount());
        m.put("weightedSize", s.weightedSize());
        return m;
    }

    /** A policy entry that names no operation, as state.json shows it. */
    private static Map<String, Object> entryMap(Rule r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", r.policy().source().orElse(null));
        m.put("service", r.service());
        m.put("endpoint", r.endpoint());
        m.put("operation", r.operation());
        return m;
    }

    /**
     * The {@code ResponseCache} as {@link AuditedAdmin} administers it: one row per operation,
     * keyed by the operation, invalidated per operation, reloaded from the policy file.
     */
    private final class Administered implements AdministeredCache {
        @Override
        public String name() {
            return name;
        }

        @Override
        public String type() {
            return "ResponseCache";
        }

        @Override
        public AdminView view() {
            CacheStats total = stats();
            Optional<ReloadResult> failed = lastReloadFailure();
            List<Rule> unmatched = cache.unmatchedEntries();
            AdminView.Builder b = AdminView.builder()
                    .alert("lastReloadFailure", failed.map(CacheAdmin::failureMap).orElse(null),
                            failed.map(Texts::reloadFailure).orElse(null))
                    .alert("unmatchedEntries", unmatched.isEmpty() ? null
                            : unmatched.stream().map(CacheAdmin::entryMap).toList(),
                            unmatched.isEmpty() ? null : Texts.unmatchedEntries(unmatched))
                    .detail("policyFile", "Policy file",
                            policyFile().map(Path::toString).orElse(null))
                    .summary(Texts.stats(total))
                    .table("operations", "operation", "op-")
                    .column("operation", "operation", AdminView.Format.TEXT)
                    .column("policy in force", "policy", AdminView.Format.CODE)
                    .column("written at", "source", AdminView.Format.TEXT)
                    .column("hits", "stats.hits", AdminView.Format.COUNT)
                    .column("misses", "stats.misses", AdminView.Format.COUNT)
                    .column("hit ratio", "stats.hitRatio", AdminView.Format.PERCENT)
                    .column("entries", "stats.entryCount", AdminView.Format.COUNT)
                    .column("size", "stats.weightedSize", AdminView.Format.BYTES)
                    .column("mean load", "stats.meanLoadNanos", AdminView.Format.NANOS)
                    .column("result type", "resultType", AdminView.Format.TEXT)
                    .column("copier", "copier", AdminView.Format.TEXT);
            statsMap(total).forEach((k, v) -> b.total(k, (Number) v, TOTAL_FORMATS
                    .getOrDefault(k, AdminView.Format.COUNT)));
            for (OperationStatus s : operations()) {
                Map<String, Object> o = new LinkedHashMap<>();
                o.put("operation", s.operation());
                o.put("cacheable", s.policy().cacheable());
                o.put("policy", s.policy().toString());
                o.put("source", s.source().orElse(null));
                o.put("resultType", s.resultType().map(Class::getName).orElse(null));
                o.put("copier", s.copier().orElse(null));
                o.put("stats", statsMap(s.stats()));
                b.row(o);
            }
            return b.build();
        }

        @Override
        public long invalidateAll() {
            long before = cache.stats().entryCount();
            cache.invalidateAll();
            return before - cache.stats().entryCount();
        }

        @Override
        public Optional<String> keyName() {
            return Optional.of("operation");
        }

        @Override
        public long invalidate(String operation) {
            long before = cache.stats(operation).entryCount();
            cache.invalidate(operation);
            return before - cache.stats(operation).entryCount();
        }

        @Override
        public boolean reloads() {
            return true;
        }

        @Override
        public String reloadSource() {
            return policyFile().map(Path::toString).orElse("(no file)");
        }

        @Override
        public ReloadResult reload() {
            ReloadResult r = cache.policy().reload();
            lastReload = r;
            return r;
        }
    }

    /**
     * Builds a {@link CacheAdmin}. Not thread-safe.
     *
     * <pre>{@code
     * CacheAdmin admin = CacheAdmin.builder("portal", cache).service("Search").build();
     * }</pre>
     */
    public static final class Builder {
        private final String name;
        private final ResponseCache cache;
        private String service;
        private String endpoint;
        private final Map<String, Class<?>> resultTypes = new LinkedHashMap<>();
        private PolicyWatcher watcher;
        private final AuditedAdmin.Builder audit = AuditedAdmin.Builder.withoutCache();

        private Builder(String name, ResponseCache cache) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("cache name must not be blank: " + name);
            }
            this.name = name;
            this.cache = Objects.requireNonNull(cache, "cache");
        }

        /**
         * The service whose operations this admin shows: rules of that service are resolved as
         * its calls are. Unset, only rules for every service apply.
         */
        public Builder service(String serviceName) {
            this.service = Objects.requireNonNull(serviceName, "service");
            return this;
        }

        /** The endpoint whose operations this admin shows, as {@link #service}. */
        public Builder endpoint(String endpointUrl) {
            this.endpoint = Objects.requireNonNull(endpointUrl, "endpoint");
            return this;
        }

        /**
         * Declares the result type of an operation, so that the admin can tell which copier the
         * cache chooses for it and why.
         *
         * @throws IllegalStateException if the operation's type was already declared
         */
        public Builder resultType(String operation, Class<?> type) {
            Objects.requireNonNull(type, "type");
            if (resultTypes.putIfAbsent(checkOperation(operation), type) != null) {
                throw new IllegalStateException("result type of " + operation
                        + " was already set: " + resultTypes.get(operation).getName());
            }
            return this;
        }

        /**
         * The watcher of the cache's policy file ({@code policy.watch()}): a reload it makes that
         * fails is shown on the page, in the JSON and over JMX until a later reload succeeds.
         * Unset, only reloads made through this admin are.
         */
        public Builder watcher(PolicyWatcher policyWatcher) {
            this.watcher = Objects.requireNonNull(policyWatcher, "watcher");
            return this;
        }

        /** The clock of the audit log's timestamps (UTC system clock by default). */
        public Builder clock(Clock auditClock) {
            audit.clock(auditClock);
            return this;
        }

        /** How many changes the in-memory audit log keeps (100 by default; all are logged). */
        public Builder auditSize(int changes) {
            audit.auditSize(changes);
            return this;
        }

        /** Returns the admin. */
        public CacheAdmin build() {
            return new CacheAdmin(this);
        }
    }
}
