package io.github.wscache.core.internal;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Writes the canonical form of an XML payload for use as a key: element and attribute names as
 * {@code {namespace}local} (so prefixes do not matter), attributes sorted, namespace declarations,
 * comments, processing instructions and whitespace-only text left out, and volatile elements
 * (message ids, timestamps, nonces) removed with their content. Two payloads with the same
 * information give the same bytes.
 */
public final class XmlCanonicalizer {
    private static final byte START = 1;
    private static final byte END = 2;
    private static final byte TEXT = 3;
    private static final byte ATTR = 4;

    private XmlCanonicalizer() {
    }

    /**
     * Consumes {@code reader} from its current position to the end of the current element (or of
     * the document) and returns the canonical bytes.
     *
     * @param volatileElements local names (any namespace) or {@code {ns}local} names to drop
     */
    public static byte[] canonicalize(XMLStreamReader reader, Set<String> volatileElements)
            throws XMLStreamException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(512);
        int depth = 0;
        int skipDepth = -1;
        int event = reader.getEventType();
        boolean started = false;
        while (true) {
            switch (event) {
                case XMLStreamConstants.START_ELEMENT:
                    started = true;
                    depth++;
                    if (skipDepth < 0) {
                        String ns = nz(reader.getNamespaceURI());
                        String local = reader.getLocalName();
                        if (volatileElements.contains(local)
                                || volatileElements.contains("{" + ns + "}" + local)) {
                            skipDepth = depth;
                        } else {
                            out.write(START);
                            writeName(out, ns, local);
                            writeAttributes(out, reader);
                        }
                    }
                    break;
                case XMLStreamConstants.END_ELEMENT:
                    if (skipDepth < 0) {
                        out.write(END);
                    } else if (skipDepth == depth) {
                        skipDepth = -1;
                    }
                    depth--;
                    if (depth == 0 && started) {
                        return out.toByteArray();
                    }
                    break;
                case XMLStreamConstants.CHARACTERS:
                case XMLStreamConstants.CDATA:
                case XMLStreamConstants.SPACE:
                    if (skipDepth < 0 && !reader.isWhiteSpace()) {
                        out.write(TEXT);
                        writeString(out, reader.getText());
                    }
                    break;
                case XMLStreamConstants.END_DOCUMENT:
                    return out.toByteArray();
                default:
                    break;
            }
            if (!reader.hasNext()) {
                return out.toByteArray();
            }
            event = reader.next();
        }
    }

    private static void writeAttributes(ByteArrayOutputStream out, XMLStreamReader r) {
        int n = r.getAttributeCount();
        if (n == 0) {
            return;
        }
        String[] attrs = new String[n];
        for (int i = 0; i < n; i++) {
            attrs[i] = "{" + nz(r.getAttributeNamespace(i)) + "}" + r.getAttributeLocalName(i)
                    + '\u0000' + r.getAttributeValue(i);
        }
        Arrays.sort(attrs);
        for (String a : attrs) {
            out.write(ATTR);
            writeString(out, a);
        }
    }

    private static void writeName(ByteArrayOutputStream out, String ns, String local) {
        writeString(out, ns);
        writeString(out, local);
    }

    private static void writeString(ByteArrayOutputStream out, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        int n = b.length;
        while (n >= 0x80) {
            out.write((n & 0x7f) | 0x80);
            n >>>= 7;
        }
        out.write(n);
        out.write(b, 0, b.length);
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
