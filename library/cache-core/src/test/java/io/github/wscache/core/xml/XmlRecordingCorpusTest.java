package io.github.wscache.core.xml;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class XmlRecordingCorpusTest {

    static Stream<Arguments> corpus() {
        List<Arguments> documents = new ArrayList<>();
        for (String name : XmlTestSupport.CORPUS) {
            documents.add(Arguments.of(name, XmlTestSupport.resource(name)));
        }
        documents.add(Arguments.of("generated 1 MB text node", XmlTestSupport.largeText()));
        documents.add(Arguments.of("generated 2,000 levels deep", XmlTestSupport.deep(2000)));
        return documents.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void replayReportsTheSameEventsAsTheJdkReader(String name, byte[] xml) throws Exception {
        XmlRecording recording = XmlRecording.parse(xml);

        List<String> expected = XmlTestSupport.dump(xml);
        assertThat(XmlTestSupport.dump(recording.newReader(), false))
                .containsExactlyElementsOf(expected);
        assertThat(recording.eventCount()).isEqualTo(expected.size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void replayReportsTheSameInfosetAsTheJdkReader(String name, byte[] xml) throws Exception {
        XmlRecording recording = XmlRecording.parse(new ByteArrayInputStream(xml));

        assertThat(XmlTestSupport.dump(recording.newReader(), true))
                .containsExactlyElementsOf(
                        XmlTestSupport.dump(XmlTestSupport.jdkReader(xml), true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void saxReplayMatchesAJdkSaxParse(String name, byte[] xml) throws Exception {
        XmlRecording recording = XmlRecording.parse(xml);
        XmlTestSupport.SaxLog log = new XmlTestSupport.SaxLog();

        recording.replay(log);

        assertThat(log.lines()).containsExactlyElementsOf(XmlTestSupport.saxParse(xml));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void writeToRoundTripsToTheSameEvents(String name, byte[] xml) throws Exception {
        XmlRecording recording = XmlRecording.parse(xml);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        XMLStreamWriter writer = XMLOutputFactory.newDefaultFactory()
                .createXMLStreamWriter(out, "UTF-8");

        recording.writeTo(writer);
        writer.close();

        XmlRecording reparsed = XmlRecording.parse(out.toByteArray());
        assertThat(writerNormalized(XmlTestSupport.dump(reparsed.newReader(), true)))
                .containsExactlyElementsOf(
                        writerNormalized(XmlTestSupport.dump(recording.newReader(), true)));
    }

    /** A cheaper dump than {@link XmlTestSupport#dump}, for the many replays of the stress test. */
    private static CharSequence compactDump(XMLStreamReader r, StringBuilder b)
            throws XMLStreamException {
        while (r.hasNext()) {
            int type = r.next();
            b.append(type);
            if (type == XMLStreamConstants.START_ELEMENT) {
                b.append('{').append(r.getNamespaceURI()).append('}').append(r.getLocalName());
                for (int i = 0; i < r.getNamespaceCount(); i++) {
                    b.append(' ').append(r.getNamespacePrefix(i)).append('=')
                            .append(r.getNamespaceURI(i));
                }
                for (int i = 0; i < r.getAttributeCount(); i++) {
                    b.append(' ').append(r.getAttributeLocalName(i)).append('=')
                            .append(r.getAttributeValue(i));
                }
            } else if (type == XMLStreamConstants.END_ELEMENT) {
                b.append(r.getLocalName());
            } else if (r.hasText()) {
                b.append(r.getTextCharacters(), r.getTextStart(), r.getTextLength());
            }
            b.append('\n');
        }
        return b;
    }

    /**
     * The JDK's writer escapes neither tabs and line breaks in attribute values nor carriage
     * returns in text, so re-parsing normalizes them; compare modulo that normalization.
     */
    private static List<String> writerNormalized(List<String> dump) {
        List<String> normalized = new ArrayList<>();
        for (String line : dump) {
            normalized.add(line.replace("\r\n", "\n").replaceAll("[\t\n\r]", " "));
        }
        return normalized;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void recordingAReplayGivesAnEquivalentRecording(String name, byte[] xml) throws Exception {
        XmlRecording recording = XmlRecording.parse(xml);

        XmlRecording again = XmlRecording.record(recording.newReader());

        assertThat(XmlTestSupport.dump(again.newReader(), false))
                .containsExactlyElementsOf(XmlTestSupport.dump(recording.newReader(), false));
        assertThat(again.retainedSize()).isEqualTo(recording.retainedSize());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void largeDocumentsRetainNoMoreThanTheirBytes(String name, byte[] xml) throws Exception {
        XmlRecording recording = XmlRecording.parse(xml);

        double ratio = (double) recording.retainedSize() / xml.length;
        System.out.printf(java.util.Locale.ROOT, "%s: %d bytes, retainedSize %d, ratio %.3f%n",
                name, xml.length, recording.retainedSize(), ratio);
        if (xml.length >= 5_000) {
            assertThat(recording.retainedSize()).isLessThanOrEqualTo(xml.length);
        }
    }

    @Test
    void eightThreadsReplayingOneRecordingSeeTheSameEvents() throws Exception {
        XmlRecording recording = XmlRecording.parse(XmlTestSupport.resource(XmlTestSupport.SOAP11));
        String expected = compactDump(recording.newReader(), new StringBuilder()).toString();
        assertThat(expected).contains("doGoogleSearchResponse", "xsd:string", "IBM");
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                results.add(pool.submit(() -> {
                    int equal = 0;
                    StringBuilder dump = new StringBuilder(expected.length());
                    for (int i = 0; i < 1000; i++) {
                        dump.setLength(0);
                        if (expected.contentEquals(compactDump(recording.newReader(), dump))) {
                            equal++;
                        }
                    }
                    return equal;
                }));
            }
            for (Future<Integer> result : results) {
                assertThat(result.get()).isEqualTo(1000);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
