package io.github.wscache.core.xml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import javax.xml.stream.XMLStreamConstants;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link RecordingDecoder} against {@link ReferenceDecoder} (the byte form read through a
 * validating StAX reader into {@link Recorder}): on every recording of the corpus, on thousands
 * of damaged copies and on bytes no encoder writes, both accept or both reject, and what they
 * accept is the same recording, int for int, text for text, name for name.
 */
class RecordingDecoderTest {

    static Stream<Arguments> recordings() throws Exception {
        return RecordingBytesTest.recordings();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void decode_buildsWhatTheRecorderBuildsFromTheSameEvents(String name,
            XmlRecording recording) {
        byte[] bytes = recording.toBytes();

        XmlRecording direct = RecordingDecoder.decode(bytes);

        assertSameRecording(direct, ReferenceDecoder.decode(bytes));
        assertSameRecording(direct, recording);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordings")
    void decode_agreesWithTheReferenceOnDamagedBytes(String name, XmlRecording recording) {
        byte[] bytes = recording.toBytes();
        Random random = new Random(name.hashCode());
        int accepted = 0;
        for (int i = 0; i < 400; i++) {
            byte[] damaged = damage(bytes, random);
            accepted += agree(damaged) ? 1 : 0;
        }
        // the damage is mostly caught, but not always: both paths were exercised
        assertThat(accepted).as("damaged copies both decoders accepted").isBetween(1, 399);
    }

    @Test
    void decode_keepsOneTextForALiteralTheBytesRepeatInsteadOfReferring() {
        // an encoder pools every short string; these bytes repeat "x" and the name "a" as
        // literals, so the pool holds them twice and only their content says they are equal
        Bytes b = new Bytes().document();
        b.start(null, "a", null).text(XMLStreamConstants.CHARACTERS, "x");
        b.start(null, "a", null).text(XMLStreamConstants.CHARACTERS, "x").end();
        b.end().endDocument();

        XmlRecording decoded = agreeing(b.bytes());

        assertThat(decoded.texts).containsExactly("x");
    }

    @Test
    void decode_aRunOfPartsIsOneTextSharedWithAnEqualEarlierText() {
        Bytes b = new Bytes().document();
        b.start(null, "r", null);
        b.start(null, "t", null).text(XMLStreamConstants.CHARACTERS, "abcd").end();
        b.start(null, "t", null).text(XMLStreamConstants.CHARACTERS, "ab")
                .text(XMLStreamConstants.CDATA, "cd").end();
        b.start(null, "t", null).text(XMLStreamConstants.CHARACTERS, "ab")
                .text(XMLStreamConstants.SPACE, "").text(XMLStreamConstants.CHARACTERS, "cd")
                .end();
        b.end().endDocument();

        XmlRecording decoded = agreeing(b.bytes());

        assertThat(decoded.texts).containsExactly("abcd");
    }

    @Test
    void decode_aNamespacedSubtreeWithAttributesAndInstructions() {
        Bytes b = new Bytes().subtree();
        b.start("p", "root", "urn:p").declare("p", "urn:p").declare(null, "urn:d")
                .attribute("p", "k", "urn:p", 16, "v").attribute(null, "plain", null, 0, "w");
        b.pi("target", null).pi("target", "data").entity("e", "replacement");
        b.start(null, "child", "urn:d").text(XMLStreamConstants.CHARACTERS, "p:qname").end();
        b.comment("c").end().endDocument();

        XmlRecording decoded = agreeing(b.bytes());

        assertThat(decoded.eventCount()).isEqualTo(11);
    }

    @Test
    void decode_rejectsWhatTheReaderRejected() {
        Bytes unbound = new Bytes().document();
        unbound.start("p", "a", "urn:p").end().endDocument();
        Bytes twice = new Bytes().document();
        twice.start(null, "a", null).attribute(null, "k", null, 0, "1")
                .attribute(null, "k", null, 0, "2").end().endDocument();
        Bytes open = new Bytes().document();
        open.start(null, "a", null).endDocument();
        Bytes twoRoots = new Bytes().subtree();
        twoRoots.start(null, "a", null).end().start(null, "b", null).end().endDocument();

        for (Bytes b : new Bytes[] {unbound, twice, open, twoRoots}) {
            byte[] bytes = b.bytes();
            assertThatThrownBy(() -> RecordingDecoder.decode(bytes))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("not an XmlRecording in byte form: ");
            assertThat(agree(bytes)).isFalse();
        }
    }

    /** Decodes with both; fails unless they agree; returns whether they accepted. */
    private static boolean agree(byte[] bytes) {
        XmlRecording direct;
        try {
            direct = RecordingDecoder.decode(bytes);
        } catch (IllegalArgumentException e) {
            assertThat(e).hasMessageStartingWith("not an XmlRecording in byte form: ");
            assertThatThrownBy(() -> ReferenceDecoder.decode(bytes))
                    .as("the reference rejects what the decoder rejected (%s)", e.getMessage())
                    .isInstanceOf(IllegalArgumentException.class);
            return false;
        }
        XmlRecording reference;
        try {
            reference = ReferenceDecoder.decode(bytes);
        } catch (IllegalArgumentException e) {
            throw new AssertionError("the decoder accepted what the reference rejects: "
                    + e.getMessage() + " " + Arrays.toString(bytes), e);
        }
        assertSameRecording(direct, reference);
        return true;
    }

    private static XmlRecording agreeing(byte[] bytes) {
        assertThat(agree(bytes)).as("accepted").isTrue();
        return RecordingDecoder.decode(bytes);
    }

    private static byte[] damage(byte[] bytes, Random random) {
        int at = random.nextInt(bytes.length);
        switch (random.nextInt(4)) {
            case 0: {
                byte[] d = bytes.clone();
                d[at] ^= (byte) (1 << random.nextInt(8));
                return d;
            }
            case 1: {
                byte[] d = bytes.clone();
                d[at] = (byte) random.nextInt(16);
                return d;
            }
            case 2: {
                byte[] d = new byte[bytes.length - 1];
                System.arraycopy(bytes, 0, d, 0, at);
                System.arraycopy(bytes, at + 1, d, at, bytes.length - at - 1);
                return d;
            }
            default: {
                byte[] d = new byte[bytes.length + 1];
                System.arraycopy(bytes, 0, d, 0, at);
                d[at] = (byte) random.nextInt(16);
                System.arraycopy(bytes, at, d, at + 1, bytes.length - at);
                return d;
            }
        }
    }

    static void assertSameRecording(XmlRecording actual, XmlRecording expected) {
        assertThat(actual.ops).as("ops").containsExactly(expected.ops);
        assertThat(actual.texts).as("texts").containsExactly(expected.texts);
        assertThat(names(actual)).as("names").isEqualTo(names(expected));
        assertThat(actual.eventCount()).as("events").isEqualTo(expected.eventCount());
        assertThat(actual.retainedSize()).as("size").isEqualTo(expected.retainedSize());
    }

    private static String names(XmlRecording r) {
        if (r.names == null) {
            return "none";
        }
        StringBuilder b = new StringBuilder();
        for (Vocabulary.Name n : r.names) {
            b.append(n.prefix).append('|').append(n.local).append('|').append(n.uri).append(';');
        }
        return b.toString();
    }

    /** Writes the byte form by hand, every string a literal (as no encoder writes it). */
    private static final class Bytes {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Bytes document() {
            return header(0).string("1.0").string("UTF-8").string(null);
        }

        Bytes subtree() {
            return header(RecordingCodec.FLAG_IMPLICIT).string(null).string(null).string(null);
        }

        private Bytes header(int flags) {
            out.write('W');
            out.write('X');
            out.write(RecordingCodec.VERSION);
            out.write(flags);
            return this;
        }

        private int pendingAt = -1;
        private final List<byte[]> pendingDecls = new ArrayList<>();
        private final List<byte[]> pendingAttrs = new ArrayList<>();
        private ByteArrayOutputStream target;

        Bytes start(String prefix, String local, String uri) {
            flush();
            out.write(XMLStreamConstants.START_ELEMENT);
            string(prefix).string(local).string(uri);
            pendingAt = 0;
            return this;
        }

        Bytes declare(String prefix, String uri) {
            pendingDecls.add(sub(() -> string(prefix).string(uri)));
            return this;
        }

        Bytes attribute(String prefix, String local, String uri, int flags, String value) {
            pendingAttrs.add(sub(() -> {
                string(prefix).string(local).string(uri);
                target.write(flags);
                string(value);
            }));
            return this;
        }

        Bytes text(int type, String text) {
            flush();
            out.write(type);
            return string(text);
        }

        Bytes comment(String text) {
            return text(XMLStreamConstants.COMMENT, text);
        }

        Bytes pi(String target, String data) {
            flush();
            out.write(XMLStreamConstants.PROCESSING_INSTRUCTION);
            return string(target).string(data);
        }

        Bytes entity(String name, String replacement) {
            flush();
            out.write(XMLStreamConstants.ENTITY_REFERENCE);
            return string(name).string(replacement);
        }

        Bytes end() {
            flush();
            out.write(XMLStreamConstants.END_ELEMENT);
            return this;
        }

        Bytes endDocument() {
            flush();
            out.write(XMLStreamConstants.END_DOCUMENT);
            return this;
        }

        byte[] bytes() {
            flush();
            return out.toByteArray();
        }

        private void flush() {
            if (pendingAt < 0) {
                return;
            }
            varint(out, pendingDecls.size());
            pendingDecls.forEach(b -> out.write(b, 0, b.length));
            varint(out, pendingAttrs.size());
            pendingAttrs.forEach(b -> out.write(b, 0, b.length));
            pendingDecls.clear();
            pendingAttrs.clear();
            pendingAt = -1;
        }

        private byte[] sub(Runnable writes) {
            target = new ByteArrayOutputStream();
            writes.run();
            byte[] b = target.toByteArray();
            target = null;
            return b;
        }

        private Bytes string(String s) {
            ByteArrayOutputStream to = target != null ? target : out;
            if (s == null) {
                varint(to, 0);
                return this;
            }
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            varint(to, 1);
            varint(to, b.length);
            to.write(b, 0, b.length);
            return this;
        }

        private static void varint(ByteArrayOutputStream to, int v) {
            while ((v & ~0x7F) != 0) {
                to.write((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            to.write(v);
        }
    }
}
