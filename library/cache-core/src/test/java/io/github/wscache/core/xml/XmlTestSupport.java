package io.github.wscache.core.xml;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import org.xml.sax.Attributes;
import org.xml.sax.SAXException;
import org.xml.sax.ext.LexicalHandler;
import org.xml.sax.helpers.DefaultHandler;

/** Corpus loading, event dumps and SAX logs shared by the xml package tests. */
final class XmlTestSupport {

    static final String[] CORPUS = {
        "namespaces.xml", "entities.xml", "mixed.xml", "unicode.xml", "latin1.xml",
        "soap11-google-response.xml", "soap12-google-response.xml",
    };

    static final String SOAP11 = "soap11-google-response.xml";

    private XmlTestSupport() {
    }

    static byte[] resource(String name) {
        try (InputStream in = XmlTestSupport.class.getResourceAsStream("/xml/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource xml/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A document with one text node of about one million characters, then attributes. */
    static byte[] largeText() {
        StringBuilder b = new StringBuilder("<big><text>");
        for (int i = 0; b.length() < 1_000_000; i++) {
            b.append("chunk ").append(i).append(i % 1000 == 0 ? " &amp; " : " and ")
                    .append("more text, caf\u00e9; ");
        }
        // attributes after a megabyte of text have offsets too large for the compact layout
        b.append("</text><after note=\"after a megabyte\" xmlns:a=\"urn:a\" a:n=\"2\"/></big>");
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A document nested {@code depth} elements deep, with namespaces on the way down. */
    static byte[] deep(int depth) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            b.append("<n").append(i % 7);
            if (i % 100 == 0) {
                b.append(" xmlns:d=\"urn:depth:").append(i).append("\" d:level=\"").append(i)
                        .append('"');
            }
            b.append('>');
        }
        b.append("<d:leaf>bottom</d:leaf>");
        for (int i = depth - 1; i >= 0; i--) {
            b.append("</n").append(i % 7).append('>');
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A JDK reader configured like the one {@link XmlRecording#parse(byte[])} uses. */
    static XMLStreamReader jdkReader(byte[] xml) throws XMLStreamException {
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, Boolean.FALSE);
        factory.setProperty(XMLInputFactory.IS_COALESCING, Boolean.FALSE);
        factory.setProperty("http://java.sun.com/xml/stream/properties/report-cdata-event",
                Boolean.TRUE);
        return factory.createXMLStreamReader(new ByteArrayInputStream(xml));
    }

    /** A JDK reader from the factory {@link XmlRecording#parse(byte[])} shares, for timings. */
    static XMLStreamReader jdkReaderFromSharedFactory(byte[] xml) throws XMLStreamException {
        return SecureInput.FACTORY.createXMLStreamReader(new ByteArrayInputStream(xml));
    }

    static List<String> dump(byte[] xml) throws XMLStreamException {
        return dump(jdkReader(xml), false);
    }

    /**
     * Returns one line per event with everything a reader reports about it; with
     * {@code coalesce}, adjacent character events are merged (parsers chunk text differently).
     */
    static List<String> dump(XMLStreamReader r, boolean coalesce) throws XMLStreamException {
        List<String> lines = new ArrayList<>();
        lines.add(coalesce ? "START_DOCUMENT" : "START_DOCUMENT version=" + r.getVersion()
                + " encoding=" + r.getEncoding() + " scheme=" + r.getCharacterEncodingScheme()
                + " standalone=" + r.isStandalone() + " set=" + r.standaloneSet());
        StringBuilder pending = null;
        while (r.hasNext()) {
            int type = r.next();
            if (coalesce && (type == XMLStreamConstants.CHARACTERS
                    || type == XMLStreamConstants.SPACE || type == XMLStreamConstants.CDATA)) {
                pending = pending == null ? new StringBuilder() : pending;
                pending.append(r.getText());
                continue;
            }
            if (pending != null) {
                lines.add("TEXT [" + pending + "]");
                pending = null;
            }
            lines.add(event(r, type));
        }
        return lines;
    }

    static String event(XMLStreamReader r, int type) {
        StringBuilder b = new StringBuilder(Events.name(type).toUpperCase(java.util.Locale.ROOT));
        b.append(" hasName=").append(r.hasName()).append(" hasText=").append(r.hasText());
        b.append(" start=").append(r.isStartElement()).append(" end=").append(r.isEndElement());
        b.append(" chars=").append(r.isCharacters()).append(" ws=").append(r.isWhiteSpace());
        switch (type) {
            case XMLStreamConstants.START_ELEMENT:
            case XMLStreamConstants.END_ELEMENT:
                b.append(" name=").append(r.getName()).append(" prefix=").append(r.getPrefix())
                        .append(" local=").append(r.getLocalName()).append(" ns=")
                        .append(r.getNamespaceURI());
                String prefix = r.getPrefix() == null ? "" : r.getPrefix();
                b.append(" lookup=").append(r.getNamespaceURI(prefix));
                // the JDK's context answers null for an unbound prefix, the javadoc says ""
                String bound = r.getNamespaceContext().getNamespaceURI(prefix);
                b.append(" ctx=").append(bound == null ? "" : bound);
                for (int i = 0; i < r.getNamespaceCount(); i++) {
                    b.append(" xmlns[").append(r.getNamespacePrefix(i)).append('=')
                            .append(r.getNamespaceURI(i)).append(']');
                }
                if (type == XMLStreamConstants.START_ELEMENT) {
                    for (int i = 0; i < r.getAttributeCount(); i++) {
                        b.append(" @[").append(r.getAttributeName(i)).append('|')
                                .append(r.getAttributePrefix(i)).append('|')
                                .append(r.getAttributeNamespace(i)).append('|')
                                .append(r.getAttributeLocalName(i)).append('|')
                                .append(r.getAttributeType(i)).append('|')
                                .append(r.getAttributeValue(i)).append('|')
                                .append(r.isAttributeSpecified(i)).append('|')
                                .append(r.getAttributeValue(r.getAttributeNamespace(i),
                                        r.getAttributeLocalName(i)))
                                .append(']');
                    }
                }
                break;
            case XMLStreamConstants.ENTITY_REFERENCE:
                b.append(" local=").append(r.getLocalName()).append(" text=[")
                        .append(r.getText()).append(']');
                break;
            case XMLStreamConstants.DTD:
                b.append(" text=[").append(r.getText()).append(']');
                break;
            case XMLStreamConstants.PROCESSING_INSTRUCTION:
                b.append(" target=").append(r.getPITarget()).append(" data=[")
                        .append(r.getPIData()).append(']');
                break;
            case XMLStreamConstants.CHARACTERS:
            case XMLStreamConstants.CDATA:
            case XMLStreamConstants.SPACE:
            case XMLStreamConstants.COMMENT:
                b.append(" text=[").append(r.getText()).append("] chars=[")
                        .append(r.getTextCharacters(), r.getTextStart(), r.getTextLength())
                        .append(']');
                break;
            default:
                break;
        }
        return b.toString();
    }

    /** Returns the normalized SAX log of a namespace-aware JDK parse of {@code xml}. */
    static List<String> saxParse(byte[] xml) throws Exception {
        SAXParserFactory factory = SAXParserFactory.newDefaultInstance();
        factory.setNamespaceAware(true);
        SAXParser parser = factory.newSAXParser();
        SaxLog log = new SaxLog();
        parser.setProperty("http://xml.org/sax/properties/lexical-handler", log);
        parser.parse(new ByteArrayInputStream(xml), log);
        return log.lines();
    }

    /** Logs SAX callbacks, merging adjacent character callbacks. */
    static final class SaxLog extends DefaultHandler implements LexicalHandler {

        private final List<String> lines = new ArrayList<>();
        private StringBuilder text;

        List<String> lines() {
            flush();
            return lines;
        }

        private void add(String line) {
            flush();
            lines.add(line);
        }

        private void flush() {
            if (text != null) {
                lines.add("characters [" + text + "]");
                text = null;
            }
        }

        @Override
        public void startDocument() {
            add("startDocument");
        }

        @Override
        public void endDocument() {
            add("endDocument");
        }

        @Override
        public void startPrefixMapping(String prefix, String uri) {
            add("startPrefixMapping " + prefix + "=" + uri);
        }

        @Override
        public void endPrefixMapping(String prefix) {
            add("endPrefixMapping " + prefix);
        }

        @Override
        public void startElement(String uri, String localName, String qName,
                Attributes attributes) {
            StringBuilder b = new StringBuilder("startElement {").append(uri).append('}')
                    .append(localName).append(' ').append(qName);
            for (int i = 0; i < attributes.getLength(); i++) {
                b.append(" @[").append(attributes.getURI(i)).append('|')
                        .append(attributes.getLocalName(i)).append('|')
                        .append(attributes.getQName(i)).append('|')
                        .append(attributes.getType(i)).append('|')
                        .append(attributes.getValue(i)).append(']');
            }
            add(b.toString());
        }

        @Override
        public void endElement(String uri, String localName, String qName) {
            add("endElement {" + uri + "}" + localName + " " + qName);
        }

        @Override
        public void characters(char[] ch, int start, int length) {
            text = text == null ? new StringBuilder() : text;
            text.append(ch, start, length);
        }

        @Override
        public void ignorableWhitespace(char[] ch, int start, int length) {
            characters(ch, start, length);
        }

        @Override
        public void processingInstruction(String target, String data) {
            add("processingInstruction " + target + " [" + data + "]");
        }

        @Override
        public void startDTD(String name, String publicId, String systemId) {
            add("startDTD " + name);
        }

        @Override
        public void endDTD() {
            add("endDTD");
        }

        @Override
        public void startEntity(String name) {
            // entity boundaries are not part of the compared log
        }

        @Override
        public void endEntity(String name) {
            // entity boundaries are not part of the compared log
        }

        @Override
        public void startCDATA() {
            add("startCDATA");
        }

        @Override
        public void endCDATA() {
            add("endCDATA");
        }

        @Override
        public void comment(char[] ch, int start, int length) {
            add("comment [" + new String(ch, start, length) + "]");
        }

        @Override
        public void fatalError(org.xml.sax.SAXParseException e) throws SAXException {
            throw e;
        }
    }
}
