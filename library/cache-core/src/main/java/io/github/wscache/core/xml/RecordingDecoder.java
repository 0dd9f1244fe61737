package io.github.wscache.core.xml;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import javax.xml.stream.XMLStreamConstants;

/**
 * Turns the byte form of {@link RecordingCodec} straight into the arrays of an
 * {@link XmlRecording}, validating as it reads. Not thread-safe; used once.
 *
 * <p>It builds exactly what {@link Recorder} builds from a reader over the same events (the
 * same ints, texts and names, in the same order; {@code RecordingDecoderTest} holds it to that on
 * the corpus and on damaged bytes), without the reader in between: a name is looked up by the
 * positions of its strings in the byte form's pool, not by hashing three strings per event, and
 * a pooled text is a text of the recording once, however often the bytes refer to it.
 *
 * <p>What it accepts is tag balanced and namespace consistent: every element and attribute
 * prefix bound where it is used (to the namespace the name carries), no prefix declared twice
 * on one element, no attribute twice, a subtree recording one element followed by the end of
 * the document, nothing after the end. So bytes from elsewhere can make a wrong document, never a
 * broken replay. Anything else fails with {@link IllegalArgumentException}.
 */
final class RecordingDecoder {
    private static final int POOLED = RecordingCodec.POOLED;

    private final byte[] in;
    private int pos;

    /** The strings of up to {@link #POOLED} characters read so far, by reference number. */
    private String[] pool = new String[64];
    private int poolSize;
    /** What the last {@link #string()} read: 0 null, n+1 the nth pooled string, -1 unpooled. */
    private int code;

    private int[] ops;
    private int opCount;
    private int events;

    private final TextTable texts;
    /** Per pooled string: its text index + 1, or 0 while it is no text yet. */
    private int[] textOfPool = new int[64];

    private final NameTable names;
    /**
     * The last name whose local part is the nth pooled string: the codes of its prefix and
     * URI and its id + 1 (0: none). A local part nearly always comes with one prefix and URI.
     */
    private int[] namePrefix = new int[64];
    private int[] nameUri = new int[64];
    private int[] nameId = new int[64];
    /** The same for a namespace declaration, by the code of its URI. */
    private int[] declPrefix = new int[64];
    private int[] declId = new int[64];

    /** Open elements: name id, and where their declarations start in the scope. */
    private int[] openNames = new int[16];
    private int[] openScope = new int[16];
    private int depth;
    /** Declarations of the open elements, outermost first: prefix ("" for none) and URI. */
    private String[] scopePrefixes = new String[16];
    private String[] scopeUris = new String[16];
    private int scopeSize;

    /** The pending run of adjacent character events: types, texts and their pool codes. */
    private int[] partTypes = new int[8];
    private String[] partTexts = new String[8];
    private int[] partCodes = new int[8];
    private int partCount;
    private long partChars;
    /** The header of the innermost open element while it may still be text-only, or -1. */
    private int textOnlyAt = -1;
    private int runsInElement;

    /** The strings of the element being read: prefix, local name, URI, and their codes. */
    private final String[] element = new String[3];
    private final int[] elementCodes = new int[3];
    private String[] attributes = new String[16];
    private int[] attributeCodes = new int[16];
    private int[] attributeFlags = new int[4];

    private RecordingDecoder(byte[] in) {
        this.in = in;
        this.ops = new int[Math.min(4096, 16 + in.length / 4)];
        // sized for a SOAP response's share of distinct texts and names, so as not to grow
        int expected = Math.min(1024, 16 + in.length / 32);
        this.texts = new TextTable(2 * expected);
        this.names = new NameTable(expected);
    }

    static XmlRecording decode(byte[] bytes) {
        return new RecordingDecoder(bytes).run();
    }

