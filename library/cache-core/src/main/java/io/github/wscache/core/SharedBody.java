package io.github.wscache.core;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A response body in the byte form an integration gives it for the farm's shared tier, named by
 * a form and a version so that a node reads only what it knows: what
 * {@link Exchange#toShared} returns for a body that is neither XML bytes nor an
 * {@link io.github.wscache.core.xml.XmlRecording} (which the tier keeps as they are), and what
 * {@link Exchange#fromShared} gets back. Immutable; the bytes are not copied, so neither side
 * may change them.
 *
 * <pre>{@code
 * SharedBody b = new SharedBody("http-body", 1, bytes);
 * b.form();      // "http-body"
 * b.version();   // 1
 * }</pre>
 *
 * @param form the form's name, such as {@code http-body}: letters, digits, {@code . _ -}, at
 *     most 64 characters
 * @param version the form's version, 1 to 255
 * @param bytes the body's bytes in that form
 */
public record SharedBody(String form, int version, byte[] bytes) {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    /** Checks the components. */
    public SharedBody {
        Objects.requireNonNull(form, "form");
        Objects.requireNonNull(bytes, "bytes");
        if (!NAME.matcher(form).matches()) {
            throw new IllegalArgumentException("a form is 1 to 64 letters, digits, '.', '_' or"
                    + " '-', not '" + form + "'");
        }
        if (version < 1 || version > 255) {
            throw new IllegalArgumentException("a form's version is 1 to 255, not " + version);
        }
    }

    /** Tells whether this body is in form {@code name}, version {@code v}. */
    public boolean is(String name, int v) {
        return form.equals(name) && version == v;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SharedBody s && s.form.equals(form) && s.version == version
                && java.util.Arrays.equals(s.bytes, bytes);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * form.hashCode() + version) + java.util.Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return form + "/" + version + "[" + bytes.length + " bytes]";
    }
}
