package io.github.wscache.core.xml;

import javax.xml.stream.XMLStreamConstants;

/**
 * The layout of the {@code int[]} event stream of an {@link XmlRecording}.
 *
 * <p>Every event starts with a header int: the StAX event type in the low four bits and an
 * operand in the upper 28 bits. The operands and the ints that follow are, per type:
 * <ul>
 *   <li>{@code START_DOCUMENT}: operand = flags; then version, encoding and declared encoding
 *       as string indexes ({@code -1} for null);</li>
 *   <li>{@code START_ELEMENT}: operand = qname index {@code << 1 | hasExtra}; if hasExtra, one
 *       int {@code compactAttributes << 31 | nsCount << 16 | attrCount}, then {@code nsCount}
 *       pairs (prefix, uri) of string indexes, then {@code attrCount} attributes: qname index
 *       {@code << 5 | specified << 4 | type code}, then {@code offset << 16 | length} if the
 *       element's attributes are compact, else offset and length as two ints;</li>
 *   <li>{@code END_ELEMENT}: operand = qname index;</li>
 *   <li>{@code CHARACTERS, CDATA, SPACE, COMMENT, DTD}: compact when the offset is below 65536
 *       and the length below 2048: operand = {@code offset << 12 | length << 1 | 1}; otherwise
 *       operand = {@code length << 1} (or {@code LONG_TEXT << 1}, and the length follows the
 *       offset), then the text offset;</li>
 *   <li>{@code PROCESSING_INSTRUCTION}: operand = target string index + 1; then data offset
 *       ({@code -1} for null data) and data length;</li>
 *   <li>{@code ENTITY_REFERENCE}: operand = name string index + 1; then text offset, length;</li>
 *   <li>{@code END_DOCUMENT}: no operand.</li>
 * </ul>
 */
final class Events {

    static final int OPERAND_SHIFT = 4;
    static final int TYPE_MASK = 0xF;
    /** Operand of a text event whose length does not fit in the header. */
    static final int LONG_TEXT = (1 << 27) - 1;
    static final int COMPACT_TEXT_LENGTH = 0x7FF;
    static final int COMPACT_OFFSET = 0xFFFF;
    static final int MAX_COUNT = 0x7FFF;

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

    /** Returns the number of ints per attribute of an element with these counts. */
    static int attrStride(int counts) {
        return counts < 0 ? 2 : 3;
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
