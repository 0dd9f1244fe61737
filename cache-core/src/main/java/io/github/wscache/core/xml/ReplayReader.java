package io.github.wscache.core.xml;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.NoSuchElementException;
import java.util.Objects;

import javax.xml.XMLConstants;
import javax.xml.namespace.NamespaceContext;
import javax.xml.namespace.QName;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * A forward-only {@link XMLStreamReader} over an {@link XmlRecording}. Names are returned as the
 * recording's interned strings; {@link #getTextCharacters()} returns the recording's shared
 * buffer when it holds {@code char}s (read-only, as the StAX contract requires of callers), and
 * otherwise a reader-owned buffer decoded from Latin-1 (reused, so no allocation once it has
 * grown). Not thread-safe.
 */
final class ReplayReader implements XMLStreamReader {

    private static final Location LOCATION = new Location() {
        @Override
        public int getLineNumber() {
            return -1;
        }

        @Override
        public int getColumnNumber() {
            return -1;
        }

        @Override
        public int getCharacterOffset() {
            return -1;
        }

        @Override
        public String getPublicId() {
            return null;
        }

        @Override
        public String getSystemId() {
            return null;
        }
    };

    private final int[] ops;
    private final int[] qnames;
    private final String[] strings;
    private final byte[] latin1;
    private final char[] chars;

    // document
    private final int docFlags;
    private final String version;
    private final String encoding;
    private final String scheme;

    // current event
    private int type;
    private int pos;
    private int next;
    private int qname;
    private int nsCount;
    private int nsPos;
    private int attrCount;
    private int attrPos;
    private int attrStride;
    private int textOffset;
    private int textLength;
    private String textCache;
    private int piTarget;

    // element and namespace scopes
    private int depth;
    private int[] elementStarts = new int[16];
    private int[] nsMarks = new int[16];
    private String[] nsPrefixes = new String[16];
    private String[] nsUris = new String[16];
    private int nsTop;

    // Latin-1 decoding
    private char[] scratch;
    private int scratchPos = -1;

    ReplayReader(XmlRecording recording) {
        this.ops = recording.ops;
        this.qnames = recording.qnames;
        this.strings = recording.strings;
        this.latin1 = recording.latin1;
        this.chars = recording.chars;
        this.docFlags = ops[0] >>> Events.OPERAND_SHIFT;
        this.version = string(ops[1]);
        this.encoding = string(ops[2]);
        this.scheme = string(ops[3]);
        this.type = START_DOCUMENT;
        this.pos = 0;
        this.next = 4;
    }

    boolean isImplicitDocument() {
        return (docFlags & Events.DOC_IMPLICIT) != 0;
    }

    private String string(int index) {
        return index < 0 ? null : strings[index];
    }

    // --- iteration ---------------------------------------------------------------------------

    @Override
    public int next() throws XMLStreamException {
        return nextEvent();
    }

    /** Advances to the next event; as {@link #next()} without the checked exception. */
    int nextEvent() {
        if (type == END_DOCUMENT) {
            throw new NoSuchElementException("end_document reached: no more events");
        }
        if (type == END_ELEMENT) {
            nsTop = nsMarks[depth];
            depth--;
        }
        textCache = null;
        pos = next;
        int head = ops[pos];
        type = head & Events.TYPE_MASK;
        int operand = head >>> Events.OPERAND_SHIFT;
        switch (type) {
            case START_ELEMENT:
                enterElement(operand);
                break;
            case END_ELEMENT:
                qname = operand;
                int start = elementStarts[depth];
                int counts = (ops[start] >>> Events.OPERAND_SHIFT & 1) != 0 ? ops[start + 1] : 0;
                nsCount = Events.nsCount(counts);
                nsPos = start + 2;
                attrCount = 0;
                next = pos + 1;
                break;
            case CHARACTERS:
            case CDATA:
            case SPACE:
            case COMMENT:
            case DTD:
                if ((operand & 1) != 0) {
                    textOffset = operand >>> 12;
                    textLength = (operand >>> 1) & Events.COMPACT_TEXT_LENGTH;
                    next = pos + 1;
                } else if (operand >>> 1 == Events.LONG_TEXT) {
                    textOffset = ops[pos + 1];
                    textLength = ops[pos + 2];
                    next = pos + 3;
                } else {
                    textOffset = ops[pos + 1];
                    textLength = operand >>> 1;
                    next = pos + 2;
                }
                break;
            case PROCESSING_INSTRUCTION:
            case ENTITY_REFERENCE:
                piTarget = operand - 1;
                textOffset = ops[pos + 1];
                textLength = ops[pos + 2];
                next = pos + 3;
                break;
            default:
                next = pos + 1;
                break;
        }
        return type;
    }

