package io.github.wscache.core.xml;

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
 * A forward-only {@link XMLStreamReader} over an {@link XmlRecording}. Names are the vocabulary's
 * interned strings and {@link #getName()} its shared {@link QName}s; {@link #getText()},
 * {@link #getElementText()} (of one text event) and attribute values are the recording's own
 * {@code String}s: all immutable, so a replay allocates nothing per name or text, and nothing it
 * hands out can change what another replay reads. {@link #getTextCharacters()} returns a buffer
 * owned by this reader (reused, so no allocation once it has grown), never the recording's.
 * Being interned, the names are announced as such through Stax2's properties
 * ({@link #getProperty}). Not thread-safe.
 */
final class ReplayReader implements XMLStreamReader {
    /** Stax2's property: local names and prefixes are interned strings. */
    static final String INTERN_NAMES = "org.codehaus.stax2.internNames";
    /** Stax2's property: namespace URIs are interned strings. */
    static final String INTERN_NS_URIS = "org.codehaus.stax2.internNsUris";

    /** No location: a replay has no source text (shared with the byte codec's reader). */
    static final Location LOCATION = new Location() {
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
    private final String[] texts;
    private final Vocabulary.Name[] vocabulary;
    private final Vocabulary.Name[] localNames;

    // document
    private final int docFlags;
    private final String version;
    private final String encoding;
    private final String scheme;

    // current event
    private int type;
    private int pos;
    private int next;
    /**
     * The name of the current start or end element, as a reference ({@link #name(int)} resolves
     * it when asked: most end tags and many start tags are never asked for their name).
     */
    private int nameRef;
    /** Whether the current start element's content is one run of character events. */
    private boolean textOnly;
    /**
     * The text of a text event (of its whole run if it is part of one), the data of a PI, the
     * replacement of an entity reference.
     */
    private String text;
    /** Whether the current event is one part of a run, {@link #text}'s characters from begin. */
    private boolean part;
    private int textBegin;
    private int textEnd;
    private int piTarget;

    // element and namespace scopes
    private int depth;
    /**
     * The open elements that declare namespaces, outermost first, two ints each: their depth and
     * their start's position, where the declarations are read when asked for. Elements without
     * declarations (most of them) cost only the depth count.
     */
    private int[] scopes;
    /** The number of ints of {@link #scopes} in use. */
    private int scopeTop;

    // getTextCharacters()
    private char[] scratch;
    private int scratchPos = -1;

    ReplayReader(XmlRecording recording) {
        this.ops = recording.ops;
        this.texts = recording.texts;
        this.vocabulary = Vocabulary.table();
        this.localNames = recording.names;
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

    private Vocabulary.Name name(int ref) {
        return ref < Vocabulary.CAPACITY ? vocabulary[ref]
                : localNames[ref - Vocabulary.CAPACITY];
    }

    /** Returns the string a name stands for (its local part), or null for {@code -1}. */
    private String string(int ref) {
        return ref < 0 ? null : name(ref).local;
    }

    // --- iteration ---------------------------------------------------------------------------

    @Override
    public int next() throws XMLStreamException {
        return nextEvent();
    }

    /**
     * Advances to the next event; as {@link #next()} without the checked exception. The common
     * events (an element's start or end, a whole text) are handled here, small enough to be
     * inlined into a binder's loop; the others in {@link #otherEvent}.
     */
    int nextEvent() {
        int previous = type;
        if (previous == END_ELEMENT) {
            int d = depth;
            if (scopeTop > 0 && scopes[scopeTop - 2] == d) {
                scopeTop -= 2;
            }
            depth = d - 1;
        } else if (previous == END_DOCUMENT) {
            throw noMoreEvents();
        }
        int p = next;
        pos = p;
        int head = ops[p];
        int t = head & Events.TYPE_MASK;
        type = t;
        int operand = head >>> Events.OPERAND_SHIFT;
        if (t == START_ELEMENT) {
            enterElement(operand);
        } else if (t == END_ELEMENT) {
            // its namespace declarations are read from its start when asked for
            nameRef = operand;
            next = p + 1;
        } else if (t == CHARACTERS && (operand & 3) == Events.WHOLE) {
            String whole = texts[operand >>> 2];
            text = whole;
            part = false;
            textBegin = 0;
            textEnd = whole.length();
            next = p + 1;
        } else {
            otherEvent(t, operand);
        }
        return t;
    }

    private static NoSuchElementException noMoreEvents() {
        return new NoSuchElementException("end_document reached: no more events");
    }

    /** The rest of {@link #nextEvent}: the other event types, and text runs. */
    private void otherEvent(int t, int operand) {
        switch (t) {
            case CHARACTERS:
            case CDATA:
            case SPACE:
            case COMMENT:
            case DTD:
                switch (operand & 3) {
                    case Events.WHOLE:
                        text = texts[operand >>> 2];
                        part = false;
                        textBegin = 0;
                        textEnd = text.length();
                        next = pos + 1;
                        break;
                    case Events.FIRST_PART:
                        text = texts[operand >>> 2];
                        part = true;
                        textBegin = 0;
                        textEnd = ops[pos + 1];
                        next = pos + 3;
                        break;
                    default:
                        textBegin = textEnd;
                        textEnd = operand >>> 2;
                        next = pos + 1;
                        break;
                }
                break;
            case PROCESSING_INSTRUCTION:
            case ENTITY_REFERENCE:
                piTarget = operand - 1;
                int data = ops[pos + 1];
                text = data < 0 ? null : texts[data];
                part = false;
                textBegin = 0;
                textEnd = text == null ? 0 : text.length();
                next = pos + 2;
                break;
            default:
                next = pos + 1;
                break;
        }
    }

    private void enterElement(int operand) {
        int p = pos;
        nameRef = operand >>> 2;
        textOnly = (operand & Events.TEXT_ONLY) != 0;
        int declared;
        if ((operand & Events.HAS_EXTRA) != 0) {
            int counts = ops[p + 1];
            declared = Events.nsCount(counts);
            next = p + 2 + declared + 2 * Events.attrCount(counts);
        } else {
            declared = 0;
            next = p + 1;
        }
        int d = depth + 1;
        depth = d;
        if (declared > 0) {
            openScope(d, p);
        }
    }

    /**
     * Brings the namespace declarations of the start at {@code p} in scope. Kept out of
     * {@link #enterElement} (few elements declare namespaces) so that the common path stays small
     * enough to be inlined.
     */
    private void openScope(int d, int p) {
        if (scopes == null || scopeTop == scopes.length) {
            scopes = scopes == null ? new int[8] : Arrays.copyOf(scopes, scopeTop * 2);
        }
        scopes[scopeTop] = d;
        scopes[scopeTop + 1] = p;
        scopeTop += 2;
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
        if (type == START_ELEMENT) {
            int p = next;
            int head = ops[p];
            String result;
            if (textOnly) {
                // one run, then the end tag: its text is the recorded String
                result = texts[head >>> (Events.OPERAND_SHIFT + 2)];
                p = (head >>> Events.OPERAND_SHIFT & 3) == Events.FIRST_PART
                        ? p + 3 + ops[p + 2] : p + 1;
            } else if ((head & Events.TYPE_MASK) == END_ELEMENT) {
                result = "";
            } else {
                return mixedElementText();
            }
            // the end tag (a start element was current: no scope to leave)
            pos = p;
            type = END_ELEMENT;
            nameRef = ops[p] >>> Events.OPERAND_SHIFT;
            next = p + 1;
            return result;
        }
        return mixedElementText();
    }

    /**
     * {@link #getElementText()} of an element whose content is not one run of text (empty, or
     * with comments or processing instructions), kept apart so that the common case stays small
     * enough to be inlined into a binder.
     */
    private String mixedElementText() throws XMLStreamException {
        if (type != START_ELEMENT) {
            throw new XMLStreamException("parser must be on start_element to read element text, "
                    + "was " + Events.name(type));
        }
        String first = null;
        StringBuilder builder = null;
        while (true) {
            int event = nextEvent();
            switch (event) {
                case CHARACTERS:
                case CDATA:
                case SPACE:
                case ENTITY_REFERENCE:
                    if (part && textBegin != 0) {
                        break; // the rest of a run, taken whole with its first part
                    }
                    if (builder != null) {
                        builder.append(text);
                    } else if (first == null) {
                        first = text;
                    } else {
                        builder = new StringBuilder(first.length() + text.length() + 16)
                                .append(first).append(text);
                    }
                    break;
                case COMMENT:
                case PROCESSING_INSTRUCTION:
                    break;
                case END_ELEMENT:
                    if (builder != null) {
                        return builder.toString();
                    }
                    return first == null ? "" : first;
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
        int event = nextEvent();
        if (event == START_ELEMENT || event == END_ELEMENT) {
            return event;
        }
        return nextTagAfter(event);
    }

    /** The rest of {@link #nextTag()} once {@code event}, not a tag, is current. */
    private int nextTagAfter(int first) throws XMLStreamException {
        int event = first;
        while (true) {
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
            event = nextEvent();
        }
    }

    @Override
    public void close() {
        // nothing to release: the recording is shared and immutable
    }

    /**
     * Returns {@code true} for Stax2's {@code org.codehaus.stax2.internNames} and {@code
     * org.codehaus.stax2.internNsUris}, which this reader keeps (every local name, prefix and
     * namespace URI it returns, of elements, attributes and namespace declarations, is an
     * interned string), and {@code null} for any other property. A reader that says so spares its
     * consumer interning each name again (JAXB otherwise calls {@code String.intern} on every
     * name it reads, as it must for readers that do not).
     */
    @Override
    public Object getProperty(String name) {
        if (name == null) {
            throw new IllegalArgumentException("property name must not be null");
        }
        if (INTERN_NAMES.equals(name) || INTERN_NS_URIS.equals(name)) {
            return Boolean.TRUE;
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
        int t = type;
        if (t == START_ELEMENT || t == END_ELEMENT) {
            return name(nameRef).local;
        }
        if (t == ENTITY_REFERENCE) {
            return string(piTarget);
        }
        requireElement("getLocalName()");
        return name(nameRef).local;
    }

    @Override
    public QName getName() {
        requireElement("getName()");
        return name(nameRef).qname;
    }

    @Override
    public String getNamespaceURI() {
        if (type != START_ELEMENT && type != END_ELEMENT) {
            return null;
        }
        return name(nameRef).uri;
    }

    @Override
    public String getPrefix() {
        if (type != START_ELEMENT && type != END_ELEMENT) {
            return null;
        }
        return name(nameRef).prefix;
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
        for (int i = textBegin; i < textEnd; i++) {
            char c = text.charAt(i);
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                return false;
            }
        }
        return true;
    }

    @Override
    public String getText() {
        requireText("getText()");
        return part ? text.substring(textBegin, textEnd) : text;
    }

    @Override
    public char[] getTextCharacters() {
        requireText("getTextCharacters()");
        if (scratchPos != pos) {
            int length = textEnd - textBegin;
            if (scratch == null || scratch.length < length) {
                scratch = new char[Math.max(length, 64)];
            }
            text.getChars(textBegin, textEnd, scratch, 0);
            scratchPos = pos;
        }
        return scratch;
    }

    @Override
    public int getTextStart() {
        requireText("getTextStart()");
        return 0;
    }

    @Override
    public int getTextLength() {
        requireText("getTextLength()");
        return textEnd - textBegin;
    }

    /**
     * Copies the text of the current event to the start of {@code buffer}, or of a larger new
     * buffer if it does not fit, and returns the buffer used.
     */
    char[] copyText(char[] buffer) {
        int length = textEnd - textBegin;
        char[] target = buffer.length >= length
                ? buffer : new char[Math.max(length, 2 * buffer.length)];
        text.getChars(textBegin, textEnd, target, 0);
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
        int count = Math.min(length, Math.max(0, textEnd - textBegin - sourceStart));
        if (count > 0) {
            int from = textBegin + sourceStart;
            text.getChars(from, from + count, target, targetStart);
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
        return text;
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
        int counts = startCounts();
        return pos + 2 + Events.nsCount(counts)
                + 2 * Objects.checkIndex(index, Events.attrCount(counts));
    }

    @Override
    public int getAttributeCount() {
        if (type != START_ELEMENT && type != ATTRIBUTE) {
            throw new IllegalStateException("getAttributeCount() requires start_element or "
                    + "attribute, was " + Events.name(type));
        }
        return Events.attrCount(startCounts());
    }

    @Override
    public QName getAttributeName(int index) {
        return name(ops[attribute(index, "getAttributeName(int)")] >>> 5).qname;
    }

    @Override
    public String getAttributeNamespace(int index) {
        return name(ops[attribute(index, "getAttributeNamespace(int)")] >>> 5).uri;
    }

    @Override
    public String getAttributeLocalName(int index) {
        return name(ops[attribute(index, "getAttributeLocalName(int)")] >>> 5).local;
    }

    @Override
    public String getAttributePrefix(int index) {
        return name(ops[attribute(index, "getAttributePrefix(int)")] >>> 5).prefix;
    }

    @Override
    public String getAttributeType(int index) {
        return Events.attributeType(ops[attribute(index, "getAttributeType(int)")] & 0xF);
    }

    @Override
    public String getAttributeValue(int index) {
        return texts[ops[attribute(index, "getAttributeValue(int)") + 1]];
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
        int counts = startCounts();
        int attrCount = Events.attrCount(counts);
        int attrPos = pos + 2 + Events.nsCount(counts);
        for (int i = 0; i < attrCount; i++) {
            int p = attrPos + 2 * i;
            Vocabulary.Name n = name(ops[p] >>> 5);
            String local = n.local;
            if (local != localName && !local.equals(localName)) {
                continue;
            }
            if (namespaceURI != null) {
                String uri = n.uri;
                if (uri == null ? !namespaceURI.isEmpty()
                        : uri != namespaceURI && !uri.equals(namespaceURI)) {
                    continue;
                }
            }
            return texts[ops[p + 1]];
        }
        return null;
    }

    // --- namespaces ----------------------------------------------------------------------------

    private int namespace(int index, String method) {
        if (type != START_ELEMENT && type != END_ELEMENT && type != NAMESPACE) {
            throw new IllegalStateException(method + " requires start_element, end_element or "
                    + "namespace, was " + Events.name(type));
        }
        if (type == END_ELEMENT) {
            return endScopeStart() + 2 + Objects.checkIndex(index, endNamespaceCount());
        }
        return pos + 2 + Objects.checkIndex(index, Events.nsCount(startCounts()));
    }

    /**
     * The counts int of the current start element ({@code nsCount << 16 | attrCount}), 0 when it
     * has no declarations or attributes. Read when asked, not on every start.
     */
    private int startCounts() {
        return (ops[pos] >>> Events.OPERAND_SHIFT & Events.HAS_EXTRA) != 0 ? ops[pos + 1] : 0;
    }

    /**
     * The start of the element whose end is the current event if it declares namespaces, else
     * {@code -1}.
     */
    private int endScopeStart() {
        return scopeTop > 0 && scopes[scopeTop - 2] == depth ? scopes[scopeTop - 1] : -1;
    }

    /** The namespace declarations of the element whose end is the current event: its start's. */
    private int endNamespaceCount() {
        int start = endScopeStart();
        return start < 0 ? 0 : Events.nsCount(ops[start + 1]);
    }

    @Override
    public int getNamespaceCount() {
        if (type != START_ELEMENT && type != END_ELEMENT && type != NAMESPACE) {
            throw new IllegalStateException("getNamespaceCount() requires start_element, "
                    + "end_element or namespace, was " + Events.name(type));
        }
        return type == END_ELEMENT ? endNamespaceCount() : Events.nsCount(startCounts());
    }

    @Override
    public String getNamespacePrefix(int index) {
        return name(ops[namespace(index, "getNamespacePrefix(int)")]).prefix;
    }

    @Override
    public String getNamespaceURI(int index) {
        return name(ops[namespace(index, "getNamespaceURI(int)")]).uri;
    }

    @Override
    public String getNamespaceURI(String prefix) {
        if (prefix == null) {
            throw new IllegalArgumentException("prefix must not be null");
        }
        String fixed = fixedBinding(prefix);
        if (fixed != null) {
            return fixed;
        }
        for (int s = scopeTop - 1; s > 0; s -= 2) {
            int start = scopes[s];
            for (int i = Events.nsCount(ops[start + 1]) - 1; i >= 0; i--) {
                Vocabulary.Name declared = name(ops[start + 2 + i]);
                if (binds(declared, prefix)) {
                    return uriOf(declared);
                }
            }
        }
        return null;
    }

    /** Returns the declarations in scope at the current event, outermost first. */
    private Vocabulary.Name[] declarationsInScope() {
        int count = 0;
        for (int s = 1; s < scopeTop; s += 2) {
            count += Events.nsCount(ops[scopes[s] + 1]);
        }
        Vocabulary.Name[] all = new Vocabulary.Name[count];
        int n = 0;
        for (int s = 1; s < scopeTop; s += 2) {
            int start = scopes[s];
            int declared = Events.nsCount(ops[start + 1]);
            for (int i = 0; i < declared; i++) {
                all[n++] = name(ops[start + 2 + i]);
            }
        }
        return all;
    }

    /**
     * Returns the URI {@code prefix} is bound to by the innermost of {@code declarations}
     * (outermost first) that binds it, the fixed bindings of {@code xml} and {@code xmlns}, or
     * null.
     */
    static String lookup(Vocabulary.Name[] declarations, String prefix) {
        String fixed = fixedBinding(prefix);
        if (fixed != null) {
            return fixed;
        }
        for (int i = declarations.length - 1; i >= 0; i--) {
            if (binds(declarations[i], prefix)) {
                return uriOf(declarations[i]);
            }
        }
        return null;
    }

    private static String fixedBinding(String prefix) {
        if (XMLConstants.XML_NS_PREFIX.equals(prefix)) {
            return XMLConstants.XML_NS_URI;
        }
        if (XMLConstants.XMLNS_ATTRIBUTE.equals(prefix)) {
            return XMLConstants.XMLNS_ATTRIBUTE_NS_URI;
        }
        return null;
    }

    private static boolean binds(Vocabulary.Name declaration, String prefix) {
        String p = declaration.prefix;
        return prefix.isEmpty() ? p == null || p.isEmpty() : prefix.equals(p);
    }

    /** The URI a declaration binds, null for an undeclaration ({@code xmlns=""}). */
    private static String uriOf(Vocabulary.Name declaration) {
        String uri = declaration.uri;
        return uri == null || uri.isEmpty() ? null : uri;
    }

    /** Returns a snapshot of the namespace bindings in scope at the current event. */
    @Override
    public NamespaceContext getNamespaceContext() {
        return new ScopedNamespaceContext(declarationsInScope());
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
