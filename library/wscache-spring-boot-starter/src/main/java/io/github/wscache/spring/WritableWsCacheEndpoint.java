package io.github.wscache.spring;

import io.github.wscache.admin.CacheAdmin;
import java.security.Principal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.annotation.DeleteOperation;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;

/**
 * The Actuator endpoint {@code wscache} with the changes of cache-admin, configured when
 * {@code wscache.endpoint.write-enabled=true}: everything {@link WsCacheEndpoint} reads, plus
 * {@code POST /actuator/wscache} (reload the policy file now), {@code DELETE /actuator/wscache}
 * (invalidate all) and {@code DELETE /actuator/wscache/{operation}} (invalidate one
 * operation). Every change goes through {@link CacheAdmin}, so it is in the audit log and the
 * logger {@value CacheAdmin#AUDIT_LOGGER} with who made it: the authenticated principal, or
 * {@value #ANONYMOUS} without one. Secure the endpoint as any other Actuator endpoint.
 * Thread-safe.
 *
 * <pre>
 * $ curl -X DELETE localhost:8080/actuator/wscache/GET
 * {"operation":"GET","removed":2}
 * </pre>
 */
@Endpoint(id = WsCacheEndpoint.ID)
public class WritableWsCacheEndpoint extends WsCacheEndpoint {
    /** Who a change is attributed to when the request has no authenticated principal. */
    public static final String ANONYMOUS = "actuator";

    /**
     * Creates the endpoint of one cache.
     *
     * @param admin the cache's admin, which the endpoint reads and changes
     */
    public WritableWsCacheEndpoint(CacheAdmin admin) {
        super(admin, true);
    }

    /**
     * Reads the policy file again; the result says whether the new rules are in force or where
     * the file is wrong (the previous rules then stay).
     *
     * @param security who asks
     * @return {@code succeeded}, {@code changed}, {@code error}
     */
    @WriteOperation
    public Map<String, Object> reload(SecurityContext security) {
        return reloadResult(admin().reload(who(security)));
    }

    /**
     * Removes every entry.
     *
     * @param security who asks
     * @return {@code removed}: the number of entries removed
     */
    @DeleteOperation
    public Map<String, Object> invalidateAll(SecurityContext security) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("removed", admin().invalidateAll(who(security)));
        return m;
    }

    /**
     * Removes every entry of one operation.
     *
     * @param operation the operation (for cache-http, the HTTP method)
     * @param security who asks
     * @return {@code operation} and {@code removed}: the number of entries removed
     */
    @DeleteOperation
    public Map<String, Object> invalidate(@Selector String operation, SecurityContext security) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("operation", operation);
        m.put("removed", admin().invalidate(operation, who(security)));
        return m;
    }

    private static String who(SecurityContext security) {
        Principal p = security == null ? null : security.getPrincipal();
        return p == null ? ANONYMOUS : p.getName();
    }
}
