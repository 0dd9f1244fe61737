package io.github.wscache.core.xml;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import javax.xml.namespace.NamespaceContext;
import javax.xml.namespace.QName;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The reference for {@link RecordingDecoder}: the byte form read by an {@link XMLStreamReader}
 * that validates as it goes, whose events {@link Recorder} records as it records a parser's.
 * This was the production decoder until the direct one replaced it (issue 38); the test holds
 * the direct decoder to the same accept/reject decisions and the same recording.
 */
final class ReferenceDecoder {
    private static final int POOLED = RecordingCodec.POOLED;
    private static final int VERSION = RecordingCodec.VERSION;

    private ReferenceDecoder() {
    }

    static XmlRecording decode(byte[] bytes) {
        BytesReader r = new BytesReader(bytes);
        try {
            XmlRecording recording = r.implicit ? new Recorder().record(r.atRoot())
                    : new Recorder().record(r);
            r.expectEnd();
            return recording;
        } catch (XMLStreamException | IllegalStateException e) {
            throw malformed(e.getMessage());
        }
    }

    private static IllegalArgumentException malformed(String why) {
        return RecordingCodec.malformed(why);
    }

    /**
     * An {@link XMLStreamReader} over the byte form, with just what {@link Recorder} asks of a
     * reader: events, names, declarations, attributes, texts, namespace lookup by prefix.
     */
    private static final class BytesReader implements XMLStreamReader {
        private final byte[] in;
        private int pos;
        private final List<String> pool = new ArrayList<>();
        final boolean implicit;
        private final boolean standalone;
        private final boolean standaloneSet;
        private final String version;
        private final String encoding;
        private final String scheme;

        private int type = START_DOCUMENT;
        private String prefix;
        private String local;
        private String uri;
        private String text;
        private String piData;
        private String[] nsPrefixes = new String[0];
        private String[] nsUris = new String[0];
        private int nsCount;
        private String[] attr = new String[0];
        private int[] attrFlags = new int[0];
        private int attrCount;
        /** Open elements: prefix, local, uri per level, and the declarations in scope. */
        private final List<String[]> open = new ArrayList<>();
        private final List<String[]> scope = new ArrayList<>();

        BytesReader(byte[] in) {
            this.in = in;
            if (in.length < 4 || in[0] != 'W' || in[1] != 'X') {
                throw malformed("no 'WX' header");
            }
            if (in[2] != VERSION) {
                throw malformed("version " + in[2] + " (this wscache reads version " + VERSION
                        + ")");
            }
            int flags = in[3];
            this.pos = 4;
            this.implicit = (flags & RecordingCodec.FLAG_IMPLICIT) != 0;
            this.standalone = (flags & RecordingCodec.FLAG_STANDALONE) != 0;
            this.standaloneSet = (flags & RecordingCodec.FLAG_STANDALONE_SET) != 0;
            this.version = string();
            this.encoding = string();
            this.scheme = string();
        }

        /** Moves to the root element of an implicit (subtree) document. */
        XMLStreamReader atRoot() throws XMLStreamException {
            if (next() != START_ELEMENT) {
                throw malformed("a subtree recording must start with an element");
            }
            return this;
        }

        void expectEnd() throws XMLStreamException {
            if (implicit) {
                if (type != END_ELEMENT || !open.isEmpty() || next() != END_DOCUMENT) {
                    throw malformed("a subtree recording must end after its root element");
                }
            } else if (type != END_DOCUMENT) {
                throw malformed("no end of document");
            }
            if (pos != in.length) {
                throw malformed((in.length - pos) + " bytes after the end of the document");
            }
        }

        private int varint() {
            int v = 0;
            for (int shift = 0; shift < 35; shift += 7) {
                if (pos >= in.length) {
                    throw malformed("truncated");
                }
                int b = in[pos++];
                v |= (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    if (v < 0) {
                        throw malformed("negative number");
                    }
                    return v;
                }
            }
            throw malformed("number too long");
        }

        private int count() {
            int n = varint();
            if (n > Events.MAX_COUNT) {
                throw malformed("count " + n + " over " + Events.MAX_COUNT);
            }
            return n;
        }

        private String string() {
            int ref = varint();
            if (ref == 0) {
                return null;
            }
            if (ref > 1) {
                if (ref - 2 >= pool.size()) {
                    throw malformed("string reference " + ref + " beyond the " + pool.size()
                            + " strings seen");
                }
                return pool.get(ref - 2);
            }
            int length = varint();
            if (length > in.length - pos) {
                throw malformed("string of " + length + " bytes beyond the end");
            }
            String s = new String(in, pos, length, StandardCharsets.UTF_8);
            pos += length;
            if (s.length() <= POOLED) {
                pool.add(s);
            }
            return s;
        }

