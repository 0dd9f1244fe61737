/**
 * The caching policy: per-operation rules written in YAML by an administrator (or in code), with
 * errors that name file, line and column, reload and file watching.
 */
package io.github.wscache.core.policy;