    private XmlRecording run() {
        if (in.length < 4 || in[0] != 'W' || in[1] != 'X') {
            throw malformed("no 'WX' header");
        }
        if (in[2] != RecordingCodec.VERSION) {
            throw malformed("version " + in[2] + " (this wscache reads version "
                    + RecordingCodec.VERSION + ")");
        }
        int flags = in[3];
        pos = 4;
        String version = string();
        int versionCode = code;
        String encoding = string();
        int encodingCode = code;
        String scheme = string();
        int schemeCode = code;
        if ((flags & RecordingCodec.FLAG_IMPLICIT) != 0) {
            header(XMLStreamConstants.START_DOCUMENT, Events.DOC_IMPLICIT);
            add(-1);
            add(-1);
            add(-1);
            if (nextType() != XMLStreamConstants.START_ELEMENT) {
                throw malformed("a subtree recording must start with an element");
            }
            int type = XMLStreamConstants.START_ELEMENT;
            while (true) {
                event(type);
                if (type == XMLStreamConstants.END_ELEMENT && depth == 0) {
                    break;
                }
                type = nextType();
            }
            if (nextType() != XMLStreamConstants.END_DOCUMENT) {
                throw malformed("a subtree recording must end after its root element");
            }
            header(XMLStreamConstants.END_DOCUMENT, 0);
        } else {
            header(XMLStreamConstants.START_DOCUMENT,
                    ((flags & RecordingCodec.FLAG_STANDALONE) != 0 ? Events.DOC_STANDALONE : 0)
                    | ((flags & RecordingCodec.FLAG_STANDALONE_SET) != 0
                            ? Events.DOC_STANDALONE_SET : 0));
            add(stringName(version, versionCode));
            add(stringName(encoding, encodingCode));
            add(stringName(scheme, schemeCode));
            int type;
            do {
                type = nextType();
                event(type);
            } while (type != XMLStreamConstants.END_DOCUMENT);
        }
        if (pos != in.length) {
            throw malformed((in.length - pos) + " bytes after the end of the document");
        }
        return new XmlRecording(Arrays.copyOf(ops, opCount), texts.texts(), names.own(), events);
    }

    private int nextType() {
        if (pos >= in.length) {
            throw malformed("truncated before the end of the document");
        }
        return in[pos++];
    }

    private void event(int type) {
        if (type == XMLStreamConstants.CHARACTERS || type == XMLStreamConstants.CDATA
                || type == XMLStreamConstants.SPACE) {
            addPart(type, nonNull(string(), "a text"), code);
            return;
        }
        if (type != XMLStreamConstants.START_ELEMENT) {
            flushRun();
            if (type == XMLStreamConstants.END_ELEMENT && textOnlyAt >= 0
                    && runsInElement == 1) {
                ops[textOnlyAt] |= Events.TEXT_ONLY << Events.OPERAND_SHIFT;
            }
            textOnlyAt = -1;
        }
        switch (type) {
            case XMLStreamConstants.START_ELEMENT:
                startElement();
                break;
            case XMLStreamConstants.END_ELEMENT:
                if (depth == 0) {
                    throw malformed("an end tag without a start tag");
                }
                depth--;
                scopeSize = openScope[depth];
                header(type, openNames[depth]);
                break;
            case XMLStreamConstants.COMMENT:
            case XMLStreamConstants.DTD:
                String text = nonNull(string(), "a text");
                header(type, text(text, code) << 2);
                break;
            case XMLStreamConstants.PROCESSING_INSTRUCTION:
                String name = nonNull(string(), "a processing-instruction target");
                int target = stringName(name, code);
                String data = string();
                header(type, target + 1);
                add(data == null ? -1 : text(data, code));
                break;
            case XMLStreamConstants.ENTITY_REFERENCE:
                String entityName = nonNull(string(), "an entity name");
                int entity = stringName(entityName, code);
                String replacement = nonNull(string(), "an entity replacement");
                header(type, entity + 1);
                add(text(replacement, code));
                break;
            case XMLStreamConstants.END_DOCUMENT:
                if (depth != 0) {
                    throw malformed(depth + " elements not closed");
                }
                header(type, 0);
                break;
            default:
                throw malformed("unknown event type " + type);
        }
    }

