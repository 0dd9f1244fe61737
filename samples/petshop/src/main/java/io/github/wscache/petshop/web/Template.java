package io.github.wscache.petshop.web;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A tiny HTML template: literal text with {@code {{name}}} placeholders. Values are escaped with
 * {@link Html#escape} unless they are {@link Html.Safe}. Templates are parsed once and are
 * immutable and thread-safe.
 *
 * <pre>{@code
 * Template t = Template.of("<p class=\"greeting\">Hello {{name}}</p>");
 * Html.Safe html = t.render("name", "<b>Bob</b>"); // <p ...>Hello &lt;b&gt;Bob&lt;/b&gt;</p>
 * }</pre>
 */
public final class Template {

    private final List<String> literals;
    private final List<String> names;

    private Template(List<String> literals, List<String> names) {
        this.literals = literals;
        this.names = names;
    }

    /** Parses {@code source}; throws on an unclosed placeholder. */
    public static Template of(String source) {
        List<String> literals = new ArrayList<>();
        List<String> names = new ArrayList<>();
        int pos = 0;
        while (true) {
            int open = source.indexOf("{{", pos);
            if (open < 0) {
                literals.add(source.substring(pos));
                return new Template(List.copyOf(literals), List.copyOf(names));
            }
            int close = source.indexOf("}}", open);
            if (close < 0) {
                throw new IllegalArgumentException("unclosed placeholder at " + open);
            }
            literals.add(source.substring(pos, open));
            names.add(source.substring(open + 2, close).trim());
            pos = close + 2;
        }
    }

    /** Renders with name/value pairs; a missing name fails fast. */
    public Html.Safe render(Object... namesAndValues) {
        if (namesAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("names and values must come in pairs");
        }
        Map<String, Object> values = new HashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            values.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        StringBuilder out = new StringBuilder(256);
        for (int i = 0; i < names.size(); i++) {
            out.append(literals.get(i));
            String name = names.get(i);
            if (!values.containsKey(name)) {
                throw new IllegalArgumentException("no value for placeholder: " + name);
            }
            Object v = values.get(name);
            out.append(v instanceof Html.Safe s ? s.html() : Html.escape(v));
        }
        out.append(literals.get(names.size()));
        return Html.safe(out.toString());
    }
}
