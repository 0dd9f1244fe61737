package io.github.wscache.core.xml;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.Objects;

import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;

import org.xml.sax.ContentHandler;
import org.xml.sax.SAXException;
import org.xml.sax.ext.LexicalHandler;
import org.xml.sax.helpers.AttributesImpl;

/**
 * An immutable, thread-safe recording of the StAX event sequence of an XML document or of one
 * element subtree, replayable any number of times, concurrently, without parsing XML again.
 *
 * <p>Events and their operands are kept in an {@code int[]}; every text (character data,
 * attribute values, comments, PI data) as a {@code String}, short texts (such as repeated
 * indentation or {@code xsi:type} values) once per recording, so a replay hands out the same
 * immutable instances to every caller and allocates none. Prefixes, local names and namespace
 * URIs, as {@linkplain String#intern() interned} strings with their {@link
 * javax.xml.namespace.QName}, are kept once per JVM in a bounded vocabulary shared by all
 * recordings, which refer to them by number; a name the vocabulary cannot take (it is full, or
 * the name is very long) is kept in its recording.
 *
 * <p>Every replay starts in the {@code START_DOCUMENT} state and ends with
 * {@code END_DOCUMENT}. A recording of a subtree (see {@link #record(XMLStreamReader)}) replays
 * as a document whose root is that element, with an implicit document (no version, encoding or
 * standalone declaration); namespace bindings the subtree uses from its ancestors are
 * re-declared on its root, so the replay is self-contained.
 *
 * <pre>{@code
 * XmlRecording recording = XmlRecording.parse(responseBytes);
 * XMLStreamReader reader = recording.newReader(); // fresh reader per cache hit
 * while (reader.next() != XMLStreamConstants.START_ELEMENT) {
 *     // skip to the payload
 * }
 * GoogleSearchResult result = GoogleSearchResult.Factory.parse(reader);
 * }</pre>
 */
public final class XmlRecording {

    private static final int OBJECT_HEADER = 12;
    private static final int ARRAY_HEADER = 16;
    private static final int REFERENCE = 4;
    private static final int STRING_SHALLOW = 24;
    private static final int NAME_SHALLOW = 32;
    private static final int QNAME_SHALLOW = 24;

    final int[] ops;
    /** Every text of the recording, indexed by the event stream. */
    final String[] texts;
    /** The names the vocabulary did not take, or null (usually). */
    final Vocabulary.Name[] names;
    private final int eventCount;
    /** The document element's name, found when first asked (racy: any thread finds the same). */
    private QName rootName;
    private final int retainedSize;

    XmlRecording(int[] ops, String[] texts, Vocabulary.Name[] names, int eventCount) {
        this.ops = ops;
        this.texts = texts;
        this.names = names;
        this.eventCount = eventCount;
        this.retainedSize = (int) Math.min(Integer.MAX_VALUE, computeRetainedSize());
    }

    /**
     * Records events from {@code reader}. If the reader is at {@code START_DOCUMENT}, the whole
     * document is recorded and the reader is left at {@code END_DOCUMENT}. If it is at
     * {@code START_ELEMENT}, that element's subtree is recorded and the reader is left at the
     * matching {@code END_ELEMENT}.
     *
     * <p>For a subtree, the bindings it takes from its ancestors are re-declared on its root: the
     * prefixes (and the default namespace) of element and attribute names, and the prefixes of
     * QName-shaped attribute values and short texts such as {@code xsi:type="xsd:string"},
     * resolved with {@link XMLStreamReader#getNamespaceURI(String)}. StAX cannot enumerate the
     * bindings in scope, so an ancestor prefix referenced in any other way (inside an XPath
     * expression in text, say) is not re-declared.
     *
     * @param reader a namespace-aware reader at {@code START_DOCUMENT} or {@code START_ELEMENT}
     * @return the recording
     * @throws XMLStreamException if the reader fails
     * @throws IllegalStateException if the reader is at another event
     */
    public static XmlRecording record(XMLStreamReader reader) throws XMLStreamException {
        Objects.requireNonNull(reader, "reader");
        return new Recorder().record(reader);
    }