    private void startElement() {
        flushRun();
        element[0] = string();
        elementCodes[0] = code;
        element[1] = nonNull(string(), "an element name");
        elementCodes[1] = code;
        element[2] = string();
        elementCodes[2] = code;
        int nsCount = count();
        int scopeStart = scopeSize;
        for (int i = 0; i < nsCount; i++) {
            String prefix = string();
            int prefixCode = code;
            String uri = string();
            declare(prefix, prefixCode, uri, code);
        }
        int attrCount = count();
        if (attributes.length < 4 * attrCount) {
            attributes = new String[4 * attrCount];
            attributeCodes = new int[4 * attrCount];
            attributeFlags = new int[attrCount];
        }
        for (int i = 0; i < attrCount; i++) {
            for (int j = 0; j < 3; j++) {
                attributes[4 * i + j] = string();
                attributeCodes[4 * i + j] = code;
            }
            nonNull(attributes[4 * i + 1], "an attribute name");
            if (pos >= in.length) {
                throw malformed("truncated in an attribute");
            }
            int flags = in[pos++];
            if ((flags & 0xF) >= 10 || (flags & ~0x1F) != 0) {
                throw malformed("attribute flags " + flags);
            }
            attributeFlags[i] = flags;
            attributes[4 * i + 3] = nonNull(string(), "an attribute value");
            attributeCodes[4 * i + 3] = code;
        }
        checkNamespaces(scopeStart, attrCount);

        int q = name(element[0], elementCodes[0], element[1], elementCodes[1], element[2],
                elementCodes[2]);
        boolean hasExtra = nsCount + attrCount > 0;
        textOnlyAt = opCount;
        runsInElement = 0;
        header(XMLStreamConstants.START_ELEMENT, (q << 2) | (hasExtra ? Events.HAS_EXTRA : 0));
        if (depth == openNames.length) {
            openNames = Arrays.copyOf(openNames, 2 * depth);
            openScope = Arrays.copyOf(openScope, 2 * depth);
        }
        openNames[depth] = q;
        openScope[depth++] = scopeStart;
        if (!hasExtra) {
            return;
        }
        add((nsCount << 16) | attrCount);
        for (int i = scopeStart; i < scopeSize; i++) {
            add(declaration(i));
        }
        for (int i = 0; i < attrCount; i++) {
            int aq = name(attributes[4 * i], attributeCodes[4 * i], attributes[4 * i + 1],
                    attributeCodes[4 * i + 1], attributes[4 * i + 2], attributeCodes[4 * i + 2]);
            if (aq > Events.MAX_NAME) {
                throw malformed("too many names in one recording");
            }
            add((aq << 5) | attributeFlags[i]);
            add(text(attributes[4 * i + 3], attributeCodes[4 * i + 3]));
        }
    }

    // --- namespaces ----------------------------------------------------------------------------

    /** The declarations in scope, as the codes of their strings: for {@link #declaration}. */
    private int[] scopePrefixCodes = new int[16];
    private int[] scopeUriCodes = new int[16];

    private void declare(String prefix, int prefixCode, String uri, int uriCode) {
        if (scopeSize == scopePrefixes.length) {
            scopePrefixes = Arrays.copyOf(scopePrefixes, 2 * scopeSize);
            scopeUris = Arrays.copyOf(scopeUris, 2 * scopeSize);
            scopePrefixCodes = Arrays.copyOf(scopePrefixCodes, 2 * scopeSize);
            scopeUriCodes = Arrays.copyOf(scopeUriCodes, 2 * scopeSize);
        }
        scopePrefixes[scopeSize] = prefix;
        scopeUris[scopeSize] = uri;
        scopePrefixCodes[scopeSize] = prefixCode;
        scopeUriCodes[scopeSize++] = uriCode;
    }

