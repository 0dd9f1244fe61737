package io.github.wscache.embedded;

import java.io.ByteArrayInputStream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads which operation a SOAP (or POX) request calls from its body, for servers that count or
 * record requests per operation: the local name of the SOAP Body's first child element (the
 * wrapper element of document/literal wrapped and rpc/literal), or of the document element when
 * the body is not a SOAP envelope. DTDs and external entities are refused.
 *
 * <pre>{@code
 * String operation = SoapBodies.operation(body);   // "KeywordSearch", or "" when unknown
 * }</pre>
 */
public final class SoapBodies {
    private static final XMLInputFactory INPUT = newInputFactory();

    private SoapBodies() {
    }

    /** Returns the operation the body calls, or {@code ""} when it cannot tell. */
    public static String operation(byte[] body) {
        if (body.length == 0) {
            return "";
        }
        try {
            XMLStreamReader reader = INPUT.createXMLStreamReader(new ByteArrayInputStream(body));
            try {
                boolean inBody = false;
                boolean first = true;
                while (reader.hasNext()) {
                    if (reader.next() != XMLStreamConstants.START_ELEMENT) {
                        continue;
                    }
                    String name = reader.getLocalName();
                    if (first && !"Envelope".equals(name)) {
                        return name;
                    }
                    first = false;
                    if (inBody) {
                        return name;
                    }
                    inBody = "Body".equals(name);
                }
                return "";
            } finally {
                reader.close();
            }
        } catch (XMLStreamException e) {
            return "";
        }
    }

    private static XMLInputFactory newInputFactory() {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        return factory;
    }
}
