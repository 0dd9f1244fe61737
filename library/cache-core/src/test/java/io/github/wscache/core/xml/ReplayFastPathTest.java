package io.github.wscache.core.xml;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import org.junit.jupiter.api.Test;

/**
 * The fast paths of a replay: shared immutable texts and names, text runs kept as one string,
 * names kept outside the vocabulary, and that nothing a replay hands out lets a caller change
 * what the next replay reads.
 */
class ReplayFastPathTest {

    private static XmlRecording recording(String xml) throws XMLStreamException {
        return XmlRecording.parse(xml.getBytes(StandardCharsets.UTF_8));
    }

    private static XMLStreamReader at(XMLStreamReader r, int type) throws XMLStreamException {
        while (r.next() != type) {
            continue;
        }
        return r;
    }

    @Test
    void everyReplayHandsOutTheSameTextAndNameInstances() throws Exception {
        XmlRecording recording = recording("<a xmlns='urn:a' v='value'><b>some text</b></a>");
        XMLStreamReader one = at(recording.newReader(), XMLStreamConstants.START_ELEMENT);
        XMLStreamReader two = at(recording.newReader(), XMLStreamConstants.START_ELEMENT);

        assertThat(one.getName()).isSameAs(two.getName());
        assertThat(one.getAttributeValue(0)).isSameAs(two.getAttributeValue(0))
                .isEqualTo("value");
        assertThat(one.getAttributeValue(null, "v")).isSameAs(two.getAttributeValue(0));
        one.next();
        two.next();
        assertThat(one.getElementText()).isSameAs(two.getElementText()).isEqualTo("some text");
    }

    @Test
    void aTextSplitByTheParserIsOneRunYetReplaysEveryEvent() throws Exception {
        String xml = "<a>x &lt;b&gt; y<!--c--> z</a>";
        XmlRecording recording = recording(xml);
        XMLStreamReader jdk = XmlTestSupport.jdkReader(xml.getBytes(StandardCharsets.UTF_8));
        XMLStreamReader replay = recording.newReader();
        List<String> expected = new ArrayList<>();
        List<String> actual = new ArrayList<>();
        while (jdk.hasNext()) {
            int type = jdk.next();
            if (jdk.hasText()) {
                expected.add(type + ":" + jdk.getText() + ":" + jdk.getTextLength() + ":"
                        + jdk.isWhiteSpace());
            }
        }
        while (replay.hasNext()) {
            int type = replay.next();
            if (replay.hasText()) {
                actual.add(type + ":" + replay.getText() + ":" + replay.getTextLength() + ":"
                        + replay.isWhiteSpace());
                assertThat(new String(replay.getTextCharacters(), replay.getTextStart(),
                        replay.getTextLength())).isEqualTo(replay.getText());
                char[] copy = new char[replay.getTextLength()];
                replay.getTextCharacters(0, copy, 0, copy.length);
                assertThat(new String(copy)).isEqualTo(replay.getText());
            }
        }
        assertThat(expected.size()).as("the JDK reader splits the text").isGreaterThan(2);
        assertThat(actual).containsExactlyElementsOf(expected);

        XMLStreamReader one = at(recording.newReader(), XMLStreamConstants.START_ELEMENT);
        XMLStreamReader two = at(recording.newReader(), XMLStreamConstants.START_ELEMENT);
        String text = one.getElementText();
        assertThat(text).isEqualTo("x <b> y z");
        assertThat(one.getEventType()).isEqualTo(XMLStreamConstants.END_ELEMENT);
        assertThat(two.getElementText()).isEqualTo(text);
    }

    @Test
    void theRunOfAnElementsWholeTextIsReturnedWithoutCopying() throws Exception {
        XmlRecording recording = recording("<a>x &amp; y</a>");
        XMLStreamReader one = at(recording.newReader(), XMLStreamConstants.START_ELEMENT);
        XMLStreamReader two = at(recording.newReader(), XMLStreamConstants.START_ELEMENT);

        assertThat(one.getElementText()).isEqualTo("x & y").isSameAs(two.getElementText());
    }

    @Test
    void mutatingTheTextBufferChangesNeitherThisNorTheNextReplay() throws Exception {
        XmlRecording recording = recording("<a><b>first</b><c>first</c></a>");
        XMLStreamReader r = at(recording.newReader(), XMLStreamConstants.CHARACTERS);
        char[] buffer = r.getTextCharacters();
        Arrays.fill(buffer, 'X');

        assertThat(r.getText()).isEqualTo("first");
        at(r, XMLStreamConstants.CHARACTERS);
        assertThat(new String(r.getTextCharacters(), r.getTextStart(), r.getTextLength()))
                .isEqualTo("first");
        XMLStreamReader next = at(recording.newReader(), XMLStreamConstants.CHARACTERS);
        assertThat(new String(next.getTextCharacters(), next.getTextStart(),
                next.getTextLength())).isEqualTo("first");
        assertThat(next.getText()).isEqualTo("first");
    }

