package io.github.wscache.edge.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which responses say {@code no-transform} (the edge then never gzips them). */
class NoTransformTest {
    private static boolean says(String... lines) {
        return ProxyServlet.noTransform(lines == null ? null : Arrays.asList(lines));
    }

    @Test
    void theDirective_inAnyCase_onAnyLine_saysNoTransform() {
        assertThat(says("no-transform")).isTrue();
        assertThat(says("max-age=60, NO-TRANSFORM")).isTrue();
        assertThat(says("max-age=60", "No-Transform")).isTrue();
        assertThat(says("max-age=60 ,no-transform ,public")).isTrue();
    }

    @Test
    void noField_andOtherDirectives_sayNothing() {
        assertThat(ProxyServlet.noTransform(null)).isFalse();
        assertThat(ProxyServlet.noTransform(List.of())).isFalse();
        assertThat(says("max-age=60, public")).isFalse();
        assertThat(says((String) null)).isFalse();
    }

    @Test
    void textThatOnlyHoldsTheLetters_isNotTheDirective() {
        assertThat(says("max-age=60, x-no-transformer")).isFalse();
        assertThat(says("private=\"no-transform\"")).isFalse();
        assertThat(says("max-age=60, ext=\"no-transform\"")).isFalse();
    }
}
