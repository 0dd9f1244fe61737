package io.github.wscache.core.xml;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The names of one recording while it is built ({@link Recorder}, {@link RecordingDecoder}): a
 * name is its {@link Vocabulary} id, or, once the vocabulary cannot take it, an id of the
 * recording's own past {@link Vocabulary#CAPACITY}. Not thread-safe; used once.
 */
final class NameTable {
    private final Map<Vocabulary.Key, Integer> ids;
    private Vocabulary.Name[] own;
    private int ownCount;

    /** A table expecting about {@code expected} distinct names. */
    NameTable(int expected) {
        this.ids = new HashMap<>(expected);
    }

    /**
     * Returns the id of the name of these strings.
     *
     * @throws IllegalStateException when the recording would hold more names than its events
     *     can refer to
     */
    int id(String prefix, String local, String uri) {
        Vocabulary.Key key = new Vocabulary.Key(prefix, local, uri);
        Integer known = ids.get(key);
        if (known != null) {
            return known;
        }
        int id = Vocabulary.id(key);
        if (id < 0) {
            if (own == null) {
                own = new Vocabulary.Name[8];
            } else if (ownCount == own.length) {
                own = Arrays.copyOf(own, ownCount * 2);
            }
            if (ownCount >= Events.MAX_NAME - Vocabulary.CAPACITY) {
                throw new IllegalStateException("too many names in one recording");
            }
            own[ownCount] = new Vocabulary.Name(prefix, local, uri);
            id = Vocabulary.CAPACITY + ownCount++;
        }
        ids.put(key, id);
        return id;
    }

    /** Returns the recording's own names, or null when the vocabulary took them all. */
    Vocabulary.Name[] own() {
        return own == null ? null : Arrays.copyOf(own, ownCount);
    }
}
