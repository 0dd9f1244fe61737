package io.github.wscache.core.xml;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.xml.XMLConstants;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Builds one {@link XmlRecording} from the events of an {@link XMLStreamReader}. Not thread-safe;
 * used once.
 */
final class Recorder {

    /** Texts up to this length are stored once per recording and shared by offset. */
    private static final int DEDUP_MAX = 32;
    /** Longest candidate for a QName-valued text, for which bindings are looked up. */
    private static final int QNAME_MAX = 128;

    private int[] ops = new int[256];
    private int opCount;
    private int events;

    private char[] text = new char[1024];
    private int textCount;
    private boolean wide;
    private final Map<String, Integer> shortTexts = new HashMap<>();

    private final Map<String, Integer> stringIndex = new HashMap<>();
    private String[] strings = new String[32];
    private int stringCount;

    private final Map<QKey, Integer> qnameIndex = new HashMap<>();
    private int[] qnames = new int[96];
    private int qnameCount;

    /** Prefixes declared inside a recorded subtree, innermost last; null for whole documents. */
    private String[] scopePrefixes;
    private int[] scopeMarks;
    private int scopeTop;
    private int scopeDepth;
    /** Bindings in scope from outside a recorded subtree and used inside it. */
    private final Map<String, String> outer = new LinkedHashMap<>();

    private record QKey(int prefix, int local, int uri) {
    }

    XmlRecording record(XMLStreamReader reader) throws XMLStreamException {
        int type = reader.getEventType();
        if (type == XMLStreamConstants.START_DOCUMENT) {
            startDocument(reader.getVersion(), reader.getEncoding(),
                    reader.getCharacterEncodingScheme(), reader.standaloneSet(),
                    reader.isStandalone(), false);
            while (reader.hasNext()) {
                int next = reader.next();
                event(reader, next);
                if (next == XMLStreamConstants.END_DOCUMENT) {
                    break;
                }
            }
        } else if (type == XMLStreamConstants.START_ELEMENT) {
            scopePrefixes = new String[16];
            scopeMarks = new int[16];
            startDocument(null, null, null, false, false, true);
            int rootPos = opCount;
            int depth = 0;
            int next = type;
            while (true) {
                event(reader, next);
                if (next == XMLStreamConstants.START_ELEMENT) {
                    depth++;
                } else if (next == XMLStreamConstants.END_ELEMENT) {
                    depth--;
                    if (depth == 0) {
                        break;
                    }
                }
                next = reader.next();
            }
            header(XMLStreamConstants.END_DOCUMENT, 0);
            redeclareOuterBindings(rootPos);
        } else {
            throw new IllegalStateException(
                    "reader must be at start_document or start_element, was " + Events.name(type));
        }
        return build();
    }

    private void startDocument(String version, String encoding, String scheme,
            boolean standaloneSet, boolean standalone, boolean implicit) {
        int flags = (standalone ? Events.DOC_STANDALONE : 0)
                | (standaloneSet ? Events.DOC_STANDALONE_SET : 0)
                | (implicit ? Events.DOC_IMPLICIT : 0);
        header(XMLStreamConstants.START_DOCUMENT, flags);
        add(string(version));
        add(string(encoding));
        add(string(scheme));
    }

    private void event(XMLStreamReader r, int type) throws XMLStreamException {
        switch (type) {
            case XMLStreamConstants.START_ELEMENT:
                startElement(r);
                break;
            case XMLStreamConstants.END_ELEMENT:
                header(type, qname(r.getPrefix(), r.getLocalName(), r.getNamespaceURI()));
                if (scopePrefixes != null) {
                    scopeTop = scopeMarks[--scopeDepth];
                }
                break;
            case XMLStreamConstants.CHARACTERS:
            case XMLStreamConstants.CDATA:
            case XMLStreamConstants.SPACE:
            case XMLStreamConstants.COMMENT:
                textEvent(type, r.getTextCharacters(), r.getTextStart(), r.getTextLength());
                if (type != XMLStreamConstants.COMMENT && scopePrefixes != null
                        && r.getTextLength() <= QNAME_MAX) {
                    checkQNameValue(r, new String(r.getTextCharacters(), r.getTextStart(),
                            r.getTextLength()));
                }
                break;
            case XMLStreamConstants.DTD:
                char[] dtd = r.getText().toCharArray();
                textEvent(type, dtd, 0, dtd.length);
                break;
            case XMLStreamConstants.PROCESSING_INSTRUCTION:
                String data = r.getPIData();
                header(type, string(r.getPITarget()) + 1);
                if (data == null) {
                    add(-1);
                    add(0);
                } else {
                    add(appendText(data));
                    add(data.length());
                }
                break;
            case XMLStreamConstants.ENTITY_REFERENCE:
                String replacement = r.getText();
                header(type, string(r.getLocalName()) + 1);
                String value = replacement == null ? "" : replacement;
                add(appendText(value));
                add(value.length());
                break;
            case XMLStreamConstants.END_DOCUMENT:
                header(type, 0);
                break;
            default:
                throw new IllegalStateException("cannot record event " + Events.name(type));
        }
    }

