package io.github.wscache.edge.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FieldBytesTest {

    @ParameterizedTest
    @ValueSource(strings = {"", "max-age=60", "a\tb", "caf\u00e9", "\u00ff", " ~!\"#"})
    void printableLatin1AndTabs_goAsBytes(String value) {
        assertThat(FieldBytes.plain(value)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"a\r\nSet-Cookie: x=1", "a\nb", "a\rb", "\u0000", "\u007f",
        "\u0100", "\u20ac", "caf\u00e9\u2028"})
    void controlCharactersAndCharactersBeyondLatin1_goThroughTheServletApi(String value) {
        // Tomcat replaces a control character with a space and refuses what ISO-8859-1 cannot
        // say: only its own path does that, bytes are written as they are
        assertThat(FieldBytes.plain(value)).isFalse();
    }
}
