package io.github.wscache.core.spi;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Reads the farm's signing key from the file a policy's {@code sharedTier} names
 * ({@code signingKeyFile:}), for the {@link SharedTierFactory} that opens the tier. The key is
 * the file's first line without the spaces, tabs and carriage return around it, as bytes; it has
 * at least {@value #MINIMUM_BYTES} and at most {@value #MAXIMUM_BYTES} bytes. A line of text
 * keeps the file easy to write and to copy to every node ({@code openssl rand -base64 32}); the
 * same file on every node gives every node the same key. Part of the SPI so that every tier
 * module reads the file alike, with the same messages.
 *
 * <pre>{@code
 * Path file = Files.writeString(Files.createTempFile("farm", ".key"),
 *         "0123456789abcdef0123456789abcdef\n");   // e.g. openssl rand -base64 32
 * byte[] key = SigningKeyFile.read(file);   // the 32 bytes of the first line
 * try {
 *     tierBuilder.signingKey(key);   // a tier keeps its own copy
 * } finally {
 *     Arrays.fill(key, (byte) 0);
 * }
 * }</pre>
 */
public final class SigningKeyFile {
    /** The shortest key: HMAC-SHA256 with fewer secret bytes is easy to guess. */
    public static final int MINIMUM_BYTES = 16;

    /** The longest first line read; a longer one is not a key file. */
    public static final int MAXIMUM_BYTES = 1024;

    private SigningKeyFile() {
    }

    /**
     * Returns the key in {@code file}; the caller should overwrite the array with zeros once it
     * has handed the key on.
     *
     * @throws IllegalArgumentException if the file is missing, unreadable, or its first line is
     *     shorter than {@value #MINIMUM_BYTES} or longer than {@value #MAXIMUM_BYTES} bytes; the
     *     message names the file (never the key) and says what to write in it, and is shown to
     *     the administrator with the setting's place in the policy file
     */
    public static byte[] read(Path file) {
        String write = "write at least " + MINIMUM_BYTES + " bytes of secret in " + file
                + " (one line, the same file on every node, e.g. made by openssl rand -base64 32"
                + " > " + file + ")";
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException("its signingKeyFile " + file + " is a directory;"
                    + " name the file that holds the farm's signing key, or " + write);
        }
        byte[] buffer = new byte[MAXIMUM_BYTES + 1];
        int length = 0;
        try (InputStream in = Files.newInputStream(file)) {
            int b;
            while (length < buffer.length && (b = in.read()) >= 0 && b != '\n') {
                buffer[length++] = (byte) b;
            }
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("its signingKeyFile " + file + " does not exist; "
                    + write);
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException("its signingKeyFile " + file + " cannot be read"
                    + " by the user this JVM runs as; make it readable by that user (and by no"
                    + " one else)");
        } catch (IOException e) {
            throw new IllegalArgumentException("its signingKeyFile " + file + " cannot be read ("
                    + e.getClass().getSimpleName() + ": " + e.getMessage() + "); " + write);
        }
        try {
            if (length > MAXIMUM_BYTES) {
                throw new IllegalArgumentException("the first line of its signingKeyFile " + file
                        + " is longer than " + MAXIMUM_BYTES + " bytes, which is not a key; "
                        + write);
            }
            int start = 0;
            int end = length;
            while (start < end && blank(buffer[start])) {
                start++;
            }
            while (end > start && blank(buffer[end - 1])) {
                end--;
            }
            if (end - start < MINIMUM_BYTES) {
                throw new IllegalArgumentException("its signingKeyFile " + file
                        + (end == start ? " holds no key (its first line is empty)"
                                : " holds a key of " + (end - start) + " bytes, too short to"
                                        + " sign with")
                        + "; " + write);
            }
            return Arrays.copyOfRange(buffer, start, end);
        } finally {
            Arrays.fill(buffer, (byte) 0);
        }
    }

    private static boolean blank(byte b) {
        return b == ' ' || b == '\t' || b == '\r';
    }
}
