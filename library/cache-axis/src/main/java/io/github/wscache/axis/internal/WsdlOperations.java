package io.github.wscache.axis.internal;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Reads the operations of WSDL 1.1 and WSDL 2.0 files: for every service, every port (WSDL 2.0:
 * endpoint) and every operation of its binding, the names a policy matches.
 *
 * <p>Design: a small DOM walk rather than WSDL4J or Axis2's {@code WSDLToAxisServiceBuilder}. The
 * checker needs service, address and operation names only, and must not fetch anything: the
 * parser refuses DTDs ({@code disallow-doctype-decl}), so no external entity is ever resolved,
 * and {@code wsdl:import}/{@code wsdl:include} are followed only to files, relative to the
 * importing file, at most {@value #MAX_DEPTH} levels deep, each file once. Imported documents that
 * are not WSDL (an XML Schema imported with {@code wsdl:import}) are skipped. Definitions of all
 * files read share one symbol table, keyed by qualified name, as in WSDL 1.1 section 2.1.1.
 */
public final class WsdlOperations {
    static final int MAX_DEPTH = 8;

    private static final String WSDL11 = "http://schemas.xmlsoap.org/wsdl/";
    private static final String SOAP11 = "http://schemas.xmlsoap.org/wsdl/soap/";
    private static final String SOAP12 = "http://schemas.xmlsoap.org/wsdl/soap12/";
    private static final String HTTP = "http://schemas.xmlsoap.org/wsdl/http/";
    private static final String WSDL20 = "http://www.w3.org/ns/wsdl";
    private static final String WSOAP = "http://www.w3.org/ns/wsdl/soap";
    private static final String WHTTP = "http://www.w3.org/ns/wsdl/http";

    private final DocumentBuilder parser;
    private final Set<Path> seen = new HashSet<>();
    private final Map<QName, Element> bindings = new HashMap<>();
    private final Map<QName, Element> portTypes = new HashMap<>();
    private final List<Service> services = new ArrayList<>();

    private record Service(Element element, String file, boolean wsdl20) {
    }

    private WsdlOperations() throws WsdlException {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            f.setFeature("http://xml.org/sax/features/external-general-entities", false);
            f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            f.setXIncludeAware(false);
            f.setExpandEntityReferences(false);
            parser = f.newDocumentBuilder();
            parser.setErrorHandler(new DefaultHandler());
        } catch (ParserConfigurationException e) {
            throw new WsdlException("no secure XML parser: " + e.getMessage(), e);
        }
    }

    /**
     * Returns the operations of the services the files (and the files they import) declare, in
     * document order.
     *
     * @throws WsdlException if a file cannot be read or is not a consistent WSDL 1.1 or 2.0
     *     document; the message names the file
     */
    public static List<WsdlOperation> read(List<Path> files) throws WsdlException {
        WsdlOperations r = new WsdlOperations();
        for (Path f : files) {
            r.load(f, 0, false);
        }
        List<WsdlOperation> out = new ArrayList<>();
        for (Service s : r.services) {
            if (s.wsdl20) {
                r.service20(s, out);
            } else {
                r.service11(s, out);
            }
        }
        return out;
    }

    private void load(Path file, int depth, boolean imported) throws WsdlException {
        if (depth > MAX_DEPTH) {
            throw new WsdlException(file + ": imports nested deeper than " + MAX_DEPTH
                    + " levels; is there an import cycle?");
        }
        if (!seen.add(file.toAbsolutePath().normalize())) {
            return;
        }
        if (!Files.isRegularFile(file)) {
            throw new WsdlException(file + ": no such WSDL file");
        }
        Document doc;
        try {
            doc = parser.parse(file.toFile());
        } catch (SAXParseException e) {
            throw new WsdlException(file + ":" + e.getLineNumber() + ":" + e.getColumnNumber()
                    + ": not well-formed XML or not allowed (DTDs are refused): "
                    + e.getMessage(), e);
        } catch (SAXException | IOException e) {
            throw new WsdlException(file + ": cannot read: " + e.getMessage(), e);
        }
        Element root = doc.getDocumentElement();
        String ns = String.valueOf(root.getNamespaceURI());
        if (WSDL11.equals(ns) && "definitions".equals(root.getLocalName())) {
            definitions(root, file, depth, false);
        } else if (WSDL20.equals(ns) && "description".equals(root.getLocalName())) {
            definitions(root, file, depth, true);
        } else if (!imported) {
            throw new WsdlException(file + ": not a WSDL document: the root element is {" + ns
                    + "}" + root.getLocalName() + ", not wsdl:definitions (WSDL 1.1, "
                    + WSDL11 + ") or description (WSDL 2.0, " + WSDL20 + ")");
        }
    }

    private void definitions(Element root, Path file, int depth, boolean wsdl20)
            throws WsdlException {
        String tns = root.getAttribute("targetNamespace");
        String ns = wsdl20 ? WSDL20 : WSDL11;
        for (Element e : children(root, ns)) {
            switch (e.getLocalName()) {
                case "import", "include" -> {
                    String location = e.getAttribute("location");
                    if (!location.isEmpty()) {
                        load(resolve(file, location), depth + 1, true);
                    }
                }
                case "binding" -> bindings.put(new QName(tns, e.getAttribute("name")), e);
                case "portType", "interface" ->
                        portTypes.put(new QName(tns, e.getAttribute("name")), e);
                case "service" -> services.add(new Service(e, file.toString(), wsdl20));
                default -> {
                }
            }
        }
    }

    private static Path resolve(Path file, String location) throws WsdlException {
        URI uri;
        try {
            uri = new URI(location);
        } catch (URISyntaxException e) {
            throw new WsdlException(file + ": import location is not a URI: " + location, e);
        }
        if (uri.getScheme() == null) {
            Path dir = file.toAbsolutePath().getParent();
            return dir.resolve(uri.getPath()).normalize();
        }
        if ("file".equals(uri.getScheme())) {
            return Path.of(uri);
        }
        throw new WsdlException(file + ": cannot follow the import of " + location
                + ": only files are read; save it beside " + file.getFileName()
                + " and import it by a relative location");
    }

    private void service11(Service s, List<WsdlOperation> out) throws WsdlException {
        String service = s.element.getAttribute("name");
        for (Element port : children(s.element, WSDL11, "port")) {
            String portName = port.getAttribute("name");
            Element binding = lookup(bindings, port, port.getAttribute("binding"),
                    s.file + ": port " + portName + " of service " + service + " names binding ");
            String address = null;
            String protocol = "other";
            for (Element a : children(port, null, "address")) {
                address = a.getAttribute("location");
                protocol = protocol(a.getNamespaceURI());
            }
            String defaultStyle = "document";
            for (Element b : children(binding, null, "binding")) {
                if (!protocol(b.getNamespaceURI()).equals("other")) {
                    protocol = protocol(b.getNamespaceURI());
                }
                if (HTTP.equals(b.getNamespaceURI())) {
                    defaultStyle = b.getAttribute("verb");
                } else if (!b.getAttribute("style").isEmpty()) {
                    defaultStyle = b.getAttribute("style");
                }
            }
            Element portType = lookup(portTypes, binding, binding.getAttribute("type"),
                    s.file + ": binding " + binding.getAttribute("name") + " names portType ");
            for (Element op : children(binding, WSDL11, "operation")) {
                String name = op.getAttribute("name");
                String action = "";
                String style = defaultStyle;
                String endpoint = address;
                for (Element x : children(op, null, "operation")) {
                    if (SOAP11.equals(x.getNamespaceURI()) || SOAP12.equals(x.getNamespaceURI())) {
                        action = x.getAttribute("soapAction");
                        style = x.getAttribute("style").isEmpty() ? style : x.getAttribute("style");
                    } else if (HTTP.equals(x.getNamespaceURI()) && address != null) {
                        endpoint = join(address, x.getAttribute("location"));
                    }
                }
                out.add(new WsdlOperation(s.file, service, portName, protocol, endpoint, name,
                        action, style, oneWay11(portType, name)));
            }
        }
    }

    private static boolean oneWay11(Element portType, String name) {
        for (Element op : children(portType, WSDL11, "operation")) {
            if (name.equals(op.getAttribute("name"))) {
                return children(op, WSDL11, "output").isEmpty();
            }
        }
        return false;
    }

    private void service20(Service s, List<WsdlOperation> out) throws WsdlException {
        String service = s.element.getAttribute("name");
        Element iface = lookup(portTypes, s.element, s.element.getAttribute("interface"),
                s.file + ": service " + service + " names interface ");
        for (Element ep : children(s.element, WSDL20, "endpoint")) {
            String portName = ep.getAttribute("name");
            Element binding = lookup(bindings, ep, ep.getAttribute("binding"),
                    s.file + ": endpoint " + portName + " of service " + service
                            + " names binding ");
            String type = binding.getAttribute("type");
            String protocol = WHTTP.equals(type) ? "HTTP" : !WSOAP.equals(type) ? "other"
                    : "1.1".equals(binding.getAttributeNS(WSOAP, "version")) ? "SOAP 1.1"
                    : "SOAP 1.2";
            String address = ep.hasAttribute("address") ? ep.getAttribute("address") : null;
            for (Element op : children(iface, WSDL20, "operation")) {
                String name = op.getAttribute("name");
                String action = "";
                for (Element b : children(binding, WSDL20, "operation")) {
                    String ref = b.getAttribute("ref");
                    if (name.equals(ref.substring(ref.indexOf(':') + 1))) {
                        action = b.getAttributeNS(WSOAP, "action");
                    }
                }
                String pattern = op.getAttribute("pattern");
                boolean oneWay = pattern.endsWith("/in-only")
                        || pattern.endsWith("/robust-in-only");
                String style = op.getAttribute("style").contains("/rpc") ? "rpc" : "document";
                out.add(new WsdlOperation(s.file, service, portName, protocol, address, name,
                        action, style, oneWay));
            }
        }
    }

    private static String protocol(String namespace) {
        if (SOAP11.equals(namespace)) {
            return "SOAP 1.1";
        }
        if (SOAP12.equals(namespace)) {
            return "SOAP 1.2";
        }
        return HTTP.equals(namespace) ? "HTTP" : "other";
    }

    private static String join(String address, String location) {
        if (location.isEmpty() || location.contains("://")) {
            return location.isEmpty() ? address : location;
        }
        return address.replaceAll("/+$", "") + "/" + location.replaceAll("^/+", "");
    }

    private static Element lookup(Map<QName, Element> table, Element context, String prefixed,
            String what) throws WsdlException {
        int colon = prefixed.indexOf(':');
        String prefix = colon < 0 ? null : prefixed.substring(0, colon);
        String ns = context.lookupNamespaceURI(prefix);
        QName name = new QName(ns == null ? "" : ns, prefixed.substring(colon + 1));
        Element e = table.get(name);
        if (e == null) {
            throw new WsdlException(what + prefixed + " (" + name + "), which none of the WSDL "
                    + "files read defines");
        }
        return e;
    }

    /** Child elements in {@code ns} (any namespace if {@code null}), of any or one local name. */
    private static List<Element> children(Element parent, String ns) {
        return children(parent, ns, null);
    }

    private static List<Element> children(Element parent, String ns, String local) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && (ns == null || ns.equals(e.getNamespaceURI()))
                    && (local == null || local.equals(e.getLocalName()))) {
                out.add(e);
            }
        }
        return out;
    }
}
