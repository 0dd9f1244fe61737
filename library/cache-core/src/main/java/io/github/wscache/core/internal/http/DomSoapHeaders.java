package io.github.wscache.core.internal.http;

import io.github.wscache.core.Invocation;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
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
                header(b, (Element) n, named);
            }
        }
    }

    /**
     * Serializes a DOM element (or any other node) as XML without a declaration, declaring on the
     * way every namespace prefix it uses that its ancestors declare, so that the text stands on
     * its own. A walk of the tree into a {@code StringBuilder}: the keys of every SOAP call are
     * made with it, and a {@code Transformer} costs a serializer per call.
     */
    public static String toXml(Node node) {
        StringBuilder out = new StringBuilder(256);
        write(node, out, new ArrayList<>());
        return out.toString();
    }

    /** {@code scope} holds prefix, namespace pairs as declared in the output, innermost last. */
    private static void write(Node n, StringBuilder out, List<String> scope) {
        switch (n.getNodeType()) {
            case Node.ELEMENT_NODE -> element((Element) n, out, scope);
            case Node.TEXT_NODE -> escape(n.getNodeValue(), out, false);
            case Node.CDATA_SECTION_NODE -> out.append("<![CDATA[").append(n.getNodeValue())
                    .append("]]>");
            case Node.COMMENT_NODE -> out.append("<!--").append(n.getNodeValue()).append("-->");
            case Node.PROCESSING_INSTRUCTION_NODE -> out.append("<?").append(n.getNodeName())
                    .append(' ').append(n.getNodeValue()).append("?>");
            case Node.DOCUMENT_NODE, Node.DOCUMENT_FRAGMENT_NODE, Node.ENTITY_REFERENCE_NODE -> {
                for (Node c = n.getFirstChild(); c != null; c = c.getNextSibling()) {
                    write(c, out, scope);
                }
            }
            default -> {
                // document types, entities, notations: not part of a payload
            }
        }
    }

    private static void element(Element e, StringBuilder out, List<String> scope) {
        int mark = scope.size();
        out.append('<').append(e.getTagName());
        NamedNodeMap attrs = e.getAttributes();
        // the element's own declarations first, as written
        for (int i = 0; i < attrs.getLength(); i++) {
            Node a = attrs.item(i);
            String name = a.getNodeName();
            if (name.equals("xmlns") || name.startsWith("xmlns:")) {
                String prefix = name.length() == 5 ? "" : name.substring(6);
                declare(prefix, a.getNodeValue(), out, scope);
            }
        }
        bind(e.getPrefix(), e.getNamespaceURI(), out, scope);
        for (int i = 0; i < attrs.getLength(); i++) {
            Node a = attrs.item(i);
            String name = a.getNodeName();
            if (name.equals("xmlns") || name.startsWith("xmlns:")) {
                continue;
            }
            if (a.getPrefix() != null && a.getNamespaceURI() != null) {
                bind(a.getPrefix(), a.getNamespaceURI(), out, scope);
            }
            out.append(' ').append(name).append("=\"");
            escape(a.getNodeValue(), out, true);
            out.append('"');
        }
        Node child = e.getFirstChild();
        if (child == null) {
            out.append("/>");
        } else {
            out.append('>');
            for (; child != null; child = child.getNextSibling()) {
                write(child, out, scope);
            }
            out.append("</").append(e.getTagName()).append('>');
        }
        scope.subList(mark, scope.size()).clear();
    }

    /** Declares {@code prefix} for {@code ns} unless the output has it bound so already. */
    private static void bind(String prefix, String ns, StringBuilder out, List<String> scope) {
        String p = prefix == null ? "" : prefix;
        String uri = ns == null ? "" : ns;
        String bound = lookup(p, scope);
        if (bound == null ? !uri.isEmpty() || !p.isEmpty() : !bound.equals(uri)) {
            declare(p, uri, out, scope);
        }
    }

    private static void declare(String prefix, String ns, StringBuilder out, List<String> scope) {
        out.append(prefix.isEmpty() ? " xmlns" : " xmlns:" + prefix).append("=\"");
        escape(ns, out, true);
        out.append('"');
        scope.add(prefix);
        scope.add(ns);
    }

    private static String lookup(String prefix, List<String> scope) {
        for (int i = scope.size() - 2; i >= 0; i -= 2) {
            if (scope.get(i).equals(prefix)) {
                return scope.get(i + 1);
            }
        }
        return null;
    }

    private static void escape(String s, StringBuilder out, boolean attribute) {
        if (s == null) {
            return;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append(attribute ? "&quot;" : "\"");
                case '\t' -> out.append(attribute ? "&#9;" : "\t");
                case '\n' -> out.append(attribute ? "&#10;" : "\n");
                case '\r' -> out.append("&#13;");
                default -> out.append(c);
            }
        }
    }

    /**
     * Adds one SOAP header element to the key as {@link #addTo} does for each child of a
     * {@code Header}: for a runtime that keeps the headers of a request apart from its envelope
     * (CXF's header list).
     *
     * @param named the names the policy gives in {@code identityHeaders}
     */
    public static void addHeader(Invocation.Builder b, Element h, Set<String> named) {
        header(b, h, named);
    }

    private static void header(Invocation.Builder b, Element h, Set<String> named) {
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
