package io.github.wscache.core.xml;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import javax.xml.stream.XMLStreamConstants;

/**
 * The byte form of an {@link XmlRecording} ({@link XmlRecording#toBytes()},
 * {@link XmlRecording#fromBytes(byte[])}), for caches that keep recordings outside the JVM (a
 * shared tier in Redis). The format is the event sequence itself, not the in-memory layout: it
 * names no {@link Vocabulary} id (those are per JVM) and survives changes of {@link Events}.
 *
 * <p>Format, version 1: {@code 'W' 'X' version flags}, then the version, encoding and
 * declared-encoding strings of the document, then events, each a type byte and its operands,
 * until {@code END_DOCUMENT}, which must end the bytes. Every string is a reference (unsigned
 * LEB128): 0 for null, 1 for a literal that follows (byte length, UTF-8), n for the (n-2)th
 * literal of at most {@value #POOLED} characters seen before, so names and short repeated texts
 * cost one or two bytes. Element names are three strings (prefix, local name, URI); an end tag
 * carries nothing (it closes the innermost element).
 *
 * <p>{@link RecordingDecoder} decodes, validating as it goes (tag balance, counts, lengths,
 * references): whatever it accepts is tag balanced and namespace consistent (every prefix bound
 * where it is used, declared once per element, no attribute twice), so bytes from elsewhere can
 * make a wrong document, never a broken replay. Malformed bytes fail with
 * {@link IllegalArgumentException}.
 */
final class RecordingCodec {
    static final int VERSION = 1;
    static final int POOLED = 64;
    static final int FLAG_IMPLICIT = 1;
    static final int FLAG_STANDALONE = 2;
    static final int FLAG_STANDALONE_SET = 4;

    private RecordingCodec() {
    }

    static byte[] encode(XmlRecording recording) {
        Writer w = new Writer();
        ReplayReader r = new ReplayReader(recording);
        w.out.write('W');
        w.out.write('X');
        w.out.write(VERSION);
        w.out.write((r.isImplicitDocument() ? FLAG_IMPLICIT : 0)
                | (r.isStandalone() ? FLAG_STANDALONE : 0)
                | (r.standaloneSet() ? FLAG_STANDALONE_SET : 0));
        w.string(r.getVersion());
        w.string(r.getEncoding());
        w.string(r.getCharacterEncodingScheme());
        while (r.hasNext()) {
            int type = r.nextEvent();
            w.out.write(type);
            switch (type) {
                case XMLStreamConstants.START_ELEMENT:
                    w.string(r.getPrefix());
                    w.string(r.getLocalName());
                    w.string(r.getNamespaceURI());
                    w.varint(r.getNamespaceCount());
                    for (int i = 0, n = r.getNamespaceCount(); i < n; i++) {
                        w.string(r.getNamespacePrefix(i));
                        w.string(r.getNamespaceURI(i));
                    }
                    w.varint(r.getAttributeCount());
                    for (int i = 0, n = r.getAttributeCount(); i < n; i++) {
                        w.string(r.getAttributePrefix(i));
                        w.string(r.getAttributeLocalName(i));
                        w.string(r.getAttributeNamespace(i));
                        w.out.write(Events.attributeTypeCode(r.getAttributeType(i))
                                | (r.isAttributeSpecified(i) ? 16 : 0));
                        w.string(r.getAttributeValue(i));
                    }
                    break;
                case XMLStreamConstants.PROCESSING_INSTRUCTION:
                    w.string(r.getPITarget());
                    w.string(r.getPIData());
                    break;
                case XMLStreamConstants.ENTITY_REFERENCE:
                    w.string(r.getLocalName());
                    w.string(r.getText());
                    break;
                case XMLStreamConstants.CHARACTERS:
                case XMLStreamConstants.CDATA:
                case XMLStreamConstants.SPACE:
                case XMLStreamConstants.COMMENT:
                case XMLStreamConstants.DTD:
                    w.string(r.getText());
                    break;
                default:
                    break;
            }
        }
        return w.out.toByteArray();
    }

    static XmlRecording decode(byte[] bytes) {
        return RecordingDecoder.decode(bytes);
    }

    static IllegalArgumentException malformed(String why) {
        return new IllegalArgumentException("not an XmlRecording in byte form: " + why);
    }

    /** Writes events; strings go through the pool. */
    private static final class Writer {
        final ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        private final Map<String, Integer> pool = new HashMap<>();

        void varint(int v) {
            while ((v & ~0x7F) != 0) {
                out.write((v & 0x7F) | 0x80);
                v >>>= 7;
            }
            out.write(v);
        }

        void string(String s) {
            if (s == null) {
                varint(0);
                return;
            }
            Integer known = pool.get(s);
            if (known != null) {
                varint(known + 2);
                return;
            }
            varint(1);
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            varint(b.length);
            out.write(b, 0, b.length);
            if (s.length() <= POOLED) {
                pool.put(s, pool.size());
            }
        }
    }
}
