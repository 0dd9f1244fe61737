/**
 * Benchmark-only access to package-private parts of cache-core (a split package inside the
 * non-modular benchmarks jar); not part of wscache's API.
 */
package io.github.wscache.core;
