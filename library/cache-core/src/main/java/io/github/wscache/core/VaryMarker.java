package io.github.wscache.core;

import io.github.wscache.core.internal.http.Variants;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * What the store keeps under a message's primary key once its response said {@code Vary}
 * (RFC 9111 §4.1): the request fields that select a variant. Each variant is stored under the
 * primary key {@linkplain CacheKey#withVariant with} the selecting request's normalized values
 * of those fields, so a lookup is two map reads and no integration keeps variant bookkeeping.
 * Immutable.
 */
final class VaryMarker {
    /** The lower-cased field names, sorted, each once. */
    final List<String> fields;

    private VaryMarker(List<String> fields) {
        this.fields = fields;
    }

    /** The marker of a response's {@code Vary} fields (lower-cased, sorted, distinct). */
    static VaryMarker of(List<String> fields) {
        return new VaryMarker(List.copyOf(fields));
    }

    /**
     * Returns the field names a response's {@code Vary} lists, lower-cased, sorted, each once;
     * empty when it has none; {@code ["*"]} alone when it lists {@code *}.
     */
    static List<String> fieldsOf(CachedResponse r) {
        List<String> lines = r.headers().get("Vary");
        if (lines == null || lines.isEmpty()) {
            return List.of();
        }
        TreeSet<String> names = new TreeSet<>();
        for (String line : lines) {
            for (String n : line.split(",")) {
                String t = n.strip().toLowerCase(Locale.ROOT);
                if (t.equals("*")) {
                    return List.of("*");
                }
                if (!t.isEmpty()) {
                    names.add(t);
                }
            }
        }
        return new ArrayList<>(names);
    }

    /** The form of a marker in the farm's shared tier: a {@link SharedBody} of this name. */
    static final String SHARED_FORM = "vary-marker";
    static final int SHARED_VERSION = 1;
    /** The most fields a marker read from the tier may name (more: a damaged entry). */
    static final int MAX_SHARED_FIELDS = 32;

    /**
     * The marker as the shared tier keeps it, under the primary key: so that another JVM
     * learns which fields select a variant, and then looks the variant up under its own key.
     */
    CachedResponse toShared() {
        return CachedResponse.builder(new SharedBody(SHARED_FORM, SHARED_VERSION,
                String.join("\n", fields).getBytes(java.nio.charset.StandardCharsets.US_ASCII)))
                .status(200).build();
    }

    /**
     * Returns the marker a value read from the tier is, or {@code null} when it is not one (a
     * response, for the integration to adopt).
     *
     * @throws IllegalArgumentException for a marker that does not parse (a damaged entry)
     */
    static VaryMarker fromShared(Object value) {
        if (!(value instanceof CachedResponse)
                || !(((CachedResponse) value).body() instanceof SharedBody)) {
            return null;
        }
        SharedBody b = (SharedBody) ((CachedResponse) value).body();
        if (!b.form().equals(SHARED_FORM)) {
            return null;
        }
        if (b.version() != SHARED_VERSION) {
            throw new IllegalArgumentException("a Vary marker of version " + b.version()
                    + "; this build reads " + SHARED_VERSION);
        }
        String text = new String(b.bytes(), java.nio.charset.StandardCharsets.US_ASCII);
        List<String> fields = List.of(text.split("\n", -1));
        TreeSet<String> sorted = new TreeSet<>(fields);
        if (fields.size() > MAX_SHARED_FIELDS || sorted.size() != fields.size()
                || !new ArrayList<>(sorted).equals(fields)
                || !fields.stream().allMatch(f -> f.matches("[!#$%&'*+.^_`|~0-9a-z-]+"))) {
            throw new IllegalArgumentException("a damaged Vary marker: " + fields.size()
                    + " fields");
        }
        return of(fields);
    }

    /** Returns the key of the variant a call selects under {@code primary}. */
    CacheKey select(CacheKey primary, Invocation inv) {
        return primary.withVariant(selecting(fields, inv));
    }

    /** The selecting values of a call for these fields, as one string. */
    static String selecting(List<String> fields, Invocation inv) {
        StringBuilder sb = new StringBuilder();
        for (String f : fields) {
            sb.append(f).append('=').append(Variants.normalized(f, inv.requestField(f)))
                    .append('\n');
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof VaryMarker && ((VaryMarker) o).fields.equals(fields);
    }

    @Override
    public int hashCode() {
        return fields.hashCode();
    }

    @Override
    public String toString() {
        return "Vary" + fields;
    }
}
