package io.github.wscache.core.xml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

import javax.xml.XMLConstants;
import javax.xml.namespace.NamespaceContext;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The replaying reader against the StAX contract and, call by call, against the JDK's reader. */
class ReplayReaderConformanceTest {

    private interface Call {
        Object apply(XMLStreamReader r) throws Exception;
    }

    private static final Map<String, Call> CALLS = new LinkedHashMap<>();

    static {
        CALLS.put("getText", XMLStreamReader::getText);
        CALLS.put("getTextCharacters", r -> r.getTextCharacters() != null);
        CALLS.put("getTextStart", r -> r.getTextStart() >= 0);
        CALLS.put("getTextLength", XMLStreamReader::getTextLength);
        CALLS.put("getTextCharacters(copy)", r -> r.getTextCharacters(0, new char[4], 0, 4));
        CALLS.put("hasText", XMLStreamReader::hasText);
        CALLS.put("isWhiteSpace", XMLStreamReader::isWhiteSpace);
        CALLS.put("getLocalName", XMLStreamReader::getLocalName);
        CALLS.put("getName", XMLStreamReader::getName);
        CALLS.put("hasName", XMLStreamReader::hasName);
        CALLS.put("getNamespaceURI", XMLStreamReader::getNamespaceURI);
        CALLS.put("getPrefix", XMLStreamReader::getPrefix);
        CALLS.put("getPITarget", XMLStreamReader::getPITarget);
        CALLS.put("getPIData", XMLStreamReader::getPIData);
        CALLS.put("getAttributeCount", XMLStreamReader::getAttributeCount);
        CALLS.put("getAttributeValue(null,lang)", r -> r.getAttributeValue(null, "lang"));
        CALLS.put("getAttributeValue(xml,lang)",
                r -> r.getAttributeValue(XMLConstants.XML_NS_URI, "lang"));
        CALLS.put("getAttributeValue(,version)", r -> r.getAttributeValue("", "version"));
        CALLS.put("getNamespaceCount", XMLStreamReader::getNamespaceCount);
        CALLS.put("getNamespaceURI(p)", r -> r.getNamespaceURI("p"));
        CALLS.put("getNamespaceURI(xml)", r -> r.getNamespaceURI("xml"));
        CALLS.put("isStartElement", XMLStreamReader::isStartElement);
        CALLS.put("isEndElement", XMLStreamReader::isEndElement);
        CALLS.put("isCharacters", XMLStreamReader::isCharacters);
        CALLS.put("getVersion", XMLStreamReader::getVersion);
        CALLS.put("getEncoding", XMLStreamReader::getEncoding);
        CALLS.put("getCharacterEncodingScheme", XMLStreamReader::getCharacterEncodingScheme);
        CALLS.put("isStandalone", XMLStreamReader::isStandalone);
        CALLS.put("standaloneSet", XMLStreamReader::standaloneSet);
        CALLS.put("hasNext", XMLStreamReader::hasNext);
    }

