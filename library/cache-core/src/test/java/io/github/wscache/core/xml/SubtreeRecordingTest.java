package io.github.wscache.core.xml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;

import org.junit.jupiter.api.Test;

class SubtreeRecordingTest {

    private static final String SOAP11_ENV = "http://schemas.xmlsoap.org/soap/envelope/";
    private static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
    private static final String XSD = "http://www.w3.org/2001/XMLSchema";

    /** Moves {@code reader} to the first child element of the SOAP Body. */
    private static XMLStreamReader atBodyChild(XMLStreamReader reader) throws XMLStreamException {
        while (!(reader.isStartElement() && reader.getLocalName().equals("Body"))) {
            reader.next();
        }
        reader.nextTag();
        return reader;
    }

    private static List<String> namespaceDeclarations(XMLStreamReader reader) {
        List<String> declarations = new ArrayList<>();
        for (int i = 0; i < reader.getNamespaceCount(); i++) {
            declarations.add(reader.getNamespacePrefix(i) + "=" + reader.getNamespaceURI(i));
        }
        return declarations;
    }

    @Test
    void recordingTheBodyChildLeavesTheReaderAtItsEndElement() throws Exception {
        XMLStreamReader reader = atBodyChild(XmlTestSupport.jdkReader(
                XmlTestSupport.resource(XmlTestSupport.SOAP11)));

        XmlRecording.record(reader);

        assertThat(reader.getEventType()).isEqualTo(XMLStreamConstants.END_ELEMENT);
        assertThat(reader.getLocalName()).isEqualTo("doGoogleSearchResponse");
        assertThat(reader.nextTag()).isEqualTo(XMLStreamConstants.END_ELEMENT);
        assertThat(reader.getLocalName()).isEqualTo("Body");
    }

    @Test
    void rootNameIsTheFirstElementAReplayReports_forASubtreeAndForADocument() throws Exception {
        XmlRecording subtree = XmlRecording.record(atBodyChild(XmlTestSupport.jdkReader(
                XmlTestSupport.resource(XmlTestSupport.SOAP11))));
        XMLStreamReader replay = subtree.newReader();
        replay.nextTag();
        assertThat(subtree.rootName()).isEqualTo(replay.getName())
                .isSameAs(subtree.rootName());
        assertThat(subtree.rootName().getLocalPart()).isEqualTo("doGoogleSearchResponse");

        XmlRecording document = XmlRecording.parse(("<?xml version='1.0'?><!--c--><?pi x?>"
                + "<p:root xmlns:p='urn:p'><child/></p:root>").getBytes(StandardCharsets.UTF_8));
        assertThat(document.rootName()).hasToString("{urn:p}root");
        assertThat(document.rootName().getPrefix()).isEqualTo("p");
    }

    @Test
    void subtreeReplayStartsWithAnImplicitDocumentAndRedeclaresAncestorBindings()
            throws Exception {
        XMLStreamReader source = atBodyChild(XmlTestSupport.jdkReader(
                XmlTestSupport.resource(XmlTestSupport.SOAP11)));
        XmlRecording recording = XmlRecording.record(source);

        XMLStreamReader replay = recording.newReader();

        assertThat(replay.getEventType()).isEqualTo(XMLStreamConstants.START_DOCUMENT);
        assertThat(replay.getVersion()).isNull();
        assertThat(replay.getEncoding()).isNull();
        assertThat(replay.standaloneSet()).isFalse();
        assertThat(replay.next()).isEqualTo(XMLStreamConstants.START_ELEMENT);
        assertThat(replay.getLocalName()).isEqualTo("doGoogleSearchResponse");
        assertThat(namespaceDeclarations(replay)).containsExactlyInAnyOrder(
                "soapenv=" + SOAP11_ENV, "ns1=urn:GoogleSearch", "xsi=" + XSI, "xsd=" + XSD);
        assertThat(replay.getNamespaceURI("xsd")).isEqualTo(XSD);
    }

    @Test
    void subtreeReplayReportsTheSameEventsAsTheSourceInsideTheSubtree() throws Exception {
        byte[] xml = XmlTestSupport.resource(XmlTestSupport.SOAP11);
        List<String> whole = XmlTestSupport.dump(xml);
        int start = indexOf(whole, "START_ELEMENT", "local=doGoogleSearchResponse");
        int end = indexOf(whole, "END_ELEMENT", "local=doGoogleSearchResponse");
        XmlRecording recording = XmlRecording.record(atBodyChild(XmlTestSupport.jdkReader(xml)));

        List<String> replayed = XmlTestSupport.dump(recording.newReader(), false);

        assertThat(replayed).hasSize(end - start + 3);
        assertThat(replayed.get(0)).startsWith("START_DOCUMENT version=null");
        assertThat(replayed.subList(2, replayed.size() - 2))
                .containsExactlyElementsOf(whole.subList(start + 1, end));
        assertThat(replayed.get(replayed.size() - 1)).startsWith("END_DOCUMENT");
        assertThat(recording.eventCount()).isEqualTo(replayed.size());
    }

    private static int indexOf(List<String> dump, String type, String marker) {
        for (int i = 0; i < dump.size(); i++) {
            if (dump.get(i).startsWith(type) && dump.get(i).contains(marker)) {
                return i;
            }
        }
        throw new AssertionError("no " + type + " with " + marker);
    }

