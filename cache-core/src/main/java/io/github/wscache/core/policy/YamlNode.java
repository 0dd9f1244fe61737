package io.github.wscache.core.policy;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.FilterReader;
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
 *
 * <p>Reading is bounded so that any input fails fast with a place (issue 13): at most
 * {@value #MAXIMUM_CHARACTERS} characters and {@value #MAXIMUM_DEPTH} levels of nesting, both
 * checked before Jackson's own limits (which report no location). Whatever the parser throws,
 * checked or not, becomes a {@link PolicyException} at the last location it reported.
 */
final class YamlNode {
    /** The largest policy document read, in characters: 1 MB. */
    static final int MAXIMUM_CHARACTERS = 1 << 20;

    /** The deepest nesting of mappings and lists read; a policy needs 4. */
    static final int MAXIMUM_DEPTH = 64;

    /** The longest value quoted in full in a message. */
    private static final int DESCRIBED_CHARACTERS = 200;

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
     * @throws PolicyException on YAML syntax errors, duplicate keys, or a document over the limits
     */
    static YamlNode parse(Reader in, String file) {
        LimitedReader limited = new LimitedReader(in);
        Parse parse = new Parse(file);
        try (JsonParser p = YAML.createParser(limited)) {
            parse.parser = p;
            JsonToken t = parse.next();
            if (t == null) {
                return new YamlNode(Kind.MAP, Collections.emptyMap(), JsonLocation.NA,
                        Collections.emptyMap());
            }
            return parse.read(1);
        } catch (PolicyException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw failure(e, limited, parse);
        }
    }

    private static PolicyException failure(Exception e, LimitedReader limited, Parse parse) {
        if (limited.exceeded) {
            // the YAML parser may wrap the reader's exception in one of its own
            return parse.error("the policy is larger than 1 MB (" + MAXIMUM_CHARACTERS
                    + " characters); a policy file is a few kilobytes, check that this is the "
                    + "right file", e);
        }
        if (e instanceof JsonProcessingException) {
            JsonProcessingException j = (JsonProcessingException) e;
            JsonLocation at = j.getLocation();
            if (at != null && at.getLineNr() > 0) {
                return new PolicyException(parse.file, at.getLineNr(),
                        Math.max(at.getColumnNr(), 1), "not valid YAML: " + j.getOriginalMessage(),
                        e);
            }
            return parse.error("not valid YAML: " + j.getOriginalMessage(), e);
        }
        if (e instanceof IOException) {
            return parse.error("cannot read the policy: " + e.getMessage(), e);
        }
        // the YAML parser under Jackson throws unchecked exceptions of its own
        return parse.error("not valid YAML: " + e.getMessage(), e);
    }

    /** One parse: the parser, the last location it reported, and the errors placed there. */
    private static final class Parse {
        final String file;
        JsonParser parser;
        int line = 1;
        int column = 1;

        Parse(String file) {
            this.file = file;
        }

        JsonToken next() throws IOException {
            JsonToken t = parser.nextToken();
            JsonLocation at = parser.currentTokenLocation();
            if (at != null && at.getLineNr() > 0) {
                line = at.getLineNr();
                column = Math.max(at.getColumnNr(), 1);
            }
            return t;
        }

        PolicyException error(String problem, Throwable cause) {
            return new PolicyException(file, line, column, problem, cause);
        }

        YamlNode read(int depth) throws IOException {
            JsonLocation at = parser.currentTokenLocation();
            JsonToken t = parser.currentToken();
            if (depth > MAXIMUM_DEPTH && (t == JsonToken.START_OBJECT
                    || t == JsonToken.START_ARRAY)) {
                throw new PolicyException(file, at.getLineNr(), at.getColumnNr(),
                        "the policy is nested deeper than " + MAXIMUM_DEPTH + " levels; a policy "
                                + "needs at most 4");
            }
            switch (t) {
                case START_OBJECT: {
                    Map<String, YamlNode> map = new LinkedHashMap<>();
                    Map<String, YamlNode> names = new LinkedHashMap<>();
                    while (next() == JsonToken.FIELD_NAME) {
                        JsonLocation nameAt = parser.currentTokenLocation();
                        String name = parser.currentName();
                        next();
                        YamlNode v = read(depth + 1);
                        if (map.containsKey(name)) {
                            throw new PolicyException(file, nameAt.getLineNr(),
                                    nameAt.getColumnNr(), "duplicate key '" + name
                                            + "' (first written at line "
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
                    while (next() != JsonToken.END_ARRAY) {
                        list.add(read(depth + 1));
                    }
                    return new YamlNode(Kind.LIST, Collections.unmodifiableList(list), at, null);
                }
                case VALUE_STRING:
                    return new YamlNode(Kind.STRING, parser.getText(), at, null);
                case VALUE_NUMBER_INT:
                case VALUE_NUMBER_FLOAT:
                    return new YamlNode(Kind.NUMBER, parser.getText(), at, null);
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
    }

    /** Reads at most {@link #MAXIMUM_CHARACTERS}, then fails and says so. */
    private static final class LimitedReader extends FilterReader {
        private long count;
        boolean exceeded;

        LimitedReader(Reader in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int c = super.read();
            if (c >= 0) {
                count(1);
            }
            return c;
        }

        @Override
        public int read(char[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws IOException {
            count += n;
            if (count > MAXIMUM_CHARACTERS) {
                exceeded = true;
                throw new IOException("the policy is over " + MAXIMUM_CHARACTERS + " characters");
            }
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
                return "'" + shortened(String.valueOf(value)) + "'";
            default:
                return shortened(String.valueOf(value));
        }
    }

    /** Keeps messages readable when a value is a hostile megabyte. */
    static String shortened(String text) {
        return text.length() <= DESCRIBED_CHARACTERS ? text
                : text.substring(0, DESCRIBED_CHARACTERS) + "... (" + text.length()
                        + " characters)";
    }
}