    /**
     * Parses a whole document with a shared JDK reader (no DTD, no external entities, entity
     * references replaced, CDATA sections reported) and records it.
     *
     * @param xml the document bytes; the encoding is detected from the bytes
     * @return the recording
     * @throws XMLStreamException if the document is not well-formed
     */
    public static XmlRecording parse(byte[] xml) throws XMLStreamException {
        Objects.requireNonNull(xml, "xml");
        return parse(new ByteArrayInputStream(xml));
    }

    /**
     * Parses a whole document from a stream, as {@link #parse(byte[])}; the stream is read to the
     * end of the document but not closed.
     *
     * @param xml the document
     * @return the recording
     * @throws XMLStreamException if the document is not well-formed or cannot be read
     */
    public static XmlRecording parse(InputStream xml) throws XMLStreamException {
        Objects.requireNonNull(xml, "xml");
        XMLStreamReader reader = SecureInput.FACTORY.createXMLStreamReader(xml);
        try {
            return record(reader);
        } finally {
            reader.close();
        }
    }

    /**
     * Returns a new reader replaying this recording from {@code START_DOCUMENT}. Readers are
     * independent; each is confined to one thread at a time.
     *
     * @return a fresh replaying reader
     */
    public XMLStreamReader newReader() {
        return new ReplayReader(this);
    }

    /**
     * Returns the name of the document element (the first element a replay reports), or
     * {@code null} if the recording has none. What a container that holds the recording
     * unread needs up front (an Axiom {@code OMSourcedElement}, say); found once.
     *
     * @return the document element's name, or {@code null}
     */
    public QName rootName() {
        QName name = rootName;
        if (name == null) {
            ReplayReader r = new ReplayReader(this);
            int event = r.nextEvent();
            while (event != XMLStreamConstants.START_ELEMENT
                    && event != XMLStreamConstants.END_DOCUMENT) {
                event = r.nextEvent();
            }
            if (event == XMLStreamConstants.END_DOCUMENT) {
                return null;
            }
            name = r.getName();
            rootName = name;
        }
        return name;
    }

    /**
     * Replays this recording as namespace-aware SAX events: {@code startPrefixMapping} and
     * {@code endPrefixMapping} around elements, attributes without {@code xmlns} attributes,
     * {@code SPACE} as {@code characters}; comments and CDATA boundaries are reported when
     * {@code handler} also implements {@link LexicalHandler}. DTD events are not replayed.
     * Characters are passed in a buffer owned by this replay, never in the recording's own.
     *
     * @param handler the receiver of the events
     * @throws SAXException if the handler throws it
     */
    public void replay(ContentHandler handler) throws SAXException {
        Objects.requireNonNull(handler, "handler");
        LexicalHandler lexical =
                handler instanceof LexicalHandler ? (LexicalHandler) handler : null;
        ReplayReader r = new ReplayReader(this);
        AttributesImpl attributes = new AttributesImpl();
        char[] text = new char[256];
        handler.startDocument();
        while (r.hasNext()) {
            int type = r.nextEvent();
            switch (type) {
                case XMLStreamConstants.START_ELEMENT:
                    for (int i = 0, n = r.getNamespaceCount(); i < n; i++) {
                        handler.startPrefixMapping(empty(r.getNamespacePrefix(i)),
                                empty(r.getNamespaceURI(i)));
                    }
                    attributes.clear();
                    for (int i = 0, n = r.getAttributeCount(); i < n; i++) {
                        attributes.addAttribute(empty(r.getAttributeNamespace(i)),
                                r.getAttributeLocalName(i),
                                qualified(r.getAttributePrefix(i), r.getAttributeLocalName(i)),
                                r.getAttributeType(i), r.getAttributeValue(i));
                    }
                    handler.startElement(empty(r.getNamespaceURI()), r.getLocalName(),
                            qualified(r.getPrefix(), r.getLocalName()), attributes);
                    break;
                case XMLStreamConstants.END_ELEMENT:
                    handler.endElement(empty(r.getNamespaceURI()), r.getLocalName(),
                            qualified(r.getPrefix(), r.getLocalName()));
                    for (int i = 0, n = r.getNamespaceCount(); i < n; i++) {
                        handler.endPrefixMapping(empty(r.getNamespacePrefix(i)));
                    }
                    break;
                case XMLStreamConstants.CHARACTERS:
                case XMLStreamConstants.SPACE:
                case XMLStreamConstants.ENTITY_REFERENCE:
                    text = r.copyText(text);
                    handler.characters(text, 0, r.getTextLength());
                    break;
                case XMLStreamConstants.CDATA:
                    if (lexical != null) {
                        lexical.startCDATA();
                    }
                    text = r.copyText(text);
                    handler.characters(text, 0, r.getTextLength());
                    if (lexical != null) {
                        lexical.endCDATA();
                    }
                    break;
                case XMLStreamConstants.COMMENT:
                    if (lexical != null) {
                        text = r.copyText(text);
                        lexical.comment(text, 0, r.getTextLength());
                    }
                    break;
                case XMLStreamConstants.PROCESSING_INSTRUCTION:
                    handler.processingInstruction(r.getPITarget(), empty(r.getPIData()));
                    break;
                default:
                    break;
            }
        }
        handler.endDocument();
    }

