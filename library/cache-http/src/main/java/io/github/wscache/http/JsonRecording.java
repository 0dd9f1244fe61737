package io.github.wscache.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import java.io.IOException;
import java.util.Objects;

/**
 * A JSON document recorded once as its Jackson token stream and replayed any number of times,
 * concurrently, as a {@link JsonParser} that an {@code ObjectMapper} or {@code ObjectReader}
 * binds from directly, without tokenizing the text again: the {@code events} representation of
 * cache-http. Immutable and thread-safe once recorded.
 *
 * <p>The tokens are kept in Jackson's own {@link TokenBuffer} (token types packed sixteen to a
 * {@code long}, values beside them; field names are the canonical strings the parser interned),
 * which is never written after {@link #record} returns: every {@link #newParser()} reads it
 * through a parser of its own. Numbers keep their parsed type ({@code int}, {@code long},
 * {@code BigInteger}, {@code double}, {@code BigDecimal}), so a replay binds exactly what a
 * parse of the bytes binds; a float is kept parsed, as a {@code double}, when its text is the
 * one {@link Double#toString} writes (what Jackson itself writes), else as its text.
 *
 * <pre>{@code
 * JsonRecording r = JsonRecording.record(mapper.getFactory(), bytes);
 * Item item = mapper.readerFor(Item.class).readValue(r.newParser());
 * }</pre>
 */
public final class JsonRecording {
    private final TokenBuffer tokens;
    private final int tokenCount;
    private final long retainedSize;

    private JsonRecording(TokenBuffer tokens, int tokenCount, long retainedSize) {
        this.tokens = tokens;
        this.tokenCount = tokenCount;
        this.retainedSize = retainedSize;
    }

    /**
     * Records one JSON document.
     *
     * @param factory the factory whose parser reads the bytes (the application mapper's)
     * @param json the document, UTF-8 (or any encoding Jackson detects)
     * @return the recording
     * @throws IOException if the bytes are not one well-formed JSON document
     */
    public static JsonRecording record(JsonFactory factory, byte[] json) throws IOException {
        Objects.requireNonNull(factory, "factory");
        Objects.requireNonNull(json, "json");
        try (JsonParser p = factory.createParser(json)) {
            // no codec: the recording must not hold the application's mapper (nor weigh it)
            TokenBuffer buffer = new TokenBuffer((com.fasterxml.jackson.core.ObjectCodec) null,
                    false);
            int count = 0;
            long size = 64;
            JsonToken t = p.nextToken();
            if (t == null) {
                throw new IOException("no JSON document: the body is empty");
            }
            int depth = 0;
            do {
                count++;
                size += 9;
                if (t == JsonToken.FIELD_NAME || t == JsonToken.VALUE_STRING) {
                    // names are interned by the parser and shared; count them once per use
                    size += t == JsonToken.VALUE_STRING ? 40 + 2L * p.getTextLength() : 0;
                } else if (t.isNumeric()) {
                    size += 16;
                }
                if (t.isStructStart()) {
                    depth++;
                } else if (t.isStructEnd()) {
                    depth--;
                }
                if (t == JsonToken.VALUE_NUMBER_FLOAT) {
                    copyFloat(p, buffer);
                } else if (t == JsonToken.VALUE_NUMBER_INT
                        && p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                    // Jackson's copy keeps the text, which TokenBuffer.serialize cannot write
                    buffer.writeNumber(p.getBigIntegerValue());
                } else {
                    buffer.copyCurrentEvent(p);
                }
            } while (depth > 0 && (t = p.nextToken()) != null);
            if (depth != 0) {
                throw new IOException("truncated JSON document: " + depth + " unclosed");
            }
            if (p.nextToken() != null) {
                throw new IOException("more than one JSON document in the body");
            }
            return new JsonRecording(buffer, count, size);
        }
    }

    /**
     * Records a floating-point number as the {@code double} it is when that loses nothing, else
     * as its text. Jackson's own copy keeps the text of every float (the parser's deferred
     * value), which every replay would parse again: a third of a replay of a catalog with a
     * price per item. The {@code double} is kept only when {@link Double#toString} gives back
     * exactly the recorded text, so {@code getText()}, {@code getDoubleValue()} and
     * {@code getDecimalValue()} (for {@code BigDecimal} fields and
     * {@code USE_BIG_DECIMAL_FOR_FLOATS}) replay what a parse of the bytes gives, scale included.
     * ({@code getFloatValue()} converts through the {@code double} either way, as Jackson's
     * {@code TokenBuffer} always does: a text within half a {@code double} unit of the midpoint
     * between two {@code float}s may then round to the other one than a parse gives.)
     */
    private static void copyFloat(JsonParser p, TokenBuffer buffer) throws IOException {
        String text = p.getText();
        double d = p.getDoubleValue();
        if (Double.toString(d).equals(text)) {
            buffer.writeNumber(d);
        } else {
            buffer.writeNumber(text);
        }
    }

    /** Returns a new parser over the recorded tokens, positioned before the first one. */
    public JsonParser newParser() {
        return tokens.asParser();
    }

    /**
     * Returns a new parser that binds with {@code codec} (the application's mapper), for
     * {@code parser.readValueAs(type)}.
     */
    public JsonParser newParser(com.fasterxml.jackson.core.ObjectCodec codec) {
        return tokens.asParser(codec);
    }

    /** Writes the recorded document to {@code generator} (whitespace is not kept). */
    public void writeTo(JsonGenerator generator) throws IOException {
        tokens.serialize(generator);
        generator.flush();
    }

    /** Returns the number of tokens recorded. */
    public int tokenCount() {
        return tokenCount;
    }

    /** Returns an estimate of the bytes this recording retains, for the cache's weigher. */
    public long retainedSize() {
        return retainedSize;
    }

    @Override
    public String toString() {
        return "JsonRecording{" + tokenCount + " tokens}";
    }
}
