/**
 * Management of a wscache cache for administrators: {@link io.github.wscache.admin.CacheAdmin}
 * (what is in force, reload, invalidate, statistics, copiers, an audit log of changes), exposed
 * as a JMX MXBean ({@link io.github.wscache.admin.ResponseCacheMXBean}) and as a servlet
 * ({@link io.github.wscache.admin.AdminServlet}).
 */
package io.github.wscache.admin;