    /**
     * Writes the recorded events to {@code writer}, which should not repair namespaces (the
     * recorded declarations are written as they are). A whole-document recording writes the XML
     * declaration (with the recorded version; the encoding is the writer's own, so the recorded
     * one is not repeated) and ends the document; a subtree recording writes just the element,
     * at the writer's current position. The writer is neither flushed nor closed.
     *
     * @param writer the destination
     * @throws XMLStreamException if the writer fails
     */
    public void writeTo(XMLStreamWriter writer) throws XMLStreamException {
        Objects.requireNonNull(writer, "writer");
        ReplayReader r = new ReplayReader(this);
        boolean implicit = r.isImplicitDocument();
        if (!implicit) {
            writer.writeStartDocument(r.getVersion() == null ? "1.0" : r.getVersion());
        }
        while (r.hasNext()) {
            int type = r.nextEvent();
            switch (type) {
                case XMLStreamConstants.START_ELEMENT:
                    writer.writeStartElement(empty(r.getPrefix()), r.getLocalName(),
                            empty(r.getNamespaceURI()));
                    for (int i = 0, n = r.getNamespaceCount(); i < n; i++) {
                        String prefix = r.getNamespacePrefix(i);
                        if (prefix == null || prefix.isEmpty()) {
                            writer.writeDefaultNamespace(empty(r.getNamespaceURI(i)));
                        } else {
                            writer.writeNamespace(prefix, empty(r.getNamespaceURI(i)));
                        }
                    }
                    for (int i = 0, n = r.getAttributeCount(); i < n; i++) {
                        String ns = r.getAttributeNamespace(i);
                        if (ns == null || ns.isEmpty()) {
                            writer.writeAttribute(r.getAttributeLocalName(i),
                                    r.getAttributeValue(i));
                        } else {
                            writer.writeAttribute(empty(r.getAttributePrefix(i)), ns,
                                    r.getAttributeLocalName(i), r.getAttributeValue(i));
                        }
                    }
                    break;
                case XMLStreamConstants.END_ELEMENT:
                    writer.writeEndElement();
                    break;
                case XMLStreamConstants.CHARACTERS:
                case XMLStreamConstants.SPACE:
                    writer.writeCharacters(r.getTextCharacters(), r.getTextStart(),
                            r.getTextLength());
                    break;
                case XMLStreamConstants.CDATA:
                    writer.writeCData(r.getText());
                    break;
                case XMLStreamConstants.COMMENT:
                    writer.writeComment(r.getText());
                    break;
                case XMLStreamConstants.PROCESSING_INSTRUCTION:
                    String data = r.getPIData();
                    if (data == null || data.isEmpty()) {
                        writer.writeProcessingInstruction(r.getPITarget());
                    } else {
                        writer.writeProcessingInstruction(r.getPITarget(), data);
                    }
                    break;
                case XMLStreamConstants.ENTITY_REFERENCE:
                    writer.writeEntityRef(r.getLocalName());
                    break;
                case XMLStreamConstants.DTD:
                    writer.writeDTD(r.getText());
                    break;
                default:
                    break;
            }
        }
        if (!implicit) {
            writer.writeEndDocument();
        }
    }

