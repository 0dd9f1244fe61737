package io.github.wscache.core.xml;

import java.util.Arrays;
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

    /** Longest candidate for a QName-valued text, for which bindings are looked up. */
    private static final int QNAME_MAX = 128;

    private int[] ops = new int[256];
    private int opCount;
    private int events;

    private final TextTable texts = new TextTable(16);

    /** The pending run of adjacent character events: their types, lengths and characters. */
    private final StringBuilder run = new StringBuilder();
    private int[] partTypes = new int[8];
    private int[] partLengths = new int[8];
    private int partCount;

    /** The header of the innermost open element while it may still be text-only, or -1. */
    private int textOnlyAt = -1;
    private int runsInElement;

    private final NameTable names = new NameTable(16);

    /** Prefixes declared inside a recorded subtree, innermost last; null for whole documents. */
    private String[] scopePrefixes;
    private int[] scopeMarks;
    private int scopeTop;
    private int scopeDepth;
    /** Bindings in scope from outside a recorded subtree and used inside it. */
    private final Map<String, String> outer = new LinkedHashMap<>();

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
        boolean character = type == XMLStreamConstants.CHARACTERS
                || type == XMLStreamConstants.CDATA || type == XMLStreamConstants.SPACE;
        if (!character) {
            flushRun();
            if (type == XMLStreamConstants.END_ELEMENT) {
                if (textOnlyAt >= 0 && runsInElement == 1) {
                    ops[textOnlyAt] |= Events.TEXT_ONLY << Events.OPERAND_SHIFT;
                }
            }
            textOnlyAt = -1;
        }
        switch (type) {
            case XMLStreamConstants.START_ELEMENT:
                startElement(r);
                break;
            case XMLStreamConstants.END_ELEMENT:
                header(type, name(r.getPrefix(), r.getLocalName(), r.getNamespaceURI()));
                if (scopePrefixes != null) {
                    scopeTop = scopeMarks[--scopeDepth];
                }
                break;
            case XMLStreamConstants.CHARACTERS:
            case XMLStreamConstants.CDATA:
            case XMLStreamConstants.SPACE:
            case XMLStreamConstants.COMMENT:
                if (!character) {
                    header(type, text(r.getText()) << 2);
                    break;
                }
                addPart(type, r.getTextCharacters(), r.getTextStart(), r.getTextLength());
                if (scopePrefixes != null && r.getTextLength() <= QNAME_MAX) {
                    checkQNameValue(r, new String(r.getTextCharacters(), r.getTextStart(),
                            r.getTextLength()));
                }
                break;
            case XMLStreamConstants.DTD:
                header(type, text(r.getText()) << 2);
                break;
            case XMLStreamConstants.PROCESSING_INSTRUCTION:
                String data = r.getPIData();
                header(type, string(r.getPITarget()) + 1);
                add(data == null ? -1 : text(data));
                break;
            case XMLStreamConstants.ENTITY_REFERENCE:
                String replacement = r.getText();
                header(type, string(r.getLocalName()) + 1);
                add(text(replacement == null ? "" : replacement));
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
        int q = name(r.getPrefix(), r.getLocalName(), r.getNamespaceURI());
        boolean hasExtra = nsCount + attrCount > 0;
        textOnlyAt = opCount;
        runsInElement = 0;
        header(XMLStreamConstants.START_ELEMENT, (q << 2) | (hasExtra ? Events.HAS_EXTRA : 0));
        if (scopePrefixes != null) {
            openScope();
        }
        if (!hasExtra) {
            checkNameBinding(r.getPrefix(), r.getNamespaceURI());
            return;
        }
        add((nsCount << 16) | attrCount);
        for (int i = 0; i < nsCount; i++) {
            String prefix = r.getNamespacePrefix(i);
            add(name(prefix, "", r.getNamespaceURI(i)));
            if (scopePrefixes != null) {
                declareInScope(prefix == null ? "" : prefix);
            }
        }
        checkNameBinding(r.getPrefix(), r.getNamespaceURI());
        for (int i = 0; i < attrCount; i++) {
            String prefix = r.getAttributePrefix(i);
            String uri = r.getAttributeNamespace(i);
            int aq = name(prefix, r.getAttributeLocalName(i), uri);
            if (aq > Events.MAX_NAME) {
                throw new IllegalStateException("too many names in one recording");
            }
            int typeCode = Events.attributeTypeCode(r.getAttributeType(i));
            add((aq << 5) | (r.isAttributeSpecified(i) ? 16 : 0) | typeCode);
            String value = r.getAttributeValue(i);
            add(text(value));
            if (prefix != null && !prefix.isEmpty()) {
                checkNameBinding(prefix, uri);
            }
            if (scopePrefixes != null && value.length() <= QNAME_MAX) {
                checkQNameValue(r, value);
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
        int attrInts = 2 * attrCount;
        int oldLength = 1 + (hadExtra ? 1 + nsCount + attrInts : 0);
        int newNs = nsCount + outer.size();
        if (newNs > Events.MAX_COUNT) {
            throw new IllegalStateException("too many namespace declarations: " + newNs);
        }
        int[] record = new int[2 + newNs + attrInts];
        record[0] = Events.header(XMLStreamConstants.START_ELEMENT, operand | 1);
        record[1] = (newNs << 16) | attrCount;
        int w = 2;
        for (int i = 0; i < nsCount; i++) {
            record[w++] = ops[rootPos + 2 + i];
        }
        for (Map.Entry<String, String> e : outer.entrySet()) {
            record[w++] = name(e.getKey().isEmpty() ? null : e.getKey(), "", e.getValue());
        }
        System.arraycopy(ops, rootPos + 2 + nsCount, record, w, attrInts);
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

    private void addPart(int type, char[] chars, int start, int length) {
        if (partCount == partTypes.length) {
            partTypes = Arrays.copyOf(partTypes, 2 * partCount);
            partLengths = Arrays.copyOf(partLengths, 2 * partCount);
        }
        partTypes[partCount] = type;
        partLengths[partCount++] = length;
        run.append(chars, start, length);
    }

    /** Records the pending run of character events: one text for all of them. */
    private void flushRun() {
        if (partCount == 0) {
            return;
        }
        runsInElement++;
        if (partCount == 1) {
            header(partTypes[0], text(run.toString()) << 2);
        } else if (run.length() > Events.MAX_TEXT) {
            // too long for the run's ends to fit in an operand: each event its own text (and
            // so its own run: the element's text is no longer one recorded String)
            runsInElement += partCount - 1;
            int begin = 0;
            for (int i = 0; i < partCount; i++) {
                header(partTypes[i], text(run.substring(begin, begin + partLengths[i])) << 2);
                begin += partLengths[i];
            }
        } else {
            int end = partLengths[0];
            header(partTypes[0], (text(run.toString()) << 2) | Events.FIRST_PART);
            add(end);
            add(partCount - 1);
            for (int i = 1; i < partCount; i++) {
                end += partLengths[i];
                header(partTypes[i], (end << 2) | Events.NEXT_PART);
            }
        }
        partCount = 0;
        run.setLength(0);
    }

    /** Returns the index of {@code value} among the texts, adding it if needed. */
    private int text(String value) {
        return texts.index(value);
    }

    /** Returns the name whose local part is {@code s}, or {@code -1} for null. */
    private int string(String s) {
        return s == null ? -1 : name(null, s, null);
    }

    /** Returns the name of these strings: a vocabulary id, or a local one past its capacity. */
    private int name(String prefix, String local, String uri) {
        return names.id(prefix, local, uri);
    }

    private XmlRecording build() {
        return new XmlRecording(Arrays.copyOf(ops, opCount), texts.texts(), names.own(), events);
    }
}
