package io.github.wscache.core.xml;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The texts of one recording while it is built ({@link Recorder}, {@link RecordingDecoder}):
 * texts of up to {@value #SHARED_MAX} characters are kept once and shared by index. Not
 * thread-safe; used once.
 */
final class TextTable {
    /** Texts up to this length are stored once per recording and shared by index. */
    static final int SHARED_MAX = 64;

    private String[] texts = new String[64];
    private int count;
    private final Map<String, Integer> shared;

    /** A table expecting about {@code expected} distinct short texts. */
    TextTable(int expected) {
        this.shared = new HashMap<>(expected);
    }

    /**
     * Returns the index of {@code value} among the texts, adding it if needed.
     *
     * @throws IllegalStateException when the recording would hold more texts than its events can
     *     refer to
     */
    int index(String value) {
        boolean isShared = value.length() <= SHARED_MAX;
        if (isShared) {
            Integer known = shared.get(value);
            if (known != null) {
                return known;
            }
        }
        if (count == Events.MAX_TEXT) {
            throw new IllegalStateException("too many texts in one recording");
        }
        if (count == texts.length) {
            texts = Arrays.copyOf(texts, count * 2);
        }
        texts[count] = value;
        if (isShared) {
            shared.put(value, count);
        }
        return count++;
    }

    /** Returns the texts, in index order. */
    String[] texts() {
        return Arrays.copyOf(texts, count);
    }
}