    private void startElement(XMLStreamReader r) throws XMLStreamException {
        int nsCount = r.getNamespaceCount();
        int attrCount = r.getAttributeCount();
        if (nsCount > Events.MAX_COUNT || attrCount > Events.MAX_COUNT) {
            throw new IllegalStateException("too many attributes or namespace declarations: "
                    + attrCount + ", " + nsCount);
        }
        int q = qname(r.getPrefix(), r.getLocalName(), r.getNamespaceURI());
        boolean hasExtra = nsCount + attrCount > 0;
        header(XMLStreamConstants.START_ELEMENT, (q << 1) | (hasExtra ? 1 : 0));
        if (scopePrefixes != null) {
            openScope();
        }
        if (!hasExtra) {
            checkNameBinding(r.getPrefix(), r.getNamespaceURI());
            return;
        }
        int countsAt = opCount;
        add(0);
        for (int i = 0; i < nsCount; i++) {
            String prefix = r.getNamespacePrefix(i);
            add(string(prefix));
            add(string(r.getNamespaceURI(i)));
            if (scopePrefixes != null) {
                declareInScope(prefix == null ? "" : prefix);
            }
        }
        checkNameBinding(r.getPrefix(), r.getNamespaceURI());
        int[] names = new int[attrCount];
        int[] offsets = new int[attrCount];
        int[] lengths = new int[attrCount];
        boolean compact = true;
        for (int i = 0; i < attrCount; i++) {
            String prefix = r.getAttributePrefix(i);
            String uri = r.getAttributeNamespace(i);
            int aq = qname(prefix, r.getAttributeLocalName(i), uri);
            int typeCode = Events.attributeTypeCode(r.getAttributeType(i));
            names[i] = (aq << 5) | (r.isAttributeSpecified(i) ? 16 : 0) | typeCode;
            String value = r.getAttributeValue(i);
            offsets[i] = appendText(value);
            lengths[i] = value.length();
            compact &= offsets[i] <= Events.COMPACT_OFFSET && lengths[i] <= 0xFFFF;
            if (prefix != null && !prefix.isEmpty()) {
                checkNameBinding(prefix, uri);
            }
            if (scopePrefixes != null && value.length() <= QNAME_MAX) {
                checkQNameValue(r, value);
            }
        }
        ops[countsAt] = (compact ? 1 << 31 : 0) | (nsCount << 16) | attrCount;
        for (int i = 0; i < attrCount; i++) {
            add(names[i]);
            if (compact) {
                add((offsets[i] << 16) | lengths[i]);
            } else {
                add(offsets[i]);
                add(lengths[i]);
            }
        }
    }

    // --- subtree namespace capture ------------------------------------------------------------

    private void openScope() {
        if (scopeDepth == scopeMarks.length) {
            scopeMarks = Arrays.copyOf(scopeMarks, scopeDepth * 2);
        }
        scopeMarks[scopeDepth++] = scopeTop;
    }

    private void declareInScope(String prefix) {
        if (scopeTop == scopePrefixes.length) {
            scopePrefixes = Arrays.copyOf(scopePrefixes, scopeTop * 2);
        }
        scopePrefixes[scopeTop++] = prefix;
    }

    private boolean declaredInside(String prefix) {
        for (int i = scopeTop - 1; i >= 0; i--) {
            if (scopePrefixes[i].equals(prefix)) {
                return true;
            }
        }
        return false;
    }

    private void checkNameBinding(String prefix, String uri) {
        if (scopePrefixes == null || uri == null || uri.isEmpty()) {
            return;
        }
        String p = prefix == null ? "" : prefix;
        if (XMLConstants.XML_NS_PREFIX.equals(p) || declaredInside(p) || outer.containsKey(p)) {
            return;
        }
        outer.put(p, uri);
    }

    /** Captures the binding of the prefix of a QName-shaped value such as {@code xsd:string}. */
    private void checkQNameValue(XMLStreamReader r, String value) {
        int colon = value.indexOf(':');
        if (colon <= 0 || colon == value.length() - 1 || value.indexOf(':', colon + 1) >= 0) {
            return;
        }
        String prefix = value.substring(0, colon).trim();
        if (prefix.isEmpty() || !isNcName(prefix) || !isNcName(value.substring(colon + 1).trim())
                || XMLConstants.XML_NS_PREFIX.equals(prefix) || declaredInside(prefix)
                || outer.containsKey(prefix)) {
            return;
        }
        String uri = r.getNamespaceURI(prefix);
        if (uri != null && !uri.isEmpty()) {
            outer.put(prefix, uri);
        }
    }

