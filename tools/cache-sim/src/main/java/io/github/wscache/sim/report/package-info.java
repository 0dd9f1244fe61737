/**
 * What a run reports and how it is written: hit counts
 * ({@link io.github.wscache.sim.report.Metrics}: document and byte hit ratios, saved miss
 * cost), result tables as CSV and JSON ({@link io.github.wscache.sim.report.Table}) and SVG
 * charts ({@link io.github.wscache.sim.report.Charts}).
 */
package io.github.wscache.sim.report;