    private static List<String> outcomes(XMLStreamReader r) throws XMLStreamException {
        List<String> lines = new ArrayList<>();
        while (true) {
            StringBuilder b = new StringBuilder(Events.name(r.getEventType()));
            for (Map.Entry<String, Call> call : CALLS.entrySet()) {
                b.append("\n  ").append(call.getKey()).append(" -> ");
                if (r.getEventType() == XMLStreamConstants.END_DOCUMENT
                        && (call.getKey().equals("getVersion")
                                || call.getKey().equals("getEncoding"))) {
                    // the JDK's reader forgets these at the end; a replay keeps them
                    b.append("not compared");
                    continue;
                }
                try {
                    b.append(call.getValue().apply(r));
                } catch (Exception e) {
                    b.append(e.getClass().getSimpleName());
                }
            }
            lines.add(b.toString());
            if (!r.hasNext()) {
                return lines;
            }
            r.next();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mixed.xml", "namespaces.xml", "entities.xml", "unicode.xml"})
    void everyAccessorInEveryStateBehavesLikeTheJdkReader(String name) throws Exception {
        byte[] xml = XmlTestSupport.resource(name);

        assertThat(outcomes(XmlRecording.parse(xml).newReader()))
                .containsExactlyElementsOf(outcomes(XmlTestSupport.jdkReader(xml)));
    }

    private static XMLStreamReader replay(String xml) throws XMLStreamException {
        return XmlRecording.parse(xml.getBytes(StandardCharsets.UTF_8)).newReader();
    }

    @Test
    void getTextOnStartElementThrowsIllegalStateException() throws Exception {
        XMLStreamReader r = replay("<a>text</a>");
        r.next();

        assertThatThrownBy(r::getText).isInstanceOf(IllegalStateException.class)
                .hasMessage("getText() requires characters, cdata, space, comment, dtd or "
                        + "entity_reference, was start_element");
    }

    @Test
    void wrongStateCallsThrowIllegalStateException() throws Exception {
        XMLStreamReader r = replay("<a x='1'>text<?pi data?></a>");
        r.next();
        r.next();

        assertThatThrownBy(r::getLocalName).isInstanceOf(IllegalStateException.class)
                .hasMessage("getLocalName() requires start_element or end_element, "
                        + "was characters");
        assertThatThrownBy(r::getName).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(r::getAttributeCount).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> r.getAttributeValue(0)).isInstanceOf(IllegalStateException.class)
                .hasMessage("getAttributeValue(int) requires start_element or attribute, "
                        + "was characters");
        assertThatThrownBy(() -> r.getAttributeValue(null, "x"))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(r::getNamespaceCount).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> r.getNamespacePrefix(0))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(r::getPITarget).isInstanceOf(IllegalStateException.class)
                .hasMessage("getPITarget() requires processing_instruction, was characters");
        r.next();
        assertThatThrownBy(r::getTextCharacters).isInstanceOf(IllegalStateException.class);
        assertThat(r.getPIData()).isEqualTo("data");
    }

    @Test
    void attributeAccessorsCheckTheIndex() throws Exception {
        XMLStreamReader r = replay("<a x='1'/>");
        r.next();

        assertThatThrownBy(() -> r.getAttributeLocalName(1))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> r.getNamespaceURI(0))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void nextAfterEndDocumentThrowsNoSuchElementException() throws Exception {
        XMLStreamReader r = replay("<a/>");
        while (r.hasNext()) {
            r.next();
        }

        assertThat(r.getEventType()).isEqualTo(XMLStreamConstants.END_DOCUMENT);
        assertThatThrownBy(r::next).isInstanceOf(NoSuchElementException.class)
                .hasMessage("end_document reached: no more events");
    }

    @Test
    void nextTagSkipsWhitespaceCommentsAndProcessingInstructions() throws Exception {
        XMLStreamReader r = replay("<a>\n <!-- c --> <?pi x?>\n <b/> </a>");

        assertThat(r.nextTag()).isEqualTo(XMLStreamConstants.START_ELEMENT);
        assertThat(r.nextTag()).isEqualTo(XMLStreamConstants.START_ELEMENT);
        assertThat(r.getLocalName()).isEqualTo("b");
        assertThat(r.nextTag()).isEqualTo(XMLStreamConstants.END_ELEMENT);
        assertThat(r.nextTag()).isEqualTo(XMLStreamConstants.END_ELEMENT);
        assertThat(r.getLocalName()).isEqualTo("a");
    }

    @Test
    void nextTagFailsOnNonWhitespaceText() throws Exception {
        XMLStreamReader r = replay("<a> text <b/></a>");
        r.nextTag();

        assertThatThrownBy(r::nextTag).isInstanceOf(XMLStreamException.class)
                .hasMessage("found non-whitespace text while looking for a start or end tag");
    }

    @Test
    void nextTagFailsOnNonWhitespaceCdataAndAtEndOfDocument() throws Exception {
        XMLStreamReader cdata = replay("<a><![CDATA[x]]></a>");
        cdata.nextTag();
        XMLStreamReader end = replay("<a/>");
        end.nextTag();
        end.nextTag();

        assertThatThrownBy(cdata::nextTag).isInstanceOf(XMLStreamException.class);
        assertThatThrownBy(end::nextTag).isInstanceOf(XMLStreamException.class)
                .hasMessage("found end_document while looking for a start or end tag");
    }

