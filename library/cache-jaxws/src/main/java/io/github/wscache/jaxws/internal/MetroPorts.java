package io.github.wscache.jaxws.internal;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an Eclipse Metro client port carries outside its JAX-WS request context, for the object
 * level ({@link ObjectCalls}), which answers before Metro builds a message: the SOAP headers set
 * with {@code WSBindingProvider.setOutboundHeaders}, which Metro keeps in the port's stub and
 * adds to every message it sends. A port with such headers is its own caller, as a CXF port with
 * headers in CXF's header list is ({@link CxfPorts}); the message level sees them in the message
 * itself. Metro offers no getter for them: they are read from the stub's field, by reflection
 * (Metro is no dependency of this module). Where the field cannot be read (Metro on the module
 * path without its client package opened to this module, or a Metro that names it otherwise),
 * every Metro port is its own caller, logged once.
 */
final class MetroPorts {
    private static final Logger LOG = LoggerFactory.getLogger(MetroPorts.class);
    private static final String STUB = "com.sun.xml.ws.client.Stub";
    private static final String HEADERS = "userOutboundHeaders";
    private static final String CREDENTIAL = "metro-port";
    private static final AtomicBoolean LOGGED = new AtomicBoolean();

    private MetroPorts() {
    }

    /** Returns the reader of {@code port}'s stub, or {@code null} for another runtime's port. */
    static RuntimePort portOf(Object port) {
        if (!Proxy.isProxyClass(port.getClass())) {
            return null;
        }
        Object stub = Proxy.getInvocationHandler(port);
        Class<?> type = stub.getClass();
        while (type != null && !type.getName().equals(STUB)) {
            type = type.getSuperclass();
        }
        if (type == null) {
            return null;
        }
        Field headers;
        try {
            headers = type.getDeclaredField(HEADERS);
            headers.setAccessible(true);
        } catch (ReflectiveOperationException | RuntimeException e) {
            if (LOGGED.compareAndSet(false, true)) {
                LOG.warn("wscache: cannot read the SOAP headers a Metro port sends "
                        + "(setOutboundHeaders): at the object level every Metro port is its "
                        + "own caller. On the module path, open com.sun.xml.ws.client to "
                        + "io.github.wscache.jaxws (--add-opens com.sun.xml.ws/"
                        + "com.sun.xml.ws.client=io.github.wscache.jaxws) (logged once): " + e);
            }
            return (b, address, caller) -> b.credential(CREDENTIAL, caller);
        }
        return (b, address, caller) -> {
            if (sendsHeaders(headers, stub)) {
                b.credential(CREDENTIAL, caller);
            }
        };
    }

    private static boolean sendsHeaders(Field headers, Object stub) {
        try {
            Object h = headers.get(stub);
            return h != null && Array.getLength(h) > 0;
        } catch (IllegalAccessException | RuntimeException e) {
            return true; // cannot tell: the port stands for its caller
        }
    }
}