    /**
     * Rejects what no namespace-aware parser reports: a prefix declared twice on one element,
     * a name whose prefix is not bound to its namespace, an attribute given twice.
     */
    private void checkNamespaces(int scopeStart, int attrCount) {
        for (int i = scopeStart; i < scopeSize; i++) {
            for (int j = i + 1; j < scopeSize; j++) {
                if (empty(scopePrefixes[i]).equals(empty(scopePrefixes[j]))) {
                    throw malformed("prefix '" + empty(scopePrefixes[i]) + "' declared twice");
                }
            }
        }
        checkBound(element[0], element[2], true);
        for (int i = 0; i < attrCount; i++) {
            checkBound(attributes[4 * i], attributes[4 * i + 2], false);
            for (int j = 0; j < i; j++) {
                if (attributes[4 * i + 1].equals(attributes[4 * j + 1])
                        && empty(attributes[4 * i + 2]).equals(empty(attributes[4 * j + 2]))) {
                    throw malformed("attribute " + attributes[4 * i + 1] + " given twice");
                }
            }
        }
    }

    private void checkBound(String p, String ns, boolean isElement) {
        String pre = empty(p);
        if (pre.equals("xml") || pre.isEmpty() && !isElement) {
            if (pre.isEmpty() && !empty(ns).isEmpty()) {
                throw malformed("an attribute without a prefix in namespace " + ns);
            }
            return;
        }
        if (!empty(boundTo(pre)).equals(empty(ns))) {
            throw malformed("prefix '" + pre + "' is not bound to " + ns);
        }
    }

    private String boundTo(String prefix) {
        for (int i = scopeSize - 1; i >= 0; i--) {
            if (empty(scopePrefixes[i]).equals(prefix)) {
                return scopeUris[i];
            }
        }
        return null;
    }

    private static String empty(String s) {
        return s == null ? "" : s;
    }

    // --- names ---------------------------------------------------------------------------------

    /** Returns the name of a string (a document property, a PI target, an entity), or -1. */
    private int stringName(String s, int stringCode) {
        return s == null ? -1 : name(null, 0, s, stringCode, null, 0);
    }

    /** Returns the name of the ith declaration in scope: its prefix and URI, local part "". */
    private int declaration(int i) {
        int uriCode = scopeUriCodes[i];
        int prefixCode = scopePrefixCodes[i];
        if (uriCode > 0 && prefixCode >= 0) {
            growNameCaches(uriCode);
            if (declId[uriCode] != 0 && declPrefix[uriCode] == prefixCode) {
                return declId[uriCode] - 1;
            }
            int id = id(scopePrefixes[i], "", scopeUris[i]);
            declPrefix[uriCode] = prefixCode;
            declId[uriCode] = id + 1;
            return id;
        }
        return id(scopePrefixes[i], "", scopeUris[i]);
    }

    private int name(String prefix, int prefixCode, String local, int localCode, String uri,
            int uriCode) {
        if (localCode > 0 && prefixCode >= 0 && uriCode >= 0) {
            growNameCaches(localCode);
            if (nameId[localCode] != 0 && namePrefix[localCode] == prefixCode
                    && nameUri[localCode] == uriCode) {
                return nameId[localCode] - 1;
            }
            int id = id(prefix, local, uri);
            namePrefix[localCode] = prefixCode;
            nameUri[localCode] = uriCode;
            nameId[localCode] = id + 1;
            return id;
        }
        return id(prefix, local, uri);
    }

    private void growNameCaches(int code) {
        if (code >= nameId.length) {
            int n = Math.max(code + 1, 2 * nameId.length);
            namePrefix = Arrays.copyOf(namePrefix, n);
            nameUri = Arrays.copyOf(nameUri, n);
            nameId = Arrays.copyOf(nameId, n);
            declPrefix = Arrays.copyOf(declPrefix, n);
            declId = Arrays.copyOf(declId, n);
        }
    }

