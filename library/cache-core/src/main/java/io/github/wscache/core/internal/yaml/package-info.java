/**
 * Located YAML reading shared by the configuration readers (cache-core's policy, cache-edge's
 * {@code edge.yaml}): values with line and column, bounded parsing, sizes and durations. Not API:
 * these types may change in any release.
 */
package io.github.wscache.core.internal.yaml;
