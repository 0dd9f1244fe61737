package io.github.wscache.spring;

import io.github.wscache.admin.CacheAdmin;
import io.github.wscache.admin.OperationStatus;
import io.github.wscache.core.policy.OperationPolicy;
import io.github.wscache.core.policy.PolicyException;
import io.github.wscache.core.policy.ReloadResult;
import io.github.wscache.core.policy.Rule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;

/**
 * The Actuator endpoint {@code wscache}, read only: the policy in force, rule by rule, each with
 * the place in the policy file it was written at ({@code file:line:column}), the statistics of
 * the whole cache and of each operation, the last failed reload of the policy file (where it is
 * wrong), and the audit log.
 * {@code GET /actuator/wscache} shows all of it, {@code GET /actuator/wscache/{operation}} one
 * operation. With {@code wscache.endpoint.write-enabled=true} the application gets
 * {@link WritableWsCacheEndpoint} instead, which can also reload and invalidate. Expose it as any
 * endpoint: {@code management.endpoints.web.exposure.include=health,wscache}. Thread-safe.
 *
 * <pre>
 * $ curl localhost:8080/actuator/wscache/GET
 * {"operation":"GET","stats":{"hits":1,"misses":1,...},
 *  "rules":[{"service":"*","endpoint":"https://api.example.com/*","operation":"GET",
 *            "policy":"{cacheable: true, ttl: 1m, ...}","source":"wscache.yaml:2:5"}]}
 * </pre>
 */
@Endpoint(id = WsCacheEndpoint.ID)
public class WsCacheEndpoint {
    /** The endpoint's id. */
    public static final String ID = "wscache";

    private final CacheAdmin admin;
    private final boolean writeEnabled;

    /**
     * Creates the endpoint of one cache.
     *
     * @param admin the cache's admin, which the endpoint reads
     */
    public WsCacheEndpoint(CacheAdmin admin) {
        this(admin, false);
    }

    WsCacheEndpoint(CacheAdmin admin, boolean writeEnabled) {
        this.admin = admin;
        this.writeEnabled = writeEnabled;
    }

    /** Returns the admin this endpoint reads and writes through. */
    protected final CacheAdmin admin() {
        return admin;
    }

    /**
     * Returns the whole state: {@code name}, {@code policyFile} (when reloadable),
     * {@code lastReloadFailure} (or null), {@code writeEnabled}, {@code rules} (the policy in
     * force, most specific first as the policy lists them: {@code service}, {@code endpoint},
     * {@code operation}, {@code policy}, {@code source}), {@code defaults} (what operations no
     * rule matches get), {@code stats} of the whole cache, {@code operations} (the operations
     * seen or named, each with its {@code stats}), {@code auditLog}.
     *
     * @return JSON-ready values
     */
    @ReadOperation
    public Map<String, Object> state() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", admin.name());
        m.put("policyFile", admin.policyFile().map(Path::toString).orElse(null));
        m.put("lastReloadFailure", admin.lastReloadFailure().map(WsCacheEndpoint::failure)
                .orElse(null));
        m.put("writeEnabled", writeEnabled);
        List<Map<String, Object>> rules = new ArrayList<>();
        for (Rule r : admin.cache().policy().rules()) {
            rules.add(rule(r));
        }
        m.put("rules", rules);
        m.put("defaults", policy(admin.cache().policy().defaults()));
        m.put("stats", CacheAdmin.statsMap(admin.stats()));
        List<Map<String, Object>> ops = new ArrayList<>();
        for (OperationStatus s : admin.operations()) {
            ops.add(Map.of("operation", s.operation(), "stats", CacheAdmin.statsMap(s.stats())));
        }
        m.put("operations", ops);
        m.put("auditLog", admin.auditLog());
        return m;
    }

    /**
     * Returns one operation: {@code operation}, its {@code stats}, and the {@code rules} that
     * can apply to it (those naming it, and patterns), as {@link #state} lists them.
     *
     * @param operation the operation (for cache-http, the HTTP method)
     * @return JSON-ready values
     */
    @ReadOperation
    public Map<String, Object> operation(@Selector String operation) {
        OperationStatus s = admin.status(operation);
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("operation", s.operation());
        o.put("stats", CacheAdmin.statsMap(s.stats()));
        List<Map<String, Object>> rules = new ArrayList<>();
        for (Rule r : admin.cache().policy().rules()) {
            if (r.operation().equals(operation) || r.operation().indexOf('*') >= 0) {
                rules.add(rule(r));
            }
        }
        o.put("rules", rules);
        return o;
    }

    static Map<String, Object> rule(Rule r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("service", r.service());
        m.put("endpoint", r.endpoint());
        m.put("operation", r.operation());
        m.putAll(policy(r.policy()));
        return m;
    }

    static Map<String, Object> policy(OperationPolicy p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cacheable", p.cacheable());
        m.put("policy", p.toString());
        m.put("source", p.source().orElse(null));
        return m;
    }

    static Map<String, Object> reloadResult(ReloadResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("succeeded", r.succeeded());
        m.put("changed", r.changed());
        m.put("error", r.succeeded() ? null : failure(r));
        return m;
    }

    static Map<String, Object> failure(ReloadResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("time", r.at().toString());
        PolicyException e = r.error().orElse(null);
        if (e != null) {
            m.put("file", e.file().orElse(null));
            m.put("line", e.line());
            m.put("column", e.column());
            m.put("message", e.getMessage());
        }
        return m;
    }
}
