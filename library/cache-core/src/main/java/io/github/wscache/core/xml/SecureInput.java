package io.github.wscache.core.xml;

import javax.xml.XMLConstants;
import javax.xml.stream.XMLInputFactory;

/**
 * The shared, securely configured JDK {@link XMLInputFactory} used by
 * {@link XmlRecording#parse(byte[])}: creating a factory is expensive, creating readers from a
 * configured one is thread-safe.
 */
final class SecureInput {

    /** JDK property that makes the reader report CDATA sections as CDATA events. */
    private static final String REPORT_CDATA =
            "http://java.sun.com/xml/stream/properties/report-cdata-event";

    static final XMLInputFactory FACTORY = create();

    private SecureInput() {
    }

    private static XMLInputFactory create() {
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, Boolean.FALSE);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, Boolean.FALSE);
        factory.setProperty(XMLInputFactory.IS_COALESCING, Boolean.FALSE);
        factory.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, Boolean.TRUE);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, Boolean.TRUE);
        factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        if (factory.isPropertySupported(REPORT_CDATA)) {
            factory.setProperty(REPORT_CDATA, Boolean.TRUE);
        }
        return factory;
    }
}
