package io.github.wscache.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** RFC 8941 Dictionaries as {@code CDN-Cache-Control} is read: strictly, invalid as a whole. */
class StructuredDictionaryTest {

    @Test
    void members_keepIntegersStringsAndFlags_inOrder() {
        assertThat(StructuredDictionary.parse(List.of("max-age=60, no-store",
                "no-cache=\"a, b\", s-maxage=0;x=1"))).hasValueSatisfying(m -> {
                    assertThat(m).containsExactly(Map.entry("max-age", 60L),
                            Map.entry("no-store", true), Map.entry("no-cache", "a, b"),
                            Map.entry("s-maxage", 0L));
                });
    }

    @Test
    void valuesOfOtherTypes_parse_butAreNotRead() {
        assertThat(StructuredDictionary.parse(List.of(
                "a=3.5, b=tok/en, c=:aGk=:, d=(1 \"x\" y);p, e=?0, max-age=-1")))
                .hasValueSatisfying(m -> {
                    assertThat(m.get("a")).isSameAs(StructuredDictionary.OTHER);
                    assertThat(m.get("b")).isSameAs(StructuredDictionary.OTHER);
                    assertThat(m.get("c")).isSameAs(StructuredDictionary.OTHER);
                    assertThat(m.get("d")).isSameAs(StructuredDictionary.OTHER);
                    assertThat(m.get("e")).isEqualTo(false);
                    assertThat(m.get("max-age")).isEqualTo(-1L);
                });
    }

    @Test
    void aLaterDuplicate_replacesTheEarlier() {
        assertThat(StructuredDictionary.parse(List.of("max-age=60, max-age=5")))
                .hasValue(Map.of("max-age", 5L));
    }

    @ParameterizedTest
    @ValueSource(strings = {"max-age = 3600", "max-age =3600", "max-age=60,", "max-age=@3",
        "MAX-AGE=60", "max-age=60 no-store", "no-cache=\"open", "a=\"\u00e9\"", ",max-age=60",
        "max-age=1234567890123456", "a=?2", "a=:not base64!:", "a=(1 2", "a=1.2345",
        "max-age=60;", "a=\"bad \\x escape\""})
    void anInvalidValue_isEmpty_soTheWholeFieldIsIgnored(String value) {
        assertThat(StructuredDictionary.parse(List.of(value))).as(value).isEmpty();
    }

    @Test
    void cdnCacheControlThatDoesNotParse_isIgnored_andCacheControlDecides() {
        Headers h = Headers.of("Cache-Control", "no-store", "CDN-Cache-Control", "max-age = 3600");

        TargetedCacheControl t = TargetedCacheControl.of(h, true);

        assertThat(t.source()).isEqualTo("Cache-Control");
        assertThat(t.directives().noStore()).isTrue();
    }

    @Test
    void aDirectiveOfTheWrongType_isIgnored_theRestObeyed() {
        Headers h = Headers.of("Cache-Control", "no-store",
                "CDN-Cache-Control", "max-age=\"3600\", s-maxage=60");

        TargetedCacheControl t = TargetedCacheControl.of(h, true);

        assertThat(t.source()).isEqualTo(TargetedCacheControl.CDN_CACHE_CONTROL);
        assertThat(t.directives().maxAge()).isEmpty();
        assertThat(t.directives().sMaxAge()).hasValue(java.time.Duration.ofSeconds(60));
        assertThat(t.directives().noStore()).isFalse();
    }
}
