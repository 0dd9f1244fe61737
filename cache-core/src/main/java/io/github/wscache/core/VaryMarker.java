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
