/**
 * Transparent response caching for JAX-WS clients: {@link io.github.wscache.jaxws.WsCacheJaxWs}
 * puts a {@link io.github.wscache.core.ResponseCache} in front of a port or of every port of a
 * {@code jakarta.xml.ws.Service}, through a standard SOAP handler that works on Apache CXF, Eclipse
 * Metro and any other Jakarta XML Web Services 4 implementation;
 * {@link io.github.wscache.jaxws.WsCacheFeature} is Apache CXF's way to install the same handler.
 */
package io.github.wscache.jaxws;
