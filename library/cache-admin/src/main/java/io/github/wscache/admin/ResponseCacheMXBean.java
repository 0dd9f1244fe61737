package io.github.wscache.admin;

import java.util.List;
import java.util.Map;

/**
 * The JMX view of one cache, registered by {@link CacheAdmin#registerMBean} as
 * {@code io.github.wscache:type=ResponseCache,name=<name>}: attributes to read (and chart in
 * {@code jconsole}), operations that change the cache, each recorded in the audit log with the
 * JMX principal (or {@code jmx} for a local connection). Thread-safe.
 *
 * <pre>{@code
 * ResponseCacheMXBean bean = JMX.newMXBeanProxy(server, CacheAdmin.objectName("portal"),
 *         ResponseCacheMXBean.class);
 * bean.invalidate("doGoogleSearch");
 * }</pre>
 */
public interface ResponseCacheMXBean {
    /** Returns the cache's name. */
    String getName();

    /** Returns the policy file, or an empty string when the policy was made in code. */
    String getPolicyFile();

    /**
     * Returns the last reload of the policy file if it failed and none has succeeded since:
     * when, {@code file:line:column} and what to write; an empty string otherwise.
     */
    String getLastReloadFailure();

    /** Returns, per operation, the policy in force and where it was written. */
    Map<String, String> getPolicies();

    /** Returns, per operation, its statistics. */
    Map<String, String> getStatistics();

    /** Returns, per operation with a declared result type, the copier chosen and why. */
    Map<String, String> getCopiers();

    /** Returns the hits of the whole cache. */
    long getHits();

    /** Returns the misses of the whole cache. */
    long getMisses();

    /** Returns hits / (hits + misses) of the whole cache. */
    double getHitRatio();

    /** Returns the number of entries. */
    long getEntryCount();

    /** Returns the estimated retained bytes of the entries. */
    long getWeightedSize();

    /** Returns the most recent administrator changes, oldest first. */
    List<String> getAuditLog();

    /** Reloads the policy file now; returns the result ({@code reloaded (changed)}, or why not). */
    String reloadPolicy();

    /** Removes every entry of an operation; returns how many. */
    long invalidate(String operation);

    /** Removes every entry; returns how many. */
    long invalidateAll();
}
