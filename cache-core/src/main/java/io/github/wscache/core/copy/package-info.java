/**
 * Deep copiers chosen per type: {@link io.github.wscache.core.copy.Copiers} picks, once per class,
 * the cheapest strategy that is still safe (reference, clone, reflection, serialization).
 */
package io.github.wscache.core.copy;
