package io.github.wscache.jaxws.internal;

import io.github.wscache.core.Invocation;

/**
 * What a JAX-WS runtime's port carries of its caller outside the port's request context, read
 * by the object level ({@link ObjectCalls}) on every call: it answers before the runtime builds
 * a message, so it must look at the port itself. {@link CxfPorts} and {@link MetroPorts} make
 * one for their runtime's ports. Thread-safe.
 */
interface RuntimePort {
    /**
     * Adds to {@code b} what the runtime would send of the caller with a call to
     * {@code address}; {@code caller} stands for the port where that cannot be seen.
     */
    void addTo(Invocation.Builder b, Object address, String caller);
}
