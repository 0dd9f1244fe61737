package io.github.wscache.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** A replay of a {@link JsonRecording} gives what a parse of the bytes gives, token by token. */
class JsonRecordingTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** A bean with every kind of number field. */
    public static final class Numbers {
        public double price;
        public float ratio;
        public BigDecimal amount;
        public BigInteger big;
        public long count;
        public int small;
        public Object anything;
    }

    private static final String NUMBERS = "[9.99, 9.990, 1e3, 1E-7, -0.0, 0.1, 1.0E10, 1e400, "
            + "3.4028235E38, 1.4E-45, "
            + "123456789.123456789, 3.141592653589793238462643383279, 7, -42, 9223372036854775807, "
            + "123456789012345678901234567890, 0, 1.5e-320]";

    @Test
    void replay_givesEveryTokensTextNumberAndTypeAsTheParserDoes() throws IOException {
        assertSameTokens(NUMBERS);
        assertSameTokens("{\"a\":{\"b\":[true,false,null,\"x\\u00e9\\ud83d\\ude00\"]},\"c\":{},"
                + "\"d\":[],\"e\":\"\"}");
    }

    @Test
    void replay_bindsFloatsToBigDecimalWithTheirScale() throws IOException {
        for (String n : List.of("9.99", "9.990", "1e3", "1.0E10", "-0.0", "0.1000",
                "3.141592653589793238462643383279")) {
            byte[] json = ("{\"amount\":" + n + ",\"price\":" + n + ",\"anything\":" + n + "}")
                    .getBytes(StandardCharsets.UTF_8);
            ObjectReader reader = MAPPER.readerFor(Numbers.class);
            Numbers parsed = reader.readValue(json);
            Numbers replayed = reader.readValue(JsonRecording.record(MAPPER.getFactory(), json)
                    .newParser(reader));

            assertThat(replayed.amount).as(n).isEqualTo(parsed.amount);
            assertThat(replayed.amount.scale()).as(n).isEqualTo(parsed.amount.scale());
            assertThat(replayed.price).as(n).isEqualTo(parsed.price);
            assertThat(replayed.anything).as(n).isEqualTo(parsed.anything);
        }
    }

    @Test
    void replay_bindsTreesWithBigDecimalsForFloatsAsTheParserDoes() throws IOException {
        ObjectReader reader = MAPPER.reader()
                .with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .with(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS).forType(JsonNode.class);
        byte[] json = NUMBERS.getBytes(StandardCharsets.UTF_8);

        JsonNode parsed = reader.readValue(json);
        JsonNode replayed = reader.readValue(JsonRecording.record(MAPPER.getFactory(), json)
                .newParser(reader));

        assertThat(replayed).isEqualTo(parsed);
        for (int i = 0; i < parsed.size(); i++) {
            assertThat(replayed.get(i).numberValue()).as(parsed.get(i).toString())
                    .isEqualTo(parsed.get(i).numberValue());
        }
    }

    @Test
    void record_rejectsWhatIsNotOneDocument() {
        for (String bad : List.of("", "{\"a\":1", "[1,2", "{} {}", "{\"a\":}")) {
            assertThatThrownBy(() -> JsonRecording.record(MAPPER.getFactory(),
                    bad.getBytes(StandardCharsets.UTF_8))).as(bad)
                    .isInstanceOf(IOException.class);
        }
    }

    @Test
    void writeTo_writesTheSameDocument() throws IOException {
        byte[] json = NUMBERS.getBytes(StandardCharsets.UTF_8);
        StringWriter out = new StringWriter();
        try (var g = MAPPER.getFactory().createGenerator(out)) {
            JsonRecording.record(MAPPER.getFactory(), json).writeTo(g);
        }

        assertThat(MAPPER.readTree(out.toString())).isEqualTo(MAPPER.readTree(json));
    }

    @Property(tries = 300)
    void replay_ofAnyDocument_isTheParse(@ForAll("documents") String json) throws IOException {
        assertSameTokens(json);
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        JsonRecording r = JsonRecording.record(MAPPER.getFactory(), bytes);
        assertThat(MAPPER.readerFor(Object.class).<Object>readValue(r.newParser(
                MAPPER.readerFor(Object.class))))
                .isEqualTo(MAPPER.readerFor(Object.class).readValue(bytes));
        ObjectReader decimals = MAPPER.reader()
                .with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).forType(JsonNode.class);
        assertThat(decimals.<JsonNode>readValue(r.newParser(decimals)))
                .isEqualTo(decimals.readValue(bytes));
    }

    @Provide
    Arbitrary<String> documents() {
        return Arbitraries.longs().map(seed -> {
            StringBuilder b = new StringBuilder();
            value(new Random(seed), b, 0);
            return b.toString();
        });
    }

    private static void value(Random r, StringBuilder b, int depth) {
        int kind = depth > 4 ? 2 + r.nextInt(6) : r.nextInt(8);
        switch (kind) {
            case 0 -> {
                b.append('{');
                int n = r.nextInt(5);
                for (int i = 0; i < n; i++) {
                    b.append(i == 0 ? "" : ",").append("\"k").append(r.nextInt(8)).append(i)
                            .append("\":");
                    value(r, b, depth + 1);
                }
                b.append('}');
            }
            case 1 -> {
                b.append('[');
                int n = r.nextInt(5);
                for (int i = 0; i < n; i++) {
                    b.append(i == 0 ? "" : ",");
                    value(r, b, depth + 1);
                }
                b.append(']');
            }
            case 2 -> b.append(List.of("true", "false", "null").get(r.nextInt(3)));
            case 3 -> b.append('"').append(List.of("", "a", "\\u00e9t\\u00e9", "x\\\"y",
                    "\\ud83d\\ude00").get(r.nextInt(5))).append('"');
            case 4 -> b.append(r.nextInt() >> r.nextInt(32));
            case 5 -> b.append(r.nextLong());
            case 6 -> b.append(r.nextDouble() * Math.pow(10, r.nextInt(40) - 20));
            default -> {
                // floats as other producers write them: trailing zeros, exponents, long digits
                String digits = Long.toString(Math.abs(r.nextLong() % 100_000_000_000L));
                String text = (r.nextBoolean() ? "-" : "") + digits + "." + "0".repeat(
                        r.nextInt(3)) + r.nextInt(1000)
                        + (r.nextBoolean() ? "" : "e" + (r.nextInt(80) - 40));
                b.append(text);
            }
        }
    }

    private static void assertSameTokens(String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        JsonRecording recording = JsonRecording.record(MAPPER.getFactory(), bytes);
        // one accessor per walk: Jackson's parser converts from the first number it made
        for (int accessor = 0; accessor < 3; accessor++) {
            List<String> parsed = tokens(MAPPER.getFactory().createParser(bytes), accessor);
            List<String> replayed = tokens(recording.newParser(), accessor);
            assertThat(replayed).as(json).containsExactlyElementsOf(parsed);
            assertThat(recording.tokenCount()).isEqualTo(parsed.size());
        }
    }

    private static List<String> tokens(JsonParser p, int accessor) throws IOException {
        List<String> out = new ArrayList<>();
        try (p) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                StringBuilder b = new StringBuilder(t.name()).append(' ').append(p.getText());
                if (t == JsonToken.VALUE_NUMBER_INT) {
                    b.append(' ').append(p.getNumberType()).append(' ')
                            .append(accessor == 0 ? p.getNumberValue()
                                    : accessor == 1 ? p.getBigIntegerValue()
                                    : p.getDecimalValue());
                } else if (t == JsonToken.VALUE_NUMBER_FLOAT) {
                    b.append(' ').append(accessor == 0 ? p.getDoubleValue()
                            : accessor == 1 ? p.getDecimalValue().toString()
                            : Float.floatToIntBits(p.getFloatValue()));
                }
                out.add(b.toString());
            }
        }
        return out;
    }
}
