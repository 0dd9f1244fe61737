package io.github.wscache.core.xml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecureParsingTest {

    @TempDir
    Path dir;

    @Test
    void externalEntitiesAreNeverResolved() throws IOException {
        Path secret = Files.writeString(dir.resolve("secret.txt"), "top secret");
        byte[] xml = ("<!DOCTYPE r [<!ENTITY x SYSTEM \"" + secret.toUri() + "\">]><r>&x;</r>")
                .getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> XmlRecording.parse(xml))
                .isInstanceOf(XMLStreamException.class)
                .hasMessageNotContaining("top secret");
    }

    @Test
    void internalEntityExpansionIsNotSupported() {
        byte[] xml = ("<!DOCTYPE r [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]><r>&b;</r>")
                .getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> XmlRecording.parse(new ByteArrayInputStream(xml)))
                .isInstanceOf(XMLStreamException.class);
    }

    @Test
    void malformedDocumentsAreRejected() {
        assertThatThrownBy(() -> XmlRecording.parse("<a><b></a>".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(XMLStreamException.class);
    }

    @Test
    void predefinedAndCharacterReferencesAreReplaced() throws Exception {
        XmlRecording recording = XmlRecording.parse(
                "<r>&lt;&#x1F600;&amp;</r>".getBytes(StandardCharsets.UTF_8));
        XMLStreamReader reader = recording.newReader();
        reader.nextTag();

        assertThat(reader.getElementText()).isEqualTo("<\ud83d\ude00&");
    }
}
