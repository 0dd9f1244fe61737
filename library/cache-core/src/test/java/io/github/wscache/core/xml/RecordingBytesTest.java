package io.github.wscache.core.xml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link XmlRecording#toBytes()} and {@link XmlRecording#fromBytes(byte[])} over the recording
 * corpus (whole documents, subtrees, a DTD with unreplaced entities, a megabyte of text, 2,000
 * levels): the decoded recording replays the same events, writes the same XML and weighs the
 * same; damaged bytes are rejected or decode to a recording that still replays.
 */
class RecordingBytesTest {

    static Stream<Arguments> recordings() throws Exception {
        List<Arguments> all = new ArrayList<>();
        for (String name : XmlTestSupport.CORPUS) {
            all.add(Arguments.of(name, XmlRecording.parse(XmlTestSupport.resource(name))));
        }
        all.add(Arguments.of("generated 1 MB text node",
                XmlRecording.parse(XmlTestSupport.largeText())));
        all.add(Arguments.of("generated 2,000 levels deep",
                XmlRecording.parse(XmlTestSupport.deep(2000))));
        for (String soap : List.of("soap11-google-response.xml", "soap12-google-response.xml")) {
            all.add(Arguments.of("subtree of " + soap,
                    XmlRecording.record(atBodyChild(XmlTestSupport.resource(soap)))));
        }
        XMLInputFactory dtd = XMLInputFactory.newDefaultFactory();
        dtd.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, Boolean.FALSE);
        dtd.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, Boolean.FALSE);
        all.add(Arguments.of("dtd-entities.xml, entities not replaced",
                XmlRecording.record(dtd.createXMLStreamReader(new ByteArrayInputStream(
                        XmlTestSupport.resource("dtd-entities.xml"))))));
        return all.stream();
    }

    private static XMLStreamReader atBodyChild(byte[] xml) throws Exception {
        XMLStreamReader r = XmlTestSupport.jdkReader(xml);
        boolean inBody = false;
        while (r.hasNext()) {
            if (r.next() == XMLStreamConstants.START_ELEMENT) {
                if (inBody) {
                    return r;
                }
                inBody = r.getLocalName().equals("Body");
            }
        }
        throw new AssertionError("no body child");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void fromBytes_replaysTheSameEventsAsTheOriginal(String name, XmlRecording recording)
            throws Exception {
        XmlRecording decoded = XmlRecording.fromBytes(recording.toBytes());

        assertThat(XmlTestSupport.dump(decoded.newReader(), false))
                .containsExactlyElementsOf(XmlTestSupport.dump(recording.newReader(), false));
        assertThat(decoded.eventCount()).isEqualTo(recording.eventCount());
        assertThat(decoded.retainedSize()).isEqualTo(recording.retainedSize());
        assertThat(written(decoded)).isEqualTo(written(recording));
        assertThat(decoded.toBytes()).isEqualTo(recording.toBytes());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void toBytes_isAtMostATenthLargerThanTheXmlItWrites(String name, XmlRecording recording)
            throws Exception {
        // the form keeps every event (each text run part, each indentation) with a type byte,
        // and a small header
        assertThat((double) recording.toBytes().length)
                .isLessThanOrEqualTo(1.1 * written(recording).length + 16);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void fromBytes_rejectsEveryTruncation(String name, XmlRecording recording) {
        byte[] bytes = recording.toBytes();
        Random random = new Random(17);
        for (int i = 0; i < 50; i++) {
            int length = random.nextInt(bytes.length);
            assertThatThrownBy(() -> XmlRecording.fromBytes(Arrays.copyOf(bytes, length)))
                    .as("truncated to %d of %d bytes", length, bytes.length)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("not an XmlRecording in byte form: ");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void fromBytes_damagedBytesAreRejectedOrReplayCompletely(String name,
            XmlRecording recording) throws Exception {
        byte[] bytes = recording.toBytes();
        Random random = new Random(23);
        for (int i = 0; i < 200; i++) {
            byte[] damaged = bytes.clone();
            damaged[random.nextInt(damaged.length)] ^= (byte) (1 << random.nextInt(8));
            XmlRecording decoded;
            try {
                decoded = XmlRecording.fromBytes(damaged);
            } catch (IllegalArgumentException e) {
                assertThat(e).hasMessageStartingWith("not an XmlRecording in byte form: ");
                continue;
            }
            XMLStreamReader r = decoded.newReader();
            while (r.hasNext()) {
                r.next();
            }
            written(decoded);
        }
    }

    @Test
    void fromBytes_namesWhatIsWrong() {
        assertThatThrownBy(() -> XmlRecording.fromBytes(new byte[] {'<', 'a', '/', '>'}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not an XmlRecording in byte form: no 'WX' header");
        assertThatThrownBy(() -> XmlRecording.fromBytes(new byte[] {'W', 'X', 9, 0}))
                .hasMessage("not an XmlRecording in byte form: version 9 (this wscache reads"
                        + " version 1)");
        byte[] ok = recordingOf("<a>x</a>").toBytes();
        byte[] longer = Arrays.copyOf(ok, ok.length + 1);
        assertThatThrownBy(() -> XmlRecording.fromBytes(longer))
                .hasMessage("not an XmlRecording in byte form: 1 bytes after the end of the"
                        + " document");
    }

    @Test
    void toBytes_keepsASoapResponseSmallerThanItsXml() throws Exception {
        byte[] xml = XmlTestSupport.resource(XmlTestSupport.SOAP11);

        byte[] bytes = XmlRecording.parse(xml).toBytes();

        assertThat(bytes.length).isLessThan(xml.length);
    }

    private static XmlRecording recordingOf(String xml) {
        try {
            return XmlRecording.parse(xml.getBytes(StandardCharsets.UTF_8));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static byte[] written(XmlRecording recording) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        XMLStreamWriter writer = XMLOutputFactory.newDefaultFactory()
                .createXMLStreamWriter(out, "UTF-8");
        recording.writeTo(writer);
        writer.close();
        return out.toByteArray();
    }
}
