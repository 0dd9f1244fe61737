/**
 * Admission: whether a document that just missed may enter a cache at all, decided in front of
 * any eviction policy. {@link io.github.wscache.sim.admission.MinUses} mirrors wscache's
 * {@code minUses} (a count-min sketch that lets a response in once its key was asked for
 * {@code minUses} times), so that its effect can be measured on policies other than wscache's
 * own store, which the simulator drives with the real thing.
 */
package io.github.wscache.sim.admission;
