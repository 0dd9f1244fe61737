package io.github.wscache.core.policy;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YAML value with the line and column it was written at, so that every policy error can name
 * its place. Built with Jackson's streaming YAML parser; a databind tree would lose locations.
 */
final class YamlNode {
    private static final YAMLFactory YAML = new YAMLFactory();

    enum Kind { MAP, LIST, STRING, NUMBER, BOOLEAN, NULL }

    private final Kind kind;
    private final Object value;
    private final int line;
    private final int column;
    private final Map<String, YamlNode> keys;

    private YamlNode(Kind kind, Object value, JsonLocation at, Map<String, YamlNode> keys) {
        this.kind = kind;
        this.value = value;
        this.line = at.getLineNr();
        this.column = at.getColumnNr();
        this.keys = keys;
    }

    /**
     * Parses a whole document.
     *
     * @throws PolicyException on YAML syntax errors or duplicate keys
     */
    static YamlNode parse(Reader in, String file) {
        try (JsonParser p = YAML.createParser(in)) {
            JsonToken t = p.nextToken();
            if (t == null) {
                return new YamlNode(Kind.MAP, Collections.emptyMap(), JsonLocation.NA,
                        Collections.emptyMap());
            }
            return read(p, file);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation() == null ? JsonLocation.NA : e.getLocation();
            throw new PolicyException(file, Math.max(at.getLineNr(), 0),
                    Math.max(at.getColumnNr(), 0), "not valid YAML: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new PolicyException(file, 0, 0, "cannot read the policy: " + e.getMessage(), e);
        }
    }

    private static YamlNode read(JsonParser p, String file) throws IOException {
        JsonLocation at = p.currentTokenLocation();
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT: {
                Map<String, YamlNode> map = new LinkedHashMap<>();
                Map<String, YamlNode> names = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    JsonLocation nameAt = p.currentTokenLocation();
                    String name = p.currentName();
                    p.nextToken();
                    YamlNode v = read(p, file);
                    if (map.containsKey(name)) {
                        throw new PolicyException(file, nameAt.getLineNr(), nameAt.getColumnNr(),
                                "duplicate key '" + name + "' (first written at line "
                                        + names.get(name).line + "); keep one of them");
                    }
                    map.put(name, v);
                    names.put(name, new YamlNode(Kind.STRING, name, nameAt, null));
                }
                return new YamlNode(Kind.MAP, Collections.unmodifiableMap(map), at,
                        Collections.unmodifiableMap(names));
            }
            case START_ARRAY: {
                List<YamlNode> list = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    list.add(read(p, file));
                }
                return new YamlNode(Kind.LIST, Collections.unmodifiableList(list), at, null);
            }
            case VALUE_STRING:
                return new YamlNode(Kind.STRING, p.getText(), at, null);
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                return new YamlNode(Kind.NUMBER, p.getText(), at, null);
            case VALUE_TRUE:
            case VALUE_FALSE:
                return new YamlNode(Kind.BOOLEAN, t == JsonToken.VALUE_TRUE, at, null);
            case VALUE_NULL:
                return new YamlNode(Kind.NULL, null, at, null);
            default:
                throw new PolicyException(file, at.getLineNr(), at.getColumnNr(),
                        "unexpected YAML content: " + t);
        }
    }

    Kind kind() {
        return kind;
    }

    int line() {
        return line;
    }

    int column() {
        return column;
    }

    @SuppressWarnings("unchecked")
    Map<String, YamlNode> map() {
        return (Map<String, YamlNode>) value;
    }

    @SuppressWarnings("unchecked")
    List<YamlNode> list() {
        return (List<YamlNode>) value;
    }

    /** Returns the node of the key's name (for the location of a key), given a map node. */
    YamlNode keyNode(String name) {
        return keys.get(name);
    }

    /** Returns a scalar's text as written. */
    String text() {
        return String.valueOf(value);
    }

    boolean bool() {
        return (Boolean) value;
    }

    String describe() {
        switch (kind) {
            case MAP:
                return "a mapping";
            case LIST:
                return "a list";
            case NULL:
                return "nothing";
            case STRING:
                return "'" + value + "'";
            default:
                return String.valueOf(value);
        }
    }
}
