package io.github.wscache.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class EntityTagTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "\"xyzzy\"      | xyzzy | false | \"xyzzy\"",
        "W/\"xyzzy\"    | xyzzy | true  | W/\"xyzzy\"",
        "w/\"xyzzy\"    | xyzzy | true  | W/\"xyzzy\"",
        "\"\"           |       | false | \"\"",
        "  \"a-b_c\"    | a-b_c | false | \"a-b_c\"",
        "unquoted       | unquoted | false | \"unquoted\"",
    })
    void parsesStrongWeakAndLenientForms(String header, String opaque, boolean weak,
            String rendered) {
        EntityTag tag = EntityTag.parse(header).orElseThrow();
        assertThat(tag.opaqueTag()).isEqualTo(opaque == null ? "" : opaque);
        assertThat(tag.isWeak()).isEqualTo(weak);
        assertThat(tag).hasToString(rendered);
    }

    @ParameterizedTest(name = "\"{0}\"")
    @NullAndEmptySource
    @ValueSource(strings = {"\"", "\"a\"b\"", "W/xyzzy", "W/", "a b", "a,b", "\"a b\""})
    void rejectsMalformedTags(String header) {
        assertThat(EntityTag.parse(header)).isEmpty();
    }

    @ParameterizedTest(name = "{0} vs {1}: strong={2} weak={3}")
    @CsvSource(delimiter = '|', value = {
        // RFC 9110 §8.8.3.2 table
        "W/\"1\" | W/\"1\" | false | true",
        "W/\"1\" | W/\"2\" | false | false",
        "W/\"1\" | \"1\"   | false | true",
        "\"1\"   | \"1\"   | true  | true",
    })
    void comparesAsRfc9110Table(String a, String b, boolean strong, boolean weak) {
        EntityTag left = EntityTag.parse(a).orElseThrow();
        EntityTag right = EntityTag.parse(b).orElseThrow();
        assertThat(left.strongMatch(right)).isEqualTo(strong);
        assertThat(right.strongMatch(left)).isEqualTo(strong);
        assertThat(left.weakMatch(right)).isEqualTo(weak);
        assertThat(right.weakMatch(left)).isEqualTo(weak);
    }

    @Test
    void parsesListsWithQuotedCommas() {
        assertThat(EntityTag.parseList("\"a,b\", W/\"c\" ,bogus tag, \"d\""))
                .containsExactly(EntityTag.strong("a,b"), EntityTag.weak("c"),
                        EntityTag.strong("d"));
        assertThat(EntityTag.parseList(null)).isEmpty();
    }

    @Test
    void factoriesValidateAndCompareByValue() {
        assertThat(EntityTag.strong("v")).isEqualTo(EntityTag.parse("\"v\"").orElseThrow())
                .hasSameHashCodeAs(EntityTag.strong("v"));
        assertThat(EntityTag.strong("v")).isNotEqualTo(EntityTag.weak("v"));
        assertThatThrownBy(() -> EntityTag.weak("a\"b"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EntityTag.strong(null))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
