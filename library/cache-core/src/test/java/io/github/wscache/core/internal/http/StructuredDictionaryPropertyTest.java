package io.github.wscache.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Generated input for the {@code CDN-Cache-Control} parser: any text is parsed or refused
 * without an exception, and a dictionary written the way RFC 8941 serializes it comes back with
 * the same members.
 */
class StructuredDictionaryPropertyTest {

    @Property(tries = 2000)
    void anyText_isParsedOrRefused_neverThrows(@ForAll("hostile") String value) {
        Optional<Map<String, Object>> parsed = StructuredDictionary.parse(List.of(value));

        parsed.ifPresent(m -> assertThat(m.keySet()).allSatisfy(k -> assertThat(k)
                .matches("[a-z*][a-z0-9_.*-]*")));
    }

    @Property(tries = 500)
    void aSerializedDictionary_parsesToItsMembers(@ForAll("members") Map<String, Long> members) {
        StringBuilder sb = new StringBuilder();
        members.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append('=')
                .append(v));

        assertThat(StructuredDictionary.parse(List.of(sb.toString())))
                .hasValueSatisfying(m -> assertThat(m).containsExactlyInAnyOrderEntriesOf(
                        members));
    }

    @Provide
    Arbitrary<String> hostile() {
        // the characters that matter to the grammar, often, and anything else sometimes
        Arbitrary<Character> grammar = Arbitraries.of('a', 'z', '0', '9', '=', ',', ';', ' ',
                '\t', '"', '\\', '(', ')', ':', '?', '-', '.', '*', '/', '+', '@', 'A', '\u00e9',
                '\u0000');
        return Arbitraries.oneOf(grammar.list().ofMaxSize(60)
                .map(cs -> cs.stream().map(String::valueOf).reduce("", String::concat)),
                Arbitraries.strings().ofMaxLength(60));
    }

    @Provide
    Arbitrary<Map<String, Long>> members() {
        Arbitrary<String> key = Combinators.combine(Arbitraries.chars().range('a', 'z'),
                Arbitraries.strings().withChars("abcxyz019_-.*").ofMaxLength(8))
                .as((first, rest) -> first + rest);
        Arbitrary<Long> value = Arbitraries.longs().between(-999_999_999_999_999L,
                999_999_999_999_999L);
        return Arbitraries.maps(key, value).ofMinSize(1).ofMaxSize(6);
    }
}
