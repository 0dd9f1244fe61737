package io.github.wscache.core.internal.http;

import java.util.List;
import java.util.function.BiFunction;

/**
 * Selecting a stored response by its secondary key (RFC 9111 §4.1): the values the request
 * that caused it had for the fields its {@code Vary} names must match the new request's. Field
 * values are compared after combining field lines with {@code ", "} and removing whitespace
 * around commas; a field absent from both requests matches; {@code Vary: *} never matches.
 *
 * <pre>{@code
 * boolean reusable = Variants.matches(meta.vary(), storedRequest, newRequest,
 *         Variants::normalized);
 * }</pre>
 */
public final class Variants {
    private Variants() {
    }

    /**
     * Tells whether a stored response may be selected for a new request.
     *
     * @param vary the lower-cased field names of the stored response's {@code Vary}
     * @param stored the header fields of the request that caused the stored response
     * @param request the new request's header fields
     * @param normalizer the value of a field in a request, compared for equality; usually
     *     {@link #normalized}
     * @return whether every named field matches
     */
    public static boolean matches(List<String> vary, Headers stored, Headers request,
            BiFunction<String, List<String>, String> normalizer) {
        for (String name : vary) {
            if (name.equals("*")) {
                return false;
            }
            if (!normalizer.apply(name, stored.all(name))
                    .equals(normalizer.apply(name, request.all(name)))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Returns a field's value as compared for {@code Vary}: the lines combined, whitespace
     * around commas removed; {@code null} (absent) for no lines.
     *
     * @param name the field name (unused by this normalization)
     * @param lines the field lines
     * @return the normalized value, or the empty marker {@code "\0"} when absent
     */
    public static String normalized(String name, List<String> lines) {
        if (lines.isEmpty()) {
            return "\0";
        }
        return String.join(",", lines).strip().replaceAll("\\s*,\\s*", ",");
    }
}