    /** The name of these strings: a vocabulary id, or one of this recording past its capacity. */
    private int id(String prefix, String local, String uri) {
        try {
            return names.id(prefix, local, uri);
        } catch (IllegalStateException e) {
            throw malformed(e.getMessage());
        }
    }

    // --- texts ---------------------------------------------------------------------------------

    private void addPart(int type, String text, int textCode) {
        if (partCount == partTypes.length) {
            partTypes = Arrays.copyOf(partTypes, 2 * partCount);
            partTexts = Arrays.copyOf(partTexts, 2 * partCount);
            partCodes = Arrays.copyOf(partCodes, 2 * partCount);
        }
        partTypes[partCount] = type;
        partTexts[partCount] = text;
        partCodes[partCount++] = textCode;
        partChars += text.length();
    }

    /** Records the pending run of character events: one text for all of them. */
    private void flushRun() {
        if (partCount == 0) {
            return;
        }
        runsInElement++;
        if (partCount == 1) {
            header(partTypes[0], text(partTexts[0], partCodes[0]) << 2);
        } else if (partChars > Events.MAX_TEXT) {
            runsInElement += partCount - 1;
            for (int i = 0; i < partCount; i++) {
                header(partTypes[i], text(partTexts[i], partCodes[i]) << 2);
            }
        } else {
            StringBuilder run = new StringBuilder((int) partChars);
            for (int i = 0; i < partCount; i++) {
                run.append(partTexts[i]);
            }
            int end = partTexts[0].length();
            header(partTypes[0], (text(run.toString(), -1) << 2) | Events.FIRST_PART);
            add(end);
            add(partCount - 1);
            for (int i = 1; i < partCount; i++) {
                end += partTexts[i].length();
                header(partTypes[i], (end << 2) | Events.NEXT_PART);
            }
        }
        Arrays.fill(partTexts, 0, partCount, null);
        partCount = 0;
        partChars = 0;
    }

    /**
     * Returns the index of {@code value} among the texts, adding it if needed; {@code textCode}
     * is its pool code, if it came from the pool as it is.
     */
    private int text(String value, int textCode) {
        if (textCode > 0) {
            if (textCode >= textOfPool.length) {
                textOfPool = Arrays.copyOf(textOfPool, Math.max(textCode + 1,
                        2 * textOfPool.length));
            }
            int known = textOfPool[textCode];
            if (known != 0) {
                return known - 1;
            }
            int index = textByContent(value);
            textOfPool[textCode] = index + 1;
            return index;
        }
        return textByContent(value);
    }

    private int textByContent(String value) {
        try {
            return texts.index(value);
        } catch (IllegalStateException e) {
            throw malformed(e.getMessage());
        }
    }

    // --- ints ----------------------------------------------------------------------------------

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

    // --- bytes ---------------------------------------------------------------------------------

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

    /** Reads a string reference; {@link #code} tells which. */
    private String string() {
        int ref = varint();
        if (ref == 0) {
            code = 0;
            return null;
        }
        if (ref > 1) {
            if (ref - 2 >= poolSize) {
                throw malformed("string reference " + ref + " beyond the " + poolSize
                        + " strings seen");
            }
            code = ref - 1;
            return pool[ref - 2];
        }
        int length = varint();
        if (length > in.length - pos) {
            throw malformed("string of " + length + " bytes beyond the end");
        }
        String s = new String(in, pos, length, StandardCharsets.UTF_8);
        pos += length;
        if (s.length() <= POOLED) {
            if (poolSize == pool.length) {
                pool = Arrays.copyOf(pool, 2 * poolSize);
            }
            pool[poolSize++] = s;
            code = poolSize;
        } else {
            code = -1;
        }
        return s;
    }

    private static String nonNull(String s, String what) {
        if (s == null) {
            throw malformed(what + " is missing");
        }
        return s;
    }

    private static IllegalArgumentException malformed(String why) {
        return RecordingCodec.malformed(why);
    }
}