    @Test
    void writtenSubtreeIsAWellFormedSelfContainedDocument() throws Exception {
        XmlRecording recording = XmlRecording.record(atBodyChild(XmlTestSupport.jdkReader(
                XmlTestSupport.resource("soap12-google-response.xml"))));
        StringWriter out = new StringWriter();
        XMLStreamWriter writer = XMLOutputFactory.newDefaultFactory().createXMLStreamWriter(out);

        recording.writeTo(writer);
        writer.flush();

        String xml = out.toString();
        assertThat(xml).startsWith("<ns1:doGoogleSearchResponse ")
                .contains("xmlns:env=\"http://www.w3.org/2003/05/soap-envelope\"");
        XmlRecording standalone = XmlRecording.parse(xml.getBytes(StandardCharsets.UTF_8));
        List<String> expected = XmlTestSupport.dump(recording.newReader(), true);
        List<String> actual = XmlTestSupport.dump(standalone.newReader(), true);
        assertThat(actual.subList(1, actual.size()))
                .containsExactlyElementsOf(expected.subList(1, expected.size()));
    }

    @Test
    void subtreeOfAReplayIsRecordedWithTheReplaysBindings() throws Exception {
        XmlRecording whole = XmlRecording.parse(XmlTestSupport.resource("namespaces.xml"));
        XMLStreamReader reader = whole.newReader();
        while (!(reader.isStartElement() && reader.getLocalName().equals("item"))) {
            reader.next();
        }

        XmlRecording item = XmlRecording.record(reader);

        XMLStreamReader replay = item.newReader();
        replay.nextTag();
        assertThat(namespaceDeclarations(replay)).containsExactly("p=urn:example:redeclared");
        assertThat(replay.getAttributeValue("urn:example:redeclared", "code")).isEqualTo("x");
        assertThat(replay.getElementText()).isEqualTo("redeclared prefix");
        assertThat(reader.isEndElement()).isTrue();
        assertThat(reader.getLocalName()).isEqualTo("item");
    }

    @Test
    void defaultNamespaceAndQNameValuedAttributesOfAncestorsAreRedeclared() throws Exception {
        XmlRecording whole = XmlRecording.parse(XmlTestSupport.resource("namespaces.xml"));
        XMLStreamReader reader = whole.newReader();
        reader.nextTag();
        reader.nextTag();

        XmlRecording product = XmlRecording.record(reader);

        XMLStreamReader replay = product.newReader();
        replay.nextTag();
        assertThat(replay.getLocalName()).isEqualTo("product");
        assertThat(namespaceDeclarations(replay)).containsExactlyInAnyOrder(
                "p=urn:example:product", "xsi=" + XSI, "null=urn:example:catalog");
        replay.nextTag();
        assertThat(replay.getName().getNamespaceURI()).isEqualTo("urn:example:catalog");
    }

    @Test
    void ancestorBindingsAreAddedAfterTheRootsOwnDeclarations() throws Exception {
        XMLStreamReader source = XmlTestSupport.jdkReader(("<e:Envelope xmlns:e='urn:e' "
                + "xmlns:t='urn:t'><e:Body><g:r xmlns:g='urn:g' xmlns:h='urn:h' e:s='1' a='2'>"
                + "<h:x xsi:type='t:T' xmlns:xsi='" + XSI + "'/></g:r></e:Body></e:Envelope>")
                .getBytes(StandardCharsets.UTF_8));
        source.nextTag();
        source.nextTag();
        source.nextTag();

        XMLStreamReader replay = XmlRecording.record(source).newReader();

        replay.nextTag();
        assertThat(namespaceDeclarations(replay))
                .containsExactly("g=urn:g", "h=urn:h", "e=urn:e", "t=urn:t");
        assertThat(replay.getAttributeValue("urn:e", "s")).isEqualTo("1");
        assertThat(replay.getAttributeValue(null, "a")).isEqualTo("2");
        replay.nextTag();
        assertThat(namespaceDeclarations(replay)).containsExactly("xsi=" + XSI);
        assertThat(replay.getNamespaceURI("t")).isEqualTo("urn:t");
    }

    @Test
    void aRootWithoutAttributesGetsTheBindingOfItsOwnPrefix() throws Exception {
        XMLStreamReader source = XmlTestSupport.jdkReader(
                "<e:Envelope xmlns:e='urn:e'><e:Body><e:x/></e:Body></e:Envelope>"
                        .getBytes(StandardCharsets.UTF_8));
        source.nextTag();
        source.nextTag();

        XMLStreamReader replay = XmlRecording.record(source).newReader();

        replay.nextTag();
        assertThat(namespaceDeclarations(replay)).containsExactly("e=urn:e");
        assertThat(replay.getAttributeCount()).isZero();
        replay.nextTag();
        assertThat(replay.getNamespaceCount()).isZero();
        assertThat(replay.getName().toString()).isEqualTo("{urn:e}x");
    }

    @Test
    void aDeepSubtreeIsRecordedCompletely() throws Exception {
        byte[] xml = XmlTestSupport.deep(2000);
        XMLStreamReader source = XmlTestSupport.jdkReader(xml);
        source.nextTag();
        source.nextTag();

        XmlRecording recording = XmlRecording.record(source);

        List<String> whole = XmlTestSupport.dump(xml);
        List<String> replayed = XmlTestSupport.dump(recording.newReader(), false);
        assertThat(replayed).hasSize(whole.size() - 2);
        assertThat(replayed.get(replayed.size() / 2))
                .isEqualTo(whole.get(whole.size() / 2));
        assertThat(source.isEndElement()).isTrue();
        assertThat(source.next()).isEqualTo(XMLStreamConstants.END_ELEMENT);
        assertThat(source.getLocalName()).isEqualTo("n0");
    }

    @Test
    void recordingFromAnotherEventIsRefused() throws Exception {
        XMLStreamReader reader = XmlTestSupport.jdkReader(XmlTestSupport.resource("mixed.xml"));
        reader.next();

        assertThatThrownBy(() -> XmlRecording.record(reader))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("reader must be at start_document or start_element, was comment");
    }
}