    private static boolean isNcName(String s) {
        if (s.isEmpty() || !(Character.isLetter(s.charAt(0)) || s.charAt(0) == '_')) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.')) {
                return false;
            }
        }
        return true;
    }

    /** Re-declares, on the recorded root, the bindings captured from its ancestors. */
    private void redeclareOuterBindings(int rootPos) {
        if (outer.isEmpty()) {
            return;
        }
        int head = ops[rootPos];
        int operand = head >>> Events.OPERAND_SHIFT;
        boolean hadExtra = (operand & 1) != 0;
        int counts = hadExtra ? ops[rootPos + 1] : 0;
        int nsCount = Events.nsCount(counts);
        int attrCount = Events.attrCount(counts);
        int attrInts = Events.attrStride(counts) * attrCount;
        int oldLength = 1 + (hadExtra ? 1 + 2 * nsCount + attrInts : 0);
        int newNs = nsCount + outer.size();
        if (newNs > Events.MAX_COUNT) {
            throw new IllegalStateException("too many namespace declarations: " + newNs);
        }
        int[] record = new int[2 + 2 * newNs + attrInts];
        record[0] = Events.header(XMLStreamConstants.START_ELEMENT, operand | 1);
        record[1] = (counts & (1 << 31)) | (newNs << 16) | attrCount;
        int w = 2;
        for (int i = 0; i < 2 * nsCount; i++) {
            record[w++] = ops[rootPos + 2 + i];
        }
        for (Map.Entry<String, String> e : outer.entrySet()) {
            record[w++] = string(e.getKey().isEmpty() ? null : e.getKey());
            record[w++] = string(e.getValue());
        }
        System.arraycopy(ops, rootPos + 2 + 2 * nsCount, record, w, attrInts);
        int[] spliced = new int[opCount - oldLength + record.length];
        System.arraycopy(ops, 0, spliced, 0, rootPos);
        System.arraycopy(record, 0, spliced, rootPos, record.length);
        System.arraycopy(ops, rootPos + oldLength, spliced, rootPos + record.length,
                opCount - rootPos - oldLength);
        ops = spliced;
        opCount = spliced.length;
    }

    // --- storage -------------------------------------------------------------------------------

    private void header(int type, int operand) {
        add(Events.header(type, operand));
        events++;
    }

    private void add(int value) {
        if (opCount == ops.length) {
            ops = Arrays.copyOf(ops, opCount * 2);
        }
        ops[opCount++] = value;
    }

    private void textEvent(int type, char[] chars, int start, int length) {
        int offset = appendText(chars, start, length);
        if (offset <= Events.COMPACT_OFFSET && length <= Events.COMPACT_TEXT_LENGTH) {
            header(type, (offset << 12) | (length << 1) | 1);
        } else if (length < Events.LONG_TEXT) {
            header(type, length << 1);
            add(offset);
        } else {
            header(type, Events.LONG_TEXT << 1);
            add(offset);
            add(length);
        }
    }

    private int appendText(String value) {
        if (value.length() <= DEDUP_MAX) {
            Integer known = shortTexts.get(value);
            if (known != null) {
                return known;
            }
        }
        int offset = textCount;
        ensureText(value.length());
        value.getChars(0, value.length(), text, textCount);
        textCount += value.length();
        noteWide(offset);
        if (value.length() <= DEDUP_MAX) {
            shortTexts.put(value, offset);
        }
        return offset;
    }

    private int appendText(char[] chars, int start, int length) {
        if (length <= DEDUP_MAX) {
            return appendText(new String(chars, start, length));
        }
        int offset = textCount;
        ensureText(length);
        System.arraycopy(chars, start, text, textCount, length);
        textCount += length;
        noteWide(offset);
        return offset;
    }

    private void ensureText(int length) {
        if (textCount + length > text.length) {
            long wanted = Math.max((long) text.length * 2, (long) textCount + length);
            if (wanted > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("recording text exceeds 2 gb");
            }
            text = Arrays.copyOf(text, (int) wanted);
        }
    }

    private void noteWide(int from) {
        if (wide) {
            return;
        }
        for (int i = from; i < textCount; i++) {
            if (text[i] > 0xFF) {
                wide = true;
                return;
            }
        }
    }

    private int string(String s) {
        if (s == null) {
            return -1;
        }
        Integer known = stringIndex.get(s);
        if (known != null) {
            return known;
        }
        if (stringCount == strings.length) {
            strings = Arrays.copyOf(strings, stringCount * 2);
        }
        strings[stringCount] = s.intern();
        stringIndex.put(s, stringCount);
        return stringCount++;
    }

    private int qname(String prefix, String local, String uri) {
        QKey key = new QKey(string(prefix), string(local), string(uri));
        Integer known = qnameIndex.get(key);
        if (known != null) {
            return known;
        }
        if (3 * qnameCount + 3 > qnames.length) {
            qnames = Arrays.copyOf(qnames, qnames.length * 2);
        }
        qnames[3 * qnameCount] = key.prefix();
        qnames[3 * qnameCount + 1] = key.local();
        qnames[3 * qnameCount + 2] = key.uri();
        qnameIndex.put(key, qnameCount);
        return qnameCount++;
    }

    private XmlRecording build() {
        byte[] latin1 = null;
        char[] chars = null;
        if (wide) {
            chars = Arrays.copyOf(text, textCount);
        } else {
            latin1 = new byte[textCount];
            for (int i = 0; i < textCount; i++) {
                latin1[i] = (byte) text[i];
            }
        }
        return new XmlRecording(Arrays.copyOf(ops, opCount), Arrays.copyOf(qnames, 3 * qnameCount),
                Arrays.copyOf(strings, stringCount), latin1, chars, events);
    }
}