        private String nonNull(String s, String what) {
            if (s == null) {
                throw malformed(what + " is missing");
            }
            return s;
        }

        @Override
        public int next() throws XMLStreamException {
            if (type == END_DOCUMENT) {
                throw malformed("read beyond the end of the document");
            }
            if (type == END_ELEMENT) {
                scope.remove(scope.size() - 1);
            }
            if (pos >= in.length) {
                throw malformed("truncated before the end of the document");
            }
            int t = in[pos++];
            nsCount = 0;
            attrCount = 0;
            text = null;
            piData = null;
            switch (t) {
                case START_ELEMENT:
                    startElement();
                    break;
                case END_ELEMENT:
                    if (open.isEmpty()) {
                        throw malformed("an end tag without a start tag");
                    }
                    String[] name = open.remove(open.size() - 1);
                    prefix = name[0];
                    local = name[1];
                    uri = name[2];
                    String[] declared = scope.get(scope.size() - 1);
                    nsCount = declared.length / 2;
                    nsPrefixes = ensure(nsPrefixes, nsCount);
                    nsUris = ensure(nsUris, nsCount);
                    for (int i = 0; i < nsCount; i++) {
                        nsPrefixes[i] = declared[2 * i];
                        nsUris[i] = declared[2 * i + 1];
                    }
                    break;
                case PROCESSING_INSTRUCTION:
                    local = nonNull(string(), "a processing-instruction target");
                    piData = string();
                    break;
                case ENTITY_REFERENCE:
                    local = nonNull(string(), "an entity name");
                    text = nonNull(string(), "an entity replacement");
                    break;
                case CHARACTERS:
                case CDATA:
                case SPACE:
                case COMMENT:
                case DTD:
                    text = nonNull(string(), "a text");
                    break;
                case END_DOCUMENT:
                    if (!open.isEmpty()) {
                        throw malformed(open.size() + " elements not closed");
                    }
                    break;
                default:
                    throw malformed("unknown event type " + t);
            }
            type = t;
            return t;
        }

        private void startElement() {
            prefix = string();
            local = nonNull(string(), "an element name");
            uri = string();
            nsCount = count();
            nsPrefixes = ensure(nsPrefixes, nsCount);
            nsUris = ensure(nsUris, nsCount);
            String[] declared = new String[2 * nsCount];
            for (int i = 0; i < nsCount; i++) {
                nsPrefixes[i] = string();
                nsUris[i] = string();
                declared[2 * i] = nsPrefixes[i];
                declared[2 * i + 1] = nsUris[i];
            }
            attrCount = count();
            attr = ensure(attr, 4 * attrCount);
            if (attrFlags.length < attrCount) {
                attrFlags = new int[attrCount];
            }
            for (int i = 0; i < attrCount; i++) {
                attr[4 * i] = string();
                attr[4 * i + 1] = nonNull(string(), "an attribute name");
                attr[4 * i + 2] = string();
                if (pos >= in.length) {
                    throw malformed("truncated in an attribute");
                }
                int flags = in[pos++];
                if ((flags & 0xF) >= 10 || (flags & ~0x1F) != 0) {
                    throw malformed("attribute flags " + flags);
                }
                attrFlags[i] = flags;
                attr[4 * i + 3] = nonNull(string(), "an attribute value");
            }
            open.add(new String[] {prefix, local, uri});
            scope.add(declared);
            checkNamespaces(declared);
        }

        /**
         * Rejects what no namespace-aware parser reports: a prefix declared twice on one element,
         * a name whose prefix is not bound to its namespace, an attribute given twice.
         */
        private void checkNamespaces(String[] declared) {
            for (int i = 0; i < declared.length; i += 2) {
                for (int j = i + 2; j < declared.length; j += 2) {
                    if (empty(declared[i]).equals(empty(declared[j]))) {
                        throw malformed("prefix '" + empty(declared[i]) + "' declared twice");
                    }
                }
            }
            checkBound(prefix, uri, true);
            for (int i = 0; i < attrCount; i++) {
                checkBound(attr[4 * i], attr[4 * i + 2], false);
                for (int j = 0; j < i; j++) {
                    if (attr[4 * i + 1].equals(attr[4 * j + 1])
                            && empty(attr[4 * i + 2]).equals(empty(attr[4 * j + 2]))) {
                        throw malformed("attribute " + attr[4 * i + 1] + " given twice");
                    }
                }
            }
        }

        private void checkBound(String p, String ns, boolean element) {
            String pre = empty(p);
            if (pre.equals("xml") || pre.isEmpty() && !element) {
                if (pre.isEmpty() && !empty(ns).isEmpty()) {
                    throw malformed("an attribute without a prefix in namespace " + ns);
                }
                return;
            }
            if (!empty(getNamespaceURI(pre)).equals(empty(ns))) {
                throw malformed("prefix '" + pre + "' is not bound to " + ns);
            }
        }

