package io.github.wscache.jaxws.internal;

import jakarta.jws.WebMethod;
import jakarta.jws.WebService;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.net.URL;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every operation name of a port, as its WSDL writes it, for
 * {@link io.github.wscache.core.ResponseCache#declareOperations}: from the service endpoint
 * interface a port proxy implements (a generated SEI keeps each WSDL name in
 * {@code @WebMethod(operationName)}), or from the WSDL document itself.
 */
public final class Operations {
    private static final Logger LOG = LoggerFactory.getLogger(Operations.class);

    private Operations() {
    }

    /** The operations of the {@code @WebService} interfaces {@code proxy} implements. */
    public static List<String> of(Class<?> proxy) {
        Set<String> names = new LinkedHashSet<>();
        for (Class<?> type : proxy.getInterfaces()) {
            if (!type.isAnnotationPresent(WebService.class)) {
                continue;
            }
            for (Method m : type.getMethods()) {
                WebMethod wm = m.getAnnotation(WebMethod.class);
                if (wm != null && wm.exclude()) {
                    continue;
                }
                String name = wm == null || wm.operationName().isEmpty() ? m.getName()
                        : wm.operationName();
                if (!name.endsWith("Async")) {
                    names.add(name);
                }
            }
        }
        return new ArrayList<>(names);
    }

    /** The operations of the WSDL 1.1 document at {@code wsdl}; empty when it is unreadable. */
    public static List<String> of(URL wsdl) {
        try {
            return Names.wsdlOperations(wsdl.toURI());
        } catch (java.io.IOException | javax.xml.stream.XMLStreamException
                | URISyntaxException | RuntimeException e) {
            LOG.info("wscache: cannot read the operation names of the WSDL {} ({}); policy "
                    + "entries are checked against the operations called instead", wsdl,
                    e.toString());
            return List.of();
        }
    }
}