    /**
     * Returns this recording in a compact, versioned byte form that another JVM (or this one,
     * later) turns back into an equal recording with {@link #fromBytes(byte[])}, without parsing
     * XML: for caches that keep recordings outside the heap, such as a tier shared by a farm.
     * The form holds the event sequence (names, texts, declarations, attributes, document
     * properties), not this JVM's vocabulary ids.
     *
     * <pre>{@code
     * byte[] bytes = recording.toBytes();          // store it anywhere
     * XmlRecording same = XmlRecording.fromBytes(bytes);
     * }</pre>
     *
     * @return the byte form, a new array
     */
    public byte[] toBytes() {
        return RecordingCodec.encode(this);
    }

    /**
     * Returns the recording whose {@link #toBytes()} form {@code bytes} are. Whatever bytes it
     * accepts give a recording that replays correctly (the input is validated as it is read);
     * bytes not made by {@code toBytes}, truncated or of another format version are rejected.
     *
     * @param bytes the byte form
     * @return the recording
     * @throws IllegalArgumentException if {@code bytes} are not a recording in byte form, with
     *     what is wrong
     */
    public static XmlRecording fromBytes(byte[] bytes) {
        Objects.requireNonNull(bytes, "bytes");
        return RecordingCodec.decode(bytes);
    }

    /**
     * Returns an estimate, in bytes, of the heap this recording retains (its arrays and texts,
     * assuming compressed references), for a cache's weigher. Names held by the JVM-wide
     * vocabulary are shared by every recording and outlive them, so they are not counted; the
     * names a recording keeps itself are.
     *
     * @return the estimated retained size in bytes
     */
    public long retainedSize() {
        return retainedSize;
    }

    /**
     * Returns the number of events a replay reports, {@code START_DOCUMENT} and
     * {@code END_DOCUMENT} included.
     *
     * @return the event count
     */
    public int eventCount() {
        return eventCount;
    }

    @Override
    public String toString() {
        return "XmlRecording[events=" + eventCount + ", retainedSize=" + retainedSize + "]";
    }

    private long computeRetainedSize() {
        // ops, texts, names, rootName; eventCount, retainedSize
        long size = align(OBJECT_HEADER + 4L * REFERENCE + 4 + 4);
        size += align(ARRAY_HEADER + 4L * ops.length);
        size += align(ARRAY_HEADER + (long) REFERENCE * texts.length);
        for (String s : texts) {
            size += string(s);
        }
        if (names != null) {
            size += align(ARRAY_HEADER + (long) REFERENCE * names.length);
            for (Vocabulary.Name n : names) {
                size += NAME_SHALLOW + QNAME_SHALLOW + string(n.prefix) + string(n.local)
                        + string(n.uri);
            }
        }
        return size;
    }

    private static long string(String s) {
        return s == null ? 0 : align(STRING_SHALLOW) + align(ARRAY_HEADER + stringBytes(s));
    }

    private static long stringBytes(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) > 0xFF) {
                return 2L * s.length();
            }
        }
        return s.length();
    }

    private static long align(long bytes) {
        return (bytes + 7) & ~7L;
    }

    private static String empty(String s) {
        return s == null ? "" : s;
    }

    private static String qualified(String prefix, String local) {
        return prefix == null || prefix.isEmpty() ? local : prefix + ':' + local;
    }
}
