package io.github.wscache.core.xml;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import javax.xml.stream.XMLStreamReader;

import org.junit.jupiter.api.Test;
import org.xml.sax.Attributes;
import org.xml.sax.helpers.DefaultHandler;

class SaxReplayTest {

    /** A handler without lexical callbacks that records elements and text. */
    private static final class PlainHandler extends DefaultHandler {
        final List<String> log = new ArrayList<>();

        @Override
        public void startPrefixMapping(String prefix, String uri) {
            log.add("xmlns:" + prefix + "=" + uri);
        }

        @Override
        public void startElement(String uri, String localName, String qName,
                Attributes attributes) {
            StringBuilder b = new StringBuilder("<" + qName);
            for (int i = 0; i < attributes.getLength(); i++) {
                b.append(' ').append(attributes.getQName(i)).append('=')
                        .append(attributes.getValue(i));
            }
            log.add(b.append('>').toString());
        }

        @Override
        public void characters(char[] ch, int start, int length) {
            log.add(new String(ch, start, length));
            Arrays.fill(ch, start, start + length, '#');
        }

        @Override
        public void processingInstruction(String target, String data) {
            log.add("<?" + target + " " + data + "?>");
        }
    }

    @Test
    void aHandlerOverwritingItsCharactersDoesNotChangeTheRecording() throws Exception {
        XmlRecording recording = XmlRecording.parse(XmlTestSupport.resource("unicode.xml"));
        List<String> before = XmlTestSupport.dump(recording.newReader(), false);

        recording.replay(new PlainHandler());
        recording.replay(new PlainHandler());

        assertThat(XmlTestSupport.dump(recording.newReader(), false))
                .containsExactlyElementsOf(before);
    }

    @Test
    void aPlainContentHandlerGetsCdataAsCharactersAndNoComments() throws Exception {
        XmlRecording recording = XmlRecording.parse(
                "<a x:y='1' xmlns:x='urn:x'><!--c--><![CDATA[<d>]]><?p q?></a>"
                        .getBytes(StandardCharsets.UTF_8));
        PlainHandler handler = new PlainHandler();

        recording.replay(handler);

        assertThat(handler.log).containsExactly("xmlns:x=urn:x", "<a x:y=1>", "<d>",
                "<?p q?>");
    }

    @Test
    void aSubtreeReplaysAsADocumentWithItsRedeclaredPrefixMappings() throws Exception {
        XMLStreamReader source = XmlTestSupport.jdkReader(
                "<e:Envelope xmlns:e='urn:e' xmlns:g='urn:g'><e:Body><g:r e:s='1'>t</g:r>"
                        .concat("</e:Body></e:Envelope>").getBytes(StandardCharsets.UTF_8));
        source.nextTag();
        source.nextTag();
        source.nextTag();
        XmlRecording recording = XmlRecording.record(source);
        XmlTestSupport.SaxLog log = new XmlTestSupport.SaxLog();

        recording.replay(log);

        assertThat(log.lines()).containsExactly("startDocument", "startPrefixMapping g=urn:g",
                "startPrefixMapping e=urn:e", "startElement {urn:g}r g:r @[urn:e|s|e:s|CDATA|1]",
                "characters [t]", "endElement {urn:g}r g:r", "endPrefixMapping g",
                "endPrefixMapping e", "endDocument");
    }
}
