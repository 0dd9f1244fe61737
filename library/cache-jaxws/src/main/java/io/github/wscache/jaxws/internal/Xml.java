package io.github.wscache.jaxws.internal;

import java.io.StringWriter;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;

/** Serializes DOM nodes (SAAJ elements are DOM elements) for keys; one transformer a thread. */
final class Xml {
    private static final ThreadLocal<Transformer> TRANSFORMER = ThreadLocal.withInitial(() -> {
        try {
            Transformer t = TransformerFactory.newInstance().newTransformer();
            t.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            return t;
        } catch (javax.xml.transform.TransformerConfigurationException e) {
            throw new IllegalStateException("no XML serializer", e);
        }
    });

    private Xml() {
    }

    static String toString(org.w3c.dom.Node node) {
        StringWriter out = new StringWriter(256);
        try {
            TRANSFORMER.get().transform(new DOMSource(node), new StreamResult(out));
        } catch (TransformerException e) {
            throw new IllegalStateException("cannot serialize " + node.getNodeName(), e);
        }
        return out.toString();
    }
}