    private void enterElement(int operand) {
        qname = operand >>> 1;
        if ((operand & 1) != 0) {
            int counts = ops[pos + 1];
            nsCount = Events.nsCount(counts);
            attrCount = Events.attrCount(counts);
            attrStride = Events.attrStride(counts);
            nsPos = pos + 2;
            attrPos = nsPos + 2 * nsCount;
            next = attrPos + attrStride * attrCount;
        } else {
            nsCount = 0;
            attrCount = 0;
            nsPos = pos + 2;
            attrPos = pos + 2;
            next = pos + 1;
        }
        depth++;
        if (depth == elementStarts.length) {
            elementStarts = Arrays.copyOf(elementStarts, depth * 2);
            nsMarks = Arrays.copyOf(nsMarks, depth * 2);
        }
        elementStarts[depth] = pos;
        nsMarks[depth] = nsTop;
        if (nsCount > 0) {
            if (nsTop + nsCount > nsPrefixes.length) {
                int size = Math.max(nsPrefixes.length * 2, nsTop + nsCount);
                nsPrefixes = Arrays.copyOf(nsPrefixes, size);
                nsUris = Arrays.copyOf(nsUris, size);
            }
            for (int i = 0; i < nsCount; i++) {
                nsPrefixes[nsTop] = string(ops[nsPos + 2 * i]);
                nsUris[nsTop] = string(ops[nsPos + 2 * i + 1]);
                nsTop++;
            }
        }
    }

    @Override
    public boolean hasNext() {
        return type != END_DOCUMENT;
    }

    @Override
    public int getEventType() {
        return type;
    }

    @Override
    public void require(int expected, String namespaceURI, String localName)
            throws XMLStreamException {
        if (expected != type) {
            throw new XMLStreamException("expected event " + Events.name(expected) + ", was "
                    + Events.name(type));
        }
        if (namespaceURI != null) {
            if (type != START_ELEMENT && type != END_ELEMENT) {
                throw new XMLStreamException("namespace uri " + namespaceURI
                        + " required but current event " + Events.name(type) + " has no name");
            }
            String actual = getNamespaceURI();
            if (!namespaceURI.equals(actual == null ? "" : actual)) {
                throw new XMLStreamException("expected namespace uri " + namespaceURI + ", was "
                        + actual);
            }
        }
        if (localName != null) {
            if (type != START_ELEMENT && type != END_ELEMENT && type != ENTITY_REFERENCE) {
                throw new XMLStreamException("local name " + localName
                        + " required but current event " + Events.name(type) + " has no name");
            }
            if (!localName.equals(getLocalName())) {
                throw new XMLStreamException("expected local name " + localName + ", was "
                        + getLocalName());
            }
        }
    }

    @Override
    public String getElementText() throws XMLStreamException {
        if (type != START_ELEMENT) {
            throw new XMLStreamException("parser must be on start_element to read element text, "
                    + "was " + Events.name(type));
        }
        int firstOffset = -1;
        int firstLength = 0;
        StringBuilder builder = null;
        while (true) {
            int event = nextEvent();
            switch (event) {
                case CHARACTERS:
                case CDATA:
                case SPACE:
                case ENTITY_REFERENCE:
                    if (builder != null) {
                        appendText(builder, textOffset, textLength);
                    } else if (firstOffset < 0) {
                        firstOffset = textOffset;
                        firstLength = textLength;
                    } else {
                        builder = new StringBuilder(firstLength + textLength + 16);
                        appendText(builder, firstOffset, firstLength);
                        appendText(builder, textOffset, textLength);
                    }
                    break;
                case COMMENT:
                case PROCESSING_INSTRUCTION:
                    break;
                case END_ELEMENT:
                    if (builder != null) {
                        return builder.toString();
                    }
                    return firstOffset < 0 ? "" : text(firstOffset, firstLength);
                case START_ELEMENT:
                    throw new XMLStreamException(
                            "element text content may not contain start_element");
                case END_DOCUMENT:
                    throw new XMLStreamException(
                            "unexpected end of document when reading element text content");
                default:
                    throw new XMLStreamException("unexpected event " + Events.name(event)
                            + " when reading element text content");
            }
        }
    }

