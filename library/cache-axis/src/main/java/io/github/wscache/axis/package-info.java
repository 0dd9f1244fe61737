/**
 * Transparent response caching for Apache Axis2 2.0 clients.
 *
 * <p>Three ways in: with no code change (the {@code cache-axis} jar and a {@code wscache.yaml}
 * on the class path, or {@code -Dwscache.policy=/path/to/wscache.yaml}: Axis2 deploys the
 * {@code wscache} classpath module into every {@code ConfigurationContext}); with one line
 * ({@link io.github.wscache.axis.WsCache#install(org.apache.axis2.context.ConfigurationContext,
 * io.github.wscache.core.policy.Policy)}); or per stub, caching application objects
 * ({@link io.github.wscache.axis.CachingStubs}).
 */
package io.github.wscache.axis;
