/**
 * Management of a wscache cache for administrators: {@link io.github.wscache.admin.CacheAdmin}
 * (what is in force, reload, invalidate, statistics, copiers, an audit log of changes), exposed
 * as a JMX MXBean ({@link io.github.wscache.admin.ResponseCacheMXBean}) and as a servlet
 * ({@link io.github.wscache.admin.AdminServlet}). Any other cache (cache-edge's edge cache) is
 * administered the same way by implementing {@link io.github.wscache.admin.AdministeredCache}
 * and wrapping it in an {@link io.github.wscache.admin.AuditedAdmin} (audit log,
 * {@link io.github.wscache.admin.AdministeredCacheMXBean}, the same servlet).
 */
package io.github.wscache.admin;
