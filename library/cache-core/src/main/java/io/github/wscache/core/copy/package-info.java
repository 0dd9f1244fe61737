/**
 * Deep copiers chosen per type: a {@link io.github.wscache.core.copy.CopierRegistry}, one per
 * cache, picks once per class the cheapest strategy that is still safe (reference, clone,
 * reflection, serialization), under the declarations made on it.
 */
package io.github.wscache.core.copy;
