/**
 * Micrometer metrics for wscache: {@link io.github.wscache.micrometer.WsCacheMetrics} binds the
 * counters of a {@link io.github.wscache.core.ResponseCache} to a
 * {@link io.micrometer.core.instrument.MeterRegistry}, per operation, under Micrometer's cache
 * meter names.
 */
package io.github.wscache.micrometer;
