package io.github.wscache.jaxws.internal;

import java.io.InputStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Names an operation as its WSDL writes it. A JAX-WS runtime tells a handler the WSDL operation
 * ({@code MessageContext.WSDL_OPERATION}, the {@code wsdl:operation} name as written, e.g.
 * {@code KeywordSearch}, never the SEI method {@code keywordSearch}); the payload's wrapper
 * element and the SOAP action's last segment are aliases, and stand in for the name when the
 * runtime gives none (a {@code Dispatch} client).
 *
 * <p>{@link #wsdlOperations} reads the operation names of a WSDL 1.1 document's port types, for
 * {@link io.github.wscache.core.ResponseCache#declareOperations}: the names an administrator
 * copies from it into a policy.
 */
final class Names {
    private static final String WSDL11 = "http://schemas.xmlsoap.org/wsdl/";

    private Names() {
    }

    /** The operation name and its aliases, first the name; never empty. */
    static List<String> of(QName wsdlOperation, String payloadElement, String action) {
        Set<String> names = new LinkedHashSet<>();
        if (wsdlOperation != null && !wsdlOperation.getLocalPart().isEmpty()) {
            names.add(wsdlOperation.getLocalPart());
        }
        if (payloadElement != null) {
            names.add(payloadElement);
        }
        String segment = lastSegment(action);
        if (segment != null) {
            names.add(segment);
        }
        if (names.isEmpty()) {
            names.add("unknown");
        }
        return new ArrayList<>(names);
    }

    /** The last segment of a SOAP action URI ({@code http://tempuri.org/GetItem}: GetItem). */
    static String lastSegment(String action) {
        if (action == null) {
            return null;
        }
        String a = action.strip();
        if (a.length() > 1 && a.startsWith("\"") && a.endsWith("\"")) {
            a = a.substring(1, a.length() - 1);
        }
        int end = a.length();
        while (end > 0 && (a.charAt(end - 1) == '/' || a.charAt(end - 1) == ':')) {
            end--;
        }
        int start = Math.max(a.lastIndexOf('/', end - 1), Math.max(a.lastIndexOf(':', end - 1),
                a.lastIndexOf('#', end - 1))) + 1;
        String s = a.substring(start, end);
        return s.isEmpty() ? null : s;
    }

    /**
     * Returns the {@code wsdl:operation} names of every port type of the WSDL 1.1 document at
     * {@code wsdl}, in document order; empty for a document that is not WSDL 1.1.
     */
    static List<String> wsdlOperations(URI wsdl) throws java.io.IOException, XMLStreamException {
        XMLInputFactory f = XMLInputFactory.newFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        Set<String> names = new LinkedHashSet<>();
        try (InputStream in = wsdl.toURL().openStream()) {
            XMLStreamReader r = f.createXMLStreamReader(in);
            try {
                boolean inPortType = false;
                while (r.hasNext()) {
                    int e = r.next();
                    if (e == XMLStreamConstants.START_ELEMENT) {
                        boolean wsdl11 = WSDL11.equals(r.getNamespaceURI());
                        if (wsdl11 && "portType".equals(r.getLocalName())) {
                            inPortType = true;
                        } else if (inPortType && wsdl11 && "operation".equals(r.getLocalName())) {
                            String name = r.getAttributeValue(null, "name");
                            if (name != null) {
                                names.add(name);
                            }
                        }
                    } else if (e == XMLStreamConstants.END_ELEMENT) {
                        if (WSDL11.equals(r.getNamespaceURI())
                                && "portType".equals(r.getLocalName())) {
                            inPortType = false;
                        }
                    }
                }
            } finally {
                r.close();
            }
        }
        return new ArrayList<>(names);
    }
}
