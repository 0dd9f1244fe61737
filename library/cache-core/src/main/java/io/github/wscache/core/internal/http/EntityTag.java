package io.github.wscache.core.internal.http;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An entity tag (RFC 9110 §8.8.3): an opaque validator, strong or weak ({@code W/} prefix).
 *
 * <p>{@link #parse(String)} is lenient with one common server mistake: an unquoted tag without
 * spaces, quotes or commas is read as a strong tag. {@link #toString()} gives the header form.
 *
 * <pre>{@code
 * EntityTag stored = EntityTag.parse("W/\"v7\"").orElseThrow();
 * stored.weakMatch(EntityTag.strong("v7"));     // true
 * stored.strongMatch(EntityTag.strong("v7"));   // false: weak tags never match strongly
 * }</pre>
 */
public final class EntityTag {

    private final String opaqueTag;
    private final boolean weak;

    private EntityTag(String opaqueTag, boolean weak) {
        this.opaqueTag = opaqueTag;
        this.weak = weak;
    }

    /**
     * Creates a strong tag.
     *
     * @param opaqueTag the characters between the quotes
     * @return {@code "opaqueTag"}
     * @throws IllegalArgumentException when the text contains a quote or a control character
     */
    public static EntityTag strong(String opaqueTag) {
        return new EntityTag(checked(opaqueTag), false);
    }

    /**
     * Creates a weak tag.
     *
     * @param opaqueTag the characters between the quotes
     * @return {@code W/"opaqueTag"}
     * @throws IllegalArgumentException when the text contains a quote or a control character
     */
    public static EntityTag weak(String opaqueTag) {
        return new EntityTag(checked(opaqueTag), true);
    }

    private static String checked(String opaqueTag) {
        if (!isEtagText(opaqueTag)) {
            throw new IllegalArgumentException("invalid entity-tag text: " + opaqueTag);
        }
        return opaqueTag;
    }

    /**
     * Parses one entity tag.
     *
     * @param value e.g. {@code "xyzzy"} or {@code W/"xyzzy"}; may be {@code null}
     * @return the tag, or empty when the value is absent or malformed
     */
    public static Optional<EntityTag> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String text = value.strip();
        boolean weak = text.startsWith("W/") || text.startsWith("w/");
        if (weak) {
            text = text.substring(2);
        }
        if (text.length() >= 2 && text.startsWith("\"") && text.endsWith("\"")) {
            text = text.substring(1, text.length() - 1);
        } else if (weak || text.isEmpty() || text.indexOf(',') >= 0 || text.indexOf(' ') >= 0) {
            return Optional.empty();
        }
        return isEtagText(text) ? Optional.of(new EntityTag(text, weak)) : Optional.empty();
    }

    /**
     * Parses a comma-separated list of entity tags such as an {@code If-None-Match} value,
     * skipping malformed members.
     *
     * @param value the field value; may be {@code null}
     * @return the tags in order
     */
    public static List<EntityTag> parseList(String value) {
        List<EntityTag> tags = new ArrayList<>();
        if (value == null) {
            return tags;
        }
        int start = 0;
        boolean inQuotes = false;
        for (int i = 0; i <= value.length(); i++) {
            if (i == value.length() || (value.charAt(i) == ',' && !inQuotes)) {
                parse(value.substring(start, i)).ifPresent(tags::add);
                start = i + 1;
            } else if (value.charAt(i) == '"') {
                inQuotes = !inQuotes;
            }
        }
        return tags;
    }

    private static boolean isEtagText(String text) {
        if (text == null) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c < 0x21 || c == 0x7f) {
                return false;
            }
        }
        return true;
    }

    /** @return the characters between the quotes */
    public String opaqueTag() {
        return opaqueTag;
    }

    /** @return whether the tag is weak ({@code W/} prefix) */
    public boolean isWeak() {
        return weak;
    }

    /**
     * Strong comparison (RFC 9110 §8.8.3.2): both strong and the same opaque tag.
     *
     * @param other the tag to compare with
     * @return whether the tags match strongly
     */
    public boolean strongMatch(EntityTag other) {
        return !weak && !other.weak && opaqueTag.equals(other.opaqueTag);
    }

    /**
     * Weak comparison (RFC 9110 §8.8.3.2): the same opaque tag, either may be weak.
     *
     * @param other the tag to compare with
     * @return whether the tags match weakly
     */
    public boolean weakMatch(EntityTag other) {
        return opaqueTag.equals(other.opaqueTag);
    }

    /** @return the header form, {@code "tag"} or {@code W/"tag"} */
    @Override
    public String toString() {
        return (weak ? "W/\"" : "\"") + opaqueTag + "\"";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EntityTag t && weak == t.weak && opaqueTag.equals(t.opaqueTag);
    }

    @Override
    public int hashCode() {
        return Objects.hash(opaqueTag, weak);
    }
}
