package io.github.wscache.core.xml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;

import org.junit.jupiter.api.Test;

/**
 * Recording from a caller's reader that reports what {@link XmlRecording#parse(byte[])} never
 * does: a DTD, unreplaced entity references, ignorable whitespace and typed, defaulted
 * attributes.
 */
class DtdRecordingTest {

    private static XMLStreamReader dtdReader(byte[] xml) throws XMLStreamException {
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, Boolean.FALSE);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, Boolean.FALSE);
        return factory.createXMLStreamReader(new ByteArrayInputStream(xml));
    }

    @Test
    void dtdEntityReferencesSpaceAndAttributeTypesAreReplayed() throws Exception {
        byte[] xml = XmlTestSupport.resource("dtd-entities.xml");

        XmlRecording recording = XmlRecording.record(dtdReader(xml));

        List<String> replayed = XmlTestSupport.dump(recording.newReader(), false);
        assertThat(replayed).containsExactlyElementsOf(
                jdkSpaceFixed(XmlTestSupport.dump(dtdReader(xml), false)));
        assertThat(replayed).anyMatch(line -> line.startsWith("DTD") && line.contains("ATTLIST"))
                .anyMatch(line -> line.startsWith("ENTITY_REFERENCE")
                        && line.contains("local=company"))
                .anyMatch(line -> line.startsWith("SPACE"))
                .anyMatch(line -> line.contains("|NMTOKENS|alpha beta|true|"))
                .anyMatch(line -> line.contains("|NMTOKEN|service|false|"));
    }

    /**
     * The JDK's reader answers {@code hasText()} and {@code isWhiteSpace()} false on SPACE events,
     * against the javadoc of both methods; a replay answers true.
     */
    private static List<String> jdkSpaceFixed(List<String> dump) {
        List<String> fixed = new ArrayList<>();
        for (String line : dump) {
            fixed.add(line.startsWith("SPACE")
                    ? line.replace("hasText=false", "hasText=true").replace("ws=false", "ws=true")
                    : line);
        }
        return fixed;
    }

    /** Unspecified (defaulted) attributes are written out, so they come back as specified. */
    private static List<String> specifiedIgnored(List<String> dump) {
        List<String> fixed = new ArrayList<>();
        for (String line : dump) {
            fixed.add(line.replace("|false|", "|true|"));
        }
        return fixed;
    }

    @Test
    void entityReferencesAreReportedAsElementTextAndSaxCharacters() throws Exception {
        XmlRecording recording = XmlRecording.record(
                dtdReader(XmlTestSupport.resource("dtd-entities.xml")));
        XMLStreamReader reader = recording.newReader();
        assertThat(reader.next()).isEqualTo(XMLStreamConstants.DTD);
        reader.nextTag();
        reader.nextTag();
        XmlTestSupport.SaxLog log = new XmlTestSupport.SaxLog();

        String text = reader.getElementText();
        recording.replay(log);

        assertThat(text).isEqualTo("Company &amp; Co response cache");
        assertThat(log.lines()).contains("characters [Company &amp; Co response cache]")
                .noneMatch(line -> line.contains("DTD"));
    }

    @Test
    void writeToWritesTheDtdAndEntityReferences() throws Exception {
        byte[] xml = XmlTestSupport.resource("dtd-entities.xml");
        XmlRecording recording = XmlRecording.record(dtdReader(xml));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        XMLStreamWriter writer = XMLOutputFactory.newDefaultFactory()
                .createXMLStreamWriter(out, "UTF-8");

        recording.writeTo(writer);
        writer.close();

        XmlRecording reparsed = XmlRecording.record(dtdReader(out.toByteArray()));
        assertThat(specifiedIgnored(XmlTestSupport.dump(reparsed.newReader(), true)))
                .containsExactlyElementsOf(
                        specifiedIgnored(XmlTestSupport.dump(recording.newReader(), true)));
        assertThat(out.toString("UTF-8")).contains("&company;", "<!DOCTYPE registry [");
    }

    @Test
    void nextTagSkipsIgnorableWhitespace() throws Exception {
        XMLStreamReader reader = XmlRecording.record(
                dtdReader(XmlTestSupport.resource("dtd-entities.xml"))).newReader();
        assertThatThrownBy(reader::nextTag).isInstanceOf(XMLStreamException.class)
                .hasMessage("found dtd while looking for a start or end tag");
        reader.nextTag();
        reader.next();

        assertThat(reader.getEventType()).isEqualTo(XMLStreamConstants.SPACE);
        assertThat(reader.isWhiteSpace()).isTrue();
        assertThat(reader.nextTag()).isEqualTo(XMLStreamConstants.START_ELEMENT);
    }
}