    @Override
    public int nextTag() throws XMLStreamException {
        while (true) {
            int event = nextEvent();
            switch (event) {
                case START_ELEMENT:
                case END_ELEMENT:
                    return event;
                case SPACE:
                case COMMENT:
                case PROCESSING_INSTRUCTION:
                    break;
                case CHARACTERS:
                case CDATA:
                    if (!isWhiteSpace()) {
                        throw new XMLStreamException(
                                "found non-whitespace text while looking for a start or end tag");
                    }
                    break;
                default:
                    throw new XMLStreamException("found " + Events.name(event)
                            + " while looking for a start or end tag");
            }
        }
    }

    @Override
    public void close() {
        // nothing to release: the recording is shared and immutable
    }

    @Override
    public Object getProperty(String name) {
        if (name == null) {
            throw new IllegalArgumentException("property name must not be null");
        }
        return null;
    }

    // --- names ---------------------------------------------------------------------------------

    private void requireElement(String method) {
        if (type != START_ELEMENT && type != END_ELEMENT) {
            throw new IllegalStateException(method + " requires start_element or end_element, "
                    + "was " + Events.name(type));
        }
    }

    @Override
    public String getLocalName() {
        if (type == ENTITY_REFERENCE) {
            return string(piTarget);
        }
        requireElement("getLocalName()");
        return strings[qnames[3 * qname + 1]];
    }

    @Override
    public QName getName() {
        requireElement("getName()");
        return qname(qname);
    }

    private QName qname(int index) {
        String prefix = string(qnames[3 * index]);
        String uri = string(qnames[3 * index + 2]);
        return new QName(uri == null ? XMLConstants.NULL_NS_URI : uri,
                strings[qnames[3 * index + 1]],
                prefix == null ? XMLConstants.DEFAULT_NS_PREFIX : prefix);
    }

    @Override
    public String getNamespaceURI() {
        if (type != START_ELEMENT && type != END_ELEMENT) {
            return null;
        }
        return string(qnames[3 * qname + 2]);
    }

    @Override
    public String getPrefix() {
        if (type != START_ELEMENT && type != END_ELEMENT) {
            return null;
        }
        return string(qnames[3 * qname]);
    }

    @Override
    public boolean hasName() {
        return type == START_ELEMENT || type == END_ELEMENT;
    }

    @Override
    public boolean isStartElement() {
        return type == START_ELEMENT;
    }

    @Override
    public boolean isEndElement() {
        return type == END_ELEMENT;
    }

    // --- text ----------------------------------------------------------------------------------

    @Override
    public boolean hasText() {
        switch (type) {
            case CHARACTERS:
            case CDATA:
            case SPACE:
            case COMMENT:
            case DTD:
            case ENTITY_REFERENCE:
                return true;
            default:
                return false;
        }
    }

    private void requireText(String method) {
        if (!hasText()) {
            throw new IllegalStateException(method + " requires characters, cdata, space, "
                    + "comment, dtd or entity_reference, was " + Events.name(type));
        }
    }

    @Override
    public boolean isCharacters() {
        return type == CHARACTERS;
    }

