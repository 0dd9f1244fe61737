/**
 * Placeholder for the benchmarks module; it is filled by a later issue and holds no code yet.
 */
package io.github.wscache.benchmarks;
