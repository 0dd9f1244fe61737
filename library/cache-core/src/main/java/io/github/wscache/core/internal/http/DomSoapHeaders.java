package io.github.wscache.core.internal.http;

import io.github.wscache.core.Invocation;
import java.io.StringWriter;
import java.util.Set;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerConfigurationException;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * {@link CallerFields}'s rules applied to a SOAP header held as DOM, for the integrations whose
 * message model is DOM (SAAJ's {@code SOAPElement} is a DOM {@code Element}: cache-jaxws; Spring
 * Web Services' SAAJ and DOM messages: the starter). cache-axis walks Axiom the same way.
 *
 * <pre>{@code
 * DomSoapHeaders.addTo(b, soapMessage.getSOAPHeader(), policy.identityHeaders());
 * }</pre>
 */
public final class DomSoapHeaders {
    private static final ThreadLocal<Transformer> TRANSFORMER = ThreadLocal.withInitial(() -> {
        try {
            Transformer t = TransformerFactory.newInstance().newTransformer();
            t.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            return t;
        } catch (TransformerConfigurationException e) {
            throw new IllegalStateException("no XML serializer", e);
        }
    });

    private DomSoapHeaders() {
    }

    /**
     * Adds every child element of a SOAP {@code Header} to the key: WS-Security token by token,
     * credentials, request variants; WS-Addressing's left out.
     *
     * @param header the {@code Header} element, or {@code null} for none
     * @param named the names the policy gives in {@code identityHeaders}
     */
    public static void addTo(Invocation.Builder b, Element header, Set<String> named) {
        if (header == null) {
            return;
        }
        for (Node n = header.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element) {
                element(b, (Element) n, named);
            }
        }
    }

    /** Serializes a DOM node (no XML declaration). */
    public static String toXml(Node node) {
        StringWriter out = new StringWriter(256);
        try {
            TRANSFORMER.get().transform(new DOMSource(node), new StreamResult(out));
        } catch (TransformerException e) {
            throw new IllegalStateException("cannot serialize " + node.getNodeName(), e);
        }
        return out.toString();
    }

    private static void element(Invocation.Builder b, Element h, Set<String> named) {
        String ns = h.getNamespaceURI() == null ? "" : h.getNamespaceURI();
        String local = localName(h);
        CallerFields.SoapHeader kind = CallerFields.soapHeader(ns, local, named);
        if (kind == CallerFields.SoapHeader.WS_SECURITY) {
            security(b, h);
        } else if (kind != CallerFields.SoapHeader.IGNORED) {
            CallerFields.soapHeader(b, ns, local, kind, toXml(h));
        }
    }

    private static void security(Invocation.Builder b, Element security) {
        for (Node n = security.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (!(n instanceof Element)) {
                continue;
            }
            Element token = (Element) n;
            String local = localName(token);
            if (CallerFields.isLeftOut(local)) {
                continue;
            }
            if (!"UsernameToken".equals(local)) {
                CallerFields.securityToken(b, local, toXml(token));
                continue;
            }
            String user = null;
            String password = null;
            String type = null;
            for (Node c = token.getFirstChild(); c != null; c = c.getNextSibling()) {
                if (!(c instanceof Element)) {
                    continue;
                }
                Element e = (Element) c;
                if ("Username".equals(localName(e))) {
                    user = text(e);
                } else if ("Password".equals(localName(e))) {
                    password = text(e);
                    String t = e.getAttribute("Type");
                    type = t == null || t.isEmpty() ? null : t;
                }
            }
            CallerFields.usernameToken(b, user, password, type);
        }
    }

    private static String localName(Element e) {
        return e.getLocalName() != null ? e.getLocalName() : e.getTagName();
    }

    private static String text(Node e) {
        String t = e.getTextContent();
        return t == null ? "" : t;
    }
}
