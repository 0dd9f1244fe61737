package io.github.wscache.petshop.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TemplateTest {

    @Test
    void escape_replacesTheFiveHtmlSpecialCharacters() {
        assertThat(Html.escape("<a href=\"x\" title='y'>&</a>"))
                .isEqualTo("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
        assertThat(Html.escape("plain")).isEqualTo("plain");
        assertThat(Html.escape(null)).isEmpty();
    }

    @Test
    void render_escapesValues_butInsertsSafeMarkupAsIs() {
        Template t = Template.of("<p title=\"{{t}}\">{{body}}</p>");
        assertThat(t.render("t", "\"><script>", "body", Html.safe("<b>ok</b>")).html())
                .isEqualTo("<p title=\"&quot;&gt;&lt;script&gt;\"><b>ok</b></p>");
    }

    @Test
    void render_failsFastOnAMissingValue() {
        assertThatThrownBy(() -> Template.of("{{a}}{{b}}").render("a", 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no value for placeholder: b");
        assertThatThrownBy(() -> Template.of("{{a"))
                .hasMessage("unclosed placeholder at 0");
    }

    @Test
    void fragmentCache_expiresByItsClock() {
        long[] now = {0};
        FragmentCache cache = new FragmentCache(() -> now[0], 10);
        assertThat(cache.get("k", 30, () -> "one")).isEqualTo("one");
        now[0] += 29_000_000_000L;
        assertThat(cache.get("k", 30, () -> "two")).isEqualTo("one");
        now[0] += 2_000_000_000L;
        assertThat(cache.get("k", 30, () -> "three")).isEqualTo("three");
        assertThat(cache.get("missing", 30, () -> null)).isNull();
        assertThat(cache.get("missing", 30, () -> "now here")).isEqualTo("now here");
        assertThat(cache.hits()).isEqualTo(1);
        assertThat(cache.misses()).isEqualTo(4);
    }
}