    @Test
    void namesTooLongForTheVocabularyAreKeptInTheRecording() throws Exception {
        String uri = "urn:" + "u".repeat(Vocabulary.MAX_CHARS);
        String local = "e" + "l".repeat(Vocabulary.MAX_CHARS);
        int before = Vocabulary.size();
        XmlRecording recording = recording("<p:" + local + " xmlns:p='" + uri + "' p:"
                + local + "='v'>t</p:" + local + ">");
        XmlRecording shortNames = recording("<p:e xmlns:p='urn:short' p:a='v'>t</p:e>");

        assertThat(recording.names).as("the name (element and attribute) and the declaration")
                .isNotNull().hasSize(2);
        assertThat(Vocabulary.size() - before).as("only the short document's names")
                .isLessThanOrEqualTo(3);
        assertThat(recording.retainedSize())
                .isGreaterThan(shortNames.retainedSize() + 4L * Vocabulary.MAX_CHARS);
        XMLStreamReader r = at(recording.newReader(), XMLStreamConstants.START_ELEMENT);
        assertThat(r.getLocalName()).isEqualTo(local);
        assertThat(r.getNamespaceURI()).isEqualTo(uri);
        assertThat(r.getPrefix()).isEqualTo("p");
        assertThat(r.getName().getLocalPart()).isEqualTo(local);
        assertThat(r.getNamespaceURI(0)).isEqualTo(uri);
        assertThat(r.getAttributeLocalName(0)).isEqualTo(local);
        assertThat(r.getAttributeValue(uri, local)).isEqualTo("v");
        assertThat(r.getNamespaceContext().getNamespaceURI("p")).isEqualTo(uri);
        assertThat(r.getElementText()).isEqualTo("t");
        assertThat(r.getLocalName()).isEqualTo(local);
    }

    @Test
    void getElementTextOfATextOnlyElementLeavesTheReaderWhereTheSlowPathWould() throws Exception {
        String xml = "<r xmlns:p='urn:p'><p:a>one &amp; two</p:a><b>x<!--c-->y</b><c/>"
                + "<d>plain</d></r>";
        List<String> actual = sameAsTheJdk(xml, ReplayFastPathTest::elementTexts);
        assertThat(actual.get(0)).startsWith("{urn:p}a=one & two 2 {urn:p}a");
    }

    /** Reads each child of the root with getElementText, noting where the reader lands. */
    private static void elementTexts(XMLStreamReader r, List<String> out)
            throws XMLStreamException {
        while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
            String name = r.getName().toString();
            out.add(name + "=" + r.getElementText() + " " + r.getEventType() + " "
                    + r.getName() + " " + r.getNamespaceCount());
        }
        out.add("end " + r.getLocalName() + " " + r.next());
    }

    @Test
    void getElementTextSkipsARunOfManyPartsAtOnceAndLandsOnItsEndTag() throws Exception {
        // the JDK's parser splits at every entity: runs of 2, 3 and 9 events, back to back
        String xml = "<r><a>&amp;x</a><b>&lt;b&gt;</b><c>1 &lt; 2 &amp;&amp; 3 &gt; 2 &quot;ok"
                + "&quot;</c><d>&#65;</d><e>last</e></r>";
        List<String> actual = sameAsTheJdk(xml, ReplayFastPathTest::elementTexts);
        assertThat(actual).contains("c=1 < 2 && 3 > 2 \"ok\" 2 c 0", "e=last 2 e 0");
    }

    @Test
    void namespaceScopesOpenedByElementsReadAsTextCloseWhereTheJdkClosesThem() throws Exception {
        // elements that declare prefixes, read with getElementText (text-only, empty, mixed),
        // nested and shadowing: what is in scope at their ends and after them matches the JDK
        String xml = "<r xmlns:p='urn:p1' xmlns='urn:d'><p:a xmlns:p='urn:p2'>text</p:a>"
                + "<e xmlns:q='urn:q'></e><m xmlns:p='urn:p3'>x<!--c-->y</m>"
                + "<n xmlns:p='urn:p4'><p:in xmlns=''>t</p:in><e2/></n><z/></r>";
        List<String> actual = sameAsTheJdk(xml, (r, out) -> {
            readChildren(r, out);
            out.add("end " + scope(r));
        });
        assertThat(actual).contains(
                "e= at end: 1 q=urn:q p=urn:p1 default=urn:d context p=urn:p1");
    }

    /** What {@code walk} reads from the document's root element. */
    private interface Walk {
        void read(XMLStreamReader r, List<String> out) throws XMLStreamException;
    }

    /**
     * Walks {@code xml} from its root element with the JDK's reader and with a replay of its
     * recording, asserts that both read the same, and returns what the replay read.
     */
    private static List<String> sameAsTheJdk(String xml, Walk walk) throws XMLStreamException {
        List<String> expected = new ArrayList<>();
        List<String> actual = new ArrayList<>();
        walk.read(at(XmlTestSupport.jdkReader(xml.getBytes(StandardCharsets.UTF_8)),
                XMLStreamConstants.START_ELEMENT), expected);
        walk.read(at(recording(xml).newReader(), XMLStreamConstants.START_ELEMENT), actual);
        assertThat(actual).containsExactlyElementsOf(expected);
        return actual;
    }

    private static void readChildren(XMLStreamReader r, List<String> out)
            throws XMLStreamException {
        while (r.nextTag() == XMLStreamConstants.START_ELEMENT) {
            String name = r.getLocalName();
            if ("n".equals(name)) {
                out.add("n: " + scope(r));
                readChildren(r, out);
                out.add("n at end: " + scope(r));
            } else {
                out.add(name + "=" + r.getElementText() + " at end: " + scope(r));
            }
        }
    }

    private static String scope(XMLStreamReader r) {
        return r.getNamespaceCount() + " q=" + r.getNamespaceURI("q") + " p="
                + r.getNamespaceURI("p") + " default=" + r.getNamespaceURI("")
                + " context p=" + r.getNamespaceContext().getNamespaceURI("p");
    }

    @Test
    void theSoapResponsesWeighNoMoreThanTheirBytes() throws Exception {
        String[] names = {"soap11-google-response.xml", "soap12-google-response.xml"};
        for (String name : names) {
            byte[] xml = XmlTestSupport.resource(name);
            assertThat(XmlRecording.parse(xml).retainedSize()).as(name)
                    .isLessThanOrEqualTo(xml.length);
        }
    }
}
