package io.github.wscache.core.xml;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;

/**
 * The payload of a SOAP response envelope (the one child element of its {@code Body}) as an
 * {@link XmlRecording}, for the integrations that keep a response as {@code events} and replay
 * only its payload into the deserializer (cache-jaxws into JAXB, the Spring Boot starter into a
 * {@code WebServiceTemplate}'s unmarshaller).
 *
 * <pre>{@code
 * XmlRecording payload = SoapPayload.record(envelopeBytes);
 * if (payload == null) {
 *     // keep the bytes: the header or a second body child would be lost in a replay
 * }
 * }</pre>
 */
public final class SoapPayload {
    private static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
    private static final XMLOutputFactory OUTPUT = XMLOutputFactory.newFactory();

    private SoapPayload() {
    }

    /**
     * Records the payload of {@code envelope}, or returns {@code null} when a replay of it alone
     * would lose something or there is none: the {@code Header} has children, the {@code Body}
     * has no child element or more than one, the document is not a SOAP 1.1 or 1.2 envelope, or
     * it is not well-formed (read to its end).
     */
    public static XmlRecording record(byte[] envelope) {
        return read(envelope, SoapPayload::payload);
    }

    /** What is read from an envelope's reader. */
    @FunctionalInterface
    private interface Reading<T> {
        T from(XMLStreamReader r) throws XMLStreamException;
    }

    /** Reads {@code envelope} with {@code reading}; {@code null} when it cannot be read. */
    private static <T> T read(byte[] envelope, Reading<T> reading) {
        try {
            XMLStreamReader r = SecureInput.FACTORY.createXMLStreamReader(
                    new ByteArrayInputStream(envelope));
            try {
                return reading.from(r);
            } finally {
                r.close();
            }
        } catch (XMLStreamException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Returns the name of the first child element of the envelope's {@code Body}, reading the
     * whole document, or {@code null} when it is no well-formed SOAP 1.1 or 1.2 envelope or its
     * body is empty: for an integration that keeps a response's bytes and must know, without
     * building a tree, whether it is a fault ({@link #isFault}) or a document it can replay.
     */
    public static QName bodyChild(byte[] envelope) {
        return read(envelope, SoapPayload::bodyChild);
    }

    /** Whether {@code name} (from {@link #bodyChild}) is a SOAP 1.1 or 1.2 {@code Fault}. */
    public static boolean isFault(QName name) {
        return name != null && "Fault".equals(name.getLocalPart())
                && (SOAP11.equals(name.getNamespaceURI()) || SOAP12.equals(name.getNamespaceURI()));
    }

    private static QName bodyChild(XMLStreamReader r) throws XMLStreamException {
        r.nextTag();
        String ns = r.getNamespaceURI();
        if (!"Envelope".equals(r.getLocalName()) || !SOAP11.equals(ns) && !SOAP12.equals(ns)) {
            return null;
        }
        QName first = null;
        boolean body = false;
        int depth = 1;
        while (r.hasNext()) {
            int e = r.next();
            if (e == XMLStreamConstants.END_ELEMENT) {
                depth--;
                continue;
            }
            if (e != XMLStreamConstants.START_ELEMENT) {
                continue;
            }
            depth++;
            if (!body && depth == 2 && ns.equals(r.getNamespaceURI())
                    && "Body".equals(r.getLocalName())) {
                body = true;
            } else if (body && first == null && depth == 3) {
                first = r.getName();
            }
        }
        return first;
    }

    /**
     * Writes a SOAP envelope around {@code payload} (no header), for an integration that must
     * hand its runtime a whole message made from a recorded payload.
     *
     * @param soap12 whether the envelope is SOAP 1.2's (else 1.1's)
     * @return the envelope's UTF-8 bytes
     */
    public static byte[] envelope(XmlRecording payload, boolean soap12) {
        String ns = soap12 ? SOAP12 : SOAP11;
        ByteArrayOutputStream out = new ByteArrayOutputStream(1024);
        try {
            XMLStreamWriter w = OUTPUT.createXMLStreamWriter(out, "UTF-8");
            w.writeStartDocument("UTF-8", "1.0");
            w.writeStartElement("soapenv", "Envelope", ns);
            w.writeNamespace("soapenv", ns);
            w.writeStartElement("soapenv", "Body", ns);
            payload.writeTo(w);
            w.writeEndElement();
            w.writeEndElement();
            w.writeEndDocument();
            w.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("cannot write an envelope around " + payload, e);
        }
        return out.toByteArray();
    }

    private static XmlRecording payload(XMLStreamReader r) throws XMLStreamException {
        r.nextTag();
        String ns = r.getNamespaceURI();
        if (!"Envelope".equals(r.getLocalName()) || !SOAP11.equals(ns) && !SOAP12.equals(ns)) {
            return null;
        }
        XmlRecording payload = null;
        while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
            boolean own = ns.equals(r.getNamespaceURI());
            if (own && "Header".equals(r.getLocalName())) {
                if (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
                    return null;
                }
            } else if (own && "Body".equals(r.getLocalName()) && payload == null) {
                if (r.nextTag() != XMLStreamConstants.START_ELEMENT) {
                    return null;
                }
                payload = XmlRecording.record(r);
                if (r.nextTag() != XMLStreamConstants.END_ELEMENT) {
                    return null;
                }
            } else {
                return null;
            }
        }
        // the end of the envelope: nothing but whitespace, comments or PIs may follow
        while (r.hasNext()) {
            int e = r.next();
            if (e == XMLStreamConstants.START_ELEMENT || e == XMLStreamConstants.CHARACTERS
                    && !r.isWhiteSpace()) {
                return null;
            }
        }
        return payload;
    }
}