    @Test
    void getElementTextConcatenatesTextCdataAndEntitiesAndSkipsCommentsAndPis()
            throws Exception {
        XMLStreamReader r = replay("<a>one &amp; <!-- c -->two<?pi?><![CDATA[ <three> ]]></a>");
        r.next();

        assertThat(r.getElementText()).isEqualTo("one & two <three> ");
        assertThat(r.getEventType()).isEqualTo(XMLStreamConstants.END_ELEMENT);
        assertThat(r.getLocalName()).isEqualTo("a");
    }

    @Test
    void getElementTextOfAnEmptyElementIsEmpty() throws Exception {
        XMLStreamReader r = replay("<a><b/><c>x</c></a>");
        r.nextTag();
        r.nextTag();

        assertThat(r.getElementText()).isEmpty();
        assertThat(r.isEndElement()).isTrue();
        r.nextTag();
        assertThat(r.getElementText()).isEqualTo("x");
    }

    @Test
    void getElementTextFailsOnANestedElementAndOutsideStartElement() throws Exception {
        XMLStreamReader r = replay("<a>text<b/></a>");

        assertThatThrownBy(r::getElementText).isInstanceOf(XMLStreamException.class)
                .hasMessage("parser must be on start_element to read element text, "
                        + "was start_document");
        r.next();
        assertThatThrownBy(r::getElementText).isInstanceOf(XMLStreamException.class)
                .hasMessage("element text content may not contain start_element");
    }

    @Test
    void getElementTextMatchesTheJdkReaderOnTheCorpus() throws Exception {
        byte[] xml = XmlTestSupport.resource("entities.xml");
        XMLStreamReader jdk = XmlTestSupport.jdkReader(xml);
        XMLStreamReader replay = XmlRecording.parse(xml).newReader();
        jdk.nextTag();
        replay.nextTag();

        while (jdk.nextTag() == XMLStreamConstants.START_ELEMENT) {
            assertThat(replay.nextTag()).isEqualTo(XMLStreamConstants.START_ELEMENT);
            assertThat(replay.getElementText()).isEqualTo(jdk.getElementText());
        }
    }

    @Test
    void requireChecksTypeNamespaceAndLocalName() throws Exception {
        XMLStreamReader r = replay("<p:a xmlns:p='urn:p'>t</p:a>");
        r.next();

        r.require(XMLStreamConstants.START_ELEMENT, "urn:p", "a");
        r.require(XMLStreamConstants.START_ELEMENT, null, null);
        assertThatThrownBy(() -> r.require(XMLStreamConstants.END_ELEMENT, null, null))
                .isInstanceOf(XMLStreamException.class)
                .hasMessage("expected event end_element, was start_element");
        assertThatThrownBy(() -> r.require(XMLStreamConstants.START_ELEMENT, "urn:q", null))
                .isInstanceOf(XMLStreamException.class)
                .hasMessage("expected namespace uri urn:q, was urn:p");
        assertThatThrownBy(() -> r.require(XMLStreamConstants.START_ELEMENT, null, "b"))
                .isInstanceOf(XMLStreamException.class)
                .hasMessage("expected local name b, was a");
        r.next();
        r.require(XMLStreamConstants.CHARACTERS, null, null);
        assertThatThrownBy(() -> r.require(XMLStreamConstants.CHARACTERS, "urn:p", null))
                .isInstanceOf(XMLStreamException.class);
        assertThatThrownBy(() -> r.require(XMLStreamConstants.CHARACTERS, null, "a"))
                .isInstanceOf(XMLStreamException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "latin-1 text: caf\u00e9 and more", "wide text: \u4e2d\u6587 \ud83d\ude00",
    })
    void getTextCharactersCopiesFromSourceStartIntoTheTarget(String text) throws Exception {
        XMLStreamReader r = replay("<a>" + text + "</a>");
        r.next();
        r.next();
        char[] target = new char[8];
        StringBuilder copied = new StringBuilder();

        int n;
        for (int start = 0; (n = r.getTextCharacters(start, target, 1, 5)) > 0; start += n) {
            copied.append(target, 1, n);
        }

        assertThat(copied.toString()).isEqualTo(text);
        assertThat(r.getTextCharacters(text.length() + 3, target, 0, 8)).isZero();
        assertThat(r.getTextCharacters(2, target, 0, 0)).isZero();
        assertThat(new String(r.getTextCharacters(), r.getTextStart(), r.getTextLength()))
                .isEqualTo(text);
    }

