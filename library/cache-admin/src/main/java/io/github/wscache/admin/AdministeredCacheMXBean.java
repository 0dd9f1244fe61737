package io.github.wscache.admin;

import java.util.List;
import java.util.Map;

/**
 * The JMX view of any {@link AdministeredCache}, registered by
 * {@link AuditedAdmin#registerMBean} as {@code io.github.wscache:type=<type>,name=<name>}:
 * attributes to read in {@code jconsole}, operations that change the cache, each recorded in the
 * audit log with the JMX principal (or {@code jmx} for a local connection). An operation the
 * cache does not support fails with {@link UnsupportedOperationException}. Thread-safe.
 *
 * <pre>{@code
 * AdministeredCacheMXBean bean = JMX.newMXBeanProxy(server,
 *         AuditedAdmin.objectName("EdgeCache", "edge:8090"), AdministeredCacheMXBean.class);
 * bean.purge("product-42 catalog");
 * }</pre>
 */
public interface AdministeredCacheMXBean {
    /** Returns the cache's name. */
    String getName();

    /** Returns one line that sums the totals up. */
    String getSummary();

    /**
     * Returns the problems there are now (key to text, e.g. a failed reload), then the details
     * (label to value).
     */
    Map<String, String> getDetails();

    /** Returns the totals of the whole cache (name to value, e.g. {@code 85.7 %}). */
    Map<String, String> getTotals();

    /** Returns the table's rows: each row's key to its columns as text. */
    Map<String, String> getRows();

    /** Returns the most recent administrator changes, oldest first. */
    List<String> getAuditLog();

    /** Removes every entry; returns how many. */
    long invalidateAll();

    /** Removes the entries of one key (an operation, a URL); returns how many. */
    long invalidate(String key);

    /** Removes the entries tagged with any of the space-separated tags; returns how many. */
    long purge(String tags);

    /** Reloads the configuration now; returns the result, or why the old one stays. */
    String reload();
}
