package io.github.wscache.core.xml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A replay tells its consumers that its names are interned (Stax2's {@code internNames} and
 * {@code internNsUris}), so JAXB compares them by identity instead of interning each one. That
 * must hold for every name it returns, or JAXB would not recognise an element: every local
 * name, prefix and namespace URI of every element, attribute and namespace declaration of every
 * recording of the corpus, whether made by parsing or decoded from its byte form, is the
 * interned string.
 */
class ReplayInterningTest {

    static Stream<Arguments> recordings() throws Exception {
        return RecordingBytesTest.recordings();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void everyNameAReplaySaysIsInterned_is(String name, XmlRecording recording)
            throws XMLStreamException {
        for (XmlRecording r : List.of(recording, XmlRecording.fromBytes(recording.toBytes()))) {
            XMLStreamReader reader = r.newReader();
            assertThat(reader.getProperty("org.codehaus.stax2.internNames")).isEqualTo(true);
            assertThat(reader.getProperty("org.codehaus.stax2.internNsUris")).isEqualTo(true);
            List<String> names = new ArrayList<>();
            while (reader.hasNext()) {
                int event = reader.next();
                if (event == XMLStreamConstants.START_ELEMENT
                        || event == XMLStreamConstants.END_ELEMENT) {
                    names.add(reader.getLocalName());
                    names.add(reader.getPrefix());
                    names.add(reader.getNamespaceURI());
                    for (int i = 0; i < reader.getNamespaceCount(); i++) {
                        names.add(reader.getNamespacePrefix(i));
                        names.add(reader.getNamespaceURI(i));
                    }
                }
                if (event == XMLStreamConstants.START_ELEMENT) {
                    for (int i = 0; i < reader.getAttributeCount(); i++) {
                        names.add(reader.getAttributeLocalName(i));
                        names.add(reader.getAttributePrefix(i));
                        names.add(reader.getAttributeNamespace(i));
                    }
                }
            }
            for (String s : names) {
                if (s != null) {
                    assertThat(s).as("a name of %s", name).isSameAs(s.intern());
                }
            }
        }
    }
}
