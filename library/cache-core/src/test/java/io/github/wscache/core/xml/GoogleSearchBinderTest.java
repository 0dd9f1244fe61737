package io.github.wscache.core.xml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Binds doGoogleSearch responses with a small ADB-style StAX binder (the calls a generated
 * binder makes: {@code next}, {@code getLocalName}, {@code getNamespaceURI},
 * {@code getAttributeValue(xsi, "type")}, {@code getElementText}) from the JDK's reader and from
 * a replay.
 */
class GoogleSearchBinderTest {

    private static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
    private static final String GOOGLE = "urn:GoogleSearch";

    record ResultElement(String url, String cachedSize, String category, String snippet,
            String summary, String title, boolean related) {
    }

    record SearchResult(boolean filtered, int estimatedTotal, List<ResultElement> results,
            String query, double searchTime, int startIndex) {
    }

    /** Binds the {@code return} element of a doGoogleSearchResponse. */
    static SearchResult bind(XMLStreamReader r) throws XMLStreamException {
        while (!(r.isStartElement() && r.getLocalName().equals("doGoogleSearchResponse")
                && GOOGLE.equals(r.getNamespaceURI()))) {
            r.next();
        }
        r.nextTag();
        requireType(r, "ns1:GoogleSearchResult");
        boolean filtered = false;
        int total = 0;
        int startIndex = 0;
        double time = 0;
        String query = null;
        List<ResultElement> results = new ArrayList<>();
        while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
            String name = r.getLocalName();
            switch (name) {
                case "documentFiltering":
                    filtered = Boolean.parseBoolean(text(r, "xsd:boolean"));
                    break;
                case "estimatedTotalResultsCount":
                    total = Integer.parseInt(text(r, "xsd:int"));
                    break;
                case "startIndex":
                    startIndex = Integer.parseInt(text(r, "xsd:int"));
                    break;
                case "searchTime":
                    time = Double.parseDouble(text(r, "xsd:double"));
                    break;
                case "searchQuery":
                    query = text(r, "xsd:string");
                    break;
                case "resultElements":
                    requireType(r, "ns3:Array");
                    while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
                        results.add(bindItem(r));
                    }
                    break;
                default:
                    skip(r);
                    break;
            }
        }
        return new SearchResult(filtered, total, results, query, time, startIndex);
    }

    private static ResultElement bindItem(XMLStreamReader r) throws XMLStreamException {
        requireType(r, "ns1:ResultElement");
        String url = null;
        String size = null;
        String category = null;
        String snippet = null;
        String summary = null;
        String title = null;
        boolean related = false;
        while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
            switch (r.getLocalName()) {
                case "URL":
                    url = text(r, "xsd:string");
                    break;
                case "cachedSize":
                    size = text(r, "xsd:string");
                    break;
                case "directoryCategory":
                    r.nextTag();
                    category = text(r, "xsd:string");
                    r.nextTag();
                    skip(r);
                    r.nextTag();
                    break;
                case "snippet":
                    snippet = text(r, "xsd:string");
                    break;
                case "summary":
                    summary = text(r, "xsd:string");
                    break;
                case "title":
                    title = text(r, "xsd:string");
                    break;
                case "relatedInformationPresent":
                    related = Boolean.parseBoolean(text(r, "xsd:boolean"));
                    break;
                default:
                    skip(r);
                    break;
            }
        }
        return new ResultElement(url, size, category, snippet, summary, title, related);
    }

    private static int drain(XMLStreamReader r) throws XMLStreamException {
        int events = 1;
        while (r.hasNext()) {
            r.next();
            events++;
        }
        return events;
    }

    private static void requireType(XMLStreamReader r, String type) throws XMLStreamException {
        String actual = r.getAttributeValue(XSI, "type");
        if (!type.equals(actual)) {
            throw new XMLStreamException("expected xsi:type " + type + " on " + r.getLocalName()
                    + ", was " + actual);
        }
    }

    private static String text(XMLStreamReader r, String type) throws XMLStreamException {
        requireType(r, type);
        return r.getElementText();
    }

    private static void skip(XMLStreamReader r) throws XMLStreamException {
        int depth = 1;
        while (depth > 0) {
            int event = r.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                depth++;
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                depth--;
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"soap11-google-response.xml", "soap12-google-response.xml"})
    void binderBuildsEqualObjectsFromTheJdkReaderAndFromAReplay(String name) throws Exception {
        byte[] xml = XmlTestSupport.resource(name);

        SearchResult parsed = bind(XmlTestSupport.jdkReader(xml));
        SearchResult replayed = bind(XmlRecording.parse(xml).newReader());

        assertThat(replayed).isEqualTo(parsed);
        assertThat(replayed.results()).hasSize(10);
        assertThat(replayed.results().get(0).title()).isEqualTo(
                "Web services caching - <b>IBM</b> Research");
        assertThat(replayed.query()).isEqualTo("web services response cache");
    }

    @ParameterizedTest
    @ValueSource(strings = {"soap11-google-response.xml", "soap12-google-response.xml"})
    void recordingOfASoapResponseRetainsNoMoreThanItsUtf8Bytes(String name) throws Exception {
        byte[] xml = XmlTestSupport.resource(name);

        XmlRecording recording = XmlRecording.parse(xml);

        double ratio = (double) recording.retainedSize() / xml.length;
        System.out.printf(Locale.ROOT, "%s: %d bytes, retainedSize %d, ratio %.3f%n", name,
                xml.length, recording.retainedSize(), ratio);
        assertThat(xml.length).isBetween(5_000, 12_000);
        assertThat(recording.retainedSize()).isLessThanOrEqualTo(xml.length);
    }

    /**
     * An ad-hoc timing loop (not a benchmark), tagged slow, so run only with
     * {@code -Dgroups=slow}: it prints the cost of binding a response from a fresh parse and
     * from a replay.
     */
    @Test
    @Tag("slow")
    void replayIsFasterThanParsingInAnAdHocLoop() throws Exception {
        byte[] xml = XmlTestSupport.resource(XmlTestSupport.SOAP11);
        XmlRecording recording = XmlRecording.parse(xml);
        SearchResult expected = bind(XmlTestSupport.jdkReader(xml));
        int rounds = 5_000;
        long parse = 0;
        long replay = 0;
        for (int warm = 0; warm < 4; warm++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < rounds; i++) {
                bind(XmlTestSupport.jdkReaderFromSharedFactory(xml));
            }
            long t1 = System.nanoTime();
            for (int i = 0; i < rounds; i++) {
                bind(recording.newReader());
            }
            long t2 = System.nanoTime();
            parse = t1 - t0;
            replay = t2 - t1;
        }
        System.out.printf(Locale.ROOT, "parse+bind %.1f us, replay+bind %.1f us per response%n",
                parse / 1e3 / rounds, replay / 1e3 / rounds);
        long events = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < rounds; i++) {
            events += drain(XmlTestSupport.jdkReaderFromSharedFactory(xml));
        }
        long t1 = System.nanoTime();
        for (int i = 0; i < rounds; i++) {
            events += drain(recording.newReader());
        }
        long t2 = System.nanoTime();
        System.out.printf(Locale.ROOT, "parse only %.1f us, replay only %.1f us per response "
                + "(%d events)%n", (t1 - t0) / 1e3 / rounds, (t2 - t1) / 1e3 / rounds,
                events / rounds / 2);
        assertThat(bind(recording.newReader())).isEqualTo(expected);
        assertThat(replay).isLessThan(parse);
    }
}
