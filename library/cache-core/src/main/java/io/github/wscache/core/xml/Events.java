package io.github.wscache.core.xml;

import javax.xml.stream.XMLStreamConstants;

/**
 * The layout of the {@code int[]} event stream of an {@link XmlRecording}.
 *
 * <p>Every event starts with a header int: the StAX event type in the low four bits and an
 * operand in the upper 28 bits. A <em>name</em> is a {@link Vocabulary} id, or, at
 * {@link Vocabulary#CAPACITY} and above, an index (plus that capacity) into the recording's own
 * names; a <em>text</em> is an index into the recording's {@code String[]} of texts. The operands
 * and the ints that follow are, per type:
 * <ul>
 *   <li>{@code START_DOCUMENT}: operand = flags; then version, encoding and declared encoding
 *       as names whose local part is the string ({@code -1} for null);</li>
 *   <li>{@code START_ELEMENT}: operand = name {@code << 2 | textOnly << 1 | hasExtra}
 *       (textOnly: the element's content is one run of character events, nothing else, so
 *       {@code getElementText} can return its text at once); if hasExtra, one int
 *       {@code nsCount << 16 | attrCount}, then {@code nsCount} namespace declarations, each a
 *       name whose prefix and URI are those declared (and whose local part is empty), then
 *       {@code attrCount} attributes, each two ints: name {@code << 5 | specified << 4 | type
 *       code}, and the value as a text;</li>
 *   <li>{@code END_ELEMENT}: operand = name;</li>
 *   <li>{@code CHARACTERS, CDATA, SPACE, COMMENT, DTD}: operand = text {@code << 2}
 *       ({@link #WHOLE}). Adjacent {@code CHARACTERS}, {@code CDATA} and {@code SPACE} events
 *       (a parser that does not coalesce splits text at entity references, say) form a run, kept
 *       as one text, their concatenation: the first event of a run of two or more has operand
 *       text {@code << 2 | }{@link #FIRST_PART} and two more ints, the end of its characters in
 *       that text and the number of events that follow in the run (so that a reader asked for
 *       the whole text skips the run at once); each following one operand end
 *       {@code << 2 | }{@link #NEXT_PART} (it begins where the one before ended);</li>
 *   <li>{@code PROCESSING_INSTRUCTION}: operand = target name + 1; then the data as a text
 *       ({@code -1} for null);</li>
 *   <li>{@code ENTITY_REFERENCE}: operand = entity name + 1; then the replacement as a text;</li>
 *   <li>{@code END_DOCUMENT}: no operand.</li>
 * </ul>
 */
final class Events {

    static final int OPERAND_SHIFT = 4;
    static final int TYPE_MASK = 0xF;
    /** The largest operand a header holds. */
    static final int MAX_OPERAND = (1 << 28) - 1;
    static final int MAX_COUNT = 0x7FFF;
    /** The largest name an element or attribute operand holds. */
    static final int MAX_NAME = MAX_OPERAND >>> 2;
    /** The START_ELEMENT operand bits: declarations or attributes follow; text-only content. */
    static final int HAS_EXTRA = 1;
    static final int TEXT_ONLY = 2;
    /** Tags of a text event's operand: the whole text, the first or a following run part. */
    static final int WHOLE = 0;
    static final int FIRST_PART = 1;
    static final int NEXT_PART = 2;
    /** The largest text index or run length a text event's operand holds. */
    static final int MAX_TEXT = Events.MAX_OPERAND >>> 2;

    static final int DOC_STANDALONE = 1;
    static final int DOC_STANDALONE_SET = 2;
    static final int DOC_IMPLICIT = 4;

    private static final String[] ATTRIBUTE_TYPES = {
        "CDATA", "ID", "IDREF", "IDREFS", "NMTOKEN", "NMTOKENS", "ENTITY", "ENTITIES",
        "NOTATION", "ENUMERATION",
    };

    private Events() {
    }

    static int header(int type, int operand) {
        return type | (operand << OPERAND_SHIFT);
    }

    static int nsCount(int counts) {
        return (counts >>> 16) & MAX_COUNT;
    }

    static int attrCount(int counts) {
        return counts & 0xFFFF;
    }

    static int attributeTypeCode(String type) {
        for (int i = 0; i < ATTRIBUTE_TYPES.length; i++) {
            if (ATTRIBUTE_TYPES[i].equals(type)) {
                return i;
            }
        }
        return 0;
    }

    static String attributeType(int code) {
        return ATTRIBUTE_TYPES[code];
    }

    /** Returns the lower-case name of a StAX event type, for messages. */
    static String name(int type) {
        switch (type) {
            case XMLStreamConstants.START_ELEMENT:
                return "start_element";
            case XMLStreamConstants.END_ELEMENT:
                return "end_element";
            case XMLStreamConstants.PROCESSING_INSTRUCTION:
                return "processing_instruction";
            case XMLStreamConstants.CHARACTERS:
                return "characters";
            case XMLStreamConstants.COMMENT:
                return "comment";
            case XMLStreamConstants.SPACE:
                return "space";
            case XMLStreamConstants.START_DOCUMENT:
                return "start_document";
            case XMLStreamConstants.END_DOCUMENT:
                return "end_document";
            case XMLStreamConstants.ENTITY_REFERENCE:
                return "entity_reference";
            case XMLStreamConstants.ATTRIBUTE:
                return "attribute";
            case XMLStreamConstants.DTD:
                return "dtd";
            case XMLStreamConstants.CDATA:
                return "cdata";
            case XMLStreamConstants.NAMESPACE:
                return "namespace";
            case XMLStreamConstants.NOTATION_DECLARATION:
                return "notation_declaration";
            case XMLStreamConstants.ENTITY_DECLARATION:
                return "entity_declaration";
            default:
                return "event " + type;
        }
    }
}