    @Test
    void getTextCharactersCopyingRejectsBadTargetRanges() throws Exception {
        XMLStreamReader r = replay("<a>text</a>");
        r.next();
        r.next();
        char[] target = new char[4];

        assertThatThrownBy(() -> r.getTextCharacters(0, target, -1, 2))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> r.getTextCharacters(0, target, 5, 0))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> r.getTextCharacters(0, target, 2, 3))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> r.getTextCharacters(0, target, 0, -1))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> r.getTextCharacters(-1, target, 0, 1))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> r.getTextCharacters(0, null, 0, 1))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void getTextCharactersDoesNotCopyWideText() throws Exception {
        XMLStreamReader r = replay("<a>\u4e2d<b/>\u6587</a>");
        r.next();
        r.next();
        char[] first = r.getTextCharacters();
        r.next();
        r.next();
        r.next();

        assertThat(r.getTextCharacters()).isSameAs(first);
        assertThat(r.getTextCharacters()[r.getTextStart()]).isEqualTo('\u6587');
    }

    @Test
    void namesAreTheRecordingsInternedStrings() throws Exception {
        XmlRecording recording = XmlRecording.parse(
                "<a xmlns='urn:a' xmlns:x='urn:x' x:type='t'/>".getBytes(StandardCharsets.UTF_8));
        XMLStreamReader one = recording.newReader();
        XMLStreamReader two = recording.newReader();
        one.next();
        two.next();

        assertThat(one.getLocalName()).isSameAs(two.getLocalName()).isSameAs("a");
        assertThat(one.getNamespaceURI()).isSameAs(two.getNamespaceURI()).isSameAs("urn:a");
        assertThat(one.getAttributeLocalName(0)).isSameAs("type");
        assertThat(one.getAttributeValue("urn:x", "type")).isEqualTo("t");
        assertThat(one.getAttributeValue(null, "type")).isEqualTo("t");
        assertThat(one.getAttributeValue("", "type")).isNull();
        assertThat(one.getAttributeValue("urn:y", "type")).isNull();
    }

    @Test
    void namespaceLookupsFollowScopesAndRedeclarations() throws Exception {
        XMLStreamReader r = replay("<a xmlns='urn:d' xmlns:p='urn:1'><b xmlns:p='urn:2' "
                + "xmlns:q='urn:1'><c xmlns=''/></b><d/></a>");
        r.nextTag();
        r.nextTag();

        assertThat(r.getNamespaceURI("p")).isEqualTo("urn:2");
        assertThat(r.getNamespaceURI("")).isEqualTo("urn:d");
        assertThat(r.getNamespaceURI("xml")).isEqualTo(XMLConstants.XML_NS_URI);
        assertThat(r.getNamespaceURI("xmlns")).isEqualTo(XMLConstants.XMLNS_ATTRIBUTE_NS_URI);
        assertThat(r.getNamespaceURI("zz")).isNull();
        NamespaceContext context = r.getNamespaceContext();
        assertThat(context.getNamespaceURI("p")).isEqualTo("urn:2");
        assertThat(context.getNamespaceURI("zz")).isEqualTo(XMLConstants.NULL_NS_URI);
        assertThat(context.getPrefix("urn:1")).isEqualTo("q");
        assertThat(context.getPrefix("urn:2")).isEqualTo("p");
        assertThat(context.getPrefix("urn:none")).isNull();
        assertThat(context.getPrefix(XMLConstants.XML_NS_URI)).isEqualTo("xml");
        assertThat(context.getPrefix(XMLConstants.XMLNS_ATTRIBUTE_NS_URI)).isEqualTo("xmlns");
        assertThat(list(context.getPrefixes("urn:d"))).containsExactly("");
        assertThatThrownBy(() -> context.getNamespaceURI(null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> context.getPrefixes(null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> r.getNamespaceURI(null))
                .isInstanceOf(IllegalArgumentException.class);

        r.nextTag();
        assertThat(r.getNamespaceURI("")).isNull();
        r.nextTag();
        assertThat(r.getNamespaceCount()).isEqualTo(1);
        assertThat(r.getNamespaceURI("")).as("still in scope at the end tag").isNull();
        r.nextTag();
        assertThat(r.getLocalName()).isEqualTo("b");
        assertThat(r.getNamespaceCount()).isEqualTo(2);
        assertThat(r.getNamespaceURI("p")).isEqualTo("urn:2");
        r.nextTag();
        assertThat(r.getLocalName()).isEqualTo("d");
        assertThat(r.getNamespaceURI("p")).isEqualTo("urn:1");
        assertThat(r.getNamespaceURI("q")).isNull();
        assertThat(context.getNamespaceURI("p")).as("a snapshot").isEqualTo("urn:2");
    }

    private static List<String> list(Iterator<String> iterator) {
        List<String> list = new ArrayList<>();
        iterator.forEachRemaining(list::add);
        return list;
    }

    @Test
    void documentPropertiesLocationAndPropertiesAreReported() throws Exception {
        XMLStreamReader r = replay("<?xml version='1.0' encoding='UTF-8' standalone='no'?><a/>");

        assertThat(r.getVersion()).isEqualTo("1.0");
        assertThat(r.getCharacterEncodingScheme()).isEqualTo("UTF-8");
        assertThat(r.getEncoding()).isEqualTo("UTF-8");
        assertThat(r.standaloneSet()).isTrue();
        assertThat(r.isStandalone()).isFalse();
        assertThat(r.getLocation()).isNotNull();
        assertThat(r.getLocation().getLineNumber()).isEqualTo(-1);
        assertThat(r.getLocation().getColumnNumber()).isEqualTo(-1);
        assertThat(r.getLocation().getCharacterOffset()).isEqualTo(-1);
        assertThat(r.getLocation().getPublicId()).isNull();
        assertThat(r.getLocation().getSystemId()).isNull();
        assertThat(r.getProperty("javax.xml.stream.isCoalescing")).isNull();
        assertThatThrownBy(() -> r.getProperty(null)).isInstanceOf(IllegalArgumentException.class);
        r.close();
    }

    @Test
    void attributeDetailsAreReplayed() throws Exception {
        XMLStreamReader r = replay("<a xmlns:x='urn:x' x:b='1' c='2'/>");
        r.next();

        assertThat(r.getAttributeCount()).isEqualTo(2);
        assertThat(r.getAttributeName(0).toString()).isEqualTo("{urn:x}b");
        assertThat(r.getAttributePrefix(0)).isEqualTo("x");
        assertThat(r.getAttributeNamespace(1)).isNull();
        assertThat(r.getAttributeType(1)).isEqualTo("CDATA");
        assertThat(r.isAttributeSpecified(1)).isTrue();
        assertThat(r.getAttributeValue(1)).isEqualTo("2");
        assertThat(r.getAttributeValue("", "c")).isEqualTo("2");
    }

    @Test
    void eventCountAndRetainedSizeDescribeTheRecording() throws Exception {
        XmlRecording recording = XmlRecording.parse("<a>x</a>".getBytes(StandardCharsets.UTF_8));

        assertThat(recording.eventCount()).isEqualTo(5);
        assertThat(recording.retainedSize()).isPositive();
        assertThat(recording.toString()).isEqualTo(
                "XmlRecording[events=5, retainedSize=" + recording.retainedSize() + "]");
    }
}
