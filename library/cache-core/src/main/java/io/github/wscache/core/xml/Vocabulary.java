package io.github.wscache.core.xml;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import javax.xml.XMLConstants;
import javax.xml.namespace.QName;

/**
 * The names recordings refer to, kept once per JVM: element and attribute names (prefix, local
 * name, namespace URI, and the {@link QName} a replay hands out for them), namespace declarations
 * (prefix and URI, with an empty local name) and the few other strings of the event stream
 * (versions, encodings, processing-instruction targets, entity names: a local name alone).
 * Recordings hold an entry's id, so the names of a schema cost nothing per cached response.
 *
 * <p>Bounded: at most {@link #CAPACITY} entries of at most {@link #MAX_CHARS} characters are ever
 * added, so responses with unbounded vocabularies (generated names, say) cannot grow it without
 * limit; a name that does not fit is kept in its recording instead (see {@link Recorder}).
 * Entries are never removed or changed. Thread-safe: ids are assigned under a lock, the table is
 * read without one through a volatile field, written after the entry it publishes.
 */
final class Vocabulary {

    /** The most entries the vocabulary holds; also the first id of a recording-local name. */
    static final int CAPACITY = 1 << 14;
    /** The longest entry (prefix, local name and URI together) the vocabulary holds. */
    static final int MAX_CHARS = 256;

    private static final Map<Key, Integer> IDS = new ConcurrentHashMap<>();
    private static volatile Name[] table = new Name[256];
    /** Guarded by {@code Vocabulary.class}. */
    private static int size;

    private Vocabulary() {
    }

    /**
     * The lookup key of an entry: the strings as the reader reported them (null kept). Its
     * {@code equals} and {@code hashCode} are written out: the ones a record is given are
     * bound at run time and, called from the map's shared (megamorphic) call site, were most of
     * the time a decoder spent finding names (issue 38's profile).
     */
    record Key(String prefix, String local, String uri) {
        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof Key)) {
                return false;
            }
            Key k = (Key) o;
            return same(local, k.local) && same(uri, k.uri) && same(prefix, k.prefix);
        }

        @Override
        public int hashCode() {
            return (31 * hash(prefix) + hash(local)) * 31 + hash(uri);
        }

        private static boolean same(String a, String b) {
            return a == null ? b == null : a.equals(b);
        }

        private static int hash(String s) {
            return s == null ? 0 : s.hashCode();
        }
    }

    /** One entry: its strings, interned, and the QName of an element or attribute name. */
    static final class Name {
        final String prefix;
        final String local;
        final String uri;
        final QName qname;

        Name(String prefix, String local, String uri) {
            this.prefix = intern(prefix);
            this.local = intern(local);
            this.uri = intern(uri);
            this.qname = new QName(uri == null ? XMLConstants.NULL_NS_URI : this.uri,
                    local == null ? "" : this.local,
                    prefix == null ? XMLConstants.DEFAULT_NS_PREFIX : this.prefix);
        }

        private static String intern(String s) {
            return s == null ? null : s.intern();
        }

        /** Returns the characters the strings of this entry hold. */
        int chars() {
            return length(prefix) + length(local) + length(uri);
        }
    }

    /**
     * Returns the id of the entry for these strings, adding it if needed, or {@code -1} if the
     * entry is too long or the vocabulary is full.
     */
    static int id(Key key) {
        Integer known = IDS.get(key);
        if (known != null) {
            return known;
        }
        if (length(key.prefix()) + length(key.local()) + length(key.uri()) > MAX_CHARS) {
            return -1;
        }
        synchronized (Vocabulary.class) {
            known = IDS.get(key);
            if (known != null) {
                return known;
            }
            if (size == CAPACITY) {
                return -1;
            }
            Name[] t = table;
            if (size == t.length) {
                t = Arrays.copyOf(t, 2 * size);
            }
            t[size] = new Name(key.prefix(), key.local(), key.uri());
            table = t;
            IDS.put(key, size);
            return size++;
        }
    }

    /**
     * Returns the table; it holds every id assigned before this call (and every id of a recording
     * this thread can see: a recording is made after its ids were assigned).
     */
    static Name[] table() {
        return table;
    }

    /** Returns the number of entries, for tests and diagnostics. */
    static synchronized int size() {
        return size;
    }

    private static int length(String s) {
        return s == null ? 0 : s.length();
    }
}