        private static String empty(String s) {
            return s == null ? "" : s;
        }

        private static String[] ensure(String[] a, int n) {
            return a.length >= n ? a : new String[Math.max(n, 2 * a.length)];
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
        public String getLocalName() {
            return local;
        }

        @Override
        public QName getName() {
            return new QName(uri == null ? "" : uri, local, prefix == null ? "" : prefix);
        }

        @Override
        public String getNamespaceURI() {
            return uri;
        }

        @Override
        public String getPrefix() {
            return prefix;
        }

        @Override
        public String getText() {
            return text;
        }

        @Override
        public char[] getTextCharacters() {
            return text.toCharArray();
        }

        @Override
        public int getTextStart() {
            return 0;
        }

        @Override
        public int getTextLength() {
            return text.length();
        }

        @Override
        public int getTextCharacters(int sourceStart, char[] target, int targetStart,
                int length) {
            int n = Math.min(length, text.length() - sourceStart);
            text.getChars(sourceStart, sourceStart + n, target, targetStart);
            return n;
        }

        @Override
        public String getPITarget() {
            return local;
        }

        @Override
        public String getPIData() {
            return piData;
        }

        @Override
        public int getNamespaceCount() {
            return nsCount;
        }

        @Override
        public String getNamespacePrefix(int index) {
            return nsPrefixes[index];
        }

        @Override
        public String getNamespaceURI(int index) {
            return nsUris[index];
        }

        @Override
        public String getNamespaceURI(String p) {
            for (int level = scope.size() - 1; level >= 0; level--) {
                String[] d = scope.get(level);
                for (int i = d.length - 2; i >= 0; i -= 2) {
                    String dp = d[i] == null ? "" : d[i];
                    if (dp.equals(p)) {
                        return d[i + 1];
                    }
                }
            }
            return null;
        }

        @Override
        public int getAttributeCount() {
            return attrCount;
        }

        @Override
        public String getAttributePrefix(int index) {
            return attr[4 * index];
        }

        @Override
        public String getAttributeLocalName(int index) {
            return attr[4 * index + 1];
        }

        @Override
        public String getAttributeNamespace(int index) {
            return attr[4 * index + 2];
        }

        @Override
        public QName getAttributeName(int index) {
            String ns = attr[4 * index + 2];
            String p = attr[4 * index];
            return new QName(ns == null ? "" : ns, attr[4 * index + 1], p == null ? "" : p);
        }

        @Override
        public String getAttributeType(int index) {
            return Events.attributeType(attrFlags[index] & 0xF);
        }

        @Override
        public boolean isAttributeSpecified(int index) {
            return (attrFlags[index] & 16) != 0;
        }

        @Override
        public String getAttributeValue(int index) {
            return attr[4 * index + 3];
        }

        @Override
        public String getAttributeValue(String namespaceURI, String localName) {
            for (int i = 0; i < attrCount; i++) {
                if (attr[4 * i + 1].equals(localName) && (namespaceURI == null
                        || namespaceURI.equals(attr[4 * i + 2] == null ? "" : attr[4 * i + 2]))) {
                    return attr[4 * i + 3];
                }
            }
            return null;
        }

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
            return standalone;
        }

        @Override
        public boolean standaloneSet() {
            return standaloneSet;
        }

        @Override
        public Object getProperty(String name) {
            return null;
        }

        @Override
        public void require(int expected, String namespaceURI, String localName)
                throws XMLStreamException {
            if (expected != type) {
                throw new XMLStreamException("expected " + Events.name(expected) + ", was "
                        + Events.name(type));
            }
        }

        @Override
        public String getElementText() throws XMLStreamException {
            throw new XMLStreamException("getElementText is not used by the recorder");
        }

        @Override
        public int nextTag() throws XMLStreamException {
            throw new XMLStreamException("nextTag is not used by the recorder");
        }

        @Override
        public void close() {
        }

        @Override
        public boolean isStartElement() {
            return type == START_ELEMENT;
        }

        @Override
        public boolean isEndElement() {
            return type == END_ELEMENT;
        }

        @Override
        public boolean isCharacters() {
            return type == CHARACTERS;
        }

        @Override
        public boolean isWhiteSpace() {
            return type == SPACE || type == CHARACTERS && text.isBlank();
        }

        @Override
        public boolean hasText() {
            return text != null;
        }

        @Override
        public boolean hasName() {
            return type == START_ELEMENT || type == END_ELEMENT;
        }

        @Override
        public NamespaceContext getNamespaceContext() {
            throw new UnsupportedOperationException("not used by the recorder");
        }

        @Override
        public Location getLocation() {
            return ReplayReader.LOCATION;
        }
    }
}
