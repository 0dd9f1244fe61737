package io.github.wscache.jaxws.internal;

import java.lang.reflect.Method;
import javax.xml.namespace.QName;

/**
 * The WSDL service name of a JAX-WS port, outside a call (inside one, a handler reads
 * {@code MessageContext.WSDL_SERVICE}): from CXF's client model, or from Metro's
 * {@code WSBindingProvider.getPortInfo()}, which the standard API has no equivalent of.
 */
final class ServiceNames {
    private ServiceNames() {
    }

    /** The service's name, or {@code null} when the runtime does not tell. */
    static QName of(Object port) {
        if (CachingSoapHandler.CXF) {
            QName name = CxfHooks.serviceName(port);
            if (name != null) {
                return name;
            }
        }
        try {
            // Metro: com.sun.xml.ws.developer.WSBindingProvider#getPortInfo()
            Method info = port.getClass().getMethod("getPortInfo");
            Object portInfo = info.invoke(port);
            Object name = info.getReturnType().getMethod("getServiceName").invoke(portInfo);
            return name instanceof QName ? (QName) name : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