    @Override
    public boolean isWhiteSpace() {
        if (type == SPACE) {
            return true;
        }
        if (type != CHARACTERS && type != CDATA) {
            return false;
        }
        int end = textOffset + textLength;
        for (int i = textOffset; i < end; i++) {
            char c = latin1 != null ? (char) (latin1[i] & 0xFF) : chars[i];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                return false;
            }
        }
        return true;
    }

    @Override
    public String getText() {
        requireText("getText()");
        if (textCache == null) {
            textCache = text(textOffset, textLength);
        }
        return textCache;
    }

    private String text(int offset, int length) {
        if (latin1 != null) {
            return new String(latin1, offset, length, StandardCharsets.ISO_8859_1);
        }
        return new String(chars, offset, length);
    }

    private void appendText(StringBuilder builder, int offset, int length) {
        if (latin1 != null) {
            for (int i = offset, end = offset + length; i < end; i++) {
                builder.append((char) (latin1[i] & 0xFF));
            }
        } else {
            builder.append(chars, offset, length);
        }
    }

    @Override
    public char[] getTextCharacters() {
        requireText("getTextCharacters()");
        if (latin1 == null) {
            return chars;
        }
        if (scratchPos != pos) {
            if (scratch == null || scratch.length < textLength) {
                scratch = new char[Math.max(textLength, 64)];
            }
            for (int i = 0; i < textLength; i++) {
                scratch[i] = (char) (latin1[textOffset + i] & 0xFF);
            }
            scratchPos = pos;
        }
        return scratch;
    }

    @Override
    public int getTextStart() {
        requireText("getTextStart()");
        return latin1 == null ? textOffset : 0;
    }

    @Override
    public int getTextLength() {
        requireText("getTextLength()");
        return textLength;
    }

    /**
     * Copies the text of the current event to the start of {@code buffer}, or of a larger new
     * buffer if it does not fit, and returns the buffer used.
     */
    char[] copyText(char[] buffer) {
        char[] target = buffer.length >= textLength
                ? buffer : new char[Math.max(textLength, 2 * buffer.length)];
        getTextCharacters(0, target, 0, textLength);
        return target;
    }

    @Override
    public int getTextCharacters(int sourceStart, char[] target, int targetStart, int length) {
        requireText("getTextCharacters(int, char[], int, int)");
        Objects.requireNonNull(target, "target");
        if (targetStart < 0 || targetStart > target.length) {
            throw new IndexOutOfBoundsException("target start " + targetStart
                    + " outside target of length " + target.length);
        }
        if (length < 0 || targetStart + length > target.length) {
            throw new IndexOutOfBoundsException("length " + length + " from target start "
                    + targetStart + " exceeds target of length " + target.length);
        }
        if (sourceStart < 0) {
            throw new IndexOutOfBoundsException("negative source start " + sourceStart);
        }
        int count = Math.min(length, Math.max(0, textLength - sourceStart));
        if (latin1 != null) {
            for (int i = 0; i < count; i++) {
                target[targetStart + i] = (char) (latin1[textOffset + sourceStart + i] & 0xFF);
            }
        } else if (count > 0) {
            System.arraycopy(chars, textOffset + sourceStart, target, targetStart, count);
        }
        return count;
    }

    @Override
    public String getPITarget() {
        requirePi("getPITarget()");
        return string(piTarget);
    }

    @Override
    public String getPIData() {
        requirePi("getPIData()");
        return textOffset < 0 ? null : text(textOffset, textLength);
    }

    private void requirePi(String method) {
        if (type != PROCESSING_INSTRUCTION) {
            throw new IllegalStateException(method + " requires processing_instruction, was "
                    + Events.name(type));
        }
    }

    // --- attributes ----------------------------------------------------------------------------

    private int attribute(int index, String method) {
        if (type != START_ELEMENT && type != ATTRIBUTE) {
            throw new IllegalStateException(method + " requires start_element or attribute, was "
                    + Events.name(type));
        }
        return attrPos + attrStride * Objects.checkIndex(index, attrCount);
    }

    @Override
    public int getAttributeCount() {
        if (type != START_ELEMENT && type != ATTRIBUTE) {
            throw new IllegalStateException("getAttributeCount() requires start_element or "
                    + "attribute, was " + Events.name(type));
        }
        return attrCount;
    }

    @Override
    public QName getAttributeName(int index) {
        return qname(ops[attribute(index, "getAttributeName(int)")] >>> 5);
    }

    @Override
    public String getAttributeNamespace(int index) {
        return string(qnames[3 * (ops[attribute(index, "getAttributeNamespace(int)")] >>> 5) + 2]);
    }

    @Override
    public String getAttributeLocalName(int index) {
        return strings[qnames[3 * (ops[attribute(index, "getAttributeLocalName(int)")] >>> 5)
                + 1]];
    }

    @Override
    public String getAttributePrefix(int index) {
        return string(qnames[3 * (ops[attribute(index, "getAttributePrefix(int)")] >>> 5)]);
    }

    @Override
    public String getAttributeType(int index) {
        return Events.attributeType(ops[attribute(index, "getAttributeType(int)")] & 0xF);
    }

    @Override
    public String getAttributeValue(int index) {
        return attributeValue(attribute(index, "getAttributeValue(int)"));
    }

    @Override
    public boolean isAttributeSpecified(int index) {
        return (ops[attribute(index, "isAttributeSpecified(int)")] & 16) != 0;
    }

    @Override
    public String getAttributeValue(String namespaceURI, String localName) {
        if (type != START_ELEMENT && type != ATTRIBUTE) {
            throw new IllegalStateException("getAttributeValue(String, String) requires "
                    + "start_element or attribute, was " + Events.name(type));
        }
        for (int i = 0; i < attrCount; i++) {
            int p = attrPos + attrStride * i;
            int q = 3 * (ops[p] >>> 5);
            String local = strings[qnames[q + 1]];
            if (local != localName && !local.equals(localName)) {
                continue;
            }
            if (namespaceURI != null) {
                String uri = string(qnames[q + 2]);
                if (uri == null ? !namespaceURI.isEmpty()
                        : uri != namespaceURI && !uri.equals(namespaceURI)) {
                    continue;
                }
            }
            return attributeValue(p);
        }
        return null;
    }

    private String attributeValue(int p) {
        if (attrStride == 2) {
            int packed = ops[p + 1];
            return text(packed >>> 16, packed & 0xFFFF);
        }
        return text(ops[p + 1], ops[p + 2]);
    }

    // --- namespaces ----------------------------------------------------------------------------

    private int namespace(int index, String method) {
        if (type != START_ELEMENT && type != END_ELEMENT && type != NAMESPACE) {
            throw new IllegalStateException(method + " requires start_element, end_element or "
                    + "namespace, was " + Events.name(type));
        }
        return nsPos + 2 * Objects.checkIndex(index, nsCount);
    }

    @Override
    public int getNamespaceCount() {
        if (type != START_ELEMENT && type != END_ELEMENT && type != NAMESPACE) {
            throw new IllegalStateException("getNamespaceCount() requires start_element, "
                    + "end_element or namespace, was " + Events.name(type));
        }
        return nsCount;
    }

    @Override
    public String getNamespacePrefix(int index) {
        return string(ops[namespace(index, "getNamespacePrefix(int)")]);
    }

    @Override
    public String getNamespaceURI(int index) {
        return string(ops[namespace(index, "getNamespaceURI(int)") + 1]);
    }

    @Override
    public String getNamespaceURI(String prefix) {
        if (prefix == null) {
            throw new IllegalArgumentException("prefix must not be null");
        }
        return lookup(nsPrefixes, nsUris, nsTop, prefix);
    }

    static String lookup(String[] prefixes, String[] uris, int top, String prefix) {
        if (XMLConstants.XML_NS_PREFIX.equals(prefix)) {
            return XMLConstants.XML_NS_URI;
        }
        if (XMLConstants.XMLNS_ATTRIBUTE.equals(prefix)) {
            return XMLConstants.XMLNS_ATTRIBUTE_NS_URI;
        }
        for (int i = top - 1; i >= 0; i--) {
            String p = prefixes[i];
            if (prefix.isEmpty() ? p == null || p.isEmpty() : prefix.equals(p)) {
                String uri = uris[i];
                return uri == null || uri.isEmpty() ? null : uri;
            }
        }
        return null;
    }

    /** Returns a snapshot of the namespace bindings in scope at the current event. */
    @Override
    public NamespaceContext getNamespaceContext() {
        return new ScopedNamespaceContext(Arrays.copyOf(nsPrefixes, nsTop),
                Arrays.copyOf(nsUris, nsTop));
    }

    // --- document ------------------------------------------------------------------------------

    @Override
    public String getVersion() {
        return version;
    }

    @Override
    public String getEncoding() {
        return encoding;
    }

    @Override
    public String getCharacterEncodingScheme() {
        return scheme;
    }

    @Override
    public boolean isStandalone() {
        return (docFlags & Events.DOC_STANDALONE) != 0;
    }

    @Override
    public boolean standaloneSet() {
        return (docFlags & Events.DOC_STANDALONE_SET) != 0;
    }

    @Override
    public Location getLocation() {
        return LOCATION;
    }
}
