package io.github.wscache.edge.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The one normal form of the URL the edge keys and forwards (RFC 3986 §6.2.2, §5.2.4). */
class RequestTargetTest {
    private static String norm(String u) {
        return RequestTarget.normalize(URI.create(u)).toString();
    }

    @ParameterizedTest
    @CsvSource({
        "HTTP://Example.COM:80/a, http://example.com/a",
        "https://example.com:443/a, https://example.com/a",
        "http://example.com:8080/a, http://example.com:8080/a",
        "http://example.com, http://example.com/",
        "http://e/%7euser/%41%2d%5F, http://e/~user/A-_",
        "http://e/a%2fb%3bc%23d%3F, http://e/a%2Fb%3Bc%23d%3F",
        "http://e/a/./b/../c, http://e/a/c",
        "http://e/a/%2e%2e/b, http://e/b",
        "http://e/../../x, http://e/x",
        "http://e/a/b/.., http://e/a/",
        "http://e/a;x.css, http://e/a;x.css",
        "http://e/q?b=2&a=%7e&c=%2f, http://e/q?b=2&a=~&c=%2F",
        "http://e/q?a=1+2, http://e/q?a=1+2"
    })
    void normalize_isTheSyntaxBasedNormalisationOfRfc3986(String in, String out) {
        assertThat(norm(in)).isEqualTo(out);
    }

    @Test
    void removeDotSegments_followsTheRfcsExamples() {
        // RFC 3986 §5.2.4's two worked examples
        assertThat(RequestTarget.removeDotSegments("/a/b/c/./../../g")).isEqualTo("/a/g");
        assertThat(RequestTarget.removeDotSegments("mid/content=5/../6"))
                .isEqualTo("mid/6");
    }

    @Provide
    Arbitrary<String> paths() {
        Arbitrary<String> segment = Arbitraries.oneOf(
                Arbitraries.of(".", "..", "%2e", "%2E%2e", "a", "%41", "%7e", "%2f", "%3B",
                        "x.css", "b;c", ""),
                Arbitraries.strings().withChars("abcXYZ019-._~").ofMinLength(1).ofMaxLength(4));
        return segment.list().ofMaxSize(8).map(l -> "/" + String.join("/", l));
    }

    @Property(tries = 1000, seed = "9111")
    void normalize_isIdempotent_andLeavesNoDotSegmentOrLowerCaseHex(
            @ForAll("paths") String path) {
        String once = norm("http://Example.org:80" + path + "?q=%7e%2f");
        assertThat(norm(once)).isEqualTo(once);
        String p = URI.create(once).getRawPath();
        assertThat(("/" + p + "/").contains("/./") || ("/" + p + "/").contains("/../"))
                .as(p).isFalse();
        assertThat(p).doesNotContainPattern("%(?:[a-f][0-9A-Fa-f]|[0-9A-Fa-f][a-f])");
        assertThat(once).startsWith("http://example.org/");
    }
}
