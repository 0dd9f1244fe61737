package io.github.wscache.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The farm's signing key as a policy's {@code signingKeyFile} holds it. */
class SigningKeyFileTest {
    private static final String KEY = "q3Jd8vW1mZ0pL6sT9xYc2bN4hG7fK5aR";

    @TempDir
    Path dir;

    private Path file(String content) throws Exception {
        Path f = dir.resolve("farm.key");
        Files.write(f, content.getBytes(StandardCharsets.ISO_8859_1));
        return f;
    }

    private static String write(Path f) {
        return "write at least 16 bytes of secret in " + f + " (one line, the same file on"
                + " every node, e.g. made by openssl rand -base64 32 > " + f + ")";
    }

    @Test
    void theKeyIsTheFirstLineWithoutTheBlanksAroundIt() throws Exception {
        assertThat(SigningKeyFile.read(file(KEY))).asString(StandardCharsets.UTF_8)
                .isEqualTo(KEY);
        assertThat(SigningKeyFile.read(file(KEY + "\n"))).asString(StandardCharsets.UTF_8)
                .isEqualTo(KEY);
        assertThat(SigningKeyFile.read(file(" \t" + KEY + " \r\nsecond line\n")))
                .asString(StandardCharsets.UTF_8).isEqualTo(KEY);
        // spaces inside the line are the key's
        assertThat(SigningKeyFile.read(file("a farm key of 32 bytes, not this\n")))
                .hasSize(32);
        assertThat(SigningKeyFile.read(file("0123456789abcdef"))).hasSize(16);
    }

    @Test
    void aKeyShorterThan16BytesIsRefusedAndTheMessageSaysWhatToWrite() throws Exception {
        Path f = file("0123456789abcde\n" + KEY + "\n");
        assertThatThrownBy(() -> SigningKeyFile.read(f))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("its signingKeyFile " + f + " holds a key of 15 bytes, too short to"
                        + " sign with; " + write(f))
                .message().doesNotContain("0123456789abcde");
        Path empty = file("");
        assertThatThrownBy(() -> SigningKeyFile.read(empty))
                .hasMessage("its signingKeyFile " + empty + " holds no key (its first line is"
                        + " empty); " + write(empty));
        Path blankFirstLine = file("  \n" + KEY + "\n");
        assertThatThrownBy(() -> SigningKeyFile.read(blankFirstLine))
                .hasMessageContaining("holds no key (its first line is empty)");
    }

    @Test
    void aFileThatIsNotAKeyFileIsRefused() throws Exception {
        Path missing = dir.resolve("missing.key");
        assertThatThrownBy(() -> SigningKeyFile.read(missing))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("its signingKeyFile " + missing + " does not exist; "
                        + write(missing));
        assertThatThrownBy(() -> SigningKeyFile.read(dir))
                .hasMessage("its signingKeyFile " + dir + " is a directory; name the file that"
                        + " holds the farm's signing key, or " + write(dir));
        Path long1 = file("k".repeat(SigningKeyFile.MAXIMUM_BYTES + 1));
        assertThatThrownBy(() -> SigningKeyFile.read(long1))
                .hasMessage("the first line of its signingKeyFile " + long1 + " is longer than"
                        + " 1024 bytes, which is not a key; " + write(long1));
        assertThat(SigningKeyFile.read(file("k".repeat(SigningKeyFile.MAXIMUM_BYTES) + "\n")))
                .hasSize(SigningKeyFile.MAXIMUM_BYTES);
    }
}
